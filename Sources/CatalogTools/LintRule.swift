/// The checks `flavorkit lint` makes, each named in brackets after its message.
public enum LintRule: String, CaseIterable, Sendable, Comparable {
    // Errors: a user would see them.
    /// A file a reader rejects.
    case syntax
    /// A key of the development language missing from a full language.
    case missingKey = "missing-key"
    /// Format specifiers that disagree with the development language's, or are not valid.
    case formatMismatch = "format-mismatch"
    /// A plural variable without a category the language's CLDR rules need, or without `other`.
    case pluralForms = "plural-forms"
    /// A key used in `Sources/` that the development language does not have.
    case undefinedKey = "undefined-key"

    // Warnings: likely mistakes.
    /// A key in a language but not in the development language.
    case extraKey = "extra-key"
    /// A key defined twice in one file (the last one wins).
    case duplicateKey = "duplicate-key"
    /// A value identical to the development language's.
    case sameAsDevelopment = "same-as-development"
    /// A key of the development language that no source file uses.
    case unusedKey = "unused-key"
    /// A flavor override of a key the shared catalogs do not have.
    case orphanOverride = "orphan-override"
    /// An `.xcstrings` unit in state `new` or `needs_review`.
    case needsTranslation = "needs-translation"

    public enum Severity: String, Sendable, Comparable {
        case warning, error

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
    }

    public var severity: Severity {
        switch self {
        case .syntax, .missingKey, .formatMismatch, .pluralForms, .undefinedKey: return .error
        case .extraKey, .duplicateKey, .sameAsDevelopment, .unusedKey, .orphanOverride, .needsTranslation: return .warning
        }
    }

    public static func < (lhs: LintRule, rhs: LintRule) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
