import Diagnostics
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
    public static func json(_ diagnostics: [Diagnostic], statistics: [TranslationStatistics]?) throws -> String {
        struct Document: Encodable {
            struct Finding: Encodable {
                var file: String, line: Int, column: Int, severity: String, message: String, rule: String
            }
            struct Row: Encodable {
                var catalog: String, language: String, translated: Int, total: Int, percent: Int
            }
            var diagnostics: [Finding]
            var errors: Int
            var warnings: Int
            var notes: Int
            var statistics: [Row]?
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let notes = diagnostics.filter { $0.severity == .note }.count
        let document = Document(
            diagnostics: diagnostics.map {
                .init(
                    file: $0.path ?? "", line: $0.line ?? 0, column: $0.column ?? 0,
                    severity: $0.severity.rawValue, message: $0.message, rule: $0.rule ?? "")
            },
            errors: errors, warnings: diagnostics.count - errors - notes, notes: notes,
            statistics: statistics?.map {
                .init(
                    catalog: $0.catalog, language: $0.language.description, translated: $0.translated, total: $0.total,
                    percent: $0.percent)
            })
        return try encoded(document)
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
