import CatalogTools
import Foundation

/// `flavorkit lint [--root DIR] [--strict] [--format text|json] [--stats]`: every catalog
/// mistake, as `path:line:column: error|warning: message [rule]`, then `N errors, M warnings`.
/// Exit status 0 when there is no error, 1 when there is one, 64 on a usage error.
enum LintCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        var strict = false, stats = false, json = false
        var rest: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--strict": strict = true
            case "--stats": stats = true
            case _ where argument == "--format" || argument.hasPrefix("--format="):
                let value = argument == "--format" ? remaining.popFirst() : String(argument.dropFirst("--format=".count))
                switch value {
                case "text": json = false
                case "json": json = true
                default: throw FlavorKitTool.UsageError(description: "--format takes text or json")
                }
            default: rest.append(argument)
            }
        }
        let (root, paths) = try FlavorKitTool.root(in: rest)
        guard paths.isEmpty else { throw FlavorKitTool.UsageError(description: "lint takes no paths (use --root DIR)") }
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Localizations").path) else {
            throw FlavorKitTool.Failure(message: "\(root.path)/Localizations: error: no catalogs here (use --root DIR)")
        }
        var linter = CatalogLinter(project: LintProject(root: root))
        var diagnostics = linter.lint()
        if strict {
            diagnostics = diagnostics.map { var copy = $0; copy.severity = .error; return copy }
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        if json {
            print(try LintReport.json(diagnostics, statistics: stats ? linter.statistics() : nil))
        } else {
            for diagnostic in diagnostics { print(diagnostic) }
            if stats { print(TranslationStatistics.table(linter.statistics()), terminator: "") }
            print(LintReport.summary(errors: errors, warnings: diagnostics.count - errors))
        }
        return errors == 0 ? 0 : 1
    }
}
