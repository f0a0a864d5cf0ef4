import Diagnostics

/// One catalog entry: its text and where it was read from.
public struct CatalogEntry: Sendable, Hashable {
    /// The text.
    public var value: String
    /// Where the text was read.
    public var location: SourceLocation

    /// An entry read at `location`.
    public init(value: String, location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// Every table of one language, after overlaying the flavor's overrides on the shared
/// catalogs (the later source wins per key).
public struct Catalog: Sendable {
    /// The name of the table used when none is given.
    public static let defaultTable = "Localizable"

    /// The language every table is in.
    public let language: LanguageTag
    /// Table name (file name without extension) → its entries.
    public private(set) var tables: [String: StringTable]
    /// Files that could not be read; their entries are absent, so their keys fall back.
    public private(set) var errors: [Diagnostic]
    /// Keys defined twice in one file: where the later definition (the one used) is, for the
    /// first `StringsFile.listedDuplicates` of each file.
    public private(set) var duplicateLocations: [SourceLocation]
    /// File path → how many duplicates it has beyond those in `duplicateLocations`.
    public private(set) var unlistedDuplicates: [String: Int]
    /// What the readers accepted but will not show as written (`StringsFile.warnings`).
    public private(set) var warnings: [Diagnostic]
    /// Table name → key → plural entry (`.stringsdict`, `.xcstrings` variations). Within a
    /// language, a plural entry wins over a text entry with the same key, as on Apple platforms.
    public private(set) var plurals: [String: [String: PluralEntry]]
    /// Table → key → the comment written before it in its `.strings` file, or its String
    /// Catalog `comment`, when the store was asked to keep comments (tools do).
    public private(set) var comments: [String: CommentTable]
    /// `.xcstrings` units in state `new` (left out, so their keys fall back), `needs_review`
    /// (used, and reported) or suggestions no person confirmed (`suggested`, left out).
    public private(set) var pendingUnits: [XCStringsFile.PendingUnit]

    /// Where `.xcstrings` units in state `needs_review` are.
    public var needsReview: [SourceLocation] {
        pendingUnits.filter { $0.state == "needs_review" }.map(\.location)
    }

    /// An empty catalog for `language`.
    public init(language: LanguageTag) {
        self.language = language
        tables = [:]
        errors = []
        duplicateLocations = []
        unlistedDuplicates = [:]
        warnings = []
        plurals = [:]
        pendingUnits = []
        comments = [:]
    }

    /// Whether no table holds a text or plural entry.
    public var isEmpty: Bool { tables.values.allSatisfy(\.isEmpty) && plurals.values.allSatisfy(\.isEmpty) }

    /// The text entry for `key` in `table`, if this language has one.
    public subscript(key: String, table table: String = Catalog.defaultTable) -> CatalogEntry? {
        tables[table]?.entry(key)
    }

    /// Adds a parsed file's entries to `table`, replacing entries with the same key.
    public mutating func overlay(_ file: StringsFile, table: String) {
        storeReadComments(of: table)
        tables[table, default: StringTable()].overlay(file.table)
        warnings += file.warnings
        duplicateLocations += file.duplicateLocations
        if file.duplicateCount > file.duplicateLocations.count {
            unlistedDuplicates[file.path, default: 0] += file.duplicateCount - file.duplicateLocations.count
        }
        if !file.comments.isEmpty { comments[table, default: CommentTable()].overlay(file.comments) }
    }

    /// The plural entry for `key` in `table`, if this language has one.
    public func plural(_ key: String, table: String = Catalog.defaultTable) -> PluralEntry? {
        plurals[table]?[key]
    }

    /// Adds entries to `table`'s text, replacing entries with the same key.
    public mutating func overlay(_ entries: StringTable, table: String) {
        storeReadComments(of: table)
        tables[table, default: StringTable()].overlay(entries)
    }

    /// Gives the comments of `table` a table of their own when they are a `.strings` file's
    /// as read, beside the records of that file's table, which is `table`'s text when it was
    /// laid first: that text is about to change, in place, not in a copy kept for them.
    private mutating func storeReadComments(of table: String) {
        if tables[table] != nil { comments[table]?.storeRead() }
    }

    /// Adds plural entries to `table`, replacing entries with the same key.
    public mutating func overlay(plurals entries: [String: PluralEntry], table: String) {
        plurals[table, default: [:]].merge(entries) { _, new in new }
    }

    /// Adds comments for `table`'s keys (a String Catalog's), replacing those of the same keys.
    public mutating func overlay(comments: CommentTable, table: String) {
        guard !comments.isEmpty else { return }
        var added = self.comments[table] ?? CommentTable()
        added.overlay(comments)
        self.comments[table] = added
    }

    /// Records a file that could not be read (see `errors`).
    public mutating func record(_ error: Diagnostic) {
        errors.append(error)
    }

    /// Records String Catalog units in state `new` or `needs_review` (see `pendingUnits`).
    public mutating func recordPending(_ units: [XCStringsFile.PendingUnit]) {
        pendingUnits += units
    }

    /// This catalog's text turned into a pseudo-locale's (same keys and locations).
    public func pseudoLocalized(_ pseudo: PseudoLocale) -> Catalog {
        var copy = Catalog(language: pseudo.tag)
        copy.tables = tables.mapValues { $0.mappingValues(pseudo.transform) }
        copy.plurals = plurals.mapValues { $0.mapValues(pseudo.transform) }
        return copy
    }
}
