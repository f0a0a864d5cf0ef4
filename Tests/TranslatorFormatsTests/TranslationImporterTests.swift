import CatalogFiles
import CatalogTesting
import Diagnostics
import Foundation
import Localization
import Testing
import TranslatorFormats

@Suite("TranslationImporter on XLIFF")
struct TranslationImporterTests {
    /// The lint fixture's German as XLIFF, with `edit` applied, imported; the importer and
    /// the file's path.
    static func importing(_ edit: (String) -> String) throws -> (TranslationImporter, String, ProjectFixture) {
        let fixture = try ProjectFixture()
        let project = CatalogProject(root: fixture.root)
        let catalog = try TranslationSource(project: project).catalog(for: LanguageTag("de")!)
        let text = String(decoding: try XLIFFWriter.write(catalog), as: UTF8.self)
        let url = fixture.root.appendingPathComponent("de.xliff")
        try Data(edit(text).utf8).write(to: url)
        return (TranslationImporter(project: project, files: [url]), url.path, fixture)
    }

    static let variant = "/files:dict/count:dict/other:dict/:string"

    @Test("a changed plural variant is written in place, every other byte kept")
    func variantInPlace() throws {
        let (importer, _, fixture) = try Self.importing {
            $0.replacingOccurrences(
                of: "<target state=\"translated\">%d Dateien</target>", with: "<target>%d Dokumente</target>")
        }
        defer { fixture.remove() }
        #expect(importer.diagnostics.isEmpty)
        // The catalog, then the record of what the translations were made from.
        let names = importer.writes.map(\.url.lastPathComponent)
        try #require(names == ["Localizable.stringsdict", "translated-from.txt"])
        let expected = ProjectFixture.stringsdict(["one": "%d Datei", "other": "%d Dokumente"])
        #expect(String(decoding: importer.writes[0].data, as: UTF8.self) == expected)
    }

    @Test("a plural form the language lacks, an unknown id and a specifier mismatch are refused at their lines")
    func refusals() throws {
        let (importer, path, fixture) = try Self.importing { text in
            let few = """
                      <trans-unit id="/files:dict/count:dict/few:dict/:string" xml:space="preserve">
                        <source>%d files</source>
                        <target>%d Dateien</target>
                      </trans-unit>
                      <trans-unit id="nope" xml:space="preserve">
                        <source>x</source>
                        <target>y</target>
                      </trans-unit>
                    </body>
                """
            return text.replacingOccurrences(
                of: "<target state=\"translated\">%d Dateien</target>", with: "<target>%@ Dateien</target>"
            )
            .replacingOccurrences(of: "    </body>\n  </file>\n</xliff>", with: few + "\n  </file>\n</xliff>")
        }
        defer { fixture.remove() }
        #expect(importer.writes.isEmpty)
        #expect(importer.failed)
        let messages = importer.diagnostics.map(\.message)
        #expect(
            messages.contains(
                "key \"files\", variable \"count\", other: format specifiers %1$@ disagree with en's %1$d"),
            "\(messages)")
        #expect(
            messages.contains(
                "\"/files:dict/count:dict/few:dict/:string\": de has no such plural form (it has one, other)"))
        #expect(messages.contains("unknown key: no unit \"nope\" in en.lproj/Localizable.stringsdict"))
        #expect(importer.diagnostics.allSatisfy { $0.path == path && $0.line != nil })
    }

    @Test("a file that is not XML is an error at the parser's position, and nothing is written")
    func notXML() throws {
        let (importer, path, fixture) = try Self.importing { $0.replacingOccurrences(of: "</body>", with: "</bodx>") }
        defer { fixture.remove() }
        #expect(importer.writes.isEmpty)
        try #require(importer.diagnostics.count == 1)
        #expect(importer.diagnostics[0].path == path)
        #expect(importer.diagnostics[0].line != nil && importer.diagnostics[0].column != nil)
        #expect(
            importer.diagnostics[0].message
                == "expected </body> to close the <body> at the start, found </bodx>")
    }

    @Test("a translation holding &#xFFFE; (no character XML 1.0 allows) is an error, and nothing is written")
    func notACharacter() throws {
        let (importer, path, fixture) = try Self.importing {
            $0.replacingOccurrences(
                of: "<target state=\"translated\">%d Dateien</target>", with: "<target>%d Dateien&#xFFFE;</target>")
        }
        defer { fixture.remove() }
        #expect(importer.writes.isEmpty)
        try #require(importer.diagnostics.count == 1)
        #expect(importer.diagnostics[0].path == path)
        #expect(importer.diagnostics[0].message == "&#xFFFE; is not a character XML 1.0 allows")
    }

    @Test(
        "hostile XML is an error at its line and column, and nothing of the file is taken",
        arguments: [
            (
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a\u{FF}/>\n",
                ":2:3: error: invalid UTF-8 (byte 0xFF)"
            ),
            (
                "<?xml version=\"1.0\"?>\n<!DOCTYPE xliff [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n<xliff/>",
                ":2:18: error: the DOCTYPE declares an entity"
            ),
            (
                "<xliff><file original=\"a\"><body><trans-unit id=\"k\"><target>%@: &xxe;</target>",
                ":1:64: error: unknown entity &xxe;"
            ),
            ("<plist/>", ":1:1: error: not XLIFF: the document is <plist>, not <xliff>"),
            (
                "<xliff><file original=\"a\"><body><trans-unit id=\"k\"><target>a <g>b</g></target>",
                ":1:62: error: <target> holds an element"
            ),
        ])
    func hostile(text: String, expected: String) throws {
        let fixture = try ProjectFixture()
        defer { fixture.remove() }
        let url = fixture.root.appendingPathComponent("de.xliff")
        // Written as bytes: the first case holds a byte that is not UTF-8.
        let bytes = text.unicodeScalars.map { $0.value == 0xFF ? UInt8(0xFF) : nil }
        var data = Data()
        for (scalar, raw) in zip(text.unicodeScalars, bytes) {
            if let raw { data.append(raw) } else { data.append(contentsOf: Array(String(scalar).utf8)) }
        }
        try data.write(to: url)
        let importer = TranslationImporter(project: CatalogProject(root: fixture.root), files: [url])
        #expect(importer.writes.isEmpty && importer.changed == 0)
        #expect(importer.diagnostics.count == 1)
        #expect(
            importer.diagnostics.first.map { "\($0)".hasPrefix(url.path + expected) } == true, "\(importer.diagnostics)"
        )
    }

    @Test("an XLIFF of 10 MB and more is read back (libxml2 stopped at 10 MB)")
    func large() throws {
        // 800 keys of 7 KB: an export of about 11 MB, source and target.
        let long = String(repeating: "Datei übertragen; ", count: 400)
        let english = (0..<800).map { "\"key\($0)\" = \"\(long)\($0)\";" }.joined(separator: "\n")
        let german = (0..<800).map { "\"key\($0)\" = \"\(long)\($0) (de)\";" }.joined(separator: "\n")
        let fixture = try ProjectFixture([
            "Localizations/en.lproj/Extra.strings": english, "Localizations/de.lproj/Extra.strings": german,
        ])
        defer { fixture.remove() }
        let project = CatalogProject(root: fixture.root)
        let catalog = try TranslationSource(project: project).catalog(for: LanguageTag("de")!, tables: ["Extra"])
        let data = try XLIFFWriter.write(catalog)
        #expect(data.count > 10_000_000)
        let edited = String(decoding: data, as: UTF8.self).replacingOccurrences(
            of: "799 (de)</target>", with: "799 (neu)</target>")
        let url = fixture.root.appendingPathComponent("de.xliff")
        try Data(edited.utf8).write(to: url)
        let importer = TranslationImporter(project: project, files: [url])
        #expect(!importer.failed, "\(importer.diagnostics)")
        #expect(importer.changed == 1)
    }
}

@Suite("TranslationImporter into a String Catalog")
struct StringCatalogImportTests {
    /// The lint fixture with its catalogs moved into one `Localizable.xcstrings`.
    static func stringCatalogProject() throws -> ProjectFixture {
        let fixture = try ProjectFixture()
        let project = CatalogProject(root: fixture.root)
        let exporter = try CatalogExporter(project: project)
        let data = try exporter.files(.xcstrings, tables: ["Localizable"])[0].data
        for language in ["en", "de"] {
            try FileManager.default.removeItem(
                at: project.layout.localizations.appendingPathComponent("\(language).lproj"))
        }
        try data.write(to: project.layout.localizations.appendingPathComponent("Localizable.xcstrings"))
        return fixture
    }

    static func xliff(_ fixture: ProjectFixture, _ edit: (String) -> String) throws -> TranslationImporter {
        let project = CatalogProject(root: fixture.root)
        let catalog = try TranslationSource(project: project).catalog(for: LanguageTag("de")!)
        let url = fixture.root.appendingPathComponent("de.xliff")
        try Data(edit(String(decoding: try XLIFFWriter.write(catalog), as: UTF8.self)).utf8).write(to: url)
        return TranslationImporter(project: project, files: [url])
    }

    @Test("an unedited export changes nothing; edits land in the String Catalog, other languages kept")
    func edits() throws {
        let fixture = try Self.stringCatalogProject()
        defer { fixture.remove() }
        let unchanged = try Self.xliff(fixture) { $0 }
        #expect(unchanged.diagnostics.isEmpty)
        #expect(unchanged.writes.isEmpty)

        let importer = try Self.xliff(fixture) {
            #expect($0.contains("id=\"files|==|plural.other\""))
            return $0.replacingOccurrences(of: ">Übertragungen<", with: ">Transfers<")
                .replacingOccurrences(of: ">%d Dateien<", with: ">%d Dokumente<")
        }
        #expect(importer.diagnostics.isEmpty)
        // The catalog, then the record of what the translations were made from.
        let names = importer.writes.map(\.url.lastPathComponent)
        try #require(names == ["Localizable.xcstrings", "translated-from.txt"])
        let file = XCStringsFile(importer.writes[0].data, path: "Localizable.xcstrings")
        #expect(file.errors.isEmpty)
        let german = file.part(for: LanguageTag("de")!)
        #expect(german.text["title"] == "Transfers")
        #expect(german.text["greeting"] == "Hallo, %@!")
        #expect(
            german.plurals["files"]?.variables.values.first?.variants == [.one: "%d Datei", .other: "%d Dokumente"])
        let english = file.part(for: LanguageTag("en")!)
        #expect(english.text["title"] == "Transfers")
        #expect(english.plurals["files"]?.variables.values.first?.variants == [.one: "%d file", .other: "%d files"])
    }

    /// The attacker's case of this round: two keys that differ only in Unicode normalization
    /// are two keys to the files. A translation of one was written under the other, over its
    /// translation; the tool's own PO of such a package did not import back.
    @Test(
        "PO and XLIFF: each of two keys spelled in two normalizations takes its own translation",
        arguments: [
            "po", "xliff",
        ])
    func keysInTwoNormalizations(format: String) throws {
        let (composed, decomposed) = ("caf\u{E9}", "cafe\u{301}")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("twins-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (language, text) in [
            ("en", "\"\(composed)\" = \"Same\";\n\"\(decomposed)\" = \"Same\";\n"),
            ("de", "\"\(composed)\" = \"old nfc\";\n\"\(decomposed)\" = \"old nfd\";\n"),
        ] {
            let lproj = root.appendingPathComponent("Localizations/\(language).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        }
        let project = CatalogProject(root: root)
        let catalog = try TranslationSource(project: project).catalog(for: LanguageTag("de")!)
        var text = String(
            decoding: format == "po" ? POWriter.write(catalog, table: "Localizable") : try XLIFFWriter.write(catalog),
            as: UTF8.self)
        // Both keys' translations changed.
        text = text.replacingOccurrences(of: "old nfc", with: "new nfc").replacingOccurrences(
            of: "old nfd", with: "new nfd")
        let url = root.appendingPathComponent("de.\(format)")
        try Data(text.utf8).write(to: url)
        let importer = TranslationImporter(project: project, files: [url])
        #expect(importer.diagnostics.filter { $0.severity == .error }.isEmpty, "\(importer.diagnostics)")
        let written = try #require(importer.writes.first { $0.url.lastPathComponent == "Localizable.strings" })
        #expect(
            Array(written.data)
                == Array("\"\(composed)\" = \"new nfc\";\n\"\(decomposed)\" = \"new nfd\";\n".utf8))
        // The record of what each was translated from: a line each.
        let record = try #require(importer.writes.first { $0.url.lastPathComponent == TranslationRecord.fileName })
        let keys = String(decoding: record.data, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { Array($0.split(separator: "\t", omittingEmptySubsequences: false)[2].utf8) }
        #expect(keys == [Array(decomposed.utf8), Array(composed.utf8)])
    }
}
