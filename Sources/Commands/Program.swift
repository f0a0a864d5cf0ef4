/// A program's command line, declared as values: its global options, its commands (which a
/// program may extend with commands declared elsewhere), the command run when none is named,
/// and how help is asked for. The same declarations parse the program's arguments, parse a
/// line typed in an interactive shell, and generate help.
public struct Program: Sendable, Hashable {
    /// Where the words being parsed come from.
    public enum Input: Sendable, Hashable {
        /// The program's arguments: global options apply, synopses start with the program's name.
        case arguments
        /// A line typed in the program's interactive shell, split into words: no global
        /// options, synopses start with the command (`show ID`).
        case shellLine
    }

    /// The name in synopses (`flavorkit`).
    public var name: String
    /// What the program does, for help (English text or a catalog key; empty for none).
    public var summary: String
    /// Options every command accepts on the program's command line.
    public var options: [Option]
    /// The top-level commands, in the order help lists them.
    public private(set) var commands: [Command]
    /// The command run when the arguments name none (`queue`); nil makes a command required.
    public var defaultCommand: String?
    /// The option that asks for a command's help; nil for none.
    public var helpOption: Option?
    /// The command that prints help (`help [COMMAND…]`); nil for none.
    public var helpCommand: Command?

    /// A program called `name` with its global options and commands; `helpOption` and
    /// `helpCommand` are the spellings that ask for help (nil: none).
    public init(
        _ name: String, summary: String = "", options: [Option] = [], commands: [Command] = [],
        defaultCommand: String? = nil, helpOption: Option? = .help, helpCommand: Command? = .help
    ) {
        self.name = name
        self.summary = summary
        self.options = options
        self.commands = []
        self.defaultCommand = defaultCommand
        self.helpOption = helpOption
        self.helpCommand = helpCommand
        add(commands)
    }

    /// Adds commands declared elsewhere (by a plug-in module, for instance) after the others.
    public mutating func add(_ commands: [Command]) {
        for command in commands {
            precondition(
                !self.commands.contains { $0.name == command.name } && command.name != helpCommand?.name,
                "\(name): two commands named \(command.name)")
            self.commands.append(command)
        }
    }

    /// This program with `commands` added after its own.
    public func adding(_ commands: [Command]) -> Program {
        var program = self
        program.add(commands)
        return program
    }

    /// The program as a command: its global options, its commands and the help command.
    var root: Command {
        Command(name, summary: summary, options: options, subcommands: commands + (helpCommand.map { [$0] } ?? []))
    }

    /// The command at `path` (`["snapshots", "accept"]`); the program itself for `[]`.
    public func command(at path: [String]) -> Command? {
        var command = root
        for name in path {
            guard let next = command.subcommand(name) else { return nil }
            command = next
        }
        return command
    }

    /// Parses the program's arguments (those after its name).
    public func parse(_ arguments: [String]) -> ParsedCommandLine {
        Parser(program: self, input: .arguments).parse(arguments)
    }

    /// Parses a line typed in the program's interactive shell, already split into words.
    public func parse(line words: [String]) -> ParsedCommandLine {
        Parser(program: self, input: .shellLine).parse(words)
    }

    /// The options in force at `path`: global ones (on the command line), then those of each
    /// command on the path, then the help option.
    func options(at path: [String], input: Input) -> [Option] {
        var options = input == .arguments ? self.options : []
        var command = root
        for name in path {
            guard let next = command.subcommand(name) else { break }
            command = next
            options += command.options
        }
        return options + (helpOption.map { [$0] } ?? [])
    }
}
