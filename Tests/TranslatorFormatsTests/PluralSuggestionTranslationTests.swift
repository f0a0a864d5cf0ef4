import CatalogFiles
import CatalogTesting
import Foundation
import Localization
import Testing
import TranslatorFormats

/// A plural (or a text varying by device) carried over as suggestions, as translators see
/// it: every form in the export,
/// fuzzy with the English before as `#| msgid` and `#| msgid_plural`, or each XLIFF form to
/// review with its note; confirmed by importing it back reviewed.
@Suite("Plural and device suggestions through export and import")
struct PluralSuggestionTranslationTests {
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "%lld files left" : {
              "localizations" : {
                "de" : {
                  "variations" : {
                    "plural" : {
                      "one" : {
                        "stringUnit" : {
                          "previousSource" : "%lld file remaining",
                          "state" : "needs_review",
                          "suggested" : true,
                          "value" : "Noch %lld Datei"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "previousSource" : "%lld files remaining",
                          "state" : "needs_review",
                          "suggested" : true,
                          "value" : "Noch %lld Dateien"
                        }
                      }
                    }
                  }
                },
                "en" : {
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file left" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files left" } }
                    }
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """

    /// A text that varies by device, its German cases carried over as suggestions.
    static let deviceCatalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "open" : {
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "variations" : {
                    "device" : {
                      "mac" : {
                        "stringUnit" : {
                          "previousSource" : "Open it in Finder",
                          "state" : "needs_review",
                          "suggested" : true,
                          "value" : "Im Finder öffnen"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "previousSource" : "Open it",
                          "state" : "needs_review",
                          "suggested" : true,
                          "value" : "Öffnen"
                        }
                      }
                    }
                  }
                },
                "en" : {
                  "variations" : {
                    "device" : {
                      "mac" : { "stringUnit" : { "state" : "translated", "value" : "Open in Finder" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "Open" } }
                    }
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """

    static func fixture(_ catalog: String = catalog) throws -> ProjectFixture {
        try ProjectFixture([
            "Localizations/en.lproj/Localizable.strings": nil,
            "Localizations/de.lproj/Localizable.strings": nil,
            "Localizations/en.lproj/Localizable.stringsdict": nil,
            "Localizations/de.lproj/Localizable.stringsdict": nil,
            "Flavors/App/Localizations/de.lproj/InfoPlist.strings": nil,
            "Localizations/Localizable.xcstrings": catalog,
            "Sources/App/main.swift": "print(text(\"%lld files left\", .int(n)), text(\"open\"))\n",
        ])
    }

    /// The German plural's units, by category.
    static func units(_ fixture: ProjectFixture) throws -> [String: StringCatalog.StringUnit] {
        let url = StringCatalogTranslationTests.catalogFile(fixture)
        let cases = StringCatalog(try Data(contentsOf: url), path: url.path)["%lld files left"]?
            .localizations["de"]?.variations?.plural
        var units: [String: StringCatalog.StringUnit] = [:]
        for (category, localization) in cases ?? KeyedList() { units[category] = localization.stringUnit }
        return units
    }

    @Test("PO: every form, fuzzy, the English before as #| msgid and #| msgid_plural; fuzzy removed confirms")
    func po() throws {
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        let po = try SuggestionTranslationTests.exported(fixture, .po)
        #expect(
            po.contains(
                """
                #, fuzzy
                #| msgid "%lld file remaining"
                #| msgid_plural "%lld files remaining"
                msgctxt "%lld files left"
                msgid "%lld file left"
                msgid_plural "%lld files left"
                msgstr[0] "Noch %lld Datei"
                msgstr[1] "Noch %lld Dateien"
                """))
        let left = try StringCatalogTranslationTests.roundTrip(fixture, "de", .po) { $0 }
        #expect(left.changed == 0 && left.writes.isEmpty)
        #expect(try Self.units(fixture).values.allSatisfy(\.isSuggestion))
        let confirmed = try StringCatalogTranslationTests.roundTrip(fixture, "de", .po) {
            $0.replacingOccurrences(
                of: "#, fuzzy\n#| msgid \"%lld file remaining\"\n#| msgid_plural \"%lld files remaining\"\n", with: "")
        }
        #expect(confirmed.diagnostics.isEmpty, "\(confirmed.diagnostics)")
        let units = try Self.units(fixture)
        #expect(units.count == 2)
        #expect(units.values.allSatisfy { $0.state == .translated && !$0.isSuggested && $0.previousSource == nil })
        #expect(units["one"]?.value == "Noch %lld Datei" && units["other"]?.value == "Noch %lld Dateien")
    }

    @Test("XLIFF: each form needs-review-translation with its English before in a note; translated confirms")
    func xliff() throws {
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        let xliff = try SuggestionTranslationTests.exported(fixture, .xliff)
        for (category, value, previous) in [
            ("one", "Noch %lld Datei", "%lld file remaining"), ("other", "Noch %lld Dateien", "%lld files remaining"),
        ] {
            #expect(
                xliff.contains(
                    """
                    <trans-unit id="%lld files left|==|plural.\(category)" xml:space="preserve">
                    """))
            #expect(xliff.contains("<target state=\"needs-review-translation\">\(value)</target>"))
            #expect(xliff.contains("<note from=\"flavorkit-previous-source\">\(previous)</note>"))
        }
        let confirmed = try StringCatalogTranslationTests.roundTrip(fixture, "de", .xliff) {
            $0.replacingOccurrences(of: "needs-review-translation", with: "translated")
        }
        #expect(confirmed.diagnostics.isEmpty, "\(confirmed.diagnostics)")
        let units = try Self.units(fixture)
        #expect(units.count == 2 && units.values.allSatisfy { $0.state == .translated && !$0.isSuggested })
    }

    @Test("a text that varies by device: each case fuzzy with its English before; fuzzy removed confirms")
    func device() throws {
        let fixture = try Self.fixture(Self.deviceCatalog)
        defer { fixture.remove() }
        let po = try SuggestionTranslationTests.exported(fixture, .po)
        for (device, previous, source, value) in [
            ("mac", "Open it in Finder", "Open in Finder", "Im Finder öffnen"), ("other", "Open it", "Open", "Öffnen"),
        ] {
            #expect(
                po.contains(
                    """
                    #, fuzzy
                    #| msgid "\(previous)"
                    msgctxt "open|device.\(device)"
                    msgid "\(source)"
                    msgstr "\(value)"
                    """), "\(po)")
        }
        let xliff = try SuggestionTranslationTests.exported(fixture, .xliff)
        #expect(xliff.contains("<target state=\"needs-review-translation\">Im Finder öffnen</target>"))
        #expect(xliff.contains("<note from=\"flavorkit-previous-source\">Open it in Finder</note>"))
        let confirmed = try StringCatalogTranslationTests.roundTrip(fixture, "de", .po) {
            $0.replacingOccurrences(of: "#, fuzzy\n", with: "").replacingOccurrences(
                of: "#| msgid \"Open it in Finder\"\n", with: ""
            ).replacingOccurrences(of: "#| msgid \"Open it\"\n", with: "")
        }
        #expect(confirmed.diagnostics.isEmpty, "\(confirmed.diagnostics)")
        let url = StringCatalogTranslationTests.catalogFile(fixture)
        let cases = try #require(
            StringCatalog(try Data(contentsOf: url), path: url.path)["open"]?.localizations["de"]?.variations?.device)
        #expect(cases.count == 2)
        for (_, localization) in cases {
            let unit = try #require(localization.stringUnit)
            #expect(unit.state == .translated && !unit.isSuggested && unit.previousSource == nil)
        }
    }
}
