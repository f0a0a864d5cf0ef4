import Diagnostics
import Foundation

/// The forms lint's findings are printed in: text (each `Diagnostic` on its line, then the
/// counts), JSON, GitHub workflow commands and SARIF.
public enum LintReport {
    /// `2 errors, 1 warning`.
    public static func summary(errors: Int, warnings: Int) -> String {
        "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
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
            var statistics: [Row]?
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let document = Document(
            diagnostics: diagnostics.map {
                .init(
                    file: $0.path ?? "", line: $0.line ?? 0, column: $0.column ?? 0,
                    severity: $0.severity.rawValue, message: $0.message, rule: $0.rule ?? "")
            },
            errors: errors, warnings: diagnostics.count - errors,
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
        diagnostics.map { diagnostic in
            let command: String
            switch diagnostic.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            let properties = [
                diagnostic.path.map { "file=" + escapeProperty($0.hasPrefix("/") ? $0 : pathPrefix + $0) },
                diagnostic.line.map { "line=\($0)" },
                diagnostic.line == nil ? nil : diagnostic.column.map { "col=\($0)" },
                diagnostic.rule.map { "title=" + escapeProperty($0) },
            ].compactMap { $0 }
            let head = properties.isEmpty ? command : command + " " + properties.joined(separator: ",")
            return "::\(head)::\(escapeData(diagnostic.message))\n"
        }.joined()
    }

    /// A workflow command's message: `%`, `\r` and `\n` as `%25`, `%0D`, `%0A`.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property value: as a message, and `:` and `,` as `%3A`, `%2C`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
