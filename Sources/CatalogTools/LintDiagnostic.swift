import Diagnostics
import Localization

/// One finding: `path:line:column: error|warning: message [rule]`, the form editors and CI
/// annotators understand.
public struct LintDiagnostic: Sendable, Hashable, CustomStringConvertible, Comparable {
    public var location: SourceLocation
    public var severity: LintRule.Severity
    public var message: String
    public var rule: LintRule

    public init(_ rule: LintRule, _ message: String, at location: SourceLocation) {
        self.location = location
        self.severity = rule.severity
        self.message = message
        self.rule = rule
    }

    public var description: String { "\(location): \(severity.rawValue): \(message) [\(rule.rawValue)]" }

    /// By file, then line, column and rule.
    public static func < (lhs: LintDiagnostic, rhs: LintDiagnostic) -> Bool {
        (lhs.location.path, lhs.location.line, lhs.location.column, lhs.rule, lhs.message)
            < (rhs.location.path, rhs.location.line, rhs.location.column, rhs.rule, rhs.message)
    }
}
