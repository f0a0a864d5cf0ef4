import CatalogFiles
import Commands
import Diagnostics
import FileWriting
import Foundation
import Localization
import TranslatorFormats

/// `flavorkit export --format json|strings|stringsdict|xcstrings|xliff|xcloc|po [--root DIR] [--lang L]…
/// [--flavor F] [--table T]… [--output PATH]`: the catalogs as the program reads them, written
/// in one format. One file goes to standard output unless `--output` names a file; `--output`
/// naming a folder (an existing one, or any path ending in `/`) writes into it, creating it
/// when missing, and several files always need a folder. Each file written is reported.
enum ExportCommand: ToolCommand {
    static let format = Option.value(
        "format", placeholder: "FORMAT", allowed: CatalogExporter.Format.allCases.map(\.rawValue), required: true,
        summary: "the format to write")
    static let language = Option.value(
        "lang", placeholder: "L", repeatable: true,
        summary: "only this language (also a list such as de:fr)")
    static let flavor = Option.value("flavor", placeholder: "F", summary: "apply this flavor's overrides")
    static let table = Option.value("table", placeholder: "T", repeatable: true, summary: "only this table")
    static let output = Option.value(
        "output", placeholder: "PATH", summary: "a file, or a folder (existing, or ending in /) to write into")

    static let command = Command(
        "export", summary: "write the catalogs as the program reads them",
        options: [format, FlavorKitTool.root, language, flavor, table, output])

    static func run(_ parsed: ParsedCommandLine) throws -> Int32 {
        // Required, so present after parsing.
        let format = try parsed.value(format, as: CatalogExporter.Format.self)!
        var languages: [LanguageTag] = []
        for list in parsed.values(language) {
            do {
                languages += try LanguagePreferences.parseList(list, source: language.spelling)
            } catch {
                throw parsed.error(
                    .invalidValue, word: error.value, subject: language.spelling,
                    reason: "'\(Diagnostic.quote(error.value))' is not a language tag: \(error.reason)")
            }
        }
        let project = CatalogProject(layout: try FlavorKitTool.layout(parsed))
        let flavors = project.flavors
        if let name = parsed.value(flavor), !flavors.contains(name) {
            throw parsed.error(
                .invalidValue, word: name, subject: flavor.spelling, allowed: flavors,
                reason: "no flavor named \(name) (have: \(flavors.joined(separator: ", ")))")
        }
        let exporter: CatalogExporter
        do {
            exporter = try CatalogExporter(project: project, flavor: parsed.value(flavor), languages: languages)
        } catch {
            throw parsed.error(
                .invalidValue, word: parsed.values(language).joined(separator: ":"),
                subject: language.spelling, reason: error.message)
        }
        let translators: [CatalogExporter.Format] = [.po, .xliff, .xcloc]
        if let new = exporter.newLanguages.first, !translators.contains(format) {
            let have = exporter.availableLanguages.map(\.description).joined(separator: ", ")
            throw parsed.error(
                .invalidValue, word: new.description, subject: language.spelling,
                reason: "no catalog for \(new) (have: \(have)); to start one, export --format po, xliff or xcloc "
                    + "--lang \(new) and import the translated file")
        }
        for error in exporter.readingErrors { FlavorKitTool.printError("\(error)\n") }
        let tables = parsed.values(table)
        for name in tables where !exporter.tables.contains(name) {
            throw parsed.error(
                .invalidValue, word: name, subject: table.spelling, allowed: exporter.tables,
                reason: "no table named \(name) (have: \(exporter.tables.joined(separator: ", ")))")
        }
        let files = try exporter.files(format, tables: tables.isEmpty ? exporter.tables : tables)
        guard !files.isEmpty else {
            throw Diagnostic(
                "nothing to export: no catalog here has a text in the tables and languages asked for",
                path: project.layout.relativePath(project.layout.localizations))
        }
        try write(files, to: parsed.value(output), parsed: parsed)
        return exporter.readingErrors.isEmpty ? 0 : 1
    }

    /// Writes each file atomically and prints `wrote PATH`; one file without `--output` goes
    /// to standard output.
    private static func write(_ files: [(path: String, data: Data)], to output: String?, parsed: ParsedCommandLine)
        throws
    {
        guard let output else {
            guard files.count == 1 else {
                throw parsed.error(
                    .missingOption, word: Self.output.spelling,
                    reason: "this export makes \(files.count) files; name a folder with --output DIR/")
            }
            ToolContext.current.writeData(files[0].data)
            return
        }
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: ToolContext.url(output).path, isDirectory: &isFolder)
        guard output.hasSuffix("/") || (exists && isFolder.boolValue) || files.count > 1 else {
            // Never through a link out of the file's folder.
            let url = ToolContext.url(output)
            try AtomicFile.write(files[0].data, to: url, within: url.deletingLastPathComponent())
            ToolContext.print("wrote \(Diagnostic.visible(output))")
            return
        }
        guard !exists || isFolder.boolValue else {
            throw Diagnostic(
                "not a folder; this export makes \(files.count) files (name a folder with --output DIR/)",
                path: output)
        }
        let folder = output.hasSuffix("/") ? output : output + "/"
        for file in files {
            // Inside the output folder: a link there (a committed one) leads nowhere else.
            let url = ToolContext.url(folder + file.path)
            try AtomicFile.write(file.data, to: url, creatingFolder: true, within: ToolContext.url(folder))
            ToolContext.print("wrote \(Diagnostic.visible(folder + file.path))")
        }
    }
}
