import Diagnostics
import Localization

/// One text a translator translates: a key's text, a plural entry's format, or one plural
/// variant of one of its variables (nested variables included: every variable the entry
/// defines is addressed by its name), with the development language's text beside the
/// language's own.
public struct TranslationUnit: Sendable, Hashable {
    /// Which part of a catalog entry the unit is.
    public enum Part: Sendable, Hashable {
        /// A `.strings` (or String Catalog string unit) text.
        case text
        /// A plural entry's format (`NSStringLocalizedFormatKey`, `%1$@: %2$#@files@`).
        case pluralFormat
        /// One category of one variable of a plural entry.
        case variant(variable: String, category: PluralCategory)
    }

    /// The table (`Localizable`).
    public var table: String
    /// The entry's key.
    public var key: String
    /// Which part of the entry.
    public var part: Part
    /// The kind of file the development language keeps the entry in.
    public var kind: CatalogFolderLayout.FileKind
    /// The development language's text.
    public var source: String
    /// The language's text; nil when it has none yet.
    public var target: String?
    /// The comment written before the development language's entry.
    public var comment: String?
    /// Where the development language defines the entry.
    public var sourceLocation: SourceLocation?
    /// Where the language defines it, when it does.
    public var targetLocation: SourceLocation?
    /// A String Catalog unit marked `needs_review`.
    public var needsReview: Bool
    /// A translation made from a development-language text that has changed since
    /// (`TranslationRecord`).
    public var isStale = false
    /// Whether the plural entry is one variable read from the first argument in the
    /// development language and (when translated) in the language, so that its variants
    /// are one gettext message with `msgid_plural`.
    public var isSoleVariable: Bool

    /// Whether a translator should look at the translation again: marked `needs_review`, or
    /// stale. Exports mark it (`#, fuzzy`, `state="needs-review-translation"`).
    public var awaitsReview: Bool { needsReview || isStale }

    /// What an export writes beside the unit so that an import can tell a translation the
    /// translator left alone from one they made: the fingerprint of the language's text at
    /// the export (of "" when it had none).
    public var exportMark: String { TranslationRecord.fingerprint(target ?? "") }

    /// The variable, for a variant.
    public var variable: String? {
        if case .variant(let name, _) = part { return name }
        return nil
    }

    /// The category, for a variant.
    public var category: PluralCategory? {
        if case .variant(_, let category) = part { return category }
        return nil
    }

    /// The development language's file, relative to the catalog folder, as Xcode names it in
    /// an XLIFF `original` attribute: `en.lproj/Localizable.strings`, `Localizable.xcstrings`.
    public func original(developmentLanguage: LanguageTag) -> String {
        kind == .xcstrings
            ? CatalogFolderLayout.stringCatalogName(table: table)
            : CatalogFolderLayout.relativePath(language: developmentLanguage, table: table, kind: kind)
    }

    /// The `trans-unit` id Xcode gives it: the key for a text; for a `.stringsdict`,
    /// `/key:dict/NSStringLocalizedFormatKey:dict/:string` and `/key:dict/files:dict/one:dict/:string`;
    /// for a String Catalog, `key|==|plural.one` (one variable) or
    /// `key|==|substitutions.files.plural.one`.
    public var xliffID: String {
        switch (part, kind) {
        case (.text, _): return key
        case (.pluralFormat, .xcstrings): return key
        case (.pluralFormat, _): return "/\(key):dict/NSStringLocalizedFormatKey:dict/:string"
        case (.variant(let variable, let category), .xcstrings):
            return isSoleVariable
                ? "\(key)|==|plural.\(category.rawValue)"
                : "\(key)|==|substitutions.\(variable).plural.\(category.rawValue)"
        case (.variant(let variable, let category), _):
            return "/\(key):dict/\(variable):dict/\(category.rawValue):dict/:string"
        }
    }

    /// How the unit reads in a message: `key "a"`, `key "a", variable "files", one`.
    public var described: String {
        switch part {
        case .text: return "key \"\(Diagnostic.quote(key))\""
        case .pluralFormat: return "key \"\(Diagnostic.quote(key))\" (its format)"
        case .variant(let variable, let category):
            return "key \"\(Diagnostic.quote(key))\", variable \"\(Diagnostic.quote(variable))\", \(category.rawValue)"
        }
    }
}
