import Diagnostics

/// One check of `flavorkit lint`: its name (shown in brackets after each message), how
/// serious its findings are, a line for help and the README, a longer text for SARIF reports,
/// and the check itself over the project as `LintContext` has read it. `CatalogLinter.rules` lists them all.
public protocol LintRule: Sendable {
    /// The name shown after each finding, `missing-key`.
    var name: String { get }
    /// The severity of every finding (`--strict` raises warnings to errors).
    var severity: Diagnostic.Severity { get }
    /// What the rule finds, in one line.
    var summary: String { get }
    /// What the rule finds, why it matters and what to do, in a few sentences (SARIF's
    /// `fullDescription` and `help`); the summary unless a rule says more.
    var help: String { get }
    /// Every finding in the project; paths as the readers give them (the linter makes them
    /// relative to the project's root).
    func check(_ context: LintContext) -> [Diagnostic]
}

extension LintRule {
    public var help: String { summary }

    /// A finding of this rule at `location`.
    func diagnostic(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(message, at: location, severity: severity, rule: name)
    }

    /// A reader's own diagnostic, at the reader's position, as a finding of this rule.
    func finding(_ reported: Diagnostic) -> Diagnostic {
        var finding = reported
        finding.severity = severity
        finding.rule = name
        return finding
    }
}
