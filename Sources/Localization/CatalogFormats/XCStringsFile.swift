import Diagnostics

#if canImport(FoundationEssentials)
import FileFormats
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
    /// Units a translator still has to look at: state `new` (left out), `needs_review`
    /// (used) or a suggestion no person confirmed (`suggested`, left out), in the order of
    /// the keys, for the languages read.
    public private(set) var pendingUnits: [PendingUnit]

    /// A unit in state `new` or `needs_review`, or a suggestion.
    public struct PendingUnit: Sendable, Hashable {
        /// The unit's language code.
        public var language: String
        /// The unit's key.
        public var key: String
        /// `new`, `needs_review` or `suggested` (`StringCatalog.StringUnit.isSuggestion`).
        public var state: String
        /// Where the unit is in the file.
        public var location: SourceLocation
    }

    /// One key's text in one language.
    public enum Unit: Sendable {
        /// A text (a `.strings` entry's kind).
        case text(String)
        /// A plural entry (a `.stringsdict` entry's kind).
        case plural(PluralEntry)
    }

    /// One language's text entries (in the order of the keys' first definitions, each at
    /// its key's line) and plural entries.
    struct Part: Sendable {
        var text = StringTable()
        var plurals: [String: PluralEntry] = [:]
        /// Keys whose text a later plural unit replaced (a key given twice).
        var replacedTexts: Set<String> = []

        init() {}

        /// An empty part whose entries come from `file`.
        init(file: String) { _ = text.addFile(file) }

        /// Keeps `unit` for `key`: of a key given twice, the later unit (text or plural).
        mutating func keep(_ unit: Unit, key: String, line: Int) {
            switch unit {
            case .text(let value):
                if !plurals.isEmpty, plurals.removeValue(forKey: key) != nil { replacedTexts.remove(key) }
                text.add(key: key, value: value, line: line, column: 1, file: 0)
            case .plural(let entry):
                if text.contains(key) { replacedTexts.insert(key) }
                plurals[key] = entry
            }
        }

        /// Lays the part read after this one over it, as keeping its units one by one would:
        /// its texts win per key. The two share no key that is a plural entry in either.
        mutating func lay(_ later: Part) {
            text.overlay(later.text)
            plurals.merge(later.plurals) { _, later in later }
            replacedTexts.formUnion(later.replacedTexts)
        }

        /// The part read, without the texts plural units replaced.
        func finished(path: String) -> Part {
            guard !replacedTexts.isEmpty else { return self }
            var finished = Part(file: path)
            for entry in text.entries where !replacedTexts.contains(entry.key) {
                finished.text.add(key: entry.key, value: entry.value, line: entry.location.line, column: 1, file: 0)
            }
            finished.plurals = plurals
            return finished
        }
    }

    /// Reads a file from disk: every language, or only `languages` (the file's language list,
    /// `languages`, is complete either way): a regular file, inside `folder` when given (see
    /// `InputFile`).
    public init(contentsOf url: URL, languages wanted: Set<LanguageTag>? = nil, within folder: URL? = nil) {
        self.init(atPath: url.path, languages: wanted, within: folder?.path)
    }

    /// `init(contentsOf:languages:within:)` by paths (the runtime joins them as text).
    package init(atPath path: String, languages wanted: Set<LanguageTag>?, within folder: String?) {
        do throws(Diagnostic) {
            self.init(
                try InputFile.read(atPath: path, limit: InputFile.catalogLimit, within: folder), path: path,
                languages: wanted)
        } catch {
            self.init(path: path, unreadable: error)
        }
    }

    /// A file that could not be read: no language, one error.
    private init(path: String, unreadable error: Diagnostic) {
        self.path = path
        sourceLanguage = ""
        parts = [:]
        usableLanguages = []
        errors = [error]
        pendingUnits = []
    }

    /// Reads a catalog's bytes (UTF-8, or UTF-16 with a byte-order mark): every language, or
    /// only `languages`.
    public init(_ data: Data, path: String, languages wanted: Set<LanguageTag>? = nil) {
        self.init(data, path: path, languages: wanted, inTwoPartsFrom: XCStringsReading.twoPartsFrom)
    }

    /// The same, `strings` read in two parts at once when it holds `twoPartsFrom` bytes or
    /// more (tests read small catalogs so).
    package init(
        _ data: Data, path: String, languages wanted: Set<LanguageTag>? = nil, inTwoPartsFrom twoPartsFrom: Int
    ) {
        self.path = path
        let read = data.withUnsafeBytes { raw in
            Result { () throws(Diagnostic) -> XCStringsContent in
                try TextDecoding.withUTF8(raw.bindMemory(to: UInt8.self), path: path) { text in
                    var reading = XCStringsReading(text: text, path: path, wanted: wanted, twoPartsFrom: twoPartsFrom)
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

    /// What the runtime reads of a catalog already read whole (tools that also edit it read
    /// the file once): every language, or only `languages`, with the same texts, plural
    /// entries, pending units and errors as a read of its file.
    public init(_ catalog: StringCatalog, languages wanted: Set<LanguageTag>? = nil) {
        path = catalog.path
        sourceLanguage = catalog.sourceLanguage
        errors = catalog.errors
        pendingUnits = []
        let source = LanguageTag(catalog.sourceLanguage)?.description ?? catalog.sourceLanguage
        var languages = Languages(wanted: wanted, source: source)
        let sourcePlan = languages.language(of: catalog.sourceLanguage, at: -1)
        var built: [Part] = []
        for entry in wanted?.isEmpty == true ? [] : catalog.entries {
            let location = SourceLocation(path: catalog.path, line: entry.line, column: 1)
            var sourceLocalized = false
            for position in entry.localizations.indices {
                // A language not wanted is passed by its code, its localization never copied.
                let index = languages.language(of: entry.localizations.key(at: position), at: position)
                let isSource = languages.isSource[index]
                if isSource { sourceLocalized = true }
                guard languages.isWanted[index] else { continue }
                while built.count <= index { built.append(Part(file: catalog.path)) }
                let localization = entry.localizations[position].value
                let language = languages.names[index]
                for state in Self.pendingStates(of: localization, isSource: isSource) {
                    pendingUnits.append(
                        PendingUnit(language: language, key: entry.key, state: state, location: location))
                }
                do {
                    guard let unit = try Self.unit(localization, location: location, isSource: isSource) else {
                        continue
                    }
                    built[index].keep(unit, key: entry.key, line: entry.line)
                } catch {
                    errors.append(
                        Diagnostic(
                            "\(Diagnostic.quote(language)): \(error.message) (key \"\(Diagnostic.quote(entry.key))\")",
                            at: location))
                }
            }
            if !sourceLocalized, languages.isWanted[sourcePlan] {
                while built.count <= sourcePlan { built.append(Part(file: catalog.path)) }
                if !built[sourcePlan].text.contains(entry.key), built[sourcePlan].plurals[entry.key] == nil {
                    built[sourcePlan].keep(.text(entry.key), key: entry.key, line: entry.line)
                }
            }
        }
        var parts: [String: Part] = [:]
        for (index, part) in built.enumerated() where !part.text.isEmpty || !part.plurals.isEmpty {
            parts[languages.names[index]] = part.finished(path: catalog.path)
        }
        self.parts = parts
        // A catalog always has its source language, even with no key yet.
        usableLanguages = Set(catalog.languagesWithText.map { LanguageTag($0)?.description ?? $0 })
            .union(catalog.sourceLanguage.isEmpty ? [] : [source])
        errors.sort { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
        pendingUnits.sort {
            ($0.location.line, $0.language, $0.state) < ($1.location.line, $1.language, $1.state)
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

    /// The device variant the running program shows: its platform's (`mac` on macOS), else
    /// `other`, else the first by name.
    public static func deviceCase(of cases: KeyedList<StringCatalog.Localization>) -> StringCatalog.Localization? {
        cases[StringCatalog.platformDevice] ?? cases["other"] ?? cases.min { $0.key < $1.key }?.value
    }

    /// The states a localization waits in, each once, as `PendingUnit.state` names them:
    /// `needs_review` (a unit to review), `new` (untranslated; not in the source language,
    /// `isSource`, where a `new` unit is the text), `suggested` (a suggestion no person confirmed).
    static func pendingStates(of localization: StringCatalog.Localization, isSource: Bool) -> [String] {
        var new = false, review = false, suggested = false
        localization.forEachUnit { unit in
            if unit.isSuggestion {
                suggested = true
            } else if unit.state == .new {
                new = true
            } else if unit.state == .needsReview {
                review = true
            }
        }
        // Built only when some unit waits: this runs for every key and language.
        guard review || suggested || (new && !isSource) else { return [] }
        var states: [String] = []
        if review { states.append("needs_review") }
        if new && !isSource { states.append("new") }
        if suggested { states.append("suggested") }
        return states
    }

    /// What one localization says, or nil when it is untranslated (a unit in state `new`, a
    /// suggestion no person confirmed, or empty; in the source language, `isSource`, a `new`
    /// unit is the text); a unit of unknown shape is a diagnostic at `location` (the caller
    /// names the key and language).
    public static func unit(
        _ localization: StringCatalog.Localization, location: SourceLocation, isSource: Bool = false
    ) throws(Diagnostic) -> Unit? {
        func failure(_ message: String) -> Diagnostic { Diagnostic(message, at: location) }
        func usable(_ unit: StringCatalog.StringUnit?) -> String? {
            guard let unit, isSource || (unit.state != .new && !unit.isSuggestion), !unit.value.isEmpty else {
                return nil
            }
            return unit.value
        }
        if let device = localization.variations?.device {
            guard let chosen = deviceCase(of: device) else { return nil }
            return try unit(chosen, location: location, isSource: isSource)
        }
        if let plural = localization.variations?.plural {
            var variants = [PluralCategory: String](minimumCapacity: plural.count)
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
        let variantTexts = substitutions.flatMap { ($0.value.variations?.plural ?? KeyedList()).map(\.value) }
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
            for (categoryName, variant) in substitution.variations?.plural ?? KeyedList() {
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

    /// The argument and type of the first specifier in a variant (`%2$lld` → 2, `lld`).
    private static func firstSpecifier(_ text: String) -> (Int, String) {
        // Numbered as `PluralEntry.rewrite` numbers placeholders, without rewriting the text.
        var next = 1
        for (token, written) in FormatScanner.tokens(in: text) {
            switch token.kind {
            case .specifier(let specifier):
                var body = written.dropFirst()
                if specifier.position != nil { body = body.drop { $0 != "$" }.dropFirst() }
                return (specifier.position ?? next, String(body))
            case .variable(let variable):
                if variable.position == nil { next += 1 }
            case .literal, .percent, .invalid:
                continue
            }
        }
        return (1, "d")
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
}

/// The languages of a catalog read whole, as `XCStringsFile.init(_:languages:)` meets their
/// codes: each decided once (its name, whether wanted, whether the source language), numbered
/// in the order met. Two spellings of one language (`en`, `eN`) are one language, as the
/// runtime's reader has them (the later unit wins).
private struct Languages {
    /// The languages to build; nil for all.
    let wantedTags: Set<LanguageTag>?
    /// The source language's name.
    let source: String
    private(set) var names: [String] = []
    private(set) var isWanted: [Bool] = []
    private(set) var isSource: [Bool] = []
    /// Each code as written, with its language.
    private var codes: [(code: String, language: Int)] = []
    /// The code found at each position of an entry's localizations, tried first: entries list
    /// their languages in the same order, so that each is found in one comparison.
    private var codeAtPosition: [Int] = []

    init(wanted: Set<LanguageTag>?, source: String) {
        wantedTags = wanted
        self.source = source
    }

    /// The number of the language of `code`, found at `position` of an entry's localizations
    /// (-1: elsewhere).
    mutating func language(of code: String, at position: Int) -> Int {
        if position >= 0, position < codeAtPosition.count, codes[codeAtPosition[position]].code == code {
            return codes[codeAtPosition[position]].language
        }
        let known = codes.firstIndex { $0.code == code } ?? add(code)
        if position >= 0, position < codeAtPosition.count {
            codeAtPosition[position] = known
        } else if position == codeAtPosition.count {
            codeAtPosition.append(known)
        }
        return codes[known].language
    }

    /// A code not met before.
    private mutating func add(_ code: String) -> Int {
        let tag = LanguageTag(code)
        let name = tag?.description ?? code
        let language =
            names.firstIndex(of: name)
            ?? {
                names.append(name)
                isWanted.append(wantedTags.map { set in tag.map(set.contains) ?? false } ?? true)
                isSource.append(name == source)
                return names.count - 1
            }()
        codes.append((code, language))
        return codes.count - 1
    }
}
