import Diagnostics

/// Something the `Localizer` had to work around while rendering text. Recorded, never fatal,
/// so that tests and `--verbose` can see it.
public enum LocalizationIssue: Sendable, Hashable, CustomStringConvertible {
    /// No language in the chain has the key; the key itself was shown.
    case missingKey(key: String, table: String)
    /// A translation's specifiers disagree with the development language's (or with the
    /// arguments); the development-language text was used instead.
    case formatMismatch(key: String, language: LanguageTag, location: SourceLocation, reason: String)
    /// `wanted`, the first language of the chain, lacks the key; `shown` had it. Recorded only
    /// by a localizer that `recordsFallbacks`.
    case fallback(key: String, table: String, wanted: LanguageTag, shown: LanguageTag)
    /// No catalog exists for the most preferred language `wanted`; `shown` is used instead.
    /// Recorded only by a localizer that `recordsFallbacks`.
    case languageUnavailable(wanted: LanguageTag, shown: LanguageTag)
    /// A catalog file could not be read; its keys fell back.
    case unreadableCatalog(Diagnostic)
    /// A key is defined twice in one file; the later definition, here, is used.
    case duplicateKey(SourceLocation)
    /// A String Catalog unit marked `needs_review` is in use.
    case needsReview(SourceLocation)

    /// The issue as FlavorKit prints problems: an unreadable catalog is an error, fallbacks
    /// are notes, the rest are warnings.
    public var diagnostic: Diagnostic {
        switch self {
        case .missingKey(let key, let table):
            return Diagnostic(
                "key \"\(Diagnostic.quote(key))\" is missing from every language (table \(table)); showing the key",
                severity: .warning)
        case .formatMismatch(let key, let language, let location, let reason):
            return Diagnostic(
                "\(language) text for \"\(Diagnostic.quote(key))\" not used: \(reason)", at: location,
                severity: .warning)
        case .fallback(let key, let table, let wanted, let shown):
            let tableNote = table == Catalog.defaultTable ? "" : " (table \(table))"
            return Diagnostic(
                "\(wanted) has no \"\(Diagnostic.quote(key))\"\(tableNote); showing \(shown)", severity: .note)
        case .languageUnavailable(let wanted, let shown):
            return Diagnostic("no catalog for \(wanted); showing \(shown)", severity: .note)
        case .unreadableCatalog(let error):
            return error
        case .needsReview(let location):
            return Diagnostic("this translation is marked needs_review", at: location, severity: .warning)
        case .duplicateKey(let location):
            return Diagnostic(
                "this key is defined earlier in the file too; this definition wins", at: location,
                severity: .warning)
        }
    }

    /// `diagnostic`, printed.
    public var description: String { diagnostic.description }
}
