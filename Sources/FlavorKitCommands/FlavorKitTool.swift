import Commands
import Diagnostics
import Flavors
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
package enum FlavorKitTool {
    static let commands: [any ToolCommand.Type] = [
        LintCommand.self, ExtractCommand.self, GenerateSymbolsCommand.self, ExportCommand.self, ImportCommand.self,
        StatusCommand.self, MergeCatalogsCommand.self, PluralCommand.self, VaryCommand.self, SnapshotsCommand.self,
        ReportCommand.self, AddFlavorCommand.self, FlavorsCommand.self,
    ]

    /// The version of the tool and of the FlavorKit it was built from: the one place it is
    /// written (CHANGELOG.md's latest heading must name it; a test checks).
    static let version = "0.2.0"

    /// `--version`.
    static let versionOption = Option.flag("version", summary: "print the version")

    static let program = Program(
        "flavorkit", summary: "the maintainers' tool: catalogs, plural rules and snapshot review",
        options: [versionOption], commands: commands.map { $0.command })

    /// `--root DIR`, which every command that reads the package takes.
    static let root = Option.value(
        "root", placeholder: "DIR", summary: "the package folder (default: the current folder)")

    /// The folder `--root` names, or the current folder.
    static func root(_ parsed: ParsedCommandLine) -> URL {
        parsed.value(root).map(ToolContext.url) ?? ToolContext.current.directory
    }

    /// `--sources DIR`, `--localizations DIR`, `--flavors DIR`: folders other than the
    /// package's `flavorkit.json` (or the default layout) names, relative to the package folder.
    static let sources = Option.value(
        "sources", placeholder: "DIR", summary: "the Swift sources (default: Sources, or flavorkit.json's)")
    static let localizations = Option.value(
        "localizations", placeholder: "DIR", summary: "the shared catalogs (default: Localizations)")
    static let flavors = Option.value("flavors", placeholder: "DIR", summary: "the flavors (default: Flavors)")
    /// `--key-call NAME`, repeatable: the calls whose first argument is a key, instead of `text`.
    static let keyCall = Option.value(
        "key-call", placeholder: "NAME", repeatable: true,
        summary: "a call that takes a key, such as text or L10n.tr (repeat for several)")

    /// The package's layout: `--root`'s `flavorkit.json` (or the default layout), with the
    /// folders and key calls given on the command line instead.
    static func layout(_ parsed: ParsedCommandLine) throws -> PackageLayout {
        let configured = try PackageLayout(configuredAt: root(parsed))
        let calls = parsed.values(keyCall)
        for name in calls where !PackageLayout.isCallName(name) {
            throw parsed.error(
                .invalidValue, word: name, subject: keyCall.spelling,
                reason: "'\(Diagnostic.quote(name))' is not a call name (write text or L10n.tr)")
        }
        return PackageLayout(
            root: configured.root,
            flavors: parsed.value(flavors) ?? configured.relativePath(configured.flavors),
            localizations: parsed.value(localizations) ?? configured.relativePath(configured.localizations),
            sources: parsed.value(sources) ?? configured.relativePath(configured.sources),
            snapshots: configured.relativePath(configured.snapshots),
            keyCalls: calls.isEmpty ? configured.keyCalls : calls, dimensions: configured.dimensions,
            exclusions: configured.exclusions)
    }

    /// For a command that reads the package: the folders and key calls it would use, from
    /// `flavorkit.json` and the options given, as help's last lines.
    static func layoutInEffect(_ parsed: ParsedCommandLine) -> String {
        guard let name = parsed.path.first, let command = commands.first(where: { $0.command.name == name }),
            command.command.options.contains(where: { $0.name == root.name })
        else { return "" }
        let layout: PackageLayout
        do {
            layout = try FlavorKitTool.layout(parsed)
        } catch {
            return "\nin effect here: none, \(diagnostic(for: error))\n"
        }
        let source =
            FileManager.default.fileExists(atPath: layout.configurationFile.path)
            ? "from \(PackageLayout.Name.configuration)" : "the defaults: no \(PackageLayout.Name.configuration)"
        let rows = [
            ("sources", layout.relativePath(layout.sources)),
            ("localizations", layout.relativePath(layout.localizations)),
            ("flavors", layout.relativePath(layout.flavors)), ("snapshots", layout.relativePath(layout.snapshots)),
            ("key calls", layout.keyCalls.joined(separator: ", ")),
        ]
        // Shown as messages show input: a folder's name may hold a terminal escape.
        return "\nin effect here (\(Diagnostic.visible(layout.root.path)), \(source)):\n"
            + rows.map { "  \($0.0.padding(toLength: 15, withPad: " ", startingAt: 0))\(Diagnostic.visible($0.1))\n" }
            .joined()
    }

    /// Runs `flavorkit` with `arguments` (those after its name) in the current `ToolContext`
    /// and returns its exit status: 0, 1 when a check failed or a file could not be handled,
    /// 64 for a usage error.
    package static func run(_ arguments: [String]) -> Int32 {
        let parsed = program.parse(arguments)
        if parsed.wantsHelp {
            ToolContext.print(program.help(for: parsed.path) + layoutInEffect(parsed), terminator: "")
            return 0
        }
        if parsed.flag(versionOption) {
            ToolContext.print("flavorkit \(version)")
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

    /// Any error as a `Diagnostic`, so that it is printed with one `error:`: a Foundation
    /// file error as `path: error: reason` (not `Error Domain=…`).
    static func diagnostic(for error: any Error) -> Diagnostic {
        switch error {
        case let diagnostic as Diagnostic: return diagnostic
        case let error as CocoaError:
            let underlying = (error.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
            let reason =
                underlying?.domain == NSPOSIXErrorDomain
                ? String(cString: strerror(Int32(underlying!.code))) : underlying?.localizedDescription
            return Diagnostic(reason ?? error.localizedDescription, path: error.filePath ?? error.url?.path)
        case let error as CustomStringConvertible: return Diagnostic(error.description)
        default: return Diagnostic(error.localizedDescription)
        }
    }

    static func printError(_ text: String) {
        ToolContext.current.writeError(text)
    }
}
