import CatalogFiles
import Diagnostics
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
    /// untranslated (a translator starts it; importing creates it).
    public func catalog(for language: LanguageTag, tables selected: [String]? = nil) -> TranslationCatalog {
        TranslationCatalog(
            source: self, translation: store.catalog(for: language) ?? Catalog(language: language),
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
        let reviewKeys = Set(translation.pendingUnits.filter { $0.state == "needs_review" }.map(\.key))
        var units: [TranslationUnit] = []
        let development = source.development
        for table in tables {
            let plurals = development.plurals[table] ?? [:]
            let comments = development.comments[table] ?? [:]
            for entry in development.tables[table]?.entries ?? [] where plurals[entry.key] == nil {
                let target = translation.tables[table]?.entry(entry.key)
                let key = entry.key
                let document = source.stringCatalogEntry(key, at: entry.location)
                if let document, !document.isTranslatable || document.isStale { continue }
                var template = TranslationUnit(
                    table: table, key: key, part: .text,
                    kind: document == nil ? .strings : .xcstrings, source: entry.value, target: target?.value,
                    comment: comments[key], sourceLocation: entry.location, targetLocation: target?.location,
                    needsReview: reviewKeys.contains(key), isSoleVariable: false)
                template.isCommentAutoGenerated = document?.isCommentAutoGenerated == true
                if let document, let unit = document.localization(for: language)?.stringUnit {
                    let path = entry.location.path
                    template.previousSource = unit.state == .needsReview ? unit.previousSource : nil
                    if template.target == nil, unit.isSuggestion, !unit.value.isEmpty {
                        // Not in the runtime's catalog, which leaves suggestions out: taken from the file.
                        template.target = unit.value
                        template.targetLocation = SourceLocation(path: path, line: unit.line, column: 1)
                        template.isSuggestion = true
                        template.needsReview = true
                    }
                }
                units +=
                    Self.deviceUnits(
                        template, document, targetLocation: template.targetLocation, source: source,
                        language: language, rules: rules) ?? [template]
            }
            for key in plurals.keys.sorted() {
                let entry = plurals[key]!
                let document = source.stringCatalogEntry(key, at: entry.location)
                if let document, !document.isTranslatable || document.isStale { continue }
                var translated = translation.plurals[table]?[key]
                // A plural with suggestions is not in the runtime's catalog, which leaves them
                // out: taken from the file, each form to review.
                let suggestions = Self.pluralSuggestions(document?.localization(for: language))
                if !suggestions.isEmpty, let localization = document?.localization(for: language),
                    case .plural(let entry)? = try? XCStringsFile.unit(
                        localization.revealingSuggestions(), location: entry.location)
                {
                    translated = entry
                }
                var template = TranslationUnit(
                    table: table, key: key, part: .pluralFormat,
                    kind: document == nil ? .stringsdict : .xcstrings, source: entry.format, target: translated?.format,
                    comment: comments[key], sourceLocation: entry.location, targetLocation: translated?.location,
                    needsReview: reviewKeys.contains(key), isSoleVariable: false)
                template.isCommentAutoGenerated = document?.isCommentAutoGenerated == true
                var made =
                    Self.deviceUnits(
                        template, document, targetLocation: translated?.location, source: source, language: language,
                        rules: rules) ?? Self.units(of: entry, translated: translated, template: template, rules: rules)
                Self.mark(&made, suggestions)
                units += made
            }
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
                units.append(unit)
            }
        }
        let language = translation.language
        for index in units.indices where units[index].target != nil {
            let unit = units[index]
            units[index].isStale = source.record(of: unit)?.isStale(unit, language: language) ?? false
        }
        self.units = units
    }

    /// A language's plural suggestions (units no person confirmed): variable → category →
    /// the text each was made from (`""` when not kept). The cases of `variations.plural`
    /// are those of the variable `plural`, as `XCStringsFile` names it.
    private static func pluralSuggestions(_ localization: StringCatalog.Localization?) -> [String: [String: String]] {
        var found: [String: [String: String]] = [:]
        let note = { (variable: String, cases: KeyedList<StringCatalog.Localization>?) in
            for (category, variant) in cases ?? KeyedList() {
                if let unit = variant.stringUnit, unit.isSuggestion, !unit.value.isEmpty {
                    found[variable, default: [:]][category] = unit.previousSource ?? ""
                }
            }
        }
        note("plural", localization?.variations?.plural)
        for (name, substitution) in localization?.substitutions ?? KeyedList() {
            note(name, substitution.variations?.plural)
        }
        return found
    }

    /// The plural forms among `units` that `suggestions` has, marked as suggestions to review
    /// with the text each was made from.
    private static func mark(_ units: inout [TranslationUnit], _ suggestions: [String: [String: String]]) {
        for index in units.indices {
            guard case .variant(let variable, let category) = units[index].part,
                let previous = suggestions[variable]?[category.rawValue]
            else { continue }
            units[index].isSuggestion = true
            units[index].needsReview = true
            units[index].previousSource = previous.isEmpty ? nil : previous
        }
    }

    /// The units of a String Catalog key whose development text varies by device: each
    /// device case's text or plural entry, against the language's text for that case (its
    /// own case, or its one text when it does not vary by device). Nil for any other key.
    private static func deviceUnits(
        _ template: TranslationUnit, _ document: StringCatalog.Entry?, targetLocation: SourceLocation?,
        source: TranslationSource, language: LanguageTag, rules: PluralRules
    ) -> [TranslationUnit]? {
        guard let document, let path = template.sourceLocation?.path,
            let devices = document.localization(for: source.project.developmentLanguage)?.variations?.device
        else { return nil }
        // With no translation the runtime read (suggestions alone, which it leaves out), the
        // language's cases are looked for in the development text's own file.
        let targetDocument = source.stringCatalogEntry(template.key, at: targetLocation) ?? document
        let targetPath = targetLocation?.path ?? path
        let localization = targetDocument.localization(for: language)
        var units: [TranslationUnit] = []
        for (device, variant) in devices {
            let at = SourceLocation(path: path, line: variant.line, column: 1)
            guard case .some(let unit) = try? XCStringsFile.unit(variant, location: at, isSource: true) else {
                continue
            }
            let targetCase = localization.flatMap {
                $0.variations?.device == nil ? $0 : $0.variations?.device?[device]
            }
            let targetAt = targetCase.map { SourceLocation(path: targetPath, line: $0.line, column: 1) }
            // Suggestions, which the runtime leaves out, shown to translators as such.
            let textSuggestion = targetCase?.stringUnit.flatMap { $0.isSuggestion && !$0.value.isEmpty ? $0 : nil }
            let suggestions = Self.pluralSuggestions(targetCase)
            let shown = textSuggestion == nil && suggestions.isEmpty ? targetCase : targetCase?.revealingSuggestions()
            let translated = shown.flatMap { try? XCStringsFile.unit($0, location: targetAt!) }
            var review = false
            targetCase?.forEachUnit { if $0.state == .needsReview { review = true } }
            var deviceTemplate = template
            deviceTemplate.device = device
            deviceTemplate.sourceLocation = at
            deviceTemplate.targetLocation = targetAt
            deviceTemplate.needsReview = review
            switch unit {
            case .text(let text):
                deviceTemplate.part = .text
                deviceTemplate.source = text
                if case .text(let target) = translated {
                    deviceTemplate.target = target
                    if let textSuggestion {
                        deviceTemplate.isSuggestion = true
                        deviceTemplate.previousSource = textSuggestion.previousSource
                    }
                } else {
                    deviceTemplate.target = nil
                }
                units.append(deviceTemplate)
            case .plural(let entry):
                deviceTemplate.part = .pluralFormat
                deviceTemplate.source = entry.format
                var translatedEntry: PluralEntry?
                if case .plural(let target) = translated { translatedEntry = target }
                deviceTemplate.target = translatedEntry?.format
                var made = Self.units(of: entry, translated: translatedEntry, template: deviceTemplate, rules: rules)
                Self.mark(&made, suggestions)
                units += made
            }
        }
        return units
    }

    /// A plural entry's units: its format, then every variable's variants in the categories
    /// the language has (and any other it gives), made from `template`.
    private static func units(
        of entry: PluralEntry, translated: PluralEntry?, template: TranslationUnit, rules: PluralRules
    ) -> [TranslationUnit] {
        // One variable and nothing else: its variants are the whole text (no nested variables).
        let sole =
            entry.soleVariable != nil && entry.variables.count == 1
            && (translated == nil || translated!.format == entry.format)
        var template = template
        template.isSoleVariable = sole
        var units = [template]
        // A String Catalog writes a substitution's own number `%arg`; Xcode's exports spell it out.
        let spells = template.kind == .xcstrings && !sole
        let arguments = spells ? entry.variableArguments : [:]
        for name in variableOrder(entry) {
            let variable = entry.variables[name]!
            let own = translated?.variables[name]?.variants ?? [:]
            let categories = Set(rules.categories).union(own.keys).sorted()
            let spelled = { (text: String) -> String in
                guard spells, let position = variable.argument ?? arguments[name] else { return text }
                return text.replacingOccurrences(of: "%arg", with: "%\(position)$\(variable.valueType)")
            }
            let developmentVariants = variable.variants.mapValues(spelled)
            for category in categories {
                var unit = template
                unit.part = .variant(variable: name, category: category)
                unit.developmentVariants = developmentVariants
                unit.source = spelled(variable.variants[category] ?? variable.variants[.other] ?? "")
                unit.target = own[category].map(spelled)
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
