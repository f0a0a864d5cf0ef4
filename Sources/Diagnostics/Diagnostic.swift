/// One problem found in a file, a command line or a run: every reader, lint, export and
/// command-line tool of FlavorKit reports with this type and prints it one way,
///
///     path:line:column: error: message [rule]
///
/// the form compilers use and editors and CI annotators understand. Parts that are not known
/// are left out: `path: error: message` when there is no line, `error: message` when no file
/// is concerned; `[rule]` only when a check has a name.
public struct Diagnostic: Error, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// How serious a diagnostic is; `error` fails a command.
    public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
        /// Information, not a problem: a language fallback taken, say.
        case note
        /// Worth fixing, but not a failure (unless warnings count as errors, as with `--strict`).
        case warning
        /// A failure: the command that reports it exits non-zero.
        case error

        /// `note` < `warning` < `error`, so the most serious of several is their `max()`.
        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The file concerned, when there is one.
    public var path: String?
    /// The 1-based line in `path`, when known.
    public var line: Int?
    /// The 1-based column (in Unicode scalars) on `line`, when known.
    public var column: Int?
    /// How serious it is; printed after the position.
    public var severity: Severity
    /// What is wrong, on one line; input quoted in it goes through `Diagnostic.quote`.
    public var message: String
    /// The name of the check that found it (a lint rule such as `missing-key`), if any.
    public var rule: String?

    /// A diagnostic at a position in a file.
    public init(_ message: String, at location: SourceLocation, severity: Severity = .error, rule: String? = nil) {
        self.init(
            message, path: location.path, line: location.line, column: location.column, severity: severity, rule: rule)
    }

    /// A diagnostic about a whole file (`path`), or about no file at all (`path` nil).
    public init(
        _ message: String, path: String? = nil, line: Int? = nil, column: Int? = nil, severity: Severity = .error,
        rule: String? = nil
    ) {
        self.path = path
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
        self.rule = rule
    }

    /// The full position, when the diagnostic has a path, a line and a column.
    public var location: SourceLocation? {
        guard let path, let line, let column else { return nil }
        return SourceLocation(path: path, line: line, column: column)
    }

    /// `path:line:column`, `path:line` or `path`; nil without a path.
    public var position: String? {
        guard let path else { return nil }
        return [path, line.map(String.init), line == nil ? nil : column.map(String.init)]
            .compactMap { $0 }.joined(separator: ":")
    }

    /// `path:line:column: severity: message [rule]`, on one line: control characters in the
    /// path and message are made visible (`Diagnostic.visible`), so that no input quoted in a
    /// message can act on a terminal. Quote input with `Diagnostic.quote`, which also shortens it.
    public var description: String {
        var text = position.map { Self.visible($0) + ": " } ?? ""
        text += severity.rawValue + ": " + Self.visible(message)
        if let rule { text += " [\(rule)]" }
        return text
    }

    /// By path (diagnostics without one first), line, column, severity, rule and message.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        (lhs.path ?? "", lhs.line ?? 0, lhs.column ?? 0, lhs.severity, lhs.rule ?? "", lhs.message)
            < (rhs.path ?? "", rhs.line ?? 0, rhs.column ?? 0, rhs.severity, rhs.rule ?? "", rhs.message)
    }
}
