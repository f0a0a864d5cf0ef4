import CatalogFiles
import CatalogTesting
import Diagnostics
import Foundation
import Localization
import Testing
import TranslatorFormats

/// Suggestions (translations carried over from an edited text or taken from memory, which
/// no person confirmed) as translators see them: PO's `#, fuzzy` and `#| msgid`, XLIFF's
/// `needs-review-translation` and a note; confirmed by importing them back reviewed.
@Suite("Suggestions through export, import and compendia")
struct SuggestionTranslationTests {
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Delete %lld files permanently?" : {
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "previousSource" : "Delete %lld files?",
                    "state" : "needs_review",
                    "suggested" : true,
                    "value" : "%lld Dateien löschen?"
                  }
                }
              }
            },
            "Open the queue" : {

            },
            "Pause all transfers" : {

            },
            "title" : {
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Übertragungen"
                  }
                },
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Transfers"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """

    static func fixture() throws -> ProjectFixture {
        try ProjectFixture([
            "Localizations/en.lproj/Localizable.strings": nil,
            "Localizations/de.lproj/Localizable.strings": nil,
            "Localizations/en.lproj/Localizable.stringsdict": nil,
            "Localizations/de.lproj/Localizable.stringsdict": nil,
            "Flavors/App/Localizations/de.lproj/InfoPlist.strings": nil,
            "Localizations/Localizable.xcstrings": catalog,
            "Sources/App/main.swift": """
            print(text("Delete %lld files permanently?", .int(n)), text("title"), text("Open the queue"))
            print(text("Pause all transfers"))
            """,
        ])
    }

    static func unit(_ fixture: ProjectFixture, _ key: String) throws -> StringCatalog.StringUnit? {
        let url = StringCatalogTranslationTests.catalogFile(fixture)
        return StringCatalog(try Data(contentsOf: url), path: url.path)[key]?.localizations["de"]?.stringUnit
    }

    static func exported(_ fixture: ProjectFixture, _ format: CatalogExporter.Format) throws -> String {
        let files = try CatalogExporter(project: CatalogProject(root: fixture.root), languages: [LanguageTag("de")!])
            .files(format, tables: ["Localizable"])
        return String(decoding: try #require(files.first).data, as: UTF8.self)
    }

    @Test("PO: fuzzy with the English it was made from as #| msgid; status counts it to review")
    func po() throws {
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        let po = try Self.exported(fixture, .po)
        #expect(
            po.contains(
                """
                #, fuzzy
                #| msgid "Delete %lld files?"
                msgctxt "Delete %lld files permanently?"
                msgid "Delete %lld files permanently?"
                msgstr "%lld Dateien löschen?"
                """))
        var errors: [Diagnostic] = []
        let status = try #require(
            try TranslationStatus.collect(CatalogProject(root: fixture.root), readingErrors: &errors).first {
                $0.catalog == "shared" && $0.language.description == "de"
            })
        #expect(status.needsReview == 1 && status.suggested == 1 && status.translated == 1 && status.missing == 2)
        #expect(
            status.untranslated.map { "\($0.reason) \($0.context)" }.contains("review Delete %lld files permanently?"))
        #expect(TranslationStatus.json([status]).contains("\"suggested\" : 1"))
    }

    @Test("PO imported with the fuzzy flag left: nothing changes; removed: the suggestion is a translation")
    func poConfirmed() throws {
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        let left = try StringCatalogTranslationTests.roundTrip(fixture, "de", .po) { $0 }
        #expect(left.changed == 0 && left.writes.isEmpty)
        #expect(try Self.unit(fixture, "Delete %lld files permanently?")?.isSuggestion == true)
        let confirmed = try StringCatalogTranslationTests.roundTrip(fixture, "de", .po) {
            $0.replacingOccurrences(of: "#, fuzzy\n#| msgid \"Delete %lld files?\"\n", with: "")
        }
        #expect(confirmed.changed == 1, "\(confirmed.diagnostics)")
        let unit = try #require(try Self.unit(fixture, "Delete %lld files permanently?"))
        #expect(unit.state == .translated && !unit.isSuggested && unit.previousSource == nil)
        #expect(unit.value == "%lld Dateien löschen?")
    }

    @Test("XLIFF: needs-review-translation with the previous English in a note; state translated confirms it")
    func xliff() throws {
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        let xliff = try Self.exported(fixture, .xliff)
        #expect(xliff.contains("<target state=\"needs-review-translation\">%lld Dateien löschen?</target>"))
        #expect(xliff.contains("<note from=\"flavorkit-previous-source\">Delete %lld files?</note>"))
        #expect(xliff.contains("<target state=\"translated\">Übertragungen</target>"))
        let confirmed = try StringCatalogTranslationTests.roundTrip(fixture, "de", .xliff) {
            $0.replacingOccurrences(of: "needs-review-translation", with: "translated")
        }
        #expect(confirmed.changed == 1, "\(confirmed.diagnostics)")
        #expect(try Self.unit(fixture, "Delete %lld files permanently?")?.state == .translated)
    }

    @Test("a compendium fills the same text as a translation and a similar one as a suggestion")
    func compendium() throws {
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        let compendium = fixture.root.appendingPathComponent("memory.po")
        try Data(
            """
            msgid ""
            msgstr ""
            "Language: de\\n"

            msgid "Open the queue"
            msgstr "Warteschlange öffnen"

            msgid "Pause the transfers"
            msgstr "Übertragungen anhalten"

            #, fuzzy
            msgid "Transfers"
            msgstr "Nicht das"

            """.utf8
        ).write(to: compendium)
        let project = CatalogProject(root: fixture.root)
        let importer = TranslationImporter(project: project, files: [], compendia: [compendium])
        #expect(importer.diagnostics.isEmpty, "\(importer.diagnostics)")
        #expect(importer.changed == 2 && importer.suggested == 1)
        for (url, data, _) in importer.writes { try data.write(to: url) }
        let open = try #require(try Self.unit(fixture, "Open the queue"))
        #expect(open.value == "Warteschlange öffnen" && open.state == .translated && !open.isSuggested)
        let pause = try #require(try Self.unit(fixture, "Pause all transfers"))
        #expect(pause.value == "Übertragungen anhalten" && pause.isSuggestion)
        #expect(pause.previousSource == "Pause the transfers")
        #expect(try Self.unit(fixture, "title")?.value == "Übertragungen")
    }

    @Test("a compendium that is not PO or XLIFF, or names two languages, is an error")
    func badCompendium() throws {
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        let text = fixture.root.appendingPathComponent("memory.txt")
        try Data("x".utf8).write(to: text)
        let xliff = fixture.root.appendingPathComponent("memory.xliff")
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="a" source-language="en" target-language="de" datatype="plaintext"><body/></file>
              <file original="b" source-language="en" target-language="fr" datatype="plaintext"><body/></file>
            </xliff>
            """.utf8
        ).write(to: xliff)
        let project = CatalogProject(root: fixture.root)
        let importer = TranslationImporter(project: project, files: [], compendia: [text, xliff])
        #expect(
            importer.diagnostics.map(\.message) == [
                "not a compendium (.po, .xliff)", "a compendium is of one language; this one has de, fr",
            ])
        #expect(importer.writes.isEmpty)
    }
}
