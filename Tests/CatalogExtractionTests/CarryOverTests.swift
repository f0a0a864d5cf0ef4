import CatalogExtraction
import CatalogFiles
import CatalogTesting
import Foundation
import Localization
import Testing

@Suite("Extraction: translations carried over from an edited text, and filled from memory")
struct CarryOverTests {
    /// A package whose only catalog is `Localizable.xcstrings` (`catalog`), and `Other.xcstrings`
    /// when given, with `main` as its one source.
    static func fixture(_ catalog: String, other: String? = nil, main: String) throws -> ProjectFixture {
        try ProjectFixture([
            "Localizations/en.lproj/Localizable.strings": nil,
            "Localizations/de.lproj/Localizable.strings": nil,
            "Localizations/en.lproj/Localizable.stringsdict": nil,
            "Localizations/de.lproj/Localizable.stringsdict": nil,
            "Localizations/Localizable.xcstrings": catalog,
            "Localizations/Other.xcstrings": other,
            "Sources/App/main.swift": main,
        ])
    }

    static func written(_ extraction: KeyExtraction, in fixture: ProjectFixture, table: String = "Localizable") throws
        -> StringCatalog
    {
        let url = fixture.root.appendingPathComponent("Localizations/\(table).xcstrings")
        let data = try #require(extraction.writes.first { $0.url.path == url.path }?.data)
        let catalog = StringCatalog(data, path: url.path)
        #expect(catalog.errors.isEmpty)
        return catalog
    }

    /// Keys that are their English text (Xcode's default), translated into German and French.
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Delete %lld files?" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien löschen?" } },
                "fr" : { "stringUnit" : { "state" : "translated", "value" : "Supprimer %lld fichiers ?" } }
              }
            },
            "Downloaded %@" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "%@ geladen" } }
              }
            },
            "Exceptions" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Ausnahmen" } }
              }
            },
            "Save" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Sichern" } }
              }
            }
          },
          "version" : "1.0"
        }
        """

    @Test("a similar text with the same arguments takes the translations as suggestions, the old key goes stale")
    func carried() throws {
        let fixture = try Self.fixture(
            Self.catalog,
            main: """
                print(text("Delete %lld files permanently?", .int(count)))
                print(text("Downloaded %@", .string(name)), text("Exceptions"), text("Save"))
                """)
        defer { fixture.remove() }
        let extraction = KeyExtractionTests.extract(fixture)
        #expect(extraction.diagnostics.isEmpty)
        #expect(
            KeyExtractionTests.summary(extraction) == [
                "added Delete %lld files permanently?", "translations carried over Delete %lld files permanently?",
                "marked stale Delete %lld files?",
            ])
        let carried = try #require(extraction.changes.first { $0.kind == .carried })
        #expect(carried.catalogText == "Delete %lld files?")
        let catalog = try Self.written(extraction, in: fixture)
        #expect(catalog["Delete %lld files?"]?.extractionState == .stale)
        let entry = try #require(catalog["Delete %lld files permanently?"])
        for (language, value) in [("de", "%lld Dateien löschen?"), ("fr", "Supprimer %lld fichiers ?")] {
            let unit = try #require(entry.localizations[language]?.stringUnit)
            #expect(unit.value == value)
            #expect(unit.state == .needsReview)
            #expect(unit.isSuggested && unit.isSuggestion)
            #expect(unit.previousSource == "Delete %lld files?")
        }
        #expect(entry.localizations["en"] == nil)
        // As Xcode's editor and FlavorKit read it back: the fields are written, kept and not unknown.
        let text = String(decoding: try #require(extraction.writes.first?.data), as: UTF8.self)
        #expect(
            text.contains(
                """
                        "de" : {
                          "stringUnit" : {
                            "previousSource" : "Delete %lld files?",
                            "state" : "needs_review",
                            "suggested" : true,
                            "value" : "%lld Dateien löschen?"
                          }
                        }
                """))
        #expect(StringCatalog(Data(text.utf8), path: "x.xcstrings").unknownFields.isEmpty)
    }

    @Test(
        "not carried: another placeholder, a text that is not similar enough",
        arguments: [
            ("Downloaded %@", "Downloaded %lld"),  // another argument type
            ("Downloaded %@", "Downloaded %@ of %@"),  // one argument more
            ("Exceptions", "Functions"),  // 0.63: msgmerge's 0.6 would pair them
            ("Save", "Save as PDF"),
        ])
    func notCarried(old: String, new: String) throws {
        let others = ["Downloaded %@", "Exceptions", "Save", "Delete %lld files?"].filter { $0 != old }
        let fixture = try Self.fixture(
            Self.catalog, main: ([new] + others).map { "print(text(\"\($0)\"))" }.joined(separator: "\n"))
        defer { fixture.remove() }
        let extraction = KeyExtractionTests.extract(fixture)
        #expect(Set(KeyExtractionTests.summary(extraction)) == ["added \(new)", "marked stale \(old)"])
        let catalog = try Self.written(extraction, in: fixture)
        #expect(catalog[new]?.localizations.isEmpty == true)
    }

    @Test("the same text under a new key takes the translations as they stand; so does a text translated elsewhere")
    func memory() throws {
        let other = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "queue.title" : {
                  "extractionState" : "manual",
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Warteschlange" } },
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Queue" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        let fixture = try Self.fixture(
            Self.catalog, other: other,
            main: """
                print(text("button.save", defaultValue: "Save"), text("Queue"), text("Downloaded %@"))
                print(text("Delete %lld files?"), text("Exceptions"))
                """)
        defer { fixture.remove() }
        let extraction = KeyExtractionTests.extract(fixture)
        #expect(extraction.diagnostics.isEmpty)
        let summary = KeyExtractionTests.summary(extraction)
        #expect(summary.contains("filled from memory button.save"))
        #expect(summary.contains("filled from memory Queue"))
        #expect(summary.contains("marked stale Save"))
        let catalog = try Self.written(extraction, in: fixture)
        let save = try #require(catalog["button.save"]?.localizations["de"]?.stringUnit)
        #expect(save.value == "Sichern" && save.state == .translated && !save.isSuggested)
        let queue = try #require(catalog["Queue"]?.localizations["de"]?.stringUnit)
        #expect(queue.value == "Warteschlange" && queue.state == .translated)
        let memory = try #require(extraction.changes.first { $0.key == "Queue" && $0.kind == .filledFromMemory })
        #expect(memory.catalogText == "Other: queue.title")
    }

    @Test(
        "a text similar to one translated in the package takes its translations as suggestions; another placeholder never"
    )
    func similarFromMemory() throws {
        let other = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "queue.pause" : {
                  "extractionState" : "manual",
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Übertragungen anhalten" } },
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Pause the transfers" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        let fixture = try Self.fixture(
            Self.catalog, other: other,
            main: """
                print(text("Delete %lld files?", .int(n)), text("Downloaded %@", .string(s)), text("Exceptions"))
                print(text("Save"), text("Pause all transfers"), text("Downloaded %lld", .int(n)))
                print(text("Delete %lld file?", .int(n)))
                """)
        defer { fixture.remove() }
        let extraction = KeyExtractionTests.extract(fixture)
        #expect(extraction.diagnostics.isEmpty)
        let carried = extraction.changes.filter { $0.kind == .carried }.map { "\($0.catalogText ?? "") → \($0.key)" }
        #expect(carried == ["Pause the transfers → Pause all transfers", "Delete %lld files? → Delete %lld file?"])
        #expect(!extraction.changes.contains { $0.kind == .markedStale || $0.kind == .filledFromMemory })
        let catalog = try Self.written(extraction, in: fixture)
        let pause = try #require(catalog["Pause all transfers"]?.localizations["de"]?.stringUnit)
        #expect(pause.value == "Übertragungen anhalten" && pause.state == .needsReview && pause.isSuggestion)
        #expect(pause.previousSource == "Pause the transfers")
        for (language, value) in [("de", "%lld Dateien löschen?"), ("fr", "Supprimer %lld fichiers ?")] {
            let unit = try #require(catalog["Delete %lld file?"]?.localizations[language]?.stringUnit)
            #expect(unit.value == value && unit.isSuggestion && unit.previousSource == "Delete %lld files?")
        }
        // `Downloaded %@` is as similar, but reads a string where the new text reads a number.
        #expect(catalog["Downloaded %lld"]?.localizations.isEmpty == true)
        // The texts they came from keep their translations as they were.
        #expect(catalog["Delete %lld files?"]?.localizations["de"]?.stringUnit?.state == .translated)
    }

    @Test(
        "a default value that changes while the text is extract's marks the translations for review, the text before kept"
    )
    func followedCodeKeepsPrevious() throws {
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "greeting" : {
                  "extractionState" : "extracted_with_value",
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Hallo!" } },
                    "en" : { "stringUnit" : { "state" : "new", "value" : "Hello!" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        let fixture = try Self.fixture(catalog, main: "print(text(\"greeting\", defaultValue: \"Hello there!\"))")
        defer { fixture.remove() }
        let extraction = KeyExtractionTests.extract(fixture)
        #expect(KeyExtractionTests.summary(extraction) == ["text updated greeting"])
        let unit = try #require(try Self.written(extraction, in: fixture)["greeting"]?.localizations["de"]?.stringUnit)
        #expect(unit.state == .needsReview && unit.previousSource == "Hello!" && !unit.isSuggested)
    }
}
