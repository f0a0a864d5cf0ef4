import CatalogFiles
import Diagnostics
import FileFormats
import Foundation
import Localization

/// A project's catalogs as translators see them: for one flavor (or the shared catalogs
/// alone), the development language's entries as the source of every unit. A flavor's
/// source also has the table `InfoPlist`: its `Info.plist`'s texts shown to users (the
/// name and the other `InfoPlistTexts.keys`), translated in its `<lang>.lproj/InfoPlist.strings`.
public struct TranslationSource: Sendable {
    /// The project read.
    public let project: CatalogProject
    /// The flavor whose overrides apply, or nil for the shared catalogs.
    public let flavor: String?
    let store: CatalogStore
    let development: Catalog
    /// What the translations were made from: the shared record, then the flavor's.
    let records: [TranslationRecord]
    /// The folder of each record, with a final `/`.
    private let recordFolders: [String]
    /// The String Catalogs of the folders.
    private let stringCatalogs: [StringCatalog]

    /// A flavor the project does not have, or a project without the development language's
    /// catalogs, is a diagnostic naming what there is. `languages`: the only languages to be
    /// translated into (String Catalogs are then read with these and the development language only).
    public init(project: CatalogProject, flavor: String? = nil, languages: [LanguageTag]? = nil) throws(Diagnostic) {
        var folders = [project.layout.localizations]
        if let flavor {
            guard project.flavors.contains(flavor) else {
                throw Diagnostic(
                    "no flavor named \"\(Diagnostic.quote(flavor))\" (have: \(project.flavors.joined(separator: ", ")))"
                )
            }
            folders.append(project.layout.localizations(flavor: flavor))
        }
        try self.init(
            project: project, flavor: flavor,
            store: CatalogStore(
                folders: folders, keepingComments: true,
                readingLanguages: languages.map { Set($0 + [project.developmentLanguage]) }))
    }

    /// The same over catalogs already being read (a tool's `store` of the shared folder and
    /// the flavor's), so that nothing is read twice.
    init(project: CatalogProject, flavor: String?, store: CatalogStore) throws(Diagnostic) {
        self.project = project
        self.flavor = flavor
        self.store = store
        let folders = store.folders
        records = try folders.map { folder throws(Diagnostic) in try TranslationRecord(folder: folder) }
        recordFolders = records.map { $0.url.deletingLastPathComponent().path + "/" }
        guard var development = store.catalog(for: project.developmentLanguage) else {
            throw Diagnostic(
                "no catalog for the development language \(project.developmentLanguage)",
                path: project.layout.localizations.path)
        }
        stringCatalogs = folders.flatMap(store.stringCatalogs(in:))
        if let flavor, let texts = try InfoPlistTexts.strings(of: flavor, in: project, languages: store) {
            development.overlay(texts, table: InfoPlistTexts.table)
        }
        self.development = development
    }

    /// The record beside the unit's translation: the flavor's for a translation in its folder.
    func record(of unit: TranslationUnit) -> TranslationRecord? {
        guard let path = unit.targetLocation?.path else { return records.first }
        return records.indices.last { path.hasPrefix(recordFolders[$0]) }.map { records[$0] } ?? records.first
    }

    /// Whether the unit's translation was made from a development-language text that has
    /// changed since, as its record says.
    func isStale(_ unit: TranslationUnit, language: LanguageTag) -> Bool {
        record(of: unit)?.isStale(unit, language: language) ?? false
    }

    /// The String Catalog entry for `key` in the catalog `location` is in; nil for a key
    /// read from `.strings` or `.stringsdict`.
    func stringCatalogEntry(_ key: String, at location: SourceLocation?) -> StringCatalog.Entry? {
        guard let path = location?.path else { return nil }
        // Found in place, not copied out: a catalog is large, and this runs for every key.
        for index in stringCatalogs.indices where stringCatalogs[index].path == path {
            return stringCatalogs[index][key]
        }
        return nil
    }

    /// Every language with catalogs, the development language included, sorted.
    public var languages: [LanguageTag] { store.availableLanguages }

    /// The development language's tables, sorted.
    public var tables: [String] {
        Set(development.tableNames + stringCatalogs.map(\.table)).sorted()
    }

    /// The entries of `table`'s String Catalogs whose development language gives phrases
    /// (App Shortcuts' `stringSet`), each with its catalog's path: the flavor's where it has
    /// the key, else the shared one's.
    func phraseEntries(in table: String) -> [(entry: StringCatalog.Entry, path: String)] {
        var found: [String: (entry: StringCatalog.Entry, path: String)] = [:]
        var order: [String] = []
        for catalog in stringCatalogs where catalog.table == table {
            for entry in catalog.entries where entry.localization(for: project.developmentLanguage)?.stringSet != nil {
                if found[entry.key] == nil { order.append(entry.key) }
                found[entry.key] = (entry, catalog.path)
            }
        }
        return order.map { found[$0]! }
    }

    /// The language's phrases for `key` in `table`, where it has them: the flavor's catalog
    /// first, then the shared one's.
    func phrases(_ key: String, in table: String, language: LanguageTag) -> (
        set: StringCatalog.StringSet, path: String
    )? {
        for catalog in stringCatalogs.reversed() where catalog.table == table {
            if let set = catalog[key]?.localization(for: language)?.stringSet { return (set, catalog.path) }
        }
        return nil
    }

    /// One language's units; for a language the project does not have yet, every unit
    /// untranslated (a translator starts it; importing creates it). With `keeping` false, the
    /// language's catalog is not kept by the store once read (`CatalogStore.catalogWithoutKeeping(for:)`).
    public func catalog(for language: LanguageTag, tables selected: [String]? = nil, keeping: Bool = true)
        -> TranslationCatalog
    {
        TranslationCatalog(
            source: self,
            translation: (keeping ? store.catalog(for: language) : store.catalogWithoutKeeping(for: language))
                ?? Catalog(language: language),
            tables: selected ?? tables)
    }
}

/// One language's units, in the development language's order: each table's text entries as
/// its file lists them, then its plural entries by key, each as its format and then every
/// variable's variants (the variables the format names in order, then the others by name).
/// A String Catalog text that varies by device is one set of units per device case; App
/// Shortcuts phrases (`stringSet`) come last, one unit a key; a key marked not to be
/// translated (`shouldTranslate: false`) or stale (no code uses it) has none.
public struct TranslationCatalog: Sendable {
    /// Where the units come from: the project, the flavor and the development language.
    public let source: TranslationSource
    /// The language the units translate into.
    public let language: LanguageTag
    /// The language's CLDR cardinal rules: which plural forms it has.
    public let rules: PluralRules
    /// Every unit, in the order described above.
    public let units: [TranslationUnit]
    /// The language's own catalog (no fallback).
    let translation: Catalog

    /// Whether `other` is the same language of the same flavor (or of the shared catalogs).
    func isSame(as other: TranslationCatalog) -> Bool {
        language == other.language && source.flavor == other.source.flavor
    }

    init(source: TranslationSource, translation: Catalog, tables: [String]) {
        self.source = source
        self.translation = translation
        language = translation.language
        rules = PluralRules.rules(for: translation.language)
        let reviewKeys = Set(
            translation.pendingUnits.filter { $0.state == "needs_review" }.map { LiteralKey($0.key) })
        var units: [TranslationUnit] = []
        let development = source.development
        for table in tables {
            let made = TableUnits(
                source: source, translation: translation, table: table, plurals: development.plurals[table] ?? [:],
                comments: development.comments[table] ?? [:], reviewKeys: reviewKeys, rules: rules)
            // Each key's units are made alone: a large catalog's, on every core.
            let entries = development.tables[table]?.entries ?? []
            for part in inParts(entries.count, { made.textUnits(entries[$0]) }) { units += part }
            let keys = made.plurals.keys.sorted()
            // A plural key makes several units, each costlier than a text's.
            for part in inParts(keys.count, concurrentFrom: 250, { made.pluralUnits(keys[$0]) }) { units += part }
        }
        for table in tables {
            for (entry, path) in source.phraseEntries(in: table) where entry.isTranslatable && !entry.isStale {
                guard let phrases = entry.localization(for: source.project.developmentLanguage)?.stringSet else {
                    continue
                }
                let target = source.phrases(entry.key, in: table, language: translation.language)
                var unit = TranslationUnit(
                    table: table, key: entry.key, part: .phrases, kind: .xcstrings,
                    source: phrases.values.joined(separator: "\n"), target: target?.set.values.joined(separator: "\n"),
                    comment: entry.comment, sourceLocation: SourceLocation(path: path, line: phrases.line, column: 1),
                    targetLocation: target.map { SourceLocation(path: $0.path, line: $0.set.line, column: 1) },
                    needsReview: target?.set.state == .needsReview, isSoleVariable: false)
                if target?.set.state == .new { unit.target = nil }
                unit.isCommentAutoGenerated = entry.isCommentAutoGenerated == true
                unit.isStale = unit.target != nil && source.isStale(unit, language: language)
                units.append(unit)
            }
        }
        self.units = units
    }

    /// The variables the format names, in order, then the others (nested ones) by name.
    static func variableOrder(_ entry: PluralEntry) -> [String] {
        var names: [String] = []
        for name in entry.referencedVariables where entry.variables[name] != nil && !names.contains(name) {
            names.append(name)
        }
        return names + entry.variables.keys.filter { !names.contains($0) }.sorted()
    }

    /// The development language's plural entry for `key`.
    func developmentPlural(_ key: String, table: String) -> PluralEntry? {
        source.development.plurals[table]?[key]
    }

    /// The development language's and the language's plural entries a unit belongs to: for
    /// a String Catalog text that varies by device, those of its device case.
    func pluralEntries(of unit: TranslationUnit) -> (development: PluralEntry?, translated: PluralEntry?) {
        guard let device = unit.device else {
            return (developmentPlural(unit.key, table: unit.table), translation.plurals[unit.table]?[unit.key])
        }
        func plural(_ localization: StringCatalog.Localization?, at location: SourceLocation?, isSource: Bool)
            -> PluralEntry?
        {
            let chosen = localization.flatMap { $0.variations?.device == nil ? $0 : $0.variations?.device?[device] }
            guard let chosen, let location,
                case .plural(let entry)? = try? XCStringsFile.unit(chosen, location: location, isSource: isSource)
            else { return nil }
            return entry
        }
        let development = source.stringCatalogEntry(unit.key, at: unit.sourceLocation)?
            .localization(for: source.project.developmentLanguage)
        let translated = source.stringCatalogEntry(unit.key, at: unit.targetLocation ?? unit.sourceLocation)?
            .localization(for: language)
        return (
            plural(development, at: unit.sourceLocation, isSource: true),
            plural(translated, at: unit.targetLocation, isSource: false)
        )
    }

    /// Problems the readers reported for the development language or this one.
    public var readingErrors: [Diagnostic] {
        Array(Set(source.development.errors + translation.errors)).sorted()
    }
}
