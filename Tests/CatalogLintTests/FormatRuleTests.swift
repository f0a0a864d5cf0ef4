import CatalogFiles
import CatalogLint
import CatalogTesting
import Foundation
import Testing

@Suite("flavorkit lint: formats and flavors")
struct FormatRuleTests {
    static let en = "Localizations/en.lproj/Localizable.strings"
    static let de = "Localizations/de.lproj/Localizable.strings"

    @Test(
        "specifiers must agree with the development language in count, type and position",
        arguments: [
            ("%1$@ has %2$d", "%d hat %@", "format specifiers %1$d, %2$@ disagree with en's %1$@, %2$d"),
            ("%1$@ has %2$d", "%1$@ hat", "format specifiers %1$@ disagree with en's %1$@, %2$d"),
            ("%1$@ has %2$d", "%2$d: %1$@", nil),
            (
                "%d%% done", "%d fertig %",
                "not a valid format (a '%' ends the text without a conversion (write %% for a percent sign)); en has %1$d"
            ),
            ("%d%% done", "%d % fertig", "format specifiers %1$d, %2$f disagree with en's %1$d"),
            ("Plain", "Einfach %@", "format specifiers %1$@ disagree with en's no arguments"),
            ("100%", "100 %", nil),
            (
                "Plain", "Einfach %#@n@",
                "not a valid format ('%#@n@' is a plural variable, which only a plural entry can fill); "
                    + "en has no arguments"
            ),
            ("%d items", "%p Elemente", "format specifiers %1$p disagree with en's %1$d"),
        ] as [(String, String, String?)])
    func specifiers(english: String, german: String, message: String?) throws {
        let fixture = try ProjectFixture([
            Self.en: "\"greeting\" = \"Hello, %@!\";\n\"title\" = \"\(english)\";\n",
            Self.de: "\"greeting\" = \"Hallo, %@!\";\n\"title\" = \"\(german)\";\n",
        ])
        defer { fixture.remove() }
        let expected = message.map { ["\(Self.de):2:1: error: key \"title\": \($0) [format-mismatch]"] } ?? []
        #expect(fixture.lint() == expected)
    }

    @Test("%d changed to %@ in one German plural variant fails on that very line")
    func pluralVariant() throws {
        let fixture = try ProjectFixture([
            "Localizations/de.lproj/Localizable.stringsdict": ProjectFixture.stringsdict([
                "one": "%d Datei", "other": "%@ Dateien",
            ])
        ])
        defer { fixture.remove() }
        #expect(
            fixture.lint() == [
                "Localizations/de.lproj/Localizable.stringsdict:17:21: error: key \"files\", variable \"count\", other: "
                    + "format specifiers %1$@ disagree with the development language's %1$d [format-mismatch]"
            ])
    }

    @Test("a development-language text with a lone % is plain text, not an error")
    func plainPercent() throws {
        let fixture = try ProjectFixture([Self.en: "\"greeting\" = \"Hello, %@!\";\n\"title\" = \"Done: 100%\";\n"])
        defer { fixture.remove() }
        #expect(fixture.lint() == [])
    }

    @Test("a key a flavor rewords in English needs its own override in every full language")
    func flavorOverrideTranslated() throws {
        let fixture = try ProjectFixture([
            "Flavors/App/Localizations/en.lproj/Localizable.strings": "\"title\" = \"Downloads\";\n"
        ])
        defer { fixture.remove() }
        #expect(
            fixture.lint() == [
                "Flavors/App/Localizations/en.lproj/Localizable.strings:1:1: error: key \"title\" is reworded by App in en but has "
                    + "no App override in de, which shows the shared translation [missing-key]"
            ])
    }

    @Test("regional variants only override, and an allow-listed identical value is fine")
    func exemptions() throws {
        let fixture = try ProjectFixture([
            "Localizations/de-AT.lproj/Localizable.strings": "\"title\" = \"Transfers\";\n",
            "Localizations/same-as-development.txt": "# intended\nde-AT title\n",
        ])
        defer { fixture.remove() }
        #expect(fixture.lint() == [])
    }

    @Test("statistics count each language's keys, through its parents and a flavor's overrides")
    func statistics() throws {
        let fixture = try ProjectFixture([
            Self.de: "\"greeting\" = \"Hallo, %@!\";\n",
            "Localizations/de-AT.lproj/Localizable.strings": "\"title\" = \"Übertragungen\";\n",
        ])
        defer { fixture.remove() }
        let linter = CatalogLinter(project: CatalogProject(root: fixture.root))
        let rows = linter.statistics().map {
            "\($0.catalog) \($0.language) \($0.translated)/\($0.total) \($0.percent)%"
        }
        #expect(rows == ["shared de 2/3 66%", "shared de-AT 3/3 100%", "App de 2/3 66%", "App de-AT 3/3 100%"])
        // As `lint --stats` prints them: names left-aligned, counts right-aligned.
        #expect(
            TranslationStatistics.table(linter.statistics()) == """
                catalog  language  translated  untranslated  percent
                shared   de                 2             1      66%
                shared   de-AT              3             0     100%
                App      de                 2             1      66%
                App      de-AT              3             0     100%

                """)
    }
}
