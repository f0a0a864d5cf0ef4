import CatalogFiles
import CatalogLint
import Commands
import Diagnostics
import Flavors
import Foundation

/// `flavorkit lint [--root DIR] [--strict] [--format text|json|github|sarif] [--stats]
/// [--sources DIR] [--localizations DIR] [--flavors DIR] [--key-call NAME]…`: every catalog
/// mistake, as `path:line:column: error|warning: message [rule]`, then `N errors, M warnings`;
/// or as JSON, GitHub workflow commands or a SARIF log. Exit status 0 when there is no error,
/// 1 when there is one, 64 on a usage error.
enum LintCommand: ToolCommand {
    enum ReportFormat: String, CaseIterable {
        case text, json, github, sarif
    }

    static let strict = Option.flag("strict", summary: "count warnings as errors")
    static let format = Option.value(
        "format", placeholder: "FORMAT", allowed: ReportFormat.allCases.map(\.rawValue),
        summary: "text (the default), one JSON object, GitHub annotations or a SARIF 2.1.0 log")
    static let stats = Option.flag(
        "stats", summary: "add how much of the development language each language has (text and json)")

    static let command = Command(
        "lint", summary: "check every catalog in every language and flavor",
        options: [
            FlavorKitTool.root, strict, format, stats, FlavorKitTool.sources, FlavorKitTool.localizations,
            FlavorKitTool.flavors, FlavorKitTool.keyCall,
        ])

    static func run(_ parsed: ParsedCommandLine) throws -> Int32 {
        let format = try parsed.value(format, as: ReportFormat.self) ?? .text
        if parsed.flag(stats), format == .github || format == .sarif {
            throw parsed.error(
                .unexpectedValue, word: stats.spelling,
                reason: "\(stats.spelling) goes with --format text or json, not \(format.rawValue)")
        }
        let project = CatalogProject(layout: try FlavorKitTool.layout(parsed))
        guard FileManager.default.fileExists(atPath: project.layout.localizations.path) else {
            throw Diagnostic(
                "no catalogs here (use --root DIR, or name the folder with --localizations or in "
                    + "\(PackageLayout.Name.configuration))",
                path: project.layout.localizations.path)
        }
        var linter = CatalogLinter(project: project)
        var diagnostics = linter.lint()
        if parsed.flag(strict) {
            diagnostics = diagnostics.map {
                var copy = $0
                if copy.severity == .warning { copy.severity = .error }
                return copy
            }
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let statistics = parsed.flag(stats) ? linter.statistics() : nil
        switch format {
        case .json:
            ToolContext.print(LintReport.json(diagnostics, statistics: statistics))
        case .github:
            ToolContext.print(
                LintReport.github(diagnostics, pathPrefix: pathFromCurrentFolder(to: project.layout.root)),
                terminator: "")
        case .sarif:
            ToolContext.print(LintReport.sarif(diagnostics, rules: CatalogLinter.rules, root: project.layout.root))
        case .text:
            for diagnostic in diagnostics { ToolContext.print("\(diagnostic)") }
            if let statistics { ToolContext.print(TranslationStatistics.table(statistics), terminator: "") }
            let notes = diagnostics.filter { $0.severity == .note }.count
            ToolContext.print(
                LintReport.summary(errors: errors, warnings: diagnostics.count - errors - notes, notes: notes))
        }
        return errors == 0 ? 0 : 1
    }

    /// The package folder relative to the current one, with a final `/` (`Examples/MyApp/`);
    /// empty when it is the current folder or outside it.
    static func pathFromCurrentFolder(to root: URL) -> String {
        let current = ToolContext.current.directory.standardizedFileURL.path
        let prefix = current.hasSuffix("/") ? current : current + "/"
        return root.path.hasPrefix(prefix) ? String(root.path.dropFirst(prefix.count)) + "/" : ""
    }
}
