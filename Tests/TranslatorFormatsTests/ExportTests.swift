import CatalogFiles
import Diagnostics
import Foundation
import Localization
import TestSupport
import Testing
import TranslatorFormats

@Suite("flavorkit export")
struct ExportTests {
    /// `.strings` texts that exercise every escape and token form the format has.
    static let escapeFixtures: [String] = [
        #""plain" = "Plain";"#,
        #""quote" = "say \"hi\""; "backslash" = "a\\b"; 'single' = 'it\'s';"#,
        #""controls" = "tab\there\nnew line\rcr \a\b\f\v";"#,
        #""unicode" = "\U00e9t\U00E9 \UD83D\UDE00 \U2603"; "octal" = "\101\102\303\251";"#,
        "\"raw newline\" = \"first\nsecond\";\n\"continued\" = \"one \\\ntwo\";",
        #"unquoted_key = unquoted/value.1:2-3; "shorthand";"#,
        "/* a comment */\n\"commented\" = \"Value\"; // trailing\n\"empty\" = \"\";",  // see emptyValues
        #""ctrl" = "\U0001\U001F\U007F"; "dup" = "first"; "dup" = "last";"#,
    ]

    static func project(_ strings: String, language: String = "en") throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        let lproj = root.appendingPathComponent("Localizations/\(language).lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        try Data(strings.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        return root
    }

    static func exportedJSON(_ root: URL) throws -> [String: [String: String]] {
        let exporter = try CatalogExporter(project: CatalogProject(root: root))
        let files = try exporter.files(.json, tables: exporter.tables)
        let data = try #require(files.first?.data)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: String]])
    }

    @Test("json gives exactly the pairs PropertyListSerialization reads from the file", arguments: escapeFixtures)
    func jsonMatchesFoundation(strings: String) throws {
        let root = try Self.project(strings)
        defer { try? FileManager.default.removeItem(at: root) }
        let foundation = try #require(
            try PropertyListSerialization.propertyList(from: Data(strings.utf8), format: nil) as? [String: String])
        #expect(try Self.exportedJSON(root) == ["en": foundation])
    }

    @Test(
        ".strings → .xcstrings → .strings keeps every key and value",
        arguments: escapeFixtures.filter { !$0.contains("\"\"") })
    func roundTrip(strings: String) throws {
        let root = try Self.project(strings)
        defer { try? FileManager.default.removeItem(at: root) }
        let original = try CatalogExporter(project: CatalogProject(root: root))
        let catalog = try #require(try original.files(.xcstrings, tables: ["Localizable"]).first)
        // The String Catalog alone, then back to .strings.
        let second = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: second) }
        try FileManager.default.createDirectory(
            at: second.appendingPathComponent("Localizations"), withIntermediateDirectories: true)
        try catalog.data.write(to: second.appendingPathComponent("Localizations/Localizable.xcstrings"))
        let back = try CatalogExporter(project: CatalogProject(root: second)).files(.strings, tables: ["Localizable"])
        let file = try #require(back.first)
        #expect(file.path == "en.lproj/Localizable.strings")
        let reread = try StringsParser.parse(file.data, path: file.path)
        let foundation = try #require(
            try PropertyListSerialization.propertyList(from: Data(strings.utf8), format: nil) as? [String: String])
        #expect(reread.dictionary == foundation)
        // Foundation reads what we write, too.
        #expect(
            try PropertyListSerialization.propertyList(from: file.data, format: nil) as? [String: String] == foundation)
    }

    @Test("an empty value is the one exception: a String Catalog reads an empty unit as untranslated")
    func emptyValues() throws {
        let root = try Self.project(#""empty" = ""; "full" = "Full";"#)
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = try #require(
            try CatalogExporter(project: CatalogProject(root: root)).files(.xcstrings, tables: ["Localizable"]).first)
        let file = XCStringsFile(catalog.data, path: "Localizable.xcstrings")
        #expect(file.part(for: LanguageTag("en")!).text.dictionary == ["full": "Full"])
    }

    @Test(
        "a package's catalogs survive .strings + .stringsdict → .xcstrings → .strings + .stringsdict, every language")
    func projectRoundTrip() throws {
        let root = Repository.transfersFixture
        let original = try CatalogExporter(project: CatalogProject(root: root))
        let second = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: second) }
        let folder = second.appendingPathComponent("Localizations")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in try original.files(.xcstrings, tables: original.tables) {
            try file.data.write(to: folder.appendingPathComponent(file.path))
        }
        let viaCatalog = try CatalogExporter(project: CatalogProject(root: second))
        let third = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: third) }
        for format in [CatalogExporter.Format.strings, .stringsdict] {
            for file in try viaCatalog.files(format, tables: viaCatalog.tables) {
                let url = third.appendingPathComponent("Localizations").appendingPathComponent(file.path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.data.write(to: url)
            }
        }
        let roundTripped = try CatalogExporter(project: CatalogProject(root: third))
        #expect(original.catalogs.count >= 8)
        #expect(original.readingErrors.isEmpty && roundTripped.readingErrors.isEmpty)
        let before = try original.files(.json, tables: ["Localizable"]),
            after = try roundTripped.files(.json, tables: ["Localizable"])
        #expect(before.map(\.path) == ["Localizable.json"])
        #expect(String(decoding: after[0].data, as: UTF8.self) == String(decoding: before[0].data, as: UTF8.self))
    }

    @Test("a flavor's overrides are applied when it is named")
    func flavorOverrides() throws {
        let root = try Self.project(#""title" = "Transfers"; "other" = "Other";"#)
        defer { try? FileManager.default.removeItem(at: root) }
        let flavor = root.appendingPathComponent("Flavors/Light/Localizations/en.lproj")
        try FileManager.default.createDirectory(at: flavor, withIntermediateDirectories: true)
        try Data(#""title" = "Transfers Light";"#.utf8).write(to: flavor.appendingPathComponent("Localizable.strings"))
        let exporter = try CatalogExporter(project: CatalogProject(root: root), flavor: "Light")
        let data = try #require(try exporter.files(.json, tables: ["Localizable"]).first?.data)
        #expect(
            try JSONSerialization.jsonObject(with: data) as? [String: [String: String]]
                == ["en": ["title": "Transfers Light", "other": "Other"]])
        #expect(throws: Diagnostic.self) { try CatalogExporter(project: CatalogProject(root: root), flavor: "Heavy") }
    }

    @Test(".strings output keeps comments and escapes what needs it")
    func stringsOutput() {
        let text = String(
            decoding: StringsWriter.write(["b": "say \"hi\"\n", "a": "tab\t\u{1}"], comments: ["b": "Greeting"]),
            as: UTF8.self)
        #expect(text == "\"a\" = \"tab\\t\\U0001\";\n/* Greeting */\n\"b\" = \"say \\\"hi\\\"\\n\";\n")
    }

    /// Two keys that differ only in normalization are two keys to the file and to Foundation on
    /// Apple's systems; a dictionary keyed by `String` kept one of them (with the other's
    /// value and comment). Both are written, the one whose bytes sort first (`e` and U+0301)
    /// first.
    @Test(".strings and json exports keep both keys of a pair spelled in two normalizations")
    func keysInTwoNormalizations() throws {
        let (composed, decomposed) = ("caf\u{E9}", "cafe\u{301}")
        let root = try Self.project(
            "/* one */\n\"\(composed)\" = \"1\";\n/* two */\n\"\(decomposed)\" = \"2\";\n\"z\" = \"Z\";\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let exporter = try CatalogExporter(project: CatalogProject(root: root))
        let strings = try #require(try exporter.files(.strings, tables: ["Localizable"]).first)
        #expect(
            Array(strings.data)
                == Array(
                    ("/* two */\n\"\(decomposed)\" = \"2\";\n/* one */\n\"\(composed)\" = \"1\";\n"
                        + "\"z\" = \"Z\";\n").utf8))
        // As a String Catalog: two entries, each with its own text and comment (in the order
        // Foundation's comparison gives, which may differ between platforms for the two).
        let stringCatalog = try #require(try exporter.files(.xcstrings, tables: ["Localizable"]).first)
        let read = StringCatalog(stringCatalog.data, path: "Localizable.xcstrings")
        #expect(read.errors.isEmpty)
        #expect(
            Set(
                read.entries.map { [$0.key, $0.comment ?? "", $0.localizations["en"]?.stringUnit?.value ?? ""] }.map {
                    $0.map { Array($0.utf8) }
                })
                == Set(
                    [[decomposed, "two", "2"], [composed, "one", "1"], ["z", "", "Z"]].map { $0.map { Array($0.utf8) } }
                ))
        #expect(read.entries.last?.key == "z")
        let json = try #require(try exporter.files(.json, tables: ["Localizable"]).first)
        #expect(
            String(decoding: json.data, as: UTF8.self).utf8.elementsEqual(
                "{\n  \"en\" : {\n    \"\(decomposed)\" : \"2\",\n    \"\(composed)\" : \"1\",\n    \"z\" : \"Z\"\n  }\n}\n"
                    .utf8))
    }

    @Test("a String Catalog's keys spelled in two normalizations keep their own comments in every export")
    func stringCatalogKeysInTwoNormalizations() throws {
        let (composed, decomposed) = ("caf\u{E9}", "cafe\u{301}")
        var catalog = StringCatalog(sourceLanguage: "en")
        for (key, text) in [(composed, "nfc"), (decomposed, "nfd")] {
            var entry = StringCatalog.Entry(key: key)
            entry.comment = text
            entry.localizations.append(.init(stringUnit: .init(text.uppercased())), for: "en")
            catalog.append(contentsOf: [entry])
        }
        // Each found by its own bytes; removing one leaves the other.
        #expect(catalog[composed]?.comment == "nfc" && catalog[decomposed]?.comment == "nfd")
        var removed = catalog
        removed.remove(decomposed)
        #expect(removed.entries.map(\.comment) == ["nfc"] && removed[composed]?.comment == "nfc")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Localizations"), withIntermediateDirectories: true)
        try StringCatalogWriter.write(catalog).write(
            to: root.appendingPathComponent("Localizations/Localizable.xcstrings"))
        let exporter = try CatalogExporter(project: CatalogProject(root: root))
        let strings = try #require(try exporter.files(.strings, tables: ["Localizable"]).first)
        #expect(
            Array(strings.data)
                == Array(
                    "/* nfd */\n\"\(decomposed)\" = \"NFD\";\n/* nfc */\n\"\(composed)\" = \"NFC\";\n".utf8))
        let po = String(
            decoding: try #require(try exporter.files(.po, tables: ["Localizable"]).first).data, as: UTF8.self)
        // Each message's block, by the bytes of its msgctxt (`contains` would take either
        // spelling for the other).
        func block(_ key: String) -> String? {
            po.components(separatedBy: "\n\n").first { block in
                block.split(separator: "\n").contains { $0.utf8.elementsEqual("msgctxt \"\(key)\"".utf8) }
            }
        }
        #expect(try #require(block(composed)).hasPrefix("#. nfc\n"))
        #expect(try #require(block(decomposed)).hasPrefix("#. nfd\n"))
    }

    @Test("a text entry whose key is a plural entry's spelled in another normalization is its own unit")
    func textBesidePluralOfTheOtherSpelling() throws {
        let (composed, decomposed) = ("caf\u{E9}", "cafe\u{301}")
        let root = try Self.project("\"\(decomposed)\" = \"Text\";\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let plural = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>\(composed)</key>
                <dict>
                    <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                    <key>n</key>
                    <dict>
                        <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                        <key>NSStringFormatValueTypeKey</key><string>d</string>
                        <key>one</key><string>%d one</string>
                        <key>other</key><string>%d many</string>
                    </dict>
                </dict>
            </dict>
            </plist>
            """
        try Data(plural.utf8).write(to: root.appendingPathComponent("Localizations/en.lproj/Localizable.stringsdict"))
        let catalog = try TranslationSource(project: CatalogProject(root: root)).catalog(for: LanguageTag("en")!)
        let keys = Set(catalog.units.map { Array($0.key.utf8) })
        #expect(keys == [Array(composed.utf8), Array(decomposed.utf8)])
        #expect(catalog.units.contains { $0.key.utf8.elementsEqual(decomposed.utf8) && $0.source == "Text" })
    }
}
