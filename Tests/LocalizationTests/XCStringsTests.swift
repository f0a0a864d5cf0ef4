import Foundation
import Localization
import Testing

@Suite("String Catalogs (.xcstrings)")
struct XCStringsTests {
    static let catalog = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "greeting" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello, %@" } },
                "de" : { "stringUnit" : { "state" : "needs_review", "value" : "Hallo, %@" } },
                "fr" : { "stringUnit" : { "state" : "new", "value" : "Bonjour, %@" } },
                "ja" : { "stringUnit" : { "state" : "translated", "value" : "" } }
              }
            },
            "files" : {
              "localizations" : {
                "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } } } } },
                "ru" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld файл" } },
                  "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld файла" } },
                  "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld файлов" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld файла" } } } } }
              }
            },
            "moved" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : { "state" : "translated", "value" : "%#@count@ moved to %@" },
                  "substitutions" : { "count" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg file" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg files" } } } } } }
                }
              }
            },
            "tap" : {
              "localizations" : {
                "en" : { "variations" : { "device" : {
                  "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Tap" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "Click" } } } } }
              }
            },
            "weird" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : 42 } } } },
            "no.other" : { "localizations" : { "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "one" } } } } } } },
            "bad.arg" : { "localizations" : { "en" : {
                  "stringUnit" : { "state" : "translated", "value" : "%#@n@" },
                  "substitutions" : { "n" : { "argNum" : 7, "formatSpecifier" : "d", "variations" : { "plural" : {
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg" } } } } } } } } }
          },
          "version" : "1.0"
        }
        """#

    static func localizer(_ language: String) throws -> (Localizer, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xcstrings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(catalog.utf8).write(to: folder.appendingPathComponent("Localizable.xcstrings"))
        let store = CatalogStore(folders: [folder])
        return (
            Localizer(store: store, developmentLanguage: LanguageTag("en")!, preferences: [LanguageTag(language)!]),
            folder
        )
    }

    @Test("text, plural variations, substitutions and device variations")
    func reading() throws {
        let (english, folder) = try Self.localizer("en")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(english.text("greeting", "Ana") == "Hello, Ana")
        #expect(english.text("files", 1) == "1 file")
        #expect(english.text("files", 5) == "5 files")
        #expect(english.text("moved", 1, "Trash") == "1 file moved to Trash")
        #expect(english.text("moved", 3, "Trash") == "3 files moved to Trash")
        #expect(english.text("tap") == "Click")
        // fr and ja have only untranslated units, so they are not offered.
        #expect(english.store.availableLanguages.map(\.description) == ["de", "en", "ru"])
        let (russian, folder2) = try Self.localizer("ru")
        defer { try? FileManager.default.removeItem(at: folder2) }
        #expect(russian.text("files", 22) == "22 файла")
        #expect(russian.text("files", 25) == "25 файлов")
    }

    @Test(
        "new and empty units fall back; needs_review is used and reported",
        arguments: [
            ("fr", "Hello, Ana", false), ("ja", "Hello, Ana", false), ("de", "Hallo, Ana", true),
        ])
    func states(language: String, expected: String, reported: Bool) throws {
        let (localizer, folder) = try Self.localizer(language)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(localizer.text("greeting", "Ana") == expected)
        let review = localizer.issues.contains { if case .needsReview = $0 { true } else { false } }
        #expect(review == reported)
    }

    @Test("bad strings are errors naming their key; the rest loads")
    func badStrings() throws {
        let file = XCStringsFile(Data(Self.catalog.utf8), path: "L.xcstrings")
        let messages = file.errors.map(\.description)
        #expect(messages.count == 3)
        #expect(messages.contains("L.xcstrings:41:97: error: en: \"value\" must be a string (key \"weird\")"))
        #expect(messages.contains { $0.contains("plural variations have no \"other\" (key \"no.other\")") })
        #expect(messages.contains { $0.contains("argNum 7, out of range 1...1 (key \"bad.arg\")") })
        #expect(file.errors.allSatisfy { ($0.line ?? 0) > 1 })
        #expect(file.part(for: LanguageTag("en")!).text.count == 2)
    }

    @Test("a file that is not JSON is one error")
    func notJSON() {
        let file = XCStringsFile(Data("{ nope".utf8), path: "L.xcstrings")
        #expect(
            file.errors.map(\.description) == [
                "L.xcstrings:1:3: error: not valid JSON: expected a key (a string in double quotes), found 'n'"
            ])
        #expect(file.languages.isEmpty)
    }
}
