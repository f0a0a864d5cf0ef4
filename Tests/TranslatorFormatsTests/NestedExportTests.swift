import CatalogFiles
import Foundation
import Localization
import Testing
import TranslatorFormats

/// Nested plural variables survive every export format.
@Suite("flavorkit export: nested variables")
struct NestedExportTests {
    /// `files`'s variants name `folders`, which reads the second argument as `%ld`.
    static let stringsdict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>files.in.folders</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%#@files@</string>
        \t\t<key>files</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>d</string>
        \t\t\t<key>one</key>
        \t\t\t<string>%d file in %2$#@folders@</string>
        \t\t\t<key>other</key>
        \t\t\t<string>%d files in %2$#@folders@</string>
        \t\t</dict>
        \t\t<key>folders</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>ld</string>
        \t\t\t<key>one</key>
        \t\t\t<string>%ld folder</string>
        \t\t\t<key>other</key>
        \t\t\t<string>%ld folders</string>
        \t\t</dict>
        \t</dict>
        </dict>
        </plist>
        """

    static func project(files: [(String, Data)]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("nested-\(UUID().uuidString)")
        for (path, data) in files {
            let url = root.appendingPathComponent("Localizations").appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return root
    }

    static func entry(_ root: URL) throws -> PluralEntry {
        let exporter = try CatalogExporter(project: CatalogProject(root: root))
        #expect(exporter.readingErrors.isEmpty)
        let catalog = try #require(exporter.catalogs.first)
        return try #require(catalog.plural("files.in.folders", table: Catalog.defaultTable))
    }

    @Test(
        "stringsdict and xcstrings keep both variables; reading them back gives the same text",
        arguments: [
            CatalogExporter.Format.stringsdict, .xcstrings,
        ])
    func formatsKeepNesting(format: CatalogExporter.Format) throws {
        let root = try Self.project(files: [("en.lproj/Localizable.stringsdict", Data(Self.stringsdict.utf8))])
        defer { try? FileManager.default.removeItem(at: root) }
        let exporter = try CatalogExporter(project: CatalogProject(root: root))
        let copy = try Self.project(files: try exporter.files(format, tables: exporter.tables))
        defer { try? FileManager.default.removeItem(at: copy) }
        let (before, after) = (try Self.entry(root), try Self.entry(copy))
        #expect(Set(after.variables.keys) == ["files", "folders"])
        let rules = PluralRules.rules(for: LanguageTag("en")!)
        for (files, folders) in [(1, 1), (1, 4), (3, 1), (3, 4)] {
            #expect(
                try after.expand([.int(files), .int(folders)], rules: rules)
                    == before.expand([.int(files), .int(folders)], rules: rules))
        }
    }

    @Test("a .stringsdict is written as Apple's tools write it: the file read, byte for byte")
    func stringsdictLayout() throws {
        let root = try Self.project(files: [("en.lproj/Localizable.stringsdict", Data(Self.stringsdict.utf8))])
        defer { try? FileManager.default.removeItem(at: root) }
        let exporter = try CatalogExporter(project: CatalogProject(root: root))
        let files = try exporter.files(.stringsdict, tables: exporter.tables)
        #expect(files.map(\.path) == ["en.lproj/Localizable.stringsdict"])
        #expect(String(decoding: try #require(files.first?.data), as: UTF8.self) == Self.stringsdict + "\n")
    }

    @Test(
        "a String Catalog that is not JSON is a reading error, in every format",
        arguments: CatalogExporter.Format.allCases)
    func unreadableStringCatalog(format: CatalogExporter.Format) throws {
        let root = try Self.project(files: [
            ("en.lproj/Localizable.stringsdict", Data(Self.stringsdict.utf8)),
            ("Broken.xcstrings", Data(#"{ "sourceLanguage" : "en", "strings" : { "a" : "#.utf8)),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let exporter = try CatalogExporter(project: CatalogProject(root: root))
        _ = try exporter.files(format, tables: exporter.tables)
        #expect(exporter.readingErrors.count == 1)
        let error = try #require(exporter.readingErrors.first)
        #expect(error.message.hasPrefix("not valid JSON") && error.path?.hasSuffix("Broken.xcstrings") == true)
    }

    @Test("json writes a nested entry whole, as its .stringsdict dictionary")
    func jsonKeepsNesting() throws {
        let root = try Self.project(files: [("en.lproj/Localizable.stringsdict", Data(Self.stringsdict.utf8))])
        defer { try? FileManager.default.removeItem(at: root) }
        let exporter = try CatalogExporter(project: CatalogProject(root: root))
        let data = try #require(try exporter.files(.json, tables: exporter.tables).first?.data)
        let json = try JSONSerialization.jsonObject(with: data) as? [String: [String: [String: Any]]]
        let entry = try #require(json?["en"]?["files.in.folders"])
        #expect(entry["NSStringLocalizedFormatKey"] as? String == "%#@files@")
        #expect((entry["folders"] as? [String: String])?["other"] == "%ld folders")
        #expect((entry["files"] as? [String: String])?["one"] == "%d file in %2$#@folders@")
    }

    @Test("the String Catalog writer keeps every nested variable and its argument; reading it back resolves them")
    func xcstringsWriterRoundTrip() throws {
        let parsed = StringsDictParser.parse(Data(Self.stringsdict.utf8), path: "en.lproj/Localizable.stringsdict")
        #expect(parsed.errors.isEmpty)
        var catalog = Catalog(language: LanguageTag("en")!)
        catalog.overlay(plurals: parsed.entries, table: Catalog.defaultTable)
        let data = StringCatalogWriter.write(
            StringCatalogMigration.catalog([catalog], sourceLanguage: LanguageTag("en")!))
        let file = XCStringsFile(data, path: "Localizable.xcstrings")
        #expect(file.errors.isEmpty)
        let entry = try #require(file.part(for: LanguageTag("en")!).plurals["files.in.folders"])
        #expect(Set(entry.variables.keys) == ["files", "folders"])
        #expect(entry.variables["folders"]?.argument == 2)
        let rules = PluralRules.rules(for: LanguageTag("en")!)
        let original = try #require(parsed.entries["files.in.folders"])
        #expect(
            try entry.expand([.int(3), .int(1)], rules: rules)
                == (try original.expand([.int(3), .int(1)], rules: rules)))
        #expect(
            try entry.expand([.int(1), .int(2)], rules: rules)
                == (try original.expand([.int(1), .int(2)], rules: rules)))
    }
}
