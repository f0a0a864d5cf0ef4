import CatalogFiles
import Diagnostics
import FileFormats
import Foundation
import Localization

/// What is taken, planned as each catalog file's whole new content, and the record of what
/// each translation was made from.
extension TranslationImporter {
    /// Groups the accepted translations by catalog file and makes each file's new content;
    /// a file that cannot be edited is an error and is not written. Then the records of the
    /// folders written: each translation written, and each confirmed, made from its source.
    mutating func plan(
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
        // Each folder's record is read before any of its files is planned: a catalog whose
        // translations could not be recorded is not written either.
        var records: [URL: (before: TranslationRecord, after: TranslationRecord)] = [:]
        var recordOrder: [URL] = []
        var unreadable: Set<URL> = []
        func readRecord(of folder: URL) -> Bool {
            if records[folder] != nil { return true }
            guard !unreadable.contains(folder) else { return false }
            do {
                let record = try TranslationRecord(folder: folder)
                records[folder] = (record, record)
                recordOrder.append(folder)
                return true
            } catch {
                diagnostics.append(error)
                unreadable.insert(folder)
                return false
            }
        }
        // Each translation to record, with the folder whose record holds it.
        var recorded: [(catalog: TranslationCatalog, item: Imported, folder: URL)] = []
        for (catalog, item) in confirmations {
            let folder = catalogFolder(of: destination(of: item.unit, in: catalog), in: catalog)
            guard readRecord(of: folder) else { continue }
            recorded.append((catalog, item, folder))
            confirmed += 1
        }
        for url in order {
            let (table, parts) = groups[url]!
            let folder = catalogFolder(of: url, in: parts[0].catalog)
            // A suggestion was not made from today's text: recorded once a person confirms it.
            let recording = parts.contains { $0.items.contains { $0.suggestedFrom == nil } }
            guard !recording || readRecord(of: folder) else {
                diagnostics.append(
                    Diagnostic(
                        "not written: the record of what its translations are made from "
                            + "(\(TranslationRecord.fileName)) cannot be read", path: url.path))
                continue
            }
            do {
                writes.append((url, try Self.edit(url, within: folder, parts: parts, table: table), folder))
                for part in parts {
                    changed += part.items.count
                    changedByLanguage[part.catalog.language, default: 0] += part.items.count
                    suggested += part.items.count { $0.suggestedFrom != nil }
                    recorded += part.items.filter { $0.suggestedFrom == nil }.map { (part.catalog, $0, folder) }
                }
            } catch {
                diagnostics.append(error)
            }
        }
        for (catalog, item, folder) in recorded {
            records[folder]!.after.record(item.unit, language: catalog.language)
        }
        for folder in recordOrder where records[folder]!.after != records[folder]!.before {
            let record = records[folder]!.after
            writes.append((record.url, Data(record.text.utf8), folder))
        }
    }

    /// Whether `path` lies inside `folder`, byte for byte (as the kernel tells names apart).
    static func isInside(_ path: String, _ folder: URL) -> Bool {
        path.utf8.starts(with: (folder.path + "/").utf8)
    }

    /// The catalog folder a catalog file belongs to: the flavor's, or the shared one.
    func catalogFolder(of url: URL, in catalog: TranslationCatalog) -> URL {
        if let flavor = catalog.source.flavor {
            let flavorFolder = project.layout.localizations(flavor: flavor)
            if Self.isInside(url.path, flavorFolder) { return flavorFolder }
        }
        return project.layout.localizations
    }

    /// The translations of one catalog (a language, in a flavor or the shared catalogs)
    /// going into one file.
    struct Part {
        var catalog: TranslationCatalog
        var items: [Imported]
    }

    /// The new content of one catalog file with each part's translations in it (a String
    /// Catalog: each in its own language), in the file's own encoding.
    static func edit(_ url: URL, within folder: URL, parts: [Part], table: String) throws(Diagnostic)
        -> Data
    {
        if url.pathExtension == CatalogFolderLayout.FileKind.xcstrings.rawValue {
            return try editedStringCatalog(url, within: folder, parts: parts)
        }
        // A `.strings` or `.stringsdict` file is one language's: its parts differ only by
        // the file they came from.
        let file = try CatalogFileText(url, within: folder)
        let (existing, text) = (file.existing, file.text)
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
            var comments = CommentTable()
            for item in items {
                if let comment = item.unit.comment { comments.set(comment, for: item.unit.key) }
            }
            edited = try StringsFileEditor.apply(
                items.map { ($0.unit.key, $0.text) }, comments: comments, to: text ?? "", file: parsed)
        }
        return try file.encoded(edited, holding: "the translations")
    }

    /// The new text of the String Catalog at `url` with each part's translations in its own
    /// language. The file's bytes are let go once read (never its bytes, its model and its new
    /// text at once), and never decoded into a `String`: the reader reads bytes.
    private static func editedStringCatalog(_ url: URL, within folder: URL, parts: [Part]) throws(Diagnostic)
        -> Data
    {
        var document: StringCatalog
        do {
            guard let existing = try InputFile.readIfPresent(url, limit: InputFile.catalogLimit, within: folder)
            else { throw Diagnostic("no such String Catalog", path: url.path) }
            document = StringCatalog(existing, path: url.path)
        }
        if let error = document.errors.first {
            throw Diagnostic("not written: the String Catalog has errors to fix first (\(error))", path: url.path)
        }
        for part in parts {
            let changes = part.items.map {
                var change = StringCatalogEditor.Change(
                    unit: $0.unit, text: $0.text, state: $0.reviewed ? .translated : .needsReview)
                change.suggestedFrom = $0.suggestedFrom
                return change
            }
            StringCatalogEditor.apply(changes, language: part.catalog.language, to: &document)
        }
        return StringCatalogWriter.write(document)
    }

    /// The file a unit's translation goes to. A key the flavor overrides (in the development
    /// language or in this one), or a text of its `Info.plist`, is translated in the flavor's folder (never in the shared catalogs, which the
    /// other flavors show), even where the language's text comes from the shared catalogs
    /// today; any other key where the language defines it, or else in the language's file
    /// beside the development language's.
    func destination(of unit: TranslationUnit, in catalog: TranslationCatalog) -> URL {
        var folder = project.layout.localizations
        if let flavor = catalog.source.flavor {
            let flavorFolder = project.layout.localizations(flavor: flavor)
            // Its overrides (in the development language or in this one), or its Info.plist's texts.
            if unit.sourceLocation.map({ Self.isInside($0.path, project.layout.flavor(flavor)) }) == true
                || unit.targetLocation.map({ Self.isInside($0.path, flavorFolder) }) == true
            {
                folder = flavorFolder
            }
        }
        if let path = unit.targetLocation?.path, Self.isInside(path, folder) {
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
