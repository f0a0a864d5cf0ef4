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
    /// Table name (file name without extension) → its entries.
    public private(set) var tables: [String: StringTable]
    /// Files that could not be read; their entries are absent, so their keys fall back.
    public private(set) var errors: [CatalogError]
    /// Keys defined twice in one file: where the later definition (the one used) is.
    public private(set) var duplicateLocations: [SourceLocation]

    public init(language: LanguageTag) {
        self.language = language
        tables = [:]
        errors = []
        duplicateLocations = []
    }

    public var isEmpty: Bool { tables.values.allSatisfy(\.isEmpty) }

    public subscript(key: String, table table: String = Catalog.defaultTable) -> CatalogEntry? {
        tables[table]?.entry(key)
    }

    /// Adds a parsed file's entries to `table`, replacing entries with the same key.
    public mutating func overlay(_ file: StringsFile, table: String) {
        tables[table, default: StringTable()].overlay(file.table)
        duplicateLocations += file.duplicateLocations
    }

    public mutating func record(_ error: CatalogError) {
        errors.append(error)
    }
}
