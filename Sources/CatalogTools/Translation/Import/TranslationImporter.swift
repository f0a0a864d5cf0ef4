import Diagnostics
import Foundation
import Localization

/// `flavorkit import FILE…`: translators' files (`.po`, `.xliff`, `.xcloc`) read back into
/// the catalogs their units come from, in those files' own formats: `.strings` and
/// `.stringsdict` edited in place (`StringsFileEditor`, `StringsDictEditor`), a String
/// Catalog read whole, each translation put where its unit came from (`StringCatalogEditor`)
/// and written back in Xcode's layout (`StringCatalogWriter`).
///
/// Each translation is checked before it is taken: one whose format specifiers disagree with
/// the development language's, a key (or XLIFF id, or `msgctxt`) the catalogs do not have,
/// and a plural form the language does not have are errors at the translator's file and
/// line; a translator's file with one such error is taken all or nothing, as translators'
/// tools do: nothing of it is written (the other files are), and an error says so. A unit whose
/// development-language text changed
/// since the export is reported as stale (a warning) and left alone. A translation the
/// translator left as the export gave it (its `TranslationUnit.exportMark`) changes nothing,
/// whatever the catalog says now; one the translator changed where the catalog changed too
/// since the export is an error, and the catalog's text stays: nobody's change is lost. A file for a language
/// that is not a language tag, or a flavor the project does not have, is an error, and nothing
/// of it is taken. Each file goes into the language it names (a PO file's `Language` header,
/// an XLIFF's `target-language`), whatever the other files name: files of several languages
/// imported together each land in their own, in one String Catalog too. A language the
/// catalogs do not have yet is started, in the package's own
/// format (a `<lang>.lproj` folder beside the others, or the language in the String Catalog). What is
/// taken is planned as whole new file contents (`writes`), which the caller writes
/// atomically, together with the `TranslationRecord` of each catalog folder written (what
/// each taken translation was made from). A translation equal to what the catalog has
/// changes nothing, so importing an unedited export writes no file; only a stale
/// translation the translator left as it was and marked reviewed (no `#, fuzzy`, an XLIFF
/// state other than `new` or `needs-…`) is recorded as current (`confirmed`).
public struct TranslationImporter {
    /// The project written into.
    public let project: LintProject
    /// Errors (refused translations, unreadable files) and warnings (stale units).
    public private(set) var diagnostics: [Diagnostic] = []
    /// How many translations changed.
    public private(set) var changed = 0
    /// How many stale translations were confirmed unchanged.
    public private(set) var confirmed = 0
    /// How many translations changed in each language.
    public private(set) var changedByLanguage: [LanguageTag: Int] = [:]
    /// Catalog file → its new content.
    public private(set) var writes: [(url: URL, data: Data)] = []

    /// One translation read from a translator's file.
    struct Imported {
        var unit: TranslationUnit
        var text: String
        /// The development language's text as the file gives it, when it does.
        var source: String?
        /// Where the translator's file gives it; nil for a catalog's own text.
        var location: SourceLocation?
        /// Whether the translator's file marks it reviewed (not fuzzy, not `needs-…`).
        var reviewed = true
        /// The unit's export mark, when the file carries it.
        var exportMark: String?

        /// A stale translation kept as it is, reviewed, against today's development text.
        var confirmsStale: Bool {
            reviewed && unit.isStale && text == unit.target && (source == nil || source == unit.source)
        }

        /// A diagnostic about it, at its place in the translator's file.
        func diagnostic(_ message: String, severity: Diagnostic.Severity = .error) -> Diagnostic {
            guard let location else { return Diagnostic(message, severity: severity) }
            return Diagnostic(message, at: location, severity: severity)
        }
    }

    /// Reads every file, checks each translation and plans the catalogs' new contents.
    public init(project: LintProject, files: [URL]) {
        self.project = project
        var accepted: [(TranslationCatalog, Imported)] = []
        var confirmations: [(TranslationCatalog, Imported)] = []
        // Each unit's translation and where it was taken from, to refuse a second file's other one.
        var taken: [String: Imported] = [:]
        for url in files {
            do {
                let errorsBefore = diagnostics.count { $0.severity == .error }
                guard let (catalog, imported) = try read(url) else { continue }
                var fileAccepted: [(TranslationCatalog, Imported)] = []
                var fileConfirmations: [(TranslationCatalog, Imported)] = []
                var fileTaken: [String: Imported] = [:]
                for item in imported {
                    let identity = [
                        catalog.language.description, catalog.source.flavor ?? "", item.unit.table, item.unit.xliffID,
                    ].joined(separator: "\u{0}")
                    if let earlier = taken[identity] ?? fileTaken[identity], earlier.text != item.text {
                        diagnostics.append(
                            item.diagnostic(
                                "\(item.unit.described) is translated otherwise by "
                                    + "\(earlier.location.map { $0.description } ?? "an earlier file") "
                                    + "(\"\(Diagnostic.quote(earlier.text))\"); one translation a unit, please"))
                        continue
                    }
                    if check(item, in: catalog) {
                        fileAccepted.append((catalog, item))
                        fileTaken[identity] = item
                    } else if item.confirmsStale {
                        fileConfirmations.append((catalog, item))
                    }
                }
                // All or nothing per file: a refused translation keeps the others of its file out.
                let refused = diagnostics.count { $0.severity == .error } - errorsBefore
                guard refused == 0 else {
                    if !fileAccepted.isEmpty || !fileConfirmations.isEmpty {
                        diagnostics.append(
                            Diagnostic(
                                "nothing of this file was taken (\(fileAccepted.count) good translation"
                                    + "\(fileAccepted.count == 1 ? "" : "s") left out) because \(refused) "
                                    + "\(refused == 1 ? "was" : "were") refused; fix \(refused == 1 ? "it" : "them") "
                                    + "and import the file again", path: url.path))
                    }
                    continue
                }
                accepted += fileAccepted
                confirmations += fileConfirmations
                taken.merge(fileTaken) { earlier, _ in earlier }
            } catch {
                diagnostics.append(error)
            }
        }
        plan(accepted, confirmations: confirmations)
    }

    /// Whether an error was reported.
    public var failed: Bool { diagnostics.contains { $0.severity == .error } }

    // MARK: Reading

    /// The file's catalog and translations; nil for an XLIFF file with nothing in it (a warning).
    private mutating func read(_ url: URL) throws(Diagnostic) -> (TranslationCatalog, [Imported])? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw Diagnostic("no such file", path: url.path)
        }
        switch url.pathExtension {
        case "po": return try readPO(try POFile(contentsOf: url))
        case "xliff", "xlf": return try readXLIFF(try XLIFFFile(contentsOf: url))
        case "xcloc" where isFolder.boolValue:
            guard let xliff = XclocBundle.xliff(in: url) else {
                throw Diagnostic("no \(XclocBundle.contentsFolder)/<language>.xliff in this .xcloc", path: url.path)
            }
            return try readXLIFF(try XLIFFFile(contentsOf: xliff))
        default:
            throw Diagnostic("not a translators' file (.po, .xliff, .xcloc)", path: url.path)
        }
    }

    /// The units of the language and flavor a file names.
    private func catalog(language code: String?, flavor: String?, table: String?, path: String) throws(Diagnostic)
        -> TranslationCatalog
    {
        guard let code, let language = LanguageTag(code) else {
            throw Diagnostic(
                code.map { "\"\(Diagnostic.quote($0))\" is not a language tag" } ?? "the file names no language",
                path: path)
        }
        let source: TranslationSource
        do {
            source = try TranslationSource(project: project, flavor: flavor, languages: [language])
        } catch {
            // A catalog's own problem names its file; the project's (no such flavor), the file's.
            throw error.path == nil ? Diagnostic(error.message, path: path) : error
        }
        if let table, !source.tables.contains(table) {
            throw Diagnostic(
                "no table named \"\(Diagnostic.quote(table))\" (have: \(source.tables.joined(separator: ", ")))",
                path: path)
        }
        return source.catalog(for: language)
    }

    private mutating func readPO(_ file: POFile) throws(Diagnostic) -> (TranslationCatalog, [Imported]) {
        let table = file.header[POWriter.Field.table] ?? Catalog.defaultTable
        let catalog = try catalog(
            language: file.header[POWriter.Field.language], flavor: file.header[POWriter.Field.flavor],
            table: table, path: file.path)
        var expected: [String: POMessage] = [:]
        for message in POMessage.messages(of: catalog, table: table) { expected[message.context] = message }
        let forms = try PluralFormMap(file: file, rules: catalog.rules)
        let decimals = "CLDR's \(catalog.language) uses it for decimal numbers, which gettext cannot tell apart"
        if !forms.unreached.isEmpty {
            diagnostics.append(
                Diagnostic(
                    "the file's Plural-Forms choose no form for \(forms.unreached.map(\.rawValue).joined(separator: ", ")) "
                        + "(\(decimals)); translate it in the catalog", path: file.path, severity: .warning))
        }
        if forms.otherFromLastForm {
            diagnostics.append(
                Diagnostic(
                    "the file's Plural-Forms choose no form for other (\(decimals)); each plural message's last "
                        + "msgstr is taken for it too: check those in the catalog", path: file.path,
                    severity: .warning))
        }
        var imported: [Imported] = []
        for message in file.messages {
            guard let context = message.context, let known = expected[context] else {
                diagnostics.append(
                    Diagnostic(
                        message.context.map { "unknown key \"\(Diagnostic.quote($0))\" (msgctxt)" }
                            ?? "a message without msgctxt (FlavorKit names each key in msgctxt)",
                        at: message.location))
                continue
            }
            guard !message.isFuzzy else {
                // msgmerge keeps the English the translation was made from.
                let previous = message.previousID.map {
                    " (translated from \"\(Diagnostic.quote($0))\", now \"\(Diagnostic.quote(known.id))\")"
                }
                diagnostics.append(
                    Diagnostic(
                        "\(known.described) is marked fuzzy\(previous ?? ""); not taken", at: message.location,
                        severity: .warning))
                continue
            }
            let count = known.idPlural == nil ? 1 : forms.count(known.units.count)
            for form in message.strings.keys.sorted() where form >= count {
                diagnostics.append(
                    Diagnostic(
                        known.idPlural == nil
                            ? "\(known.described) is not a plural message; msgstr[\(form)] has no place"
                            : forms.isFlavorKits
                                ? "\(known.described): \(catalog.language) has \(count) plural forms "
                                    + "(\(known.units.compactMap(\.category?.rawValue).joined(separator: ", "))), "
                                    + "not msgstr[\(form)]"
                                : "\(known.described): the file's Plural-Forms have \(count) forms, not msgstr[\(form)]",
                        at: message.stringLocations[form] ?? message.location))
            }
            let stale = message.id != known.id || message.idPlural != known.idPlural
            // Which of the file's forms each unit's text is in.
            let fileForms =
                known.idPlural == nil
                ? [0] : known.units.indices.map { forms.form(of: known.units[$0].category, at: $0) }
            let marks =
                message.exportMarks?.count == known.units.count && forms.isFlavorKits ? message.exportMarks : nil
            for index in known.units.indices {
                guard let form = fileForms[index], let text = message.strings[form], !text.isEmpty else { continue }
                let unit = known.units[index]
                imported.append(
                    Imported(
                        unit: unit, text: text, source: stale ? message.id : unit.source,
                        location: message.stringLocations[form] ?? message.location, exportMark: marks?[index]))
            }
        }
        return (catalog, imported)
    }

    private mutating func readXLIFF(_ file: XLIFFFile) throws(Diagnostic) -> (TranslationCatalog, [Imported])? {
        guard let first = file.sections.first else {
            diagnostics.append(Diagnostic("nothing to import: no <file> element", path: file.path, severity: .warning))
            return nil
        }
        let catalog = try catalog(
            language: first.targetLanguage, flavor: first.productName, table: nil, path: file.path)
        let development = project.developmentLanguage
        var expected: [String: [String: TranslationUnit]] = [:]
        var variables: [String: [String: TranslationUnit]] = [:]
        for unit in catalog.units {
            let original = unit.original(developmentLanguage: development)
            expected[original, default: [:]][unit.xliffID] = unit
            if case .variant = unit.part {
                // Every category's id, to tell a form the language lacks from an unknown key.
                for category in PluralCategory.allCases {
                    var other = unit
                    other.part = .variant(variable: unit.variable!, category: category)
                    variables[original, default: [:]][other.xliffID] = unit
                }
            }
        }
        var imported: [Imported] = []
        for section in file.sections {
            guard section.targetLanguage == first.targetLanguage, section.productName == first.productName else {
                diagnostics.append(
                    Diagnostic("every <file> must name the same target-language and product-name", at: section.location)
                )
                continue
            }
            // Xcode names the file from the project's folder (`App/Localizable.xcstrings`); its
            // name alone finds it when nothing is named exactly so.
            let original =
                expected[section.original] != nil
                ? section.original
                : Self.sameFileName(section.original, among: Array(expected.keys)) ?? section.original
            // A unit Xcode marks translate="no" (a key not to be translated) has nothing to take.
            for item in section.units where item.isTranslatable {
                guard let unit = expected[original]?[item.id] else {
                    if let sibling = variables[original]?[item.id] {
                        let categories = catalog.units.filter {
                            $0.key == sibling.key && $0.variable == sibling.variable
                        }.compactMap(\.category?.rawValue)
                        diagnostics.append(
                            Diagnostic(
                                "\"\(Diagnostic.quote(item.id))\": \(catalog.language) has no such plural form "
                                    + "(it has \(categories.joined(separator: ", ")))", at: item.location))
                    } else {
                        diagnostics.append(
                            Diagnostic(
                                "unknown key: no unit \"\(Diagnostic.quote(item.id))\" in \(Diagnostic.quote(original))",
                                at: item.location))
                    }
                    continue
                }
                guard let text = item.target, !text.isEmpty else { continue }
                let reviewed = item.state.map { $0 != "new" && !$0.hasPrefix("needs-") } ?? true
                imported.append(
                    Imported(
                        unit: unit, text: text, source: item.source, location: item.location, reviewed: reviewed,
                        exportMark: item.exportMark))
            }
        }
        return (catalog, imported)
    }

    /// The one of `originals` with the same file name as `original`, when exactly one has it.
    private static func sameFileName(_ original: String, among originals: [String]) -> String? {
        let name = original.split(separator: "/").last.map(String.init) ?? original
        let matches = originals.filter { ($0.split(separator: "/").last.map(String.init) ?? $0) == name }
        return matches.count == 1 ? matches[0] : nil
    }

    // MARK: Checking

    /// Whether a translation is to be taken; reports why not otherwise.
    private mutating func check(_ item: Imported, in catalog: TranslationCatalog) -> Bool {
        let unit = item.unit
        if let source = item.source, source != unit.source {
            diagnostics.append(
                item.diagnostic(
                    "\(unit.described) is stale: \(project.developmentLanguage) now reads \"\(Diagnostic.quote(unit.source))\", "
                        + "not \"\(Diagnostic.quote(source))\"; not taken", severity: .warning))
            return false
        }
        guard item.text != unit.target else { return false }
        if let mark = item.exportMark {
            // Left as exported: the catalog's text, changed since or not, stands.
            if TranslationRecord.fingerprint(item.text) == mark { return false }
            if unit.exportMark != mark {
                let now = unit.target.map { "\"\(Diagnostic.quote($0))\"" } ?? "no text"
                diagnostics.append(
                    item.diagnostic(
                        "\(unit.described) changed in the catalog since the export (it has \(now) now); "
                            + "\"\(Diagnostic.quote(item.text))\" not taken: export again and redo it there"))
                return false
            }
        }
        let unexpected = ControlCharacters.unexpected(in: item.text, comparedWith: unit.source)
        if !unexpected.isEmpty {
            diagnostics.append(
                item.diagnostic(
                    "\(unit.described) holds \(ControlCharacters.names(unexpected)), which "
                        + "\(project.developmentLanguage)'s text does not: control characters and direction "
                        + "overrides are not taken (a terminal would act on them)"))
            return false
        }
        if let problem = Self.formatProblem(item, catalog) {
            diagnostics.append(item.diagnostic("\(unit.described): \(problem)"))
            return false
        }
        return true
    }

    /// What is wrong with the translation's format specifiers, or nil: a text must ask for
    /// the development language's arguments; a plural format or variant, put in place with
    /// the other variables at `other`, for nothing the development language does not give.
    static func formatProblem(_ item: Imported, _ catalog: TranslationCatalog) -> String? {
        let unit = item.unit
        if case .phrases = unit.part { return phraseProblem(item.text, source: unit.source) }
        guard case .text = unit.part else {
            let plurals = catalog.pluralEntries(of: unit)
            guard let development = plurals.development,
                let expected = try? FormatString(development.format { _, _ in .other })
            else { return nil }
            var entry = plurals.translated ?? development
            switch unit.part {
            case .variant(let variable, let category):
                entry.variables[variable, default: development.variables[variable]!].variants[category] = item.text
            default:
                entry.format = item.text
            }
            do {
                let format = try FormatString(
                    entry.format { name, _ in unit.variable == name ? unit.category ?? .other : .other })
                return expected.accepts(format)
                    ? nil
                    : "format specifiers \(LintContext.describe(format.signature)) disagree with \(catalog.source.project.developmentLanguage)'s \(LintContext.describe(expected.signature))"
            } catch {
                return "not a valid format (\(error.message))"
            }
        }
        guard item.text.contains("%") || unit.source.contains("%") else { return nil }
        let expected = (try? FormatString(unit.source))?.signature ?? []
        do {
            let found = try FormatString(item.text).signature
            return found == expected
                ? nil
                : "format specifiers \(FormatString.writtenSpecifiers(in: item.text)) ask for other arguments than "
                    + "\(catalog.source.project.developmentLanguage)'s \(FormatString.writtenSpecifiers(in: unit.source))"
        } catch {
            return expected.isEmpty && !item.text.contains("%#@") ? nil : "not a valid format (\(error.message))"
        }
    }

    /// What is wrong with App Shortcuts phrases (one a line), or nil: none at all, a
    /// placeholder (`${name}`) the development language's phrases do not have, or a phrase
    /// without the app's name where every development-language phrase has it (Siri needs it).
    static func phraseProblem(_ text: String, source: String) -> String? {
        func placeholders(_ phrase: Substring) -> Set<Substring> {
            var found = Set<Substring>()
            var rest = phrase[...]
            while let open = rest.range(of: "${"), let close = rest[open.upperBound...].firstIndex(of: "}") {
                found.insert(rest[open.lowerBound...close])
                rest = rest[rest.index(after: close)...]
            }
            return found
        }
        let phrases = text.split(separator: "\n")
        guard !phrases.isEmpty else { return "no phrase (one a line)" }
        let sources = source.split(separator: "\n")
        let known = sources.reduce(into: Set<Substring>()) { $0.formUnion(placeholders($1)) }
        let name: Substring = "${applicationName}"
        let needsName = !sources.isEmpty && sources.allSatisfy { placeholders($0).contains(name) }
        for phrase in phrases {
            let own = placeholders(phrase)
            if let unknown = own.subtracting(known).sorted().first {
                return "phrase \"\(Diagnostic.quote(phrase))\" has \(unknown), which no development-language phrase has"
            }
            if needsName && !own.contains(name) {
                return "phrase \"\(Diagnostic.quote(phrase))\" lacks ${applicationName}, which every phrase needs"
            }
        }
        return nil
    }

    // MARK: Writing

    /// Groups the accepted translations by catalog file and makes each file's new content;
    /// a file that cannot be edited is an error and is not written. Then the records of the
    /// folders written: each translation written, and each confirmed, made from its source.
    private mutating func plan(
        _ accepted: [(TranslationCatalog, Imported)], confirmations: [(TranslationCatalog, Imported)]
    ) {
        // Per file, the translations of each catalog (language and flavor) in the order met:
        // a String Catalog takes every language's.
        var groups: [URL: (table: String, parts: [Part])] = [:]
        var order: [URL] = []
        for (catalog, item) in accepted {
            let url = destination(of: item.unit, in: catalog)
            if groups[url] == nil {
                order.append(url)
                groups[url] = (item.unit.table, [])
            }
            if let index = groups[url]!.parts.firstIndex(where: { $0.catalog.isSame(as: catalog) }) {
                groups[url]!.parts[index].items.append(item)
            } else {
                groups[url]!.parts.append(Part(catalog: catalog, items: [item]))
            }
        }
        var recorded: [(TranslationCatalog, Imported, URL)] = confirmations.map {
            ($0.0, $0.1, destination(of: $0.1.unit, in: $0.0))
        }
        confirmed = confirmations.count
        for url in order {
            let (table, parts) = groups[url]!
            do {
                let folder = catalogFolder(of: url, in: parts[0].catalog)
                writes.append((url, try Self.edit(url, within: folder, parts: parts, table: table)))
                for part in parts {
                    changed += part.items.count
                    changedByLanguage[part.catalog.language, default: 0] += part.items.count
                    recorded += part.items.map { (part.catalog, $0, url) }
                }
            } catch {
                diagnostics.append(error)
            }
        }
        var records: [URL: (before: TranslationRecord, after: TranslationRecord)] = [:]
        var recordOrder: [URL] = []
        for (catalog, item, url) in recorded {
            let folder = catalogFolder(of: url, in: catalog)
            if records[folder] == nil {
                do {
                    let record = try TranslationRecord(folder: folder)
                    records[folder] = (record, record)
                    recordOrder.append(folder)
                } catch {
                    diagnostics.append(error)
                    continue
                }
            }
            records[folder]!.after.record(item.unit, language: catalog.language)
        }
        for folder in recordOrder where records[folder]!.after != records[folder]!.before {
            let record = records[folder]!.after
            writes.append((record.url, Data(record.text.utf8)))
        }
    }

    /// The catalog folder a catalog file belongs to: the flavor's, or the shared one.
    private func catalogFolder(of url: URL, in catalog: TranslationCatalog) -> URL {
        if let flavor = catalog.source.flavor {
            let flavorFolder = project.layout.localizations(flavor: flavor)
            if url.path.hasPrefix(flavorFolder.path + "/") { return flavorFolder }
        }
        return project.layout.localizations
    }

    /// The translations of one catalog (a language, in a flavor or the shared catalogs)
    /// going into one file.
    private struct Part {
        var catalog: TranslationCatalog
        var items: [Imported]
    }

    /// The new content of one catalog file with each part's translations in it (a String
    /// Catalog: each in its own language), in the file's own encoding.
    private static func edit(_ url: URL, within folder: URL, parts: [Part], table: String) throws(Diagnostic)
        -> Data
    {
        let file = try CatalogFileText(url, within: folder)
        let (existing, text) = (file.existing, file.text)
        if url.pathExtension == CatalogFolderLayout.FileKind.xcstrings.rawValue {
            guard let existing else { throw Diagnostic("no such String Catalog", path: url.path) }
            var document = StringCatalog(existing, path: url.path)
            if let error = document.errors.first {
                throw Diagnostic("not written: the String Catalog has errors to fix first (\(error))", path: url.path)
            }
            for part in parts {
                let changes = part.items.map {
                    StringCatalogEditor.Change(
                        unit: $0.unit, text: $0.text, state: $0.reviewed ? .translated : .needsReview)
                }
                StringCatalogEditor.apply(changes, language: part.catalog.language, to: &document)
            }
            return StringCatalogWriter.write(document)
        }
        // A `.strings` or `.stringsdict` file is one language's: its parts differ only by
        // the file they came from.
        let (catalog, items) = (parts[0].catalog, parts.flatMap(\.items))
        let edited: String
        if url.pathExtension == CatalogFolderLayout.FileKind.stringsdict.rawValue {
            let changes = items.map {
                StringsDictEditor.Change(
                    key: $0.unit.key, variable: $0.unit.variable, category: $0.unit.category, text: $0.text)
            }
            edited = try StringsDictEditor.apply(changes, to: text ?? StringsDictEditor.newFile(), path: url.path) {
                catalog.developmentPlural($0, table: table)
            }
        } else {
            let parsed = try existing.map { data throws(Diagnostic) in try StringsParser.parse(data, path: url.path) }
            var comments: [String: String] = [:]
            for item in items { comments[item.unit.key] = item.unit.comment }
            edited = try StringsFileEditor.apply(
                items.map { ($0.unit.key, $0.text) }, comments: comments, to: text ?? "", file: parsed)
        }
        return try file.encoded(edited, holding: "the translations")
    }

    /// The file a unit's translation goes to. A key the flavor overrides (in the development
    /// language or in this one), or a text of its `Info.plist`, is translated in the flavor's folder (never in the shared catalogs, which the
    /// other flavors show), even where the language's text comes from the shared catalogs
    /// today; any other key where the language defines it, or else in the language's file
    /// beside the development language's.
    private func destination(of unit: TranslationUnit, in catalog: TranslationCatalog) -> URL {
        var folder = project.layout.localizations
        if let flavor = catalog.source.flavor {
            let flavorFolder = project.layout.localizations(flavor: flavor)
            // Its overrides (in the development language or in this one), or its Info.plist's texts.
            if unit.sourceLocation?.path.hasPrefix(project.layout.flavor(flavor).path + "/") == true
                || unit.targetLocation?.path.hasPrefix(flavorFolder.path + "/") == true
            {
                folder = flavorFolder
            }
        }
        if let path = unit.targetLocation?.path, path.hasPrefix(folder.path + "/") {
            return URL(fileURLWithPath: path)
        }
        if unit.kind == .xcstrings, let path = unit.sourceLocation?.path {
            // One String Catalog holds every language.
            return URL(fileURLWithPath: path)
        }
        return folder.appendingPathComponent(
            CatalogFolderLayout.relativePath(language: catalog.language, table: unit.table, kind: unit.kind))
    }
}
