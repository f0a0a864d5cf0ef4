import Localization

/// A language's CLDR cardinal rules restated as gettext's `Plural-Forms` header
/// (`nplurals=4; plural=(n % 10 == 1 && n % 100 != 11 ? 0 : … : 3);`): form `k` is the
/// language's `k`-th CLDR category (`PluralRules.categories`, CLDR's order), so
/// `msgstr[k]` holds that category's text.
///
/// gettext chooses by a non-negative integer `n` alone. For integers CLDR's operands are
/// `i = n` and `v = w = f = t = e = 0`, so every relation on those becomes a constant and the
/// expression picks CLDR's category for every integer. What CLDR decides by decimals (`1.5`
/// in French, `other` in Russian) cannot be said; `decimalNote` says so for the language.
public struct GettextPluralForms: Sendable, Hashable {
    /// The language's categories; form `k` is `categories[k]`.
    public let categories: [PluralCategory]
    /// The C expression after `plural=`.
    public let expression: String
    /// Categories no integer reaches (CLDR uses them for decimals only).
    public let decimalOnly: [PluralCategory]
    /// Whether CLDR's rules read a decimal operand (`v w f t e`) that decides a category.
    public let readsDecimals: Bool

    /// Restates `rules` for integers.
    public init(rules: PluralRules) {
        categories = rules.categories
        var branches: [(condition: String, form: Int)] = []
        var decimals = false
        var otherwise = rules.categories.count - 1
        for (form, condition) in rules.conditions.enumerated() {
            var alternatives: [String] = []
            var always = false
            for conjunction in condition.alternatives {
                var parts: [String] = []
                var possible = true
                for relation in conjunction {
                    switch Self.restate(relation) {
                    case .constant(let holds):
                        decimals = decimals || !"ni".contains(relation.operand)
                        possible = possible && holds
                    case .expression(let text): parts.append(text)
                    }
                }
                if possible && parts.isEmpty { always = true }
                if possible { alternatives.append(parts.joined(separator: " && ")) }
            }
            if always {
                // Every integer that gets this far takes this form; later conditions never run.
                otherwise = form
                break
            }
            guard !alternatives.isEmpty else { continue }
            branches.append(
                (
                    alternatives.count == 1
                        ? alternatives[0] : alternatives.map { "(\($0))" }.joined(separator: " || "),
                    form
                ))
        }
        expression = Self.chain(branches, otherwise: otherwise)
        decimalOnly = rules.categories.filter { !Self.reached($0, in: rules) }
        readsDecimals = decimals
    }

    /// The rules CLDR gives `language`.
    public init(language: LanguageTag) {
        self.init(rules: PluralRules.rules(for: language))
    }

    /// `nplurals=N; plural=EXPRESSION;`
    public var header: String { "nplurals=\(categories.count); plural=\(expression);" }

    /// What gettext cannot say about this language's CLDR rules, for the file's header
    /// comment; nil when the expression says everything CLDR does.
    public var decimalNote: String? {
        guard readsDecimals || !decimalOnly.isEmpty else { return nil }
        var note = "CLDR also chooses by the digits of a decimal number, which gettext's Plural-Forms cannot read"
        if !decimalOnly.isEmpty {
            note +=
                "; \(decimalOnly.map(\.rawValue).joined(separator: ", ")) (used for decimals only) is never chosen here"
        }
        return note + "."
    }

    private static func chain(_ branches: [(condition: String, form: Int)], otherwise: Int) -> String {
        guard !branches.isEmpty else { return "\(otherwise)" }
        return "(" + branches.map { "\($0.condition) ? \($0.form) : " }.joined() + "\(otherwise))"
    }

    /// Whether some integer from 0 to 10,000 or a power of ten up to 10⁹ gets `category`.
    private static func reached(_ category: PluralCategory, in rules: PluralRules) -> Bool {
        (0...10_000).contains { rules.category(for: $0) == category }
            || (5...9).contains { rules.category(for: Int(pow10: $0)) == category }
    }

    private enum Restated {
        case constant(Bool)
        case expression(String)
    }

    /// One relation for an integer `n`: on `n` or `i` an expression, on the decimal operands
    /// (0 for an integer) a constant.
    private static func restate(_ relation: PluralCondition.Relation) -> Restated {
        guard "ni".contains(relation.operand) else {
            let value = relation.modulus.map { 0 % $0 } ?? 0
            return .constant(relation.ranges.contains { $0.contains(value) } != relation.negated)
        }
        let operand = relation.modulus.map { "n % \($0)" } ?? "n"
        let tests = relation.ranges.map { range in
            if range.lowerBound == range.upperBound {
                return "\(operand) \(relation.negated ? "!=" : "==") \(range.lowerBound)"
            }
            return relation.negated
                ? "(\(operand) < \(range.lowerBound) || \(operand) > \(range.upperBound))"
                : "\(operand) >= \(range.lowerBound) && \(operand) <= \(range.upperBound)"
        }
        if tests.count == 1 { return .expression(tests[0]) }
        return .expression(
            "("
                + tests.map { relation.negated || !$0.contains("&&") ? $0 : "(\($0))" }
                .joined(separator: relation.negated ? " && " : " || ") + ")")
    }
}

extension Int {
    fileprivate init(pow10 exponent: Int) {
        self = (0..<exponent).reduce(1) { value, _ in value * 10 }
    }
}
