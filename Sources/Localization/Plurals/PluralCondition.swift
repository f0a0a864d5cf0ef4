/// One category's CLDR condition as data (`n % 10 = 1 and n % 100 != 11 or …`), for tools
/// that restate a language's rules in another rule language (gettext's `Plural-Forms`).
public struct PluralCondition: Sendable, Hashable {
    /// One relation, such as `n % 100 != 11..14`.
    public struct Relation: Sendable, Hashable {
        /// CLDR's operand letter: `n i v w f t e` (`c` is read as `e`).
        public var operand: Character
        /// The `%` divisor, when there is one.
        public var modulus: Int?
        /// `!=` rather than `=`.
        public var negated: Bool
        /// The values and ranges on the right side.
        public var ranges: [ClosedRange<Int>]
    }

    /// The category the condition selects.
    public var category: PluralCategory
    /// Alternatives (`or`), each a conjunction (`and`) of relations.
    public var alternatives: [[Relation]]
}
