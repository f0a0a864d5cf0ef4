import Commands
import Diagnostics
import Foundation

/// A `flavorkit` command: its declaration and what it does with a parsed command line.
protocol ToolCommand: Sendable {
    static var command: Command { get }
    /// Does the work and returns the exit status; throws `UsageError` (exit 64) or any other
    /// error (exit 1), which is printed as a `Diagnostic`.
    static func run(_ parsed: ParsedCommandLine) throws -> Int32
}

/// Parses `flavorkit <command> …`, runs the command and maps failures to exit statuses:
/// 0 success, 1 a check failed or a file could not be handled, 64 a usage error. Every error
/// is printed once, as a `Diagnostic` (`error: message`, `path: error: message`).
enum FlavorKitTool {
    static let commands: [any ToolCommand.Type] = [
        LintCommand.self, ExportCommand.self, ImportCommand.self, StatusCommand.self, PluralCommand.self,
        SnapshotsCommand.self,
    ]

    static let program = Program(
        "flavorkit", summary: "the maintainers' tool: catalogs, plural rules and snapshot review",
        commands: commands.map { $0.command })

    /// `--root DIR`, which every command that reads the package takes.
    static let root = Option.value(
        "root", placeholder: "DIR", summary: "the package folder (default: the current folder)")

    /// The folder `--root` names, or the current folder.
    static func root(_ parsed: ParsedCommandLine) -> URL {
        URL(fileURLWithPath: parsed.value(root) ?? FileManager.default.currentDirectoryPath)
    }

    static func run(_ arguments: [String]) -> Int32 {
        let parsed = program.parse(arguments)
        if parsed.wantsHelp {
            print(program.help(for: parsed.path), terminator: "")
            return 0
        }
        do {
            if let problem = parsed.problem { throw problem }
            // Without a problem, parsing has reached one of the declared commands.
            let command = commands.first { $0.command.name == parsed.path.first }!
            return try command.run(parsed)
        } catch let error as UsageError {
            printError("\(error.diagnostic)\n\n" + program.help(for: error.command))
            return UsageError.exitStatus
        } catch {
            printError("\(diagnostic(for: error))\n")
            return 1
        }
    }

    /// Any error as a `Diagnostic`, so that it is printed with one `error:`.
    static func diagnostic(for error: any Error) -> Diagnostic {
        switch error {
        case let diagnostic as Diagnostic: return diagnostic
        case let error as CustomStringConvertible: return Diagnostic(error.description)
        default: return Diagnostic(error.localizedDescription)
        }
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
