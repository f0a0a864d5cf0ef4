import CatalogTools
import Commands
import Diagnostics
import Foundation

/// `flavorkit lint [--root DIR] [--strict] [--format text|json] [--stats]`: every catalog
/// mistake, as `path:line:column: error|warning: message [rule]`, then `N errors, M warnings`.
/// Exit status 0 when there is no error, 1 when there is one, 64 on a usage error.
enum LintCommand: ToolCommand {
    enum ReportFormat: String, CaseIterable {
        case text, json
    }

    static let strict = Option.flag("strict", summary: "count warnings as errors")
    static let format = Option.value(
        "format", placeholder: "FORMAT", allowed: ReportFormat.allCases.map(\.rawValue),
        summary: "print text (the default) or one JSON object")
    static let stats = Option.flag("stats", summary: "add how much of the development language each language has")

    static let command = Command(
        "lint", summary: "check every catalog in every language and flavor",
        options: [FlavorKitTool.root, strict, format, stats])

    static func run(_ parsed: ParsedCommandLine) throws -> Int32 {
        let root = FlavorKitTool.root(parsed)
        let json = try parsed.value(format, as: ReportFormat.self) == .json
        let project = LintProject(root: root)
        guard FileManager.default.fileExists(atPath: project.layout.localizations.path) else {
            throw Diagnostic("no catalogs here (use --root DIR)", path: project.layout.localizations.path)
        }
        var linter = CatalogLinter(project: project)
        var diagnostics = linter.lint()
        if parsed.flag(strict) {
            diagnostics = diagnostics.map {
                var copy = $0; copy.severity = .error; return copy
            }
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let statistics = parsed.flag(stats) ? linter.statistics() : nil
        if json {
            print(try LintReport.json(diagnostics, statistics: statistics))
        } else {
            for diagnostic in diagnostics { print(diagnostic) }
            if let statistics { print(TranslationStatistics.table(statistics), terminator: "") }
            print(LintReport.summary(errors: errors, warnings: diagnostics.count - errors))
        }
        return errors == 0 ? 0 : 1
    }
}
