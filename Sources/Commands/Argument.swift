/// A declared positional argument (`ID`, `PATH…`), named in help and in error messages.
public struct Argument: Sendable, Hashable {
    /// How many words it takes.
    public enum Arity: Sendable, Hashable {
        /// Exactly one: `ID`.
        case one
        /// None or one: `[ID]`.
        case optional
        /// At least one: `NUMBER…`.
        case oneOrMore
        /// Any number: `[PATH…]`.
        case zeroOrMore
    }

    /// The name shown in help (`ID`); also the key of its parsed values.
    public var name: String
    /// How many words it takes.
    public var arity: Arity
    /// What it is, for help: English text or a catalog key (empty: not listed under arguments).
    public var summary: String

    /// An argument shown as `name` in usage, taking `arity` words.
    public init(_ name: String, _ arity: Arity = .one, summary: String = "") {
        self.name = name
        self.arity = arity
        self.summary = summary
    }

    /// The fewest words it takes.
    public var minimum: Int { arity == .one || arity == .oneOrMore ? 1 : 0 }

    /// The most words it takes; nil when there is no limit.
    public var maximum: Int? {
        switch arity {
        case .one, .optional: return 1
        case .oneOrMore, .zeroOrMore: return nil
        }
    }

    /// `ID`, `[ID]`, `NUMBER…` or `[PATH…]`: the argument as a synopsis shows it.
    public var usage: String {
        switch arity {
        case .one: return name
        case .optional: return "[\(name)]"
        case .oneOrMore: return name + "…"
        case .zeroOrMore: return "[\(name)…]"
        }
    }
}
