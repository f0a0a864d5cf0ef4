import Foundation

/// Dispatches `flavorkit <command> …` and maps failures to exit statuses:
/// 0 success, 1 a check failed or a file could not be handled, 64 a usage error.
enum FlavorKitTool {
    static let usage = """
        usage: flavorkit <command> [options]

        commands:
          snapshots status [--root DIR]          list pending (.txt.new) and obsolete snapshots
          snapshots accept [--root DIR] [PATH…]  move pending files into place (all, or those named)
          snapshots reject [--root DIR] [PATH…]  delete pending files (all, or those named)
          snapshots prune  [--root DIR]          delete snapshots that nothing produces
          lint [--root DIR] [--strict] [--format text|json] [--stats]
                                                 check every catalog in every language and flavor
          export --format json|strings|stringsdict|xcstrings [--root DIR] [--lang L] [--flavor F]
                 [--table T] [--output PATH]     write the catalogs as the program reads them
          plural LANG NUMBER… [--ordinal] [--verbose]
                                                 the CLDR plural category of each number in LANG
          help                                   print this help

        --root DIR is the package folder (default: the current folder); snapshots live in DIR/snapshots.

        """

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    /// A command that could not do its work: exit status 1, `message` on stderr.
    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    static func run(_ arguments: [String]) -> Int32 {
        var arguments = arguments[...]
        guard let command = arguments.popFirst() else {
            FileHandle.standardError.write(Data(usage.utf8))
            return 64
        }
        do {
            switch command {
            case "help", "--help", "-h":
                print(usage, terminator: "")
                return 0
            case "snapshots":
                return try SnapshotsCommand.run(Array(arguments))
            case "lint":
                return try LintCommand.run(Array(arguments))
            case "export":
                return try ExportCommand.run(Array(arguments))
            case "plural":
                return try PluralCommand.run(Array(arguments))
            default:
                throw UsageError(description: "unknown command '\(command)'")
            }
        } catch let error as UsageError {
            FileHandle.standardError.write(Data("error: \(error)\n\n\(usage)".utf8))
            return 64
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            return 1
        }
    }

    /// Splits `--root DIR` (or `--root=DIR`) from the other arguments.
    static func root(in arguments: [String]) throws -> (root: URL, rest: [String]) {
        var root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var rest: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--root" {
                guard let value = remaining.popFirst() else { throw UsageError(description: "--root needs a folder") }
                root = URL(fileURLWithPath: value)
            } else if argument.hasPrefix("--root=") {
                root = URL(fileURLWithPath: String(argument.dropFirst("--root=".count)))
            } else if argument.hasPrefix("-") {
                throw UsageError(description: "unknown option '\(argument)'")
            } else {
                rest.append(argument)
            }
        }
        return (root, rest)
    }
}
