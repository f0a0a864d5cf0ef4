import CatalogFiles
import CatalogTesting
import Diagnostics
import Foundation
import Localization
import Testing
import TranslatorFormats

/// Text from outside (a translator's file, a catalog) cannot act on the user's terminal or
/// reorder what they read: import refuses it at its line, lint reports it.
@Suite("Control and direction characters from outside")
struct ControlCharacterTests {
    @Test(
        "import refuses an escape sequence, an OSC title, BEL or a direction override English does not have",
        arguments: [
            // As the PO holds them: control characters in gettext's escapes.
            (#"\033[2J Übertragungen"#, "U+001B"),
            (#"\033]0;pwned\aÜbertragungen"#, "U+001B, U+0007"),
            ("\u{202E}Übertragungen", "U+202E"),
            ("Über\u{2066}tragungen", "U+2066"),
        ])
    func importRefuses(target: String, names: String) throws {
        let fixture = try ProjectFixture()
        defer { fixture.remove() }
        let project = CatalogProject(root: fixture.root)
        let catalog = try TranslationSource(project: project).catalog(for: LanguageTag("de")!)
        let text = String(decoding: POWriter.write(catalog, table: "Localizable"), as: UTF8.self)
        let edited = text.replacingOccurrences(of: #"msgstr "Übertragungen""#, with: "msgstr \"\(target)\"")
        #expect(edited != text)
        let url = fixture.root.appendingPathComponent("de.po")
        try Data(edited.utf8).write(to: url)
        let importer = TranslationImporter(project: project, files: [url])
        #expect(importer.writes.isEmpty)
        #expect(importer.failed)
        let message = try #require(importer.diagnostics.first)
        #expect(message.path == url.path && message.line != nil)
        #expect(message.message.contains("holds \(names), which en's text does not"), "\(message)")
    }

    @Test("lint reports a control character, and a direction override English does not have")
    func lint() throws {
        let fixture = try ProjectFixture([
            "Localizations/de.lproj/Localizable.strings":
                #""greeting" = "Hallo, %@!\U0007";"# + "\n" + "\"title\" = \"\u{202E}Übertragungen\";\n"
        ])
        defer { fixture.remove() }
        let de = "Localizations/de.lproj/Localizable.strings"
        #expect(
            fixture.lint() == [
                "\(de):1:1: warning: key \"greeting\" in de holds U+0007, which en's text does not (a control character is shown written out) [suspicious-text]",
                "\(de):2:1: warning: key \"title\" in de holds U+202E, which en's text does not [suspicious-text]",
            ])
    }

    @Test("the program shows a catalog's control character written out, never sends it to the terminal")
    func runtime() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("controls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("de.lproj/Localizable.strings")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((#""a" = "\U001B[2JHallo, %@";"# + "\n" + #""b" = "Tab\tund\nZeile";"#).utf8).write(to: file)
        let localizer = Localizer(
            store: CatalogStore(folders: [folder]), developmentLanguage: LanguageTag("de")!,
            preferences: [LanguageTag("de")!])
        #expect(localizer.text("a", .string("Ana")) == #"\u{1B}[2JHallo, Ana"#)
        #expect(localizer.text("a") == #"\u{1B}[2JHallo, %@"#)
        #expect(localizer.text("b") == "Tab\tund\nZeile")
    }
}
