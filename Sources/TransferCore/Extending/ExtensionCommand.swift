/// A command's name and its arguments' placeholders: `pause ID` is
/// `CommandSignature("pause", arguments: ["ID"])`.
public struct CommandSignature: Sendable, Hashable {
    /// The word that names the command.
    public let name: String
    /// One placeholder per argument the command takes, in order.
    public let arguments: [String]

    /// A command `name` taking one argument per placeholder in `arguments`.
    public init(_ name: String, arguments: [String] = []) {
        self.name = name
        self.arguments = arguments
    }

    /// How `--help` and usage errors write the command: `pause ID`.
    public var synopsis: String { ([name] + arguments).joined(separator: " ") }
}

/// A command a `FlavorExtension` adds to the command line and the interactive session.
public struct ExtensionCommand: Sendable {
    /// Carries out the command with its arguments (as many as the signature's placeholders)
    /// on a copy of the queue, which the session keeps when it returns; returns the message
    /// printed. Throws to leave the queue as it was.
    public typealias Action = @Sendable (_ arguments: [String], _ queue: inout TransferQueue, _ context: AppContext)
        throws(AppError) -> String

    /// Its name and arguments.
    public let signature: CommandSignature
    /// The feature that must be enabled (in `FlavorFeatures`) for the command to be listed
    /// by `--help` and to run; otherwise it is refused as not available in the flavor.
    public let feature: String
    /// The one line `--help` shows beside the synopsis, in the language in use.
    public let summary: @Sendable (Texts) -> String
    /// What the command does.
    public let action: Action

    /// A command with `signature`, available with `feature`, described by `summary`.
    public init(_ signature: CommandSignature, feature: String, summary: @escaping @Sendable (Texts) -> String,
                action: @escaping Action) {
        self.signature = signature
        self.feature = feature
        self.summary = summary
        self.action = action
    }
}
