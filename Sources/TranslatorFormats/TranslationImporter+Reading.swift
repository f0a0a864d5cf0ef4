import CatalogFiles
import Diagnostics
import FileFormats
import Foundation
import Localization

/// Reading a translator's file (PO, XLIFF, `.xcloc`) into the units it translates, each
/// found in the catalog of the language and flavor the file names.
extension TranslationImporter {
    /// The file's catalog and translations; nil for an XLIFF file with nothing in it (a warning).
    mutating func read(_ url: URL) throws(Diagnostic) -> (TranslationCatalog, [Imported])? {
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
    func catalog(language code: String?, flavor: String?, table: String?, path: String) throws(Diagnostic)
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

    mutating func readPO(_ file: POFile) throws(Diagnostic) -> (TranslationCatalog, [Imported]) {
        let table = file.header[POWriter.Field.table] ?? Catalog.defaultTable
        let catalog = try catalog(
            language: file.header[POWriter.Field.language], flavor: file.header[POWriter.Field.flavor],
            table: table, path: file.path)
        // By bytes, as keys are told apart.
        var expected: [LiteralKey: POMessage] = [:]
        for message in POMessage.messages(of: catalog, table: table) { expected[LiteralKey(message.context)] = message }
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
            guard let context = message.context, let known = expected[LiteralKey(context)] else {
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
                                    + "(\(known.units.compactMap { $0.category?.rawValue }.joined(separator: ", "))), "
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

    mutating func readXLIFF(_ file: XLIFFFile) throws(Diagnostic) -> (TranslationCatalog, [Imported])? {
        guard let first = file.sections.first else {
            diagnostics.append(Diagnostic("nothing to import: no <file> element", path: file.path, severity: .warning))
            return nil
        }
        let catalog = try catalog(
            language: first.targetLanguage, flavor: first.productName, table: nil, path: file.path)
        let development = project.developmentLanguage
        // Units by file, then by id (its key's bytes: two spellings of one text are two keys).
        var expected: [String: [LiteralKey: TranslationUnit]] = [:]
        var variables: [String: [LiteralKey: TranslationUnit]] = [:]
        for unit in catalog.units {
            let original = unit.original(developmentLanguage: development)
            expected[original, default: [:]][LiteralKey(unit.xliffID)] = unit
            if case .variant = unit.part {
                // Every category's id, to tell a form the language lacks from an unknown key.
                for category in PluralCategory.allCases {
                    var other = unit
                    other.part = .variant(variable: unit.variable!, category: category)
                    variables[original, default: [:]][LiteralKey(other.xliffID)] = unit
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
                guard let unit = expected[original]?[LiteralKey(item.id)] else {
                    if let sibling = variables[original]?[LiteralKey(item.id)] {
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
                // Not a translation yet, or a suggestion nobody confirmed: left, as PO's fuzzy
                // is (a target in Xcode's review state, `needs-review-l10n`, is taken to review).
                if let state = item.state, Self.notTaken.contains(state) {
                    diagnostics.append(
                        Diagnostic(
                            "\"\(Diagnostic.quote(item.id))\" is marked \(state); not taken (mark it translated to take it)",
                            at: item.location, severity: .warning))
                    continue
                }
                let reviewed = item.state.map { $0 != "new" && !$0.hasPrefix("needs-") } ?? true
                imported.append(
                    Imported(
                        unit: unit, text: text, source: item.source, location: item.location, reviewed: reviewed,
                        exportMark: item.exportMark))
            }
        }
        return (catalog, imported)
    }

    /// The XLIFF states whose target is never taken: not translated yet (`new`,
    /// `needs-translation`), or a suggestion left unconfirmed (`needs-review-translation`, as
    /// FlavorKit exports one).
    static let notTaken: Set<String> = ["new", "needs-translation", "needs-review-translation"]

    /// The one of `originals` with the same file name as `original`, when exactly one has it.
    static func sameFileName(_ original: String, among originals: [String]) -> String? {
        let name = original.split(separator: "/").last.map(String.init) ?? original
        let matches = originals.filter { ($0.split(separator: "/").last.map(String.init) ?? $0) == name }
        return matches.count == 1 ? matches[0] : nil
    }
}
