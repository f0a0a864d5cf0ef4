import CatalogFiles
import CatalogTesting
import Foundation
import Localization
import Testing
import TranslatorFormats

/// Translations of an entry whose variants name another variable (`%d files in
/// %2$#@folders@`) come back from XLIFF and PO into `.stringsdict` and String Catalogs.
@Suite("flavorkit import: nested variables")
struct NestedImportTests {
    enum Kind: String, CaseIterable { case stringsdict, xcstrings }
    enum Format: String, CaseIterable { case xliff, po }

    static let german = LanguageTag("de")!

    /// The German translation of `NestedExportTests.stringsdict`.
    static let germanStringsdict = NestedExportTests.stringsdict
        .replacingOccurrences(of: "%d file in %2$#@folders@", with: "%d Datei in %2$#@folders@")
        .replacingOccurrences(of: "%d files in %2$#@folders@", with: "%d Dateien in %2$#@folders@")
        .replacingOccurrences(of: "%ld folders", with: "%ld Ordnerlein")
        .replacingOccurrences(of: "%ld folder", with: "%ld Ordner")

    /// The lint fixture with the nested entry in English (and in German unless `translated`
    /// is false), used by the sources, in `.lproj` files or one String Catalog.
    static func fixture(_ kind: Kind, translated: Bool = true) throws -> ProjectFixture {
        let fixture = try ProjectFixture([
            "Localizations/en.lproj/Localizable.stringsdict": NestedExportTests.stringsdict,
            "Localizations/de.lproj/Localizable.stringsdict": translated ? germanStringsdict : nil,
            "Sources/App/main.swift": """
            print(text("greeting", .string(name)), "\\(text("title"))")
            print(text("files.in.folders", .int(count), .int(folders)))
            """,
        ])
        #expect(fixture.lint() == [] || !translated, "\(fixture.lint())")
        guard kind == .xcstrings else { return fixture }
        let project = CatalogProject(root: fixture.root)
        let exporter = try CatalogExporter(project: project)
        let data = try exporter.files(.xcstrings, tables: ["Localizable"])[0].data
        for language in ["en", "de"] {
            try? FileManager.default.removeItem(
                at: project.layout.localizations.appendingPathComponent("\(language).lproj"))
        }
        try data.write(to: project.layout.localizations.appendingPathComponent("Localizable.xcstrings"))
        return fixture
    }

    /// German exported as `format`, changed by `edit`, imported; the writes are made.
    static func roundTrip(_ fixture: ProjectFixture, _ format: Format, _ edit: (String) -> String) throws
        -> TranslationImporter
    {
        let project = CatalogProject(root: fixture.root)
        let catalog = try TranslationSource(project: project).catalog(for: german)
        let data = format == .po ? POWriter.write(catalog, table: "Localizable") : try XLIFFWriter.write(catalog)
        let url = fixture.root.appendingPathComponent("de.\(format.rawValue)")
        try Data(edit(String(decoding: data, as: UTF8.self)).utf8).write(to: url)
        let importer = TranslationImporter(project: project, files: [url])
        for (file, content, _) in importer.writes { try content.write(to: file) }
        return importer
    }

    /// German's nested entry as the catalogs now read.
    static func germanEntry(_ fixture: ProjectFixture) throws -> PluralEntry {
        let store = CatalogStore(folders: [CatalogProject(root: fixture.root).layout.localizations])
        return try #require(store.catalog(for: german)?.plural("files.in.folders"))
    }

    @Test(
        "edited variants of both variables land in place; an unedited export changes nothing",
        arguments: Kind.allCases, Format.allCases)
    func editsBothVariables(kind: Kind, format: Format) throws {
        let fixture = try Self.fixture(kind)
        defer { fixture.remove() }
        let unchanged = try Self.roundTrip(fixture, format) { $0 }
        #expect(unchanged.diagnostics.isEmpty && unchanged.writes.isEmpty, "\(unchanged.diagnostics)")

        // A String Catalog writes a substitution's own number `%arg`; its exports spell it out, as Xcode's do.
        let (files, folders) = kind == .xcstrings ? ("%arg", "%arg") : ("%d", "%ld")
        let (exportedFiles, exportedFolders) = kind == .xcstrings ? ("%1$d", "%2$ld") : (files, folders)
        let importer = try Self.roundTrip(fixture, format) { text in
            #expect(
                text.contains("\(exportedFiles) Datei in %2$#@folders@")
                    && text.contains("\(exportedFolders) Ordnerlein"))
            return text.replacingOccurrences(
                of: "\(exportedFiles) Datei in %2$#@folders@", with: "\(exportedFiles) Dokument in %2$#@folders@"
            )
            .replacingOccurrences(of: "\(exportedFolders) Ordnerlein", with: "\(exportedFolders) Verzeichnisse")
        }
        #expect(importer.diagnostics.isEmpty, "\(importer.diagnostics)")
        #expect(importer.changed == 2)
        let entry = try Self.germanEntry(fixture)
        #expect(entry.format == "%#@files@")
        #expect(
            entry.variables["files"]?.variants == [
                .one: "\(files) Dokument in %2$#@folders@", .other: "\(files) Dateien in %2$#@folders@",
            ])
        #expect(
            entry.variables["folders"]?.variants == [.one: "\(folders) Ordner", .other: "\(folders) Verzeichnisse"])
        #expect(fixture.lint() == [])
        let again = try Self.roundTrip(fixture, format) { $0 }
        #expect(again.diagnostics.isEmpty && again.writes.isEmpty, "\(again.diagnostics)")
    }

    /// `text` with the translation of the unit or message named `name` (an XLIFF id suffix
    /// or a PO `msgctxt`) set to `values` (one per plural form, in order).
    static func fill(_ text: String, _ format: Format, _ name: String, _ values: [String]) throws -> String {
        var lines = text.components(separatedBy: "\n")
        switch format {
        case .po:
            let start = try #require(lines.firstIndex(of: "msgctxt \"\(name)\""))
            var index = start
            var form = 0
            while index < lines.count, !lines[index].isEmpty {
                if lines[index].hasPrefix("msgstr") {
                    let head = lines[index].prefix { $0 != " " }
                    lines[index] = "\(head) \"\(form < values.count ? values[form] : "")\""
                    form += 1
                }
                index += 1
            }
            #expect(form == values.count, "\(name)")
        case .xliff:
            let start = try #require(lines.firstIndex { $0.contains("id=\"") && $0.contains("\(name)\"") })
            let source = try #require(lines[start...].firstIndex { $0.contains("</source>") })
            lines.insert("        <target>\(values[0])</target>", at: source + 1)
        }
        return lines.joined(separator: "\n")
    }

    @Test(
        "a language without the entry gets its format and every variant of both variables", arguments: Format.allCases)
    func fillsMissingEntry(format: Format) throws {
        let fixture = try Self.fixture(.stringsdict, translated: false)
        defer { fixture.remove() }
        let importer = try Self.roundTrip(fixture, format) { text in
            do {
                switch format {
                case .po:
                    var filled = try Self.fill(text, .po, "files.in.folders", ["%#@files@"])
                    filled = try Self.fill(
                        filled, .po, "files.in.folders|files",
                        ["%d Datei in %2$#@folders@", "%d Dateien in %2$#@folders@"])
                    return try Self.fill(filled, .po, "files.in.folders|folders", ["%ld Ordner", "%ld Ordner"])
                case .xliff:
                    var filled = try Self.fill(
                        text, .xliff, "/files.in.folders:dict/NSStringLocalizedFormatKey:dict/:string", ["%#@files@"])
                    for (id, value) in [
                        ("files:dict/one:dict/:string", "%d Datei in %2$#@folders@"),
                        ("files:dict/other:dict/:string", "%d Dateien in %2$#@folders@"),
                        ("folders:dict/one:dict/:string", "%ld Ordner"),
                        ("folders:dict/other:dict/:string", "%ld Ordner"),
                    ] {
                        filled = try Self.fill(filled, .xliff, "/files.in.folders:dict/\(id)", [value])
                    }
                    return filled
                }
            } catch {
                Issue.record(error)
                return text
            }
        }
        #expect(importer.diagnostics.isEmpty, "\(importer.diagnostics)")
        #expect(importer.changed == 5)
        let entry = try Self.germanEntry(fixture)
        #expect(entry.format == "%#@files@")
        #expect(
            entry.variables["files"]?.variants == [
                .one: "%d Datei in %2$#@folders@", .other: "%d Dateien in %2$#@folders@",
            ])
        #expect(entry.variables["folders"]?.variants == [.one: "%ld Ordner", .other: "%ld Ordner"])
        #expect(fixture.lint() == [])
    }

    @Test(
        "a variant that reads the inner variable's argument as another type is refused at its line",
        arguments: Format.allCases)
    func refusesLostReference(format: Format) throws {
        let fixture = try Self.fixture(.stringsdict)
        defer { fixture.remove() }
        let before = try Self.germanEntry(fixture)
        let importer = try Self.roundTrip(fixture, format) {
            $0.replacingOccurrences(of: "%d Dateien in %2$#@folders@", with: "%d Dateien in %2$@")
        }
        #expect(importer.writes.isEmpty)
        #expect(importer.diagnostics.count == 1 && importer.diagnostics.allSatisfy { $0.line != nil })
        #expect(
            importer.diagnostics.first?.message.hasPrefix("key \"files.in.folders\", variable \"files\"") == true,
            "\(importer.diagnostics)")
        #expect(try Self.germanEntry(fixture) == before)
    }
}
