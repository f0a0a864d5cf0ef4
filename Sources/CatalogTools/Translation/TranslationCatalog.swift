import Diagnostics
import Foundation
import Localization

/// A project's catalogs as translators see them: for one flavor (or the shared catalogs
/// alone), the development language's entries as the source of every unit. A flavor's
/// source also has the table `InfoPlist`: its `Info.plist`'s texts shown to users (the
/// name and the other `InfoPlistTexts.keys`), translated in its `<lang>.lproj/InfoPlist.strings`.
public struct TranslationSource: Sendable {
    /// The project read.
    public let project: LintProject
    /// The flavor whose overrides apply, or nil for the shared catalogs.
    public let flavor: String?
    let store: CatalogStore
    let development: Catalog
    /// What the translations were made from: the shared record, then the flavor's.
    let records: [TranslationRecord]

    /// A flavor the project does not have, or a project without the development language's
    /// catalogs, is a diagnostic naming what there is.
    public init(project: LintProject, flavor: String? = nil) throws(Diagnostic) {
        self.project = project
        self.flavor = flavor
        var folders = [project.layout.localizations]
        if let flavor {
            guard project.flavors.contains(flavor) else {
                throw Diagnostic(
                    "no flavor named \"\(Diagnostic.quote(flavor))\" (have: \(project.flavors.joined(separator: ", ")))"
                )
            }
            folders.append(project.layout.localizations(flavor: flavor))
        }
        records = try folders.map { folder throws(Diagnostic) in try TranslationRecord(folder: folder) }
        store = CatalogStore(folders: folders, keepingComments: true)
        guard var development = store.catalog(for: project.developmentLanguage) else {
            throw Diagnostic(
                "no catalog for the development language \(project.developmentLanguage)",
                path: project.layout.localizations.path)
        }
        if let flavor, let texts = InfoPlistTexts.strings(of: flavor, in: project, languages: store) {
            development.overlay(texts, table: InfoPlistTexts.table)
        }
        self.development = development
    }

    /// The record beside the unit's translation: the flavor's for a translation in its folder.
    func record(of unit: TranslationUnit) -> TranslationRecord? {
        guard let path = unit.targetLocation?.path else { return records.first }
        return records.last { path.hasPrefix($0.url.deletingLastPathComponent().path + "/") } ?? records.first
    }

    /// Every language with catalogs, the development language included, sorted.
    public var languages: [LanguageTag] { store.availableLanguages }

    /// The development language's tables, sorted.
    public var tables: [String] { development.tableNames }

    /// One language's units; a language the project does not have is a diagnostic naming
    /// those it has.
    public func catalog(for language: LanguageTag, tables selected: [String]? = nil) throws(Diagnostic)
        -> TranslationCatalog
    {
        guard let translation = store.catalog(for: language) else {
            throw Diagnostic(
                "no catalog for \(language) (have: \(languages.map(\.description).joined(separator: ", ")))")
        }
        return TranslationCatalog(source: self, translation: translation, tables: selected ?? tables)
    }
}

/// One language's units, in the development language's order: each table's text entries as
/// its file lists them, then its plural entries by key, each as its format and then every
/// variable's variants (the variables the format names in order, then the others by name).
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

    init(source: TranslationSource, translation: Catalog, tables: [String]) {
        self.source = source
        self.translation = translation
        language = translation.language
        rules = PluralRules.rules(for: translation.language)
        let reviewKeys = Set(translation.pendingUnits.filter { $0.state == "needs_review" }.map(\.key))
        var units: [TranslationUnit] = []
        let development = source.development
        for table in tables {
            let plurals = development.plurals[table] ?? [:]
            for entry in development.tables[table]?.entries ?? [] where plurals[entry.key] == nil {
                let target = translation.tables[table]?.entry(entry.key)
                units.append(
                    TranslationUnit(
                        table: table, key: entry.key, part: .text,
                        kind: entry.location.path.hasSuffix(".xcstrings") ? .xcstrings : .strings,
                        source: entry.value, target: target?.value,
                        comment: development.comments[table]?[entry.key], sourceLocation: entry.location,
                        targetLocation: target?.location, needsReview: reviewKeys.contains(entry.key),
                        isSoleVariable: false))
            }
            for key in plurals.keys.sorted() {
                units += Self.units(
                    of: plurals[key]!, key: key, table: table, translated: translation.plurals[table]?[key],
                    rules: rules, needsReview: reviewKeys.contains(key))
            }
        }
        let language = translation.language
        for index in units.indices where units[index].target != nil {
            let unit = units[index]
            units[index].isStale = source.record(of: unit)?.isStale(unit, language: language) ?? false
        }
        self.units = units
    }

    private static func units(
        of entry: PluralEntry, key: String, table: String, translated: PluralEntry?, rules: PluralRules,
        needsReview: Bool
    ) -> [TranslationUnit] {
        // One variable and nothing else: its variants are the whole text (no nested variables).
        let sole =
            entry.soleVariable != nil && entry.variables.count == 1
            && (translated == nil || translated!.format == entry.format)
        let kind: CatalogFolderLayout.FileKind =
            entry.location.path.hasSuffix(".xcstrings") ? .xcstrings : .stringsdict
        let template = TranslationUnit(
            table: table, key: key, part: .pluralFormat, kind: kind, source: entry.format,
            target: translated?.format, comment: nil, sourceLocation: entry.location,
            targetLocation: translated?.location, needsReview: needsReview, isSoleVariable: sole)
        var units = [template]
        for name in variableOrder(entry) {
            let variable = entry.variables[name]!
            let own = translated?.variables[name]?.variants ?? [:]
            let categories = Set(rules.categories).union(own.keys).sorted()
            for category in categories {
                var unit = template
                unit.part = .variant(variable: name, category: category)
                unit.source = variable.variants[category] ?? variable.variants[.other] ?? ""
                unit.target = own[category]
                units.append(unit)
            }
        }
        return units
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

    /// The language's own plural entry for `key`.
    func translatedPlural(_ key: String, table: String) -> PluralEntry? {
        translation.plurals[table]?[key]
    }

    /// Problems the readers reported for the development language or this one.
    public var readingErrors: [Diagnostic] {
        Array(Set(source.development.errors + translation.errors)).sorted()
    }
}
