/// A format that cannot be used or cannot be filled: the scanner's grammar errors (a lone
/// `%`, an unknown conversion), a format that mixes positions or types, arguments that do
/// not fit the specifiers, and a plural entry that cannot be expanded. Its message says
/// what is wrong in words a translator understands.
public struct FormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, as one sentence without a final period.
    public var message: String

    /// A format error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
