import Diagnostics
import FileFormats
import Foundation

/// The forms lint's findings are printed in: text (each `Diagnostic` on its line, then the
/// counts), JSON, GitHub workflow commands and SARIF.
public enum LintReport {
    /// `2 errors, 1 warning` (and `, 3 notes` when there are notes).
    public static func summary(errors: Int, warnings: Int, notes: Int = 0) -> String {
        "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
            + (notes == 0 ? "" : ", \(notes) note\(notes == 1 ? "" : "s")")
    }

    /// One JSON object: `diagnostics` (file, line, column, severity, message, rule), the
    /// counts, and `statistics` when asked for; keys sorted, for scripts and CI annotators.
    public static func json(_ diagnostics: [Diagnostic], statistics: [TranslationStatistics]?) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let notes = diagnostics.filter { $0.severity == .note }.count
        return JSONOutput.text(
            .sorted([
                "diagnostics": .array(
                    diagnostics.map {
                        .sorted([
                            "file": .string($0.path ?? ""), "line": .int($0.line ?? 0), "column": .int($0.column ?? 0),
                            "severity": .string($0.severity.rawValue), "message": .string($0.message),
                            "rule": .string($0.rule ?? ""),
                        ])
                    }),
                "errors": .int(errors), "warnings": .int(diagnostics.count - errors - notes), "notes": .int(notes),
                "statistics": statistics.map { rows in
                    .array(
                        rows.map {
                            .sorted([
                                "catalog": .string($0.catalog), "language": .string($0.language.description),
                                "translated": .int($0.translated), "total": .int($0.total), "percent": .int($0.percent),
                            ])
                        })
                },
            ]))
    }

    // MARK: GitHub

    /// One GitHub Actions workflow command per finding, which the workflow turns into an
    /// annotation on the file's line: `::error file=F,line=L,col=C,title=RULE::message`
    /// (`::warning`, `::notice` for the other severities; parts not known are left out).
    /// `pathPrefix` is put before each relative path: the package's folder relative to the
    /// checkout (`Examples/MyApp/`), as GitHub expects paths relative to the repository.
    public static func github(_ diagnostics: [Diagnostic], pathPrefix: String = "") -> String {
        diagnostics.map { $0.workflowCommand(pathPrefix: pathPrefix) + "\n" }.joined()
    }
}
