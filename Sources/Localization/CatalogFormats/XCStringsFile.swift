import Diagnostics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A String Catalog (`.xcstrings`, Xcode 15 and later) read with our own JSON reader
/// (`JSONReader`, no Foundation parser): every language of one table in one file. Each
/// language's part becomes the same model as `.strings` + `.stringsdict`: a text table and
/// plural entries. A reader may ask for some languages only: the others are checked as JSON
/// and skipped, building nothing.
///
/// A unit in state `new`, or with an empty value, is untranslated and left out (its key
/// falls back); `needs_review` is used and reported. `variations.plural` and `substitutions`
/// become plural entries; `variations.device` uses its `other` variant. A string whose shape
/// is unknown is an error naming its key and language, at the line and column of the value
/// at fault; the rest of the file still loads. Malformed JSON is one error at its position.
public struct XCStringsFile: Sendable {
    /// The file read, as named in diagnostics.
    public let path: String
    /// The catalog's `sourceLanguage` (its development language).
    public let sourceLanguage: String
    /// Language code → what that language says, for the languages read.
    let parts: [String: Part]
    /// Every language code with text in the file, read or not.
    let usableLanguages: Set<String>
    /// Problems met, each at its line and column; the units concerned are left out.
    public private(set) var errors: [Diagnostic]
    /// Units a translator still has to look at: state `new` (left out) or `needs_review`
    /// (used), in the order of the keys, for the languages read.
    public private(set) var pendingUnits: [PendingUnit]

    /// A unit in state `new` or `needs_review`.
    public struct PendingUnit: Sendable, Hashable {
        /// The unit's language code.
        public var language: String
        /// The unit's key.
        public var key: String
        /// `new` or `needs_review`.
        public var state: String
        /// Where the unit is in the file.
        public var location: SourceLocation
    }

    /// One key's text in one language.
    enum Unit: Sendable {
        case text(String)
        case plural(PluralEntry)
    }

    /// One language's text entries (in the order of the keys' first definitions, each at
    /// its key's line) and plural entries.
    struct Part: Sendable {
        var text = StringTable()
        var plurals: [String: PluralEntry] = [:]
    }

    /// Reads a file from disk: every language, or only `languages` (the file's language list,
    /// `languages`, is complete either way).
    public init(contentsOf url: URL, languages wanted: Set<LanguageTag>? = nil) {
        let data = FileManager.default.contents(atPath: url.path)
        self.init(data ?? Data(), path: url.path, readable: data != nil, languages: wanted)
    }

    /// Reads a catalog's bytes (UTF-8, or UTF-16 with a byte-order mark): every language, or
    /// only `languages`.
    public init(_ data: Data, path: String, readable: Bool = true, languages wanted: Set<LanguageTag>? = nil) {
        self.path = path
        guard readable else {
            sourceLanguage = ""
            parts = [:]
            usableLanguages = []
            errors = [Diagnostic("cannot read the file", at: SourceLocation(path: path, line: 1, column: 1))]
            pendingUnits = []
            return
        }
        let read = data.withUnsafeBytes { raw in
            Result { () throws(Diagnostic) -> XCStringsContent in
                try TextDecoding.withUTF8(raw.bindMemory(to: UInt8.self), path: path) { text in
                    var reading = XCStringsReading(text: text, path: path, wanted: wanted)
                    reading.read()
                    return reading.content
                }
            }
        }
        switch read {
        case .failure(let error):
            sourceLanguage = ""
            parts = [:]
            usableLanguages = []
            errors = [error]
            pendingUnits = []
        case .success(let content):
            sourceLanguage = content.sourceLanguage
            parts = content.parts
            usableLanguages = content.usableLanguages
            errors = content.errors
            pendingUnits = content.pending.sorted {
                ($0.location.line, $0.language, $0.state) < ($1.location.line, $1.language, $1.state)
            }
        }
    }

    /// The languages the file has text for (whether read or not).
    public var languages: [LanguageTag] {
        Set(usableLanguages.compactMap(LanguageTag.init)).sorted()
    }

    /// One language's text entries (in the order of the keys' first definitions, each with
    /// its last value) and plural entries; empty for a language not read.
    public func part(for language: LanguageTag) -> (text: StringTable, plurals: [String: PluralEntry]) {
        guard let part = parts.first(where: { LanguageTag($0.key) == language })?.value else {
            return (StringTable(), [:])
        }
        return (part.text, part.plurals)
    }

    // MARK: Units

    /// What one localization says, or nil when it is untranslated; a unit of unknown shape
    /// is a diagnostic at `location` (the caller names the key and language).
    static func unit(_ localization: Localization, location: SourceLocation) throws(Diagnostic) -> Unit? {
        func failure(_ message: String) -> Diagnostic { Diagnostic(message, at: location) }
        if let device = localization.variations?.device {
            guard let chosen = device["other"] ?? device.sorted(by: { $0.key < $1.key }).first?.value else {
                return nil
            }
            return try unit(chosen, location: location)
        }
        if let plural = localization.variations?.plural {
            var variants: [PluralCategory: String] = [:]
            for (name, variant) in plural {
                guard let category = PluralCategory(rawValue: name) else {
                    throw failure("unknown plural category \"\(Diagnostic.quote(name))\"")
                }
                if let text = usable(variant.stringUnit) { variants[category] = text }
            }
            guard let other = variants[.other] else {
                if variants.isEmpty { return nil }
                throw failure("plural variations have no \"other\"")
            }
            let (argument, valueType) = firstSpecifier(other)
            let entry = PluralEntry(
                format: "%\(argument)$#@plural@",
                variables: ["plural": .init(argument: argument, valueType: valueType, variants: variants)],
                location: location)
            return .plural(entry)
        }
        guard let value = usable(localization.stringUnit) else { return nil }
        guard let substitutions = localization.substitutions, !substitutions.isEmpty else { return .text(value) }
        // A substitution reads an argument the value or some substitution's variant (nesting) asks for.
        let variantTexts = substitutions.values.flatMap { ($0.variations?.plural ?? [:]).values }
            .compactMap { usable($0.stringUnit) }
        let specifierCount = ([value] + variantTexts).map(countSpecifiers).max() ?? 0
        var variables: [String: PluralEntry.Variable] = [:]
        for (name, substitution) in substitutions {
            if let argument = substitution.argNum, argument < 1 || argument > max(specifierCount, 1) {
                throw failure(
                    "substitution \"\(Diagnostic.quote(name))\" has argNum \(argument), out of range 1...\(max(specifierCount, 1))"
                )
            }
            var variants: [PluralCategory: String] = [:]
            for (categoryName, variant) in substitution.variations?.plural ?? [:] {
                guard let category = PluralCategory(rawValue: categoryName) else {
                    throw failure(
                        "unknown plural category \"\(Diagnostic.quote(categoryName))\" in substitution \"\(Diagnostic.quote(name))\""
                    )
                }
                if let text = usable(variant.stringUnit) { variants[category] = text }
            }
            guard variants[.other] != nil else {
                throw failure("substitution \"\(Diagnostic.quote(name))\" has no \"other\" variant")
            }
            variables[name] = PluralEntry.Variable(
                argument: substitution.argNum, valueType: substitution.formatSpecifier ?? "d",
                variants: variants)
        }
        // Variables nested in variants are checked by lint (`plural-variables`) and at run time.
        let entry = PluralEntry(format: value, variables: variables, location: location)
        for name in entry.referencedVariables where variables[name] == nil {
            throw failure("the value names variable \"\(Diagnostic.quote(name))\", which is not defined")
        }
        return .plural(entry)
    }

    private static func usable(_ unit: StringUnit?) -> String? {
        guard let unit, unit.state != .new, !unit.value.isEmpty else { return nil }
        return unit.value
    }

    /// The argument and type of the first specifier in a variant (`%2$lld` → 2, `lld`).
    private static func firstSpecifier(_ text: String) -> (Int, String) {
        var found: (Int, String)?
        _ = try? PluralEntry.rewrite(text) { placeholder in
            if found == nil, placeholder.variable == nil { found = (placeholder.position, String(placeholder.body)) }
            return ""
        }
        return found ?? (1, "d")
    }

    /// The highest argument position the specifiers and variables of `text` read.
    private static func countSpecifiers(_ text: String) -> Int {
        var count = 0
        _ = try? PluralEntry.rewrite(text) { placeholder in
            count = max(count, placeholder.position)
            return ""
        }
        return count
    }

    // MARK: The file's shape (as `XCStringsReading` builds it)

    /// What one language says for a key.
    struct Localization {
        var stringUnit: StringUnit?
        var variations: Variations?
        var substitutions: [String: Substitution]?

        /// Calls `body` with the state of every unit inside, variations and substitutions included.
        func forEachState(_ body: (UnitState) -> Void) {
            if let state = stringUnit?.state { body(state) }
            guard variations != nil || substitutions != nil else { return }
            for localization in (variations?.plural ?? [:]).values { localization.forEachState(body) }
            for localization in (variations?.device ?? [:]).values { localization.forEachState(body) }
            for substitution in (substitutions ?? [:]).values {
                for localization in (substitution.variations?.plural ?? [:]).values { localization.forEachState(body) }
            }
        }
    }

    struct StringUnit {
        var state: UnitState?
        var value: String
    }

    /// A string unit's `state`, as Xcode writes it.
    enum UnitState: String {
        case new, translated, stale
        case needsReview = "needs_review"
    }

    struct Variations {
        var plural: [String: Localization]?
        var device: [String: Localization]?
    }

    struct Substitution {
        var argNum: Int?
        var formatSpecifier: String?
        var variations: Variations?
    }
}
