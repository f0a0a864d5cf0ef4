import Foundation
import Localization
import Testing

@Suite("Plural catalogs")
struct PluralCatalogTests {
    static func plist(_ entries: [String: Any]) throws -> String {
        String(
            decoding: try PropertyListSerialization.data(fromPropertyList: entries, format: .xml, options: 0),
            as: UTF8.self)
    }

    static func variable(_ variants: [String: String], type: String = "d") -> [String: Any] {
        variants.merging(["NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": type]) {
            $1
        }
    }

    static var englishDict: [String: Any] {
        [
            "files": [
                "NSStringLocalizedFormatKey": "%#@files@", "files": variable(["one": "%d file", "other": "%d files"]),
            ],
            "files.in": [
                "NSStringLocalizedFormatKey": "%#@files@ in %#@folders@",
                "files": variable(["one": "one file", "other": "%d files"]),
                "folders": variable(["one": "%d folder", "other": "%d folders"]),
            ],
            "moved": [
                "NSStringLocalizedFormatKey": "%2$#@files@ moved to %1$@",
                "files": variable(["zero": "no files", "one": "%2$d file", "other": "%2$d files"]),
            ],
            "both": [
                "NSStringLocalizedFormatKey": "%#@n@", "n": variable(["one": "plural wins", "other": "plural wins"]),
            ],
        ]
    }

    static var russianDict: [String: Any] {
        [
            "files": [
                "NSStringLocalizedFormatKey": "%#@files@",
                "files": variable(["one": "%d файл", "few": "%d файла", "many": "%d файлов", "other": "%d файла"]),
            ],
            "files.in": [
                "NSStringLocalizedFormatKey": "%#@files@ в %#@folders@",
                "files": variable(["one": "%d файл", "few": "%d файла", "many": "%d файлов", "other": "%d файла"]),
                "folders": variable(["one": "%d папке", "other": "%d папках"]),
            ],
        ]
    }

    static func localizer(_ language: String) throws -> (Localizer, CatalogFixture) {
        let fixture = try CatalogFixture([
            "shared": [
                "en": ["Localizable": #""both" = "text loses"; "plain" = "Plain";"#],
                "ru": ["Localizable": #""plain" = "Просто";"#],
            ]
        ])
        for (lang, dict) in [("en", englishDict), ("ru", russianDict)] {
            try Data(try plist(dict).utf8).write(
                to: fixture.folder("shared").appendingPathComponent("\(lang).lproj/Localizable.stringsdict"))
        }
        let store = CatalogStore(folders: [fixture.folder("shared")])
        return (
            Localizer(store: store, developmentLanguage: LanguageTag("en")!, preferences: [LanguageTag(language)!]),
            fixture
        )
    }

    @Test(
        "plural forms by CLDR rules",
        arguments: [
            ("en", 0, "0 files"), ("en", 1, "1 file"), ("en", 2, "2 files"),
            ("ru", 1, "1 файл"), ("ru", 3, "3 файла"), ("ru", 11, "11 файлов"),
            ("ru", 21, "1 файл".replacingOccurrences(of: "1", with: "21")),
            ("ru", 100, "100 файлов"),
        ])
    func forms(language: String, count: Int, expected: String) throws {
        let (localizer, fixture) = try Self.localizer(language)
        defer { fixture.remove() }
        #expect(localizer.text("files", .int(count)) == expected)
        #expect(localizer.issues.isEmpty)
    }

    @Test("several variables, positions, explicit zero, a variant without its number")
    func variables() throws {
        let (english, fixture) = try Self.localizer("en")
        defer { fixture.remove() }
        #expect(english.text("files.in", 1, 3) == "one file in 3 folders")
        #expect(english.text("files.in", 2, 1) == "2 files in 1 folder")
        #expect(english.text("moved", "Trash", 0) == "no files moved to Trash")
        #expect(english.text("moved", "Trash", 5) == "5 files moved to Trash")
        #expect(english.issues.isEmpty)
        // %d given a floating-point number is a mismatch, not garbage: the key shows.
        #expect(english.text("files", 1.5) == "files")
        let (russian, fixture2) = try Self.localizer("ru")
        defer { fixture2.remove() }
        #expect(russian.text("files.in", 22, 1) == "22 файла в 1 папке")
    }

    @Test("a key in both .strings and .stringsdict: the plural entry wins")
    func pluralWins() throws {
        let (localizer, fixture) = try Self.localizer("en")
        defer { fixture.remove() }
        #expect(localizer.text("both", 1) == "plural wins")
    }

    static var badEntries: [([String: Any], String)] {
        [
            (
                ["NSStringLocalizedFormatKey": "%#@missing@"],
                "the format names variable \"missing\", which is not defined"
            ),
            (
                ["NSStringLocalizedFormatKey": "%#@n@", "n": variable(["one": "x"])],
                "variable \"n\" has no \"other\" variant"
            ),
            (["n": variable(["other": "x"])], "NSStringLocalizedFormatKey is missing"),
            (
                ["NSStringLocalizedFormatKey": "%#@n@", "n": ["NSStringFormatSpecTypeKey": "Other", "other": "x"]],
                "variable \"n\" must have NSStringFormatSpecTypeKey = NSStringPluralRuleType"
            ),
        ]
    }

    @Test("bad .stringsdict entries are errors naming their key; the rest loads", arguments: 0..<4)
    func badEntry(index: Int) throws {
        let (entry, message) = Self.badEntries[index]
        let text = try Self.plist([
            "bad": entry, "good": ["NSStringLocalizedFormatKey": "%#@n@", "n": Self.variable(["other": "%d"])],
        ])
        let result = StringsDictParser.parse(Data(text.utf8), path: "x.stringsdict")
        #expect(result.entries.keys.sorted() == ["good"])
        let error = try #require(result.errors.first)
        #expect(error.message == message + " (key \"bad\")")
        #expect(error.description.hasPrefix("x.stringsdict:\(error.line ?? 0):1: error: "))
        #expect((error.line ?? 0) > 1)
    }

    @Test("entries carry the line of their own top-level <key>, not of a nested key with the same name")
    func entryLines() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>files</key>
                <dict>
                    <key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
                    <key>files</key>
                    <dict>
                        <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                        <key>other</key><string>%d files</string>
                    </dict>
                </dict>

                <key>a &amp; b</key>
                <dict><key>NSStringLocalizedFormatKey</key><string>%#@x@</string></dict>
            </dict>
            </plist>
            """
        let result = StringsDictParser.parse(Data(text.utf8), path: "x.stringsdict")
        #expect(try #require(result.entries["files"]).location.line == 4)
        let error = try #require(result.errors.first)
        #expect(
            error.description
                == "x.stringsdict:14:1: error: the format names variable \"x\", which is not defined (key \"a & b\")")
    }

    /// Two keys that differ only in Unicode normalization are two entries to Foundation on
    /// Apple's systems; FlavorKit keeps plural entries by `String`, which takes them for one:
    /// the entry read first would be lost without a word.
    @Test(".stringsdict: a key spelled in another normalization than an earlier one is an error at its line")
    func keysInTwoNormalizations() throws {
        func entry(_ key: String, _ other: String) -> String {
            """
                <key>\(key)</key>
                <dict>
                    <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                    <key>n</key>
                    <dict>
                        <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                        <key>other</key><string>\(other)</string>
                    </dict>
                </dict>

            """
        }
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
            + entry("caf\u{E9}", "%d A") + entry("cafe\u{301}", "%d B") + "</dict>\n</plist>\n"
        let result = StringsDictParser.parse(Data(text.utf8), path: "x.stringsdict")
        #expect(result.entries.count == 1)
        let error = try #require(result.errors.first)
        #expect(
            error.description
                == "x.stringsdict:13:1: error: key \"cafe\u{301}\" is key \"caf\u{E9}\" of line 4 in another Unicode "
                + "normalization, the same text to FlavorKit, which keeps the first only; spell both alike or "
                + "rename one")
        // The first, as read: its key's spelling and its text.
        let kept = try #require(result.entries.first)
        #expect(Array(kept.key.utf8) == Array("caf\u{E9}".utf8) && kept.value.format == "%#@n@")
        #expect(kept.value.variables["n"]?.variants[.other] == "%d A")
        // The Kelvin sign is K to `String`: an ASCII key after it is found too.
        let kelvin =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
            + entry("\u{212A}", "%d A") + entry("K", "%d B") + "</dict>\n</plist>\n"
        #expect(StringsDictParser.parse(Data(kelvin.utf8), path: "x.stringsdict").errors.count == 1)
    }

    @Test("a .stringsdict that is not a property list is one error")
    func notAPlist() {
        let result = StringsDictParser.parse(Data("not a plist".utf8), path: "x.stringsdict")
        #expect(result.entries.isEmpty && result.errors.count == 1)
    }
}
