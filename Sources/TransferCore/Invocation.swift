/// The command line, parsed: options and one command. Parsing is purely syntactic, so it can
/// happen before the language is known; what it rejects becomes a usage error.
public struct Invocation: Equatable, Sendable {
    public enum Command: Equatable, Sendable {
        case queue
        case show(id: String)
        case about
        case shell
        case queueCommand(QueueCommand, id: String)
    }

    public var command: Command = .queue
    public var queuePath: String?
    public var lang: String?
    public var localizations: String?
    public var verbose = false
    public var help = false
    public var version = false

    public init() {}

    /// Parses the arguments after the program name. A lone `--` is skipped.
    public init(parsing arguments: [String]) throws(AppError) {
        var positional: [String] = []
        var rest = arguments[...]
        func value(_ name: String, inline: String?) throws(AppError) -> String {
            if let inline { return inline }
            guard let next = rest.popFirst() else { throw AppError.usage("\(name) needs a value") }
            return next
        }
        while let argument = rest.popFirst() {
            if argument == "--" { continue }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                positional.append(argument)
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0], inline = parts.count > 1 ? parts[1] : nil
            switch name {
            case "--help", "-h": help = true
            case "--version": version = true
            case "--verbose", "-v": verbose = true
            case "--queue": queuePath = try value(name, inline: inline)
            case "--lang": lang = try value(name, inline: inline)
            case "--localizations": localizations = try value(name, inline: inline)
            default: throw AppError.usage("unknown option \(name)")
            }
            if inline != nil, ["--help", "-h", "--version", "--verbose", "-v"].contains(name) {
                throw AppError.usage("\(name) takes no value")
            }
        }
        command = try Self.command(positional)
    }

    /// A command line typed in the interactive session (no options).
    static func command(_ words: [String]) throws(AppError) -> Command {
        guard let name = words.first else { return .queue }
        let arguments = Array(words.dropFirst())
        func expect(_ count: Int, _ usage: String) throws(AppError) {
            guard arguments.count == count else { throw AppError.usage("usage: \(usage)") }
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
            guard let queueCommand = QueueCommand(rawValue: name) else { throw AppError.usage("unknown command \(name)") }
            try expect(1, "\(name) ID")
            return .queueCommand(queueCommand, id: arguments[0])
        }
    }
}
