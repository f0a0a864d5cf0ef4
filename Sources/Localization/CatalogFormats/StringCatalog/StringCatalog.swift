import Diagnostics

#if canImport(FoundationEssentials)
import FileFormats
import FoundationEssentials
#else
import Foundation
#endif

/// A String Catalog (`.xcstrings`) whole, as Xcode writes it (format versions 1.0 to 1.3):
/// every key with its comment, extraction state, `shouldTranslate` and every language's
/// localization (string units, `stringSet`s, plural and device variations nested as Xcode
/// nests them, substitutions), in the file's order. A field FlavorKit does not know is kept
/// as read (`otherFields`, and `unknownFields` says where), so that tools write back
/// everything they read; CatalogFiles' `StringCatalogWriter` writes it in Xcode's layout.
///
/// The runtime reads catalogs with `XCStringsFile`, which builds only the languages it needs;
/// this is the model for tools that edit, check and convert catalogs.
public struct StringCatalog: Sendable {
    /// The file read, as named in diagnostics.
    public var path: String
    /// The development language (`sourceLanguage`).
    public var sourceLanguage: String
    /// The format version as written (`1.0` … `1.3`); nil when the file has none.
    public var version: String?
    /// The keys, in the file's order.
    public private(set) var entries: [Entry]
    /// Top-level fields other than `sourceLanguage`, `strings` and `version`.
    public var otherFields: KeyedList<JSONValue>
    /// Whether the text ends with a line break after its closing brace (Xcode's files do not).
    public var endsWithLineBreak: Bool
    /// Fields FlavorKit does not know (kept), each at its first place.
    public private(set) var unknownFields: [UnknownField]
    /// Problems met, each at its line and column. A catalog with errors is not written back.
    public private(set) var errors: [Diagnostic]
    /// Key → index in `entries` (the first of a key given twice), keys told apart by their
    /// bytes as the file's JSON does (two spellings of one text are two entries).
    private var index: [LiteralKey: Int]
    /// The languages whose localizations were kept, when the catalog was read for some only
    /// (nil: all of them). Such a catalog is not to be written back in place of its file.
    public internal(set) var readLanguages: Set<LanguageTag>?
    /// The languages with text in the file (a usable unit, or a string set), read or not,
    /// as their codes are written.
    public internal(set) var languagesWithText: Set<String>

    /// A field, or a state, of a String Catalog that FlavorKit does not know.
    public struct UnknownField: Sendable, Hashable {
        /// What it is and where in the format: `field "tone" in a stringUnit`, `state "done"`.
        public var name: String
        /// Where it first appears.
        public var location: SourceLocation
    }

    /// An empty catalog.
    public init(sourceLanguage: String, version: String? = "1.0", path: String = "Localizable.xcstrings") {
        self.path = path
        self.sourceLanguage = sourceLanguage
        self.version = version
        entries = []
        otherFields = KeyedList()
        endsWithLineBreak = false
        unknownFields = []
        errors = []
        index = [:]
        languagesWithText = []
    }

    /// Reads a catalog from disk (every language, or only `languages`): a regular file, inside
    /// `folder` when given (see `InputFile`); an unreadable file is an error of the result.
    public init(contentsOf url: URL, languages: Set<LanguageTag>? = nil, within folder: URL? = nil) {
        do throws(Diagnostic) {
            self.init(
                try InputFile.read(url, limit: InputFile.catalogLimit, within: folder), path: url.path,
                languages: languages)
        } catch {
            self.init(sourceLanguage: "", version: nil, path: url.path)
            errors = [error]
        }
    }

    /// Reads a catalog's bytes (UTF-8, or UTF-16 with a byte-order mark); `path` names it in
    /// diagnostics. Malformed JSON, or a document that is not a String Catalog, is one error
    /// with no entries; a value of the wrong type (a number as `value`) is an error at its
    /// position, and its entry is left out. With `languages`, only their localizations are
    /// kept (the others are checked as JSON and skipped; `readLanguages` says so), for tools
    /// that convert a language and never write the catalog back.
    public init(_ data: Data, path: String, languages: Set<LanguageTag>? = nil) {
        self.init(data, path: path, languages: languages, inTwoPartsFrom: StringCatalogReading.twoPartsFrom)
    }

    /// The same, `strings` read in two parts at once when it holds `twoPartsFrom` bytes or
    /// more (tests read small catalogs so).
    package init(_ data: Data, path: String, languages: Set<LanguageTag>? = nil, inTwoPartsFrom twoPartsFrom: Int) {
        self.init(sourceLanguage: "", version: nil, path: path)
        let read = data.withUnsafeBytes { raw in
            Result { () throws(Diagnostic) -> StringCatalog in
                try TextDecoding.withUTF8(raw.bindMemory(to: UInt8.self), path: path) { text in
                    var reading = StringCatalogReading(
                        text: text, path: path, languages: languages, twoPartsFrom: twoPartsFrom)
                    return reading.read()
                }
            }
        }
        switch read {
        case .success(let catalog): self = catalog
        case .failure(let error): errors = [error]
        }
    }

    /// The table the catalog holds: its file's name without `.xcstrings`.
    public var table: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".xcstrings") ? String(name.dropLast(".xcstrings".count)) : name
    }

    /// Whether reading found an error (the catalog is then incomplete).
    public var hasErrors: Bool { !errors.isEmpty }

    /// The entry for `key`.
    public subscript(key: String) -> Entry? {
        index[LiteralKey(key)].map { entries[$0] }
    }

    /// Changes the entry for `key` in place, or adds it (made by `make`) where
    /// `areInIncreasingOrder` puts it among the keys; a catalog in that order stays so.
    public mutating func update(
        _ key: String, orderedBy areInIncreasingOrder: (String, String) -> Bool,
        _ body: (inout Entry) -> Void
    ) {
        if let position = index[LiteralKey(key)] {
            body(&entries[position])
            return
        }
        var entry = Entry(key: key)
        body(&entry)
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if areInIncreasingOrder(key, entries[middle].key) { high = middle } else { low = middle + 1 }
        }
        entries.insert(entry, at: low)
        // Only the keys from the new one on moved (the first of a key given twice counts).
        var moved = Set<LiteralKey>()
        for position in low..<entries.count {
            let key = LiteralKey(entries[position].key)
            if let first = index[key], first < low { continue }
            if moved.insert(key).inserted { index[key] = position }
        }
    }

    /// Adds `added` (entries whose keys the catalog does not have), each where `update` would
    /// put it among the keys, in one pass: the entries there were move up in place, from the
    /// last, none copied, and the index shifts their positions without hashing a key again.
    ///
    /// `guess`, an order close to `areInIncreasingOrder` and cheaper, finds each one's place
    /// first; two comparisons in `areInIncreasingOrder` check it (in a catalog in that order,
    /// the place they accept is the one a search would find), and a place they reject is
    /// searched for again.
    package mutating func insert(
        _ added: [Entry], orderedBy areInIncreasingOrder: (String, String) -> Bool,
        guessedBy guess: ((String, String) -> Bool)? = nil
    ) {
        guard !added.isEmpty else { return }
        let placed = Self.places(of: added, among: entries, orderedBy: areInIncreasingOrder, guessedBy: guess)
        let count = entries.count
        // Where each entry there was goes: up by the number of added ones placed before it.
        var moved = [Int](repeating: 0, count: count)
        var before = 0
        for position in 0..<count {
            while before < placed.count, placed[before].position == position { before += 1 }
            moved[position] = position + before
        }
        // Room at the end, then from the last entry down: each one swapped up to its place
        // (the empty entry there comes down), each added one set where it goes.
        entries.append(contentsOf: repeatElement(Entry(key: ""), count: placed.count))
        entries.withUnsafeMutableBufferPointer { entries in
            var next = placed.count - 1
            for position in stride(from: count - 1, through: -1, by: -1) {
                while next >= 0, placed[next].position > position {
                    entries[position + next + 1] = placed[next].entry
                    next -= 1
                }
                // The buffer's swap moves the two, retaining nothing.
                if position >= 0, moved[position] != position { entries.swapAt(position, moved[position]) }
            }
        }
        var slot = index.values.startIndex
        while slot != index.values.endIndex {
            index.values[slot] = moved[index.values[slot]]
            index.values.formIndex(after: &slot)
        }
        for (offset, (position, entry)) in placed.enumerated() {
            let key = LiteralKey(entry.key)
            if index[key] == nil { index[key] = position + offset }
        }
    }

    /// Each of `added`'s place among `entries`, found as `update` finds it, in the order of
    /// the places (added ones at the same place in their order).
    private static func places(
        of added: [Entry], among entries: [Entry], orderedBy areInIncreasingOrder: (String, String) -> Bool,
        guessedBy guess: ((String, String) -> Bool)?
    ) -> [(position: Int, entry: Entry)] {
        let search = { (key: String, before: (String, String) -> Bool) in
            var low = 0, high = entries.count
            while low < high {
                let middle = (low + high) / 2
                if before(key, entries[middle].key) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        return added.map { entry in
            if let guess {
                let position = search(entry.key, guess)
                if position == 0 || !areInIncreasingOrder(entry.key, entries[position - 1].key),
                    position == entries.count || areInIncreasingOrder(entry.key, entries[position].key)
                {
                    return (position, entry)
                }
            }
            return (search(entry.key, areInIncreasingOrder), entry)
        }.sorted {
            $0.position != $1.position ? $0.position < $1.position : areInIncreasingOrder($0.entry.key, $1.entry.key)
        }
    }

    /// Removes the entry for `key` (every entry, if it was given twice; not one spelled in
    /// another Unicode normalization).
    public mutating func remove(_ key: String) {
        entries.removeAll { $0.key.hasSameBytes(as: key) }
        reindex()
    }

    /// Adds an entry at the end, as read.
    mutating func append(_ entry: consuming Entry) {
        let key = LiteralKey(entry.key)
        if index[key] == nil { index[key] = entries.count }
        entries.append(entry)
    }

    /// Adds entries after the others, in this order (for a catalog made in order).
    public mutating func append(contentsOf added: some Sequence<Entry>) {
        for entry in added { append(entry) }
    }

    mutating func record(_ error: Diagnostic) { errors.append(error) }

    mutating func record(unknown name: String, at location: SourceLocation) {
        guard !unknownFields.contains(where: { $0.name == name }) else { return }
        unknownFields.append(UnknownField(name: name, location: location))
    }

    private mutating func reindex() {
        index = [:]
        index.reserveCapacity(entries.count)
        for (position, entry) in entries.enumerated() {
            let key = LiteralKey(entry.key)
            if index[key] == nil { index[key] = position }
        }
    }

    /// Key → comment, for every key that has one: keys told apart by their bytes, as entries
    /// are (two spellings of one text keep their own comments).
    public var comments: CommentTable {
        var result = CommentTable()
        for entry in entries { if let comment = entry.comment { result.set(comment, for: entry.key) } }
        return result
    }

    /// Every language with a localization of some key, as written, sorted.
    public var languages: [String] {
        var seen = Set<String>()
        for entry in entries { for (language, _) in entry.localizations { seen.insert(language) } }
        return seen.sorted()
    }
}

extension StringCatalog {
    /// One key: its metadata and its localizations.
    public struct Entry: Sendable {
        /// The key (in code, `String(localized: "key")`); also the development text when the
        /// source language has no localization of it.
        public var key: String
        /// The developer's comment for translators.
        public var comment: String?
        /// Whether Xcode wrote the comment from the code (`isCommentAutoGenerated`).
        public var isCommentAutoGenerated: Bool?
        /// How the key came to be (`extractionState`): nil for a key extracted from code and
        /// still used there.
        public var extractionState: ExtractionState?
        /// Whether Xcode generates a Swift symbol for the key (`generatesSymbol`).
        public var generatesSymbol: Bool?
        /// False for a key not to be translated (`shouldTranslate`); nil when not written.
        public var shouldTranslate: Bool?
        /// Language code → what that language says, in the file's order.
        public var localizations: KeyedList<Localization>
        /// Fields FlavorKit does not know, as read.
        public var otherFields: KeyedList<JSONValue>
        /// The line of the key (0 for an entry not read from a file).
        public var line: Int

        /// A key with nothing else.
        public init(key: String) {
            self.key = key
            localizations = KeyedList()
            otherFields = KeyedList()
            line = 0
        }

        /// The localization of `language`, however its code is written (`pt-BR`, `pt_BR`).
        public func localization(for language: LanguageTag) -> Localization? {
            localizations[language.description] ?? localizations.first { LanguageTag($0.key) == language }?.value
        }

        /// Whether the key is to be translated (not `shouldTranslate: false`).
        public var isTranslatable: Bool { shouldTranslate != false }

        /// Whether Xcode found that no code uses the key any more.
        public var isStale: Bool { extractionState == .stale }
    }

    /// What one language says for a key, or one case of a variation.
    public struct Localization: Sendable {
        /// A text.
        public var stringUnit: StringUnit?
        /// A list of texts (App Shortcuts phrases).
        public var stringSet: StringSet? {
            get { rare.first?.stringSet }
            set { changeRare { $0.stringSet = newValue } }
        }
        /// Texts by plural category or by device.
        public var variations: Variations? {
            get { rare.first?.variations }
            set { changeRare { $0.variations = newValue } }
        }
        /// Plural variables the text names (`%#@files@`), by name, in the file's order.
        public var substitutions: KeyedList<Substitution>? {
            get { rare.first?.substitutions }
            set { changeRare { $0.substitutions = newValue } }
        }
        /// Fields FlavorKit does not know, as read.
        public var otherFields: KeyedList<JSONValue>
        /// The line of the language code (or case name) that holds it; 0 when not read.
        public var line: Int

        /// What most localizations lack (a plain text has none of it), held apart: none or
        /// one, in an array, a value like the rest, so that each of the hundreds of thousands
        /// of plain texts of a large catalog takes a third less room.
        private var rare: [Rare] = []

        /// A string set, variations and substitutions.
        private struct Rare: Sendable {
            var stringSet: StringSet?
            var variations: Variations?
            var substitutions: KeyedList<Substitution>?
        }

        /// Applies `change` to the rare parts, dropping them when none is left.
        private mutating func changeRare(_ change: (inout Rare) -> Void) {
            var parts = rare.first ?? Rare()
            change(&parts)
            rare = parts.stringSet == nil && parts.variations == nil && parts.substitutions == nil ? [] : [parts]
        }

        /// A localization holding `stringUnit` (or nothing).
        public init(stringUnit: StringUnit? = nil) {
            self.stringUnit = stringUnit
            otherFields = KeyedList()
            line = 0
        }

        /// Calls `body` with every string unit inside, variations and substitutions included.
        public func forEachUnit(_ body: (StringUnit) -> Void) {
            if let stringUnit { body(stringUnit) }
            for (_, localization) in variations?.plural ?? KeyedList() { localization.forEachUnit(body) }
            for (_, localization) in variations?.device ?? KeyedList() { localization.forEachUnit(body) }
            for (_, substitution) in substitutions ?? KeyedList() {
                for (_, localization) in substitution.variations?.plural ?? KeyedList() {
                    localization.forEachUnit(body)
                }
            }
        }
    }

    /// One text and its state.
    public struct StringUnit: Sendable {
        /// Where the translation stands (`translated`, `new`, …); nil when not written.
        public var state: State?
        /// The text.
        public var value: String
        /// The development-language text this translation was made from, when that text has
        /// changed since (`"previousSource"`, FlavorKit's field: what PO's `#| msgid` and
        /// XLIFF's note show a translator); nil otherwise.
        public var previousSource: String?
        /// Whether FlavorKit filled the text in for a person to confirm (`"suggested": true`,
        /// FlavorKit's field): carried over from an edited development text or taken from a
        /// translation memory. It is a suggestion only while not `translated` (`isSuggestion`).
        public var isSuggested: Bool
        /// Fields FlavorKit does not know, as read.
        public var otherFields: KeyedList<JSONValue>
        /// The line of its `value`; 0 when not read.
        public var line: Int

        /// A unit in `state`.
        public init(_ value: String, state: State? = .translated) {
            self.value = value
            self.state = state
            previousSource = nil
            isSuggested = false
            otherFields = KeyedList()
            line = 0
        }

        /// A translation no person has confirmed yet: suggested and not `translated`. The
        /// runtime never shows it (the key falls back as for a missing translation); lint and
        /// `status` count it as not translated, to review.
        public var isSuggestion: Bool { isSuggested && state != .translated }
    }

    /// Several texts for one key (App Shortcuts: each phrase a user may say).
    public struct StringSet: Sendable {
        /// Where the translation stands.
        public var state: State?
        /// The texts.
        public var values: [String]
        /// Fields FlavorKit does not know, as read.
        public var otherFields: KeyedList<JSONValue>
        /// The line of its `values`; 0 when not read.
        public var line: Int

        /// A set in `state`.
        public init(_ values: [String], state: State? = .translated) {
            self.values = values
            self.state = state
            otherFields = KeyedList()
            line = 0
        }
    }

    /// Cases of a text: by plural category (`one`, `other`, …), by device (`iphone`, `mac`,
    /// `other`, …), or both (a device's case varying by plural).
    public struct Variations: Sendable {
        /// Category name → its localization.
        public var plural: KeyedList<Localization>?
        /// Device name → its localization.
        public var device: KeyedList<Localization>?
        /// Other kinds of variation, as read.
        public var otherFields: KeyedList<JSONValue>

        /// No cases.
        public init(plural: KeyedList<Localization>? = nil, device: KeyedList<Localization>? = nil) {
            self.plural = plural
            self.device = device
            otherFields = KeyedList()
        }
    }

    /// A plural variable of a text (`%#@files@`): the argument it reads and its cases.
    public struct Substitution: Sendable {
        /// The argument it reads (`argNum`), 1-based.
        public var argNum: Int?
        /// The type of that argument (`lld`, `d`, `@`).
        public var formatSpecifier: String?
        /// Its cases by plural category.
        public var variations: Variations?
        /// Fields FlavorKit does not know, as read.
        public var otherFields: KeyedList<JSONValue>

        /// A variable reading `argNum` as `formatSpecifier`.
        public init(argNum: Int? = nil, formatSpecifier: String? = nil, variations: Variations? = nil) {
            self.argNum = argNum
            self.formatSpecifier = formatSpecifier
            self.variations = variations
            otherFields = KeyedList()
        }
    }

    /// A unit's `state`: the values Xcode writes, and any other kept as read.
    public struct State: RawRepresentable, Sendable, Hashable {
        /// The state as written.
        public var rawValue: String
        /// The state written `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Not translated yet: the key falls back.
        public static let new = State(rawValue: "new")
        /// Translated.
        public static let translated = State(rawValue: "translated")
        /// Translated, to be checked (the development text changed, or an import said so).
        public static let needsReview = State(rawValue: "needs_review")
        /// The development text this translated is gone.
        public static let stale = State(rawValue: "stale")
        /// Translated by a machine.
        public static let machineTranslated = State(rawValue: "machine_translated")
    }

    /// A key's `extractionState`: the values Xcode writes, and any other kept as read.
    public struct ExtractionState: RawRepresentable, Sendable, Hashable {
        /// The extraction state as written.
        public var rawValue: String
        /// The extraction state written `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Added by hand, not from code.
        public static let manual = ExtractionState(rawValue: "manual")
        /// Extracted from code that gives a default value other than the key.
        public static let extractedWithValue = ExtractionState(rawValue: "extracted_with_value")
        /// Brought over from `.strings`/`.stringsdict` files.
        public static let migrated = ExtractionState(rawValue: "migrated")
        /// No code uses it any more.
        public static let stale = ExtractionState(rawValue: "stale")
    }

    /// The device names Xcode writes in `variations.device`.
    public static let devices = ["applevision", "appletv", "applewatch", "ipad", "iphone", "ipod", "mac", "other"]

    /// The device variant this program shows where a text varies by device, when the text
    /// has one for it (else `other`): `mac` on macOS, `iphone` on iOS (an iPad cannot be told
    /// apart without UIKit), `appletv`, `applewatch` and `applevision` on those systems, and
    /// `other` everywhere else (Linux, Windows).
    public static var platformDevice: String {
        #if os(macOS)
        return "mac"
        #elseif os(iOS)
        return "iphone"
        #elseif os(tvOS)
        return "appletv"
        #elseif os(watchOS)
        return "applewatch"
        #elseif os(visionOS)
        return "applevision"
        #else
        return "other"
        #endif
    }
}
