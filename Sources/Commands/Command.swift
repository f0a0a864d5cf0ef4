/// A declared command: its name, what it does, its positional arguments and options, or the
/// subcommands it groups (`snapshots status|accept|reject|prune`). Adding a command to a
/// program is adding one of these values.
public struct Command: Sendable, Hashable {
    /// The word that calls it.
    public var name: String
    /// What it does, for help: English text, or a catalog key that help rendering turns into text.
    public var summary: String
    /// In order. Only the last may take other than exactly one word.
    public var arguments: [Argument]
    /// Its own options; its subcommands accept them too.
    public var options: [Option]
    /// The commands it groups; a command has either subcommands or arguments.
    public var subcommands: [Command]

    /// A command called `name`, with its arguments, its own options and its subcommands.
    public init(
        _ name: String, summary: String, arguments: [Argument] = [], options: [Option] = [],
        subcommands: [Command] = []
    ) {
        precondition(
            arguments.dropLast().allSatisfy { $0.arity == .one },
            "\(name): only the last argument may be optional or repeated")
        precondition(subcommands.isEmpty || arguments.isEmpty, "\(name): subcommands or arguments, not both")
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
    }

    /// The subcommand called `name`, if any.
    public func subcommand(_ name: String) -> Command? {
        subcommands.first { $0.name == name }
    }

    /// `help [COMMAND…]`: prints the help of the program or of the command named.
    public static let help = Command(
        "help", summary: "print this help, or the help of COMMAND",
        arguments: [Argument("COMMAND", .zeroOrMore)])
}
