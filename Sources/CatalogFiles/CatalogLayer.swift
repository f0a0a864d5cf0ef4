import Foundation
import Localization

/// One folder of catalogs as lint sees it, before any merging with another folder: the
/// shared `Localizations/`, or one flavor's overrides.
package struct CatalogLayer: Sendable {
    /// `shared`, or the flavor's name.
    package let name: String
    package let folder: URL
    package let catalogs: [LanguageTag: Catalog]
    /// The folder's String Catalogs, whole, by table.
    package let stringCatalogs: [String: StringCatalog]

    package init(name: String, folder: URL) {
        self.name = name
        self.folder = folder
        // Lint reads no comment. The String Catalogs are read (once, whole) while the
        // languages are listed; the languages are then built on every core.
        let store = CatalogStore(checkingFolders: [folder])
        let languages = store.availableLanguages
        self.catalogs = Dictionary(store.catalogs(for: languages).map { ($0.language, $0.catalog) }) { _, last in last }
        var stringCatalogs: [String: StringCatalog] = [:]
        for catalog in store.stringCatalogs(in: folder) {
            stringCatalogs[URL(fileURLWithPath: catalog.path).deletingPathExtension().lastPathComponent] = catalog
        }
        self.stringCatalogs = stringCatalogs
    }

    package var languages: [LanguageTag] { catalogs.keys.sorted() }

    /// Whether the key need not be in every language: a String Catalog marks it not to be
    /// translated (`shouldTranslate: false`), or stale (no code uses it any more).
    package func isExempt(_ key: String, table: String) -> Bool {
        guard let entry = stringCatalogs[table]?[key] else { return false }
        return !entry.isTranslatable || entry.isStale
    }

    /// Whether `language` only overrides a parent the layer also has (`es-MX` beside `es`),
    /// so that missing keys are expected.
    package func isRegionalVariant(_ language: LanguageTag) -> Bool {
        language.withParents.dropFirst().contains { catalogs[$0] != nil }
    }
}

extension Catalog {
    /// Every table name with text or plural entries.
    package var tableNames: [String] { Set(tables.keys).union(plurals.keys).sorted() }

    /// Every key of `table`, text and plural.
    package func keys(in table: String) -> Set<String> {
        var keys = Set(tables[table]?.keys ?? [])
        if let plurals = plurals[table] { keys.formUnion(plurals.keys) }
        return keys
    }

    /// Whether `table` has `key`, as text or as a plural entry.
    package func has(_ key: String, in table: String) -> Bool {
        plurals[table]?[key] != nil || tables[table]?.contains(key) == true
    }

    /// The file a table's entries come from, for reporting what it lacks.
    package func file(of table: String, fallback folder: URL) -> String {
        tables[table]?.files.first ?? plurals[table]?.values.first?.location.path
            ?? folder.appendingPathComponent(
                CatalogFolderLayout.relativePath(language: language, table: table, kind: .strings)
            ).path
    }
}
