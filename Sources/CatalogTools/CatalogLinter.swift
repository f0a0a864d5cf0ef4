import Diagnostics
import Foundation
import Localization

/// Checks every catalog of a project, in every language and flavor, against the development
/// language, the CLDR plural rules and the keys the sources use. See `LintRule` for the checks.
public struct CatalogLinter {
    public let project: LintProject
    private let shared: CatalogLayer
    private let flavorLayers: [(layer: CatalogLayer, infoPlistKeys: Set<String>)]
    private let allowedSame: Set<String>
    private var diagnostics: [LintDiagnostic] = []
    /// Table → key → the development language's format (nil when the text is no format).
    private var developmentFormats: [String: [String: FormatString?]] = [:]
    private var variants = VariantLocator()

    public init(project: LintProject) {
        self.project = project
        shared = CatalogLayer(name: "shared", folder: project.sharedFolder)
        flavorLayers = project.flavors.map { flavor in
            (CatalogLayer(name: flavor.name, folder: flavor.folder.appendingPathComponent("Localizations")),
             project.infoPlistKeys(of: flavor.folder))
        }
        allowedSame = project.allowedSameAsDevelopment()
    }

    /// Every finding, sorted by file and position, paths relative to the project's root.
    public mutating func lint() -> [LintDiagnostic] {
        diagnostics = []
        let development = project.developmentLanguage
        let sharedDevelopment = shared.catalogs[development] ?? Catalog(language: development)
        if shared.catalogs[development] == nil {
            report(.missingKey, "the development language \(development) has no catalog here",
                   at: SourceLocation(path: project.sharedFolder.path, line: 1, column: 1))
        }
        for layer in [shared] + flavorLayers.map(\.layer) {
            for catalog in layer.catalogs.values { reportReading(catalog) }
        }
        lintLayer(shared, against: sharedDevelopment)
        for (layer, infoPlistKeys) in flavorLayers {
            lintOverrides(layer, shared: sharedDevelopment, infoPlistKeys: infoPlistKeys)
        }
        lintKeyUses(sharedDevelopment)
        return relative(Array(Set(diagnostics)).sorted())
    }

    // MARK: What the readers say

    private mutating func reportReading(_ catalog: Catalog) {
        for error in catalog.errors { report(.syntax, error.message, at: error.location ?? SourceLocation(path: error.path ?? "", line: 1, column: 1)) }
        if !catalog.duplicateLocations.isEmpty {
            let duplicates = Set(catalog.duplicateLocations)
            for table in catalog.tables.values {
                for entry in table.entries where duplicates.contains(entry.location) {
                    report(.duplicateKey, "key \"\(entry.key)\" is defined again; this later definition is the one used", at: entry.location)
                }
            }
        }
        for unit in catalog.pendingUnits {
            let consequence = unit.state == "new" ? "untranslated, so the key falls back" : "used, but marked for review"
            report(.needsTranslation, "key \"\(unit.key)\" in \(unit.language) is in state \(unit.state) (\(consequence))", at: unit.location)
        }
    }

    // MARK: Shared catalogs

    private mutating func lintLayer(_ layer: CatalogLayer, against development: Catalog) {
        for table in development.tableNames {
            for (key, plural) in development.plurals[table] ?? [:] {
                checkPluralForms(plural, key: key, language: development.language)
                checkPluralFormat(plural, key: key, against: nil)
            }
        }
        for language in layer.languages where language != development.language {
            guard let catalog = layer.catalogs[language] else { continue }
            compare(catalog, with: development, requireEveryKey: !layer.isRegionalVariant(language), layerFolder: layer.folder)
        }
    }

    /// Compares one language with the development language, table by table. (Findings are
    /// sorted at the end, so keys are visited in file order.)
    private mutating func compare(_ catalog: Catalog, with development: Catalog, requireEveryKey: Bool, layerFolder: URL) {
        let language = catalog.language
        for table in Set(catalog.tableNames).union(development.tableNames).sorted() {
            // A file that could not be read has its own error; its keys are not missing too.
            let unreadable = catalog.errors.contains { URL(fileURLWithPath: $0.path ?? "").deletingPathExtension().lastPathComponent == table }
            let plurals = catalog.plurals[table] ?? [:]
            var shared = 0
            if let text = catalog.tables[table] {
                // First on raw bytes: an entry whose text differs from the development
                // language's but has the same specifiers in the same order needs nothing more.
                var closerLook: [Int] = []
                text.forEachEntry(pairedWith: development.tables[table]) { record, value, developmentValue in
                    if let developmentValue, plurals.isEmpty, !value.elementsEqual(developmentValue),
                       Self.sameSpecifiers(value, developmentValue) {
                        shared += 1
                    } else {
                        closerLook.append(record)
                    }
                }
                for record in closerLook {
                    let entry = text.entry(atRecord: record)
                    if plurals[entry.key] == nil, compareText(entry, table: table, language: language, with: development) { shared += 1 }
                }
            }
            for (key, plural) in plurals where comparePlural(key, plural, table: table, language: language, with: development) {
                shared += 1
            }
            let developmentCount = (development.tables[table]?.count ?? 0) + (development.plurals[table]?.count ?? 0)
            // Only when some key is missing (each key found was counted above) is it worth looking for which.
            if requireEveryKey, !unreadable, shared < developmentCount {
                let file = catalog.file(of: table, fallback: layerFolder)
                let developmentKeys = (development.tables[table]?.keys ?? []) + (development.plurals[table] ?? [:]).keys
                for key in developmentKeys where !catalog.has(key, in: table) {
                    let definition = development.plural(key, table: table)?.location ?? development[key, table: table]?.location
                    report(.missingKey, "key \"\(key)\" is missing in \(language)"
                           + (definition.map { " (\(development.language) has it at \(relative($0)))" } ?? ""),
                           at: SourceLocation(path: file, line: 1, column: 1))
                }
            }
        }
    }

    /// A text entry against the development language's: present, same kind, same format.
    /// Returns whether the development language has the key.
    @discardableResult
    private mutating func compareText(_ entry: StringsEntry, table: String, language: LanguageTag, with development: Catalog) -> Bool {
        let key = entry.key
        guard let developmentValue = development.tables[table]?[key] else {
            if development.plural(key, table: table) != nil {
                report(.formatMismatch, "key \"\(key)\" is plain text in \(language) but a plural entry in \(development.language)",
                       at: entry.location)
            } else {
                report(.extraKey, "key \"\(key)\" is not in the development language \(development.language)", at: entry.location)
                return false
            }
            return true
        }
        if entry.value == developmentValue {
            if Self.hasWords(entry.value) { reportSame(key, language: language, at: entry.location) }
            return true
        }
        // Most translations keep the specifiers as written, in the same order: then they agree.
        guard !Self.sameSpecifiers(entry.value, developmentValue) else { return true }
        let expected = developmentFormat(key, table: table, development)
        guard expected != nil || entry.value.utf8.contains(UInt8(ascii: "%")) else { return true }
        do {
            let format = try FormatString(entry.value)
            let wanted = expected?.signature ?? []
            if format.signature != wanted {
                report(.formatMismatch, "key \"\(key)\": format specifiers \(Self.describe(format.signature)) disagree with "
                       + "\(development.language)'s \(Self.describe(wanted))", at: entry.location)
            }
        } catch {
            if let expected {
                report(.formatMismatch, "key \"\(key)\": not a valid format (\(error.message)); \(development.language) has "
                       + Self.describe(expected.signature), at: entry.location)
            }
        }
        return true
    }

    /// A plural entry: its forms, its formats against the development language's, identical text.
    @discardableResult
    private mutating func comparePlural(_ key: String, _ plural: PluralEntry, table: String, language: LanguageTag,
                                        with development: Catalog) -> Bool {
        guard development.has(key, in: table) else {
            report(.extraKey, "key \"\(key)\" is not in the development language \(development.language)", at: plural.location)
            return false
        }
        defer { checkSamePlural(key, plural, table: table, language: language, with: development) }
        checkPluralForms(plural, key: key, language: language)
        checkPluralFormat(plural, key: key, against: developmentFormat(key, table: table, development))
        return true
    }

    private mutating func checkSamePlural(_ key: String, _ plural: PluralEntry, table: String, language: LanguageTag,
                                          with development: Catalog) {
        if let developmentPlural = development.plural(key, table: table), developmentPlural.format == plural.format,
           developmentPlural.variables.mapValues(\.variants) == plural.variables.mapValues(\.variants) {
            reportSame(key, language: language, at: plural.location)
        }
    }

    /// The development language's text for `key` as a format, parsed once per key; nil when
    /// it takes no arguments or is no valid format (then it is shown as it is, `100%` say).
    private mutating func developmentFormat(_ key: String, table: String, _ development: Catalog) -> FormatString? {
        if let cached = developmentFormats[table]?[key] { return cached }
        var format: FormatString?
        if let plural = development.plural(key, table: table) {
            format = (try? plural.format { _, _ in .other }).flatMap { try? FormatString($0) }
        } else if let entry = development[key, table: table] {
            format = (try? Self.formatIfAny(entry.value)) ?? nil
        }
        if format?.signature.isEmpty == true { format = nil }
        developmentFormats[table, default: [:]][key] = .some(format)
        return format
    }

    /// `text` parsed as a format when it has a `%`; nil otherwise.
    private static func formatIfAny(_ text: String) throws(FormatString.Invalid) -> FormatString? {
        text.utf8.contains(UInt8(ascii: "%")) ? try FormatString(text) : nil
    }

    // MARK: Plurals

    /// Every category the language's CLDR rules use, in every variable.
    private mutating func checkPluralForms(_ entry: PluralEntry, key: String, language: LanguageTag) {
        let needed = PluralRules.rules(for: language).categories
        for name in entry.variables.keys.sorted() {
            let missing = needed.filter { entry.variables[name]!.variants[$0] == nil }
            guard !missing.isEmpty else { continue }
            report(.pluralForms, "key \"\(key)\": variable \"\(name)\" lacks \(missing.map(\.rawValue).joined(separator: ", ")), "
                   + "which \(language) needs (\(needed.map(\.rawValue).joined(separator: ", ")))",
                   at: variants.locate(variable: name, category: nil, in: entry.location))
        }
    }

    /// Each variant, put in place with the other variables at `other`, must be a valid format
    /// that asks for nothing the development language's does not give.
    private mutating func checkPluralFormat(_ entry: PluralEntry, key: String, against expected: FormatString?) {
        for name in entry.variables.keys.sorted() {
            for category in PluralCategory.allCases where entry.variables[name]!.variants[category] != nil {
                guard let problem = Self.problem(entry, variable: name, category: category, against: expected) else { continue }
                report(.formatMismatch, "key \"\(key)\", variable \"\(name)\", \(category.rawValue): \(problem)",
                       at: variants.locate(variable: name, category: category, in: entry.location))
                return
            }
        }
    }

    /// What is wrong with one variant put in place, or nil.
    private static func problem(_ entry: PluralEntry, variable name: String, category: PluralCategory,
                                against expected: FormatString?) -> String? {
        let text: String
        do {
            text = try entry.format { variable, _ in variable == name ? category : .other }
        } catch {
            return error.message
        }
        let format: FormatString
        do {
            format = try FormatString(text)
        } catch {
            return "not a valid format (\(error.message))"
        }
        if let expected, !expected.accepts(format) {
            return "format specifiers \(describe(format.signature)) disagree with the development language's \(describe(expected.signature))"
        }
        return nil
    }

    // MARK: Flavor overrides

    private mutating func lintOverrides(_ layer: CatalogLayer, shared development: Catalog, infoPlistKeys: Set<String>) {
        let developmentLanguage = development.language
        // The development language as the flavor shows it: its overrides on the shared text.
        var merged = development
        if let overrides = layer.catalogs[developmentLanguage] {
            for table in overrides.tableNames {
                if let text = overrides.tables[table] { merged.overlay(text, table: table) }
                if let plurals = overrides.plurals[table] { merged.overlay(plurals: plurals, table: table) }
            }
        }
        developmentFormats = [:]  // cached for the shared development language, not this merged one
        for language in layer.languages {
            guard let catalog = layer.catalogs[language] else { continue }
            for table in catalog.tableNames {
                let plurals = catalog.plurals[table] ?? [:]
                let entries = (catalog.tables[table]?.liveEntries ?? []).filter { plurals[$0.key] == nil }
                for (key, location) in entries.map({ ($0.key, $0.location) }) + plurals.map({ ($0.key, $0.value.location) }) {
                    let known = table == "InfoPlist" ? infoPlistKeys.contains(key) : development.has(key, in: table)
                    if !known {
                        let base = table == "InfoPlist" ? "the flavor's Info.plist" : "the shared catalogs"
                        report(.orphanOverride, "\(layer.name) overrides key \"\(key)\", which \(base) do not have", at: location)
                    }
                }
                guard language != developmentLanguage else { continue }
                for entry in entries where merged.has(entry.key, in: table) {
                    compareText(entry, table: table, language: language, with: merged)
                }
                for (key, plural) in plurals where merged.has(key, in: table) {
                    comparePlural(key, plural, table: table, language: language, with: merged)
                }
            }
        }
        // A key the flavor rewords in the development language needs its own translation in
        // every full language, or those show the shared translation of other words.
        guard let overrides = layer.catalogs[developmentLanguage] else { return }
        for language in shared.languages where language != developmentLanguage && !shared.isRegionalVariant(language) {
            for table in overrides.tableNames {
                let translated = layer.catalogs[language]?.keys(in: table) ?? []
                for key in overrides.keys(in: table).subtracting(translated).sorted() {
                    let location = overrides.plural(key, table: table)?.location ?? overrides[key, table: table]!.location
                    report(.missingKey, "key \"\(key)\" is reworded by \(layer.name) in \(developmentLanguage) but has no \(layer.name) "
                           + "override in \(language), which shows the shared translation", at: location)
                }
            }
        }
    }

    // MARK: Keys in the sources

    private mutating func lintKeyUses(_ development: Catalog) {
        let uses = KeyUseScanner.scan(folder: project.sourcesFolder)
        guard !uses.isEmpty else { return }
        let table = Catalog.defaultTable
        for use in uses where !development.has(use.key, in: table) {
            report(.undefinedKey, "key \"\(use.key)\" is used here but \(development.language) does not define it", at: use.location)
        }
        let used = Set(uses.map(\.key))
        for key in development.keys(in: table).subtracting(used).sorted() {
            let location = development.plural(key, table: table)?.location ?? development[key, table: table]!.location
            report(.unusedKey, "key \"\(key)\" is not used by any source file (text(\"\(key)\"…))", at: location)
        }
    }

    // MARK: Statistics

    /// How many of the development language's keys each language has (itself or through a
    /// parent other than the development language), shared and as each flavor shows them.
    public func statistics() -> [TranslationStatistics] {
        let development = project.developmentLanguage
        let layers: [[CatalogLayer]] = [[shared]] + flavorLayers.map { [shared, $0.layer] }
        return layers.flatMap { stack -> [TranslationStatistics] in
            func keys(_ language: LanguageTag) -> Set<String> {
                stack.reduce(into: Set<String>()) { keys, layer in
                    guard let catalog = layer.catalogs[language] else { return }
                    for table in catalog.tableNames { keys.formUnion(catalog.keys(in: table).map { "\(table)\u{0}\($0)" }) }
                }
            }
            let wanted = keys(development)
            return shared.languages.filter { $0 != development }.map { language in
                let chain = language.withParents.filter { $0 != development }
                let have = chain.reduce(into: Set<String>()) { $0.formUnion(keys($1)) }
                return TranslationStatistics(catalog: stack.last!.name, language: language,
                                             translated: wanted.intersection(have).count, total: wanted.count)
            }
        }
    }

    // MARK: Reporting

    private mutating func report(_ rule: LintRule, _ message: String, at location: SourceLocation) {
        diagnostics.append(LintDiagnostic(rule, message, at: location))
    }

    private mutating func reportSame(_ key: String, language: LanguageTag, at location: SourceLocation) {
        guard !allowedSame.contains(key), !allowedSame.contains("\(language) \(key)") else { return }
        report(.sameAsDevelopment, "key \"\(key)\" in \(language) reads the same as in \(project.developmentLanguage) "
               + "(list it in Localizations/\(LintProject.allowListName) if that is intended)", at: location)
    }

    private func relative(_ location: SourceLocation) -> String {
        var copy = location
        copy.path = relativePath(location.path)
        return copy.description
    }

    private func relative(_ diagnostics: [LintDiagnostic]) -> [LintDiagnostic] {
        diagnostics.map { diagnostic in
            var copy = diagnostic
            copy.location.path = relativePath(diagnostic.location.path)
            return copy
        }
    }

    private func relativePath(_ path: String) -> String {
        let prefix = project.root.path.hasSuffix("/") ? project.root.path : project.root.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Whether both texts have the same specifiers (`%` up to its conversion, as written) in
    /// the same order, so that neither needs parsing to know they agree. Texts without any
    /// `%` agree too.
    static func sameSpecifiers(_ first: String, _ second: String) -> Bool {
        var first = first, second = second
        first.makeContiguousUTF8()
        second.makeContiguousUTF8()
        return first.utf8.withContiguousStorageIfAvailable { a in
            second.utf8.withContiguousStorageIfAvailable { b in sameSpecifiers(a, b) }
        }?.flatMap { $0 } ?? false
    }

    static func sameSpecifiers(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let percent = UInt8(ascii: "%")
        var i = 0, j = 0
        while true {
            while i < a.count, a[i] != percent { i += 1 }
            while j < b.count, b[j] != percent { j += 1 }
            guard (i < a.count) == (j < b.count) else { return false }
            guard i < a.count else { return true }
            // Compare up to and including the conversion.
            repeat {
                i += 1
                j += 1
                guard i < a.count, j < b.count else { return i >= a.count && j >= b.count }
                guard a[i] == b[j] else { return false }
            } while !(a[i] == percent || a[i] >= 0x80 || isConversion(a[i]))
            i += 1
            j += 1
        }
    }

    private static func isConversion(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "@"), UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "U"),
             UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "o"), UInt8(ascii: "O"), UInt8(ascii: "f"), UInt8(ascii: "F"),
             UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"),
             UInt8(ascii: "c"), UInt8(ascii: "C"), UInt8(ascii: "s"), UInt8(ascii: "S"), UInt8(ascii: "p"):
            return true
        default:
            return false
        }
    }

    /// `%1$d, %2$@`, or `no arguments`.
    static func describe(_ signature: [FormatString.ArgumentKind?]) -> String {
        let parts = signature.enumerated().compactMap { position, kind in
            kind.map { "%\(position + 1)$\($0.rawValue.dropFirst())" }
        }
        return parts.isEmpty ? "no arguments" : parts.joined(separator: ", ")
    }

    /// Whether text has a letter outside its format specifiers (`%d / %d` has none).
    static func hasWords(_ text: String) -> Bool {
        var skipping = false
        for scalar in text.unicodeScalars {
            if scalar == "%" { skipping = true; continue }
            if skipping {
                if "@dDiuUxXoOfFeEgGaAcCsSp%".unicodeScalars.contains(scalar) { skipping = false }
                continue
            }
            if scalar.properties.isAlphabetic { return true }
        }
        return false
    }
}
