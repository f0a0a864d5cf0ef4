import CatalogFiles
import CatalogTesting
import Foundation
import Localization
import TestSupport
import Testing
import TranslatorFormats

/// Issue 17: a flavor's file (its overrides exported as what the flavor shows) imported back:
/// what the flavor overrides goes to the flavor's catalogs only, the rest to the shared ones
/// only when changed, nothing else touched.
@Suite("import: a flavor's override in one language")
struct FlavorOverrideImportTests {
    /// The lint fixture; flavor App overrides `title` in English and German and `greeting` in
    /// English only.
    static func project() throws -> ProjectFixture {
        try ProjectFixture([
            "Flavors/App/Localizations/en.lproj/Localizable.strings": """
            /* The app's own title. */
            "title" = "App Transfers";
            "greeting" = "Hi, %@!";
            """,
            "Flavors/App/Localizations/de.lproj/Localizable.strings": """
            "title" = "App-Übertragungen";
            """,
        ])
    }

    /// Every file under the catalogs and flavors, path → bytes.
    static func contents(_ fixture: ProjectFixture) throws -> [String: Data] {
        try FileTree.contents(of: fixture.root)
    }

    /// App's German exported as `format`, `edit` applied, imported and written.
    static func roundTrip(
        _ fixture: ProjectFixture, format: String, table: String = "Localizable", edit: (String) -> String
    ) throws -> TranslationImporter {
        let project = CatalogProject(root: fixture.root)
        let catalog = try TranslationSource(project: project, flavor: "App").catalog(for: LanguageTag("de")!)
        let data = format == "po" ? POWriter.write(catalog, table: table) : try XLIFFWriter.write(catalog)
        let url = fixture.root.appendingPathComponent("de.\(format)")
        try Data(edit(String(decoding: data, as: UTF8.self)).utf8).write(to: url)
        let importer = TranslationImporter(project: project, files: [url])
        for (file, content, _) in importer.writes {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try content.write(to: file)
        }
        try FileManager.default.removeItem(at: url)
        return importer
    }

    /// `text` in `format`'s quoting of a target: `>text</target>` or `"text"` (a PO file's
    /// `msgid`s are English, so a German `"text"` is a `msgstr`).
    static func target(_ text: String, _ format: String) -> String {
        format == "po" ? "\"\(text)\"" : ">\(text)</target>"
    }

    @Test(
        "a key the flavor overrides only in the file's language goes back to the flavor's file, not the shared one",
        arguments: ["xliff", "po"])
    func overrideInTheLanguageOnly(format: String) throws {
        let override = "Flavors/App/Localizations/de.lproj/Localizable.strings"
        let fixture = try ProjectFixture([override: "\"title\" = \"App-Übertragungen\";\n"])
        defer { fixture.remove() }
        #expect(fixture.lint() == [])
        let before = try Self.contents(fixture)
        let importer = try Self.roundTrip(fixture, format: format) {
            $0.replacingOccurrences(
                of: Self.target("App-Übertragungen", format), with: Self.target("App-Transfers", format))
        }
        #expect(importer.diagnostics.map(\.description) == [])
        #expect(importer.writes.map(\.url.lastPathComponent) == ["Localizable.strings", TranslationRecord.fileName])
        var after = try Self.contents(fixture).filter { !$0.key.hasSuffix(".txt") }
        #expect(after.removeValue(forKey: override) == Data("\"title\" = \"App-Transfers\";\n".utf8))
        #expect(after == before.filter { $0.key != override })
    }
}
