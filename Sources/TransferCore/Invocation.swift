import Localization

/// What is wrong with a command line. Parsing happens before the language is known, so the
/// problem is kept as data and put into words later (`Texts.usageProblem`).
public enum UsageProblem: Error, Equatable, Sendable {
    case unknownOption(String)
    case missingValue(option: String)
    case unexpectedValue(option: String)
    case unknownCommand(String)
    /// The command's arguments are wrong; the payload is its synopsis (`show ID`).
    case wrongArguments(synopsis: String)
    case invalidLanguage(String)
}

/// The command line, parsed: options and one command. Parsing is purely syntactic.
public struct Invocation: Equatable, Sendable {
    public enum Command: Equatable, Sendable {
        case queue
        case show(id: String)
        case about
        case shell
        /// A command of the build's `FlavorExtension`, or one it left out (refused when run).
        case extensionCommand(String, arguments: [String])
    }

    public var command: Command = .queue
    public var queuePath: String?
    public var lang: String?
    public var localizations: String?
    public var verbose = false
    public var help = false
    public var version = false
    /// The first thing wrong with the command line. Everything else is still parsed, so that
    /// `--lang` applies to the error message too.
    public var problem: UsageProblem?

    public init() {}

    /// Parses the arguments after the program name. A lone `--` is skipped. Besides the
    /// core's commands, `addedCommands` are accepted (`FlavorBuild.addedCommands`).
    public init(parsing arguments: [String], addedCommands: [CommandSignature]) {
        var positional: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" { continue }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                positional.append(argument)
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0], inline = parts.count > 1 ? parts[1] : nil
            let takesValue = ["--queue", "--lang", "--localizations"].contains(name)
            if inline != nil, !takesValue {
                note(.unexpectedValue(option: name))
                continue
            }
            var value: String?
            if takesValue {
                value = inline ?? rest.popFirst()
                if value == nil { note(.missingValue(option: name)) }
            }
            switch name {
            case "--help", "-h": help = true
            case "--version": version = true
            case "--verbose", "-v": verbose = true
            case "--queue": queuePath = value
            case "--lang": lang = value
            case "--localizations": localizations = value
            default: note(.unknownOption(name))
            }
        }
        do {
            command = try Self.command(positional, addedCommands: addedCommands)
        } catch {
            note(error)
        }
        if let lang, (try? LanguagePreferences.parseList(lang, source: "--lang")) == nil {
            note(.invalidLanguage(lang))
            self.lang = nil
        }
    }

    private mutating func note(_ problem: UsageProblem) {
        if self.problem == nil { self.problem = problem }
    }

    /// Parses a command and its arguments (also what is typed in the interactive session).
    static func command(_ words: [String], addedCommands: [CommandSignature]) throws(UsageProblem) -> Command {
        guard let name = words.first else { return .queue }
        let arguments = Array(words.dropFirst())
        func expect(_ count: Int, _ synopsis: String) throws(UsageProblem) {
            guard arguments.count == count else { throw .wrongArguments(synopsis: synopsis) }
        }
        switch name {
        case "queue":
            try expect(0, "queue")
            return .queue
        case "show":
            try expect(1, "show ID")
            return .show(id: arguments[0])
        case "about":
            try expect(0, "about")
            return .about
        case "shell":
            try expect(0, "shell")
            return .shell
        default:
            guard let signature = addedCommands.first(where: { $0.name == name }) else { throw .unknownCommand(name) }
            try expect(signature.arguments.count, signature.synopsis)
            return .extensionCommand(name, arguments: arguments)
        }
    }
}
