/// A typed argument for a catalog format. Arguments are values, never C varargs, so a
/// translation that asks for the wrong type cannot read garbage or crash.
public enum FormatArgument: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral
{
    case string(String)
    case int(Int)
    case double(Double)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
}
