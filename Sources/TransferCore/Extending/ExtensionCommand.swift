import Commands

/// A command a `FlavorExtension` adds to the command line and the interactive session: its
/// declaration (name, arguments, summary key), the feature that enables it, and what it does.
package struct ExtensionCommand: Sendable {
    /// Carries out the command, given its parsed line (the arguments its declaration names,
    /// counted by the parser), on a copy of the queue, which the session keeps when it returns;
    /// returns the message printed. Throws to leave the queue as it was.
    package typealias Action =
        @Sendable (_ line: ParsedCommandLine, _ queue: inout TransferQueue, _ context: AppContext)
        throws(AppError) -> String

    /// How it is called and what `--help` says of it (its summary is a catalog key).
    package let declaration: Command
    /// The feature that must be enabled (in `FlavorFeatures`) for the command to be listed
    /// by `--help` and to run; otherwise it is refused as not available in the flavor.
    package let feature: String
    /// What the command does.
    package let action: Action

    /// The command `declaration`, available with `feature`.
    package init(_ declaration: Command, feature: String, action: @escaping Action) {
        self.declaration = declaration
        self.feature = feature
        self.action = action
    }
}
