/// One catalog entry: its text and where it was read from.
public struct CatalogEntry: Sendable, Hashable {
    public var value: String
    public var location: SourceLocation

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

    public let language: LanguageTag
    /// Table name (file name without extension) → key → entry.
    public private(set) var tables: [String: [String: CatalogEntry]]
    /// Files that could not be read; their entries are absent, so their keys fall back.
    public private(set) var errors: [CatalogError]
    /// Keys defined more than once in one file (the last one wins).
    public private(set) var duplicates: [StringsEntry]

    public init(language: LanguageTag) {
        self.language = language
        tables = [:]
        errors = []
        duplicates = []
    }

    public var isEmpty: Bool { tables.values.allSatisfy(\.isEmpty) }

    public subscript(key: String, table table: String = Catalog.defaultTable) -> CatalogEntry? {
        tables[table]?[key]
    }

    /// Adds a parsed file's entries to `table`, replacing entries with the same key.
    public mutating func overlay(_ file: StringsFile, table: String) {
        var entries = tables[table] ?? [:]
        entries.reserveCapacity(entries.count + file.entries.count)
        for entry in file.entries {
            entries[entry.key] = CatalogEntry(value: entry.value, location: entry.location)
        }
        tables[table] = entries
        duplicates += file.duplicates
    }

    public mutating func record(_ error: CatalogError) {
        errors.append(error)
    }
}
