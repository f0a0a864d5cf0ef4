/// A typed argument for a catalog format. Arguments are values, never C varargs, so a
/// translation that asks for the wrong type cannot read garbage or crash.
public enum FormatArgument: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral
{
    /// Text, for `%@` (and `%s`).
    case string(String)
    /// A whole number, for `%d`, `%u`, `%x`, `%c`, … and plural variables.
    case int(Int)
    /// A number with a fraction, for `%f`, `%e`, `%g`, … and plural variables.
    case double(Double)

    /// `"text"` as `.string("text")`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `3` as `.int(3)`.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// `1.5` as `.double(1.5)`.
    public init(floatLiteral value: Double) { self = .double(value) }
}
