import Foundation
import Testing

/// The README's translators' loop on a String Catalog, one file holding every language: two
/// new languages exported and imported together each land in their own.
@Suite("import of several languages into one String Catalog")
struct ImportLanguagesTests {
    /// A package whose only catalog is a String Catalog with an English text and a plural.
    static func package() throws -> ScratchPackage {
        let package = try ScratchPackage(main: #"print(text("title"))"#)
        for folder in ["en.lproj", "de.lproj"] {
            try FileManager.default.removeItem(at: package.root.appendingPathComponent("Localizations/\(folder)"))
        }
        try package.write(
            "Localizations/Localizable.xcstrings",
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "title" : {
                  "localizations" : {
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Transfers" } }
                  }
                }
              },
              "version" : "1.0"
            }

            """)
        return package
    }

    /// `file`'s one empty msgstr filled with `text`.
    static func translate(_ file: URL, _ text: String) throws {
        let po = try String(contentsOf: file, encoding: .utf8)
        let body = try #require(po.range(of: "msgctxt \"title\""))
        let translated =
            po[..<body.lowerBound]
            + po[body.lowerBound...].replacingOccurrences(of: "msgstr \"\"", with: "msgstr \"\(text)\"")
        try Data(translated.utf8).write(to: file)
    }

    @Test("export --lang de and --lang fr, then import po/*/*.po: each file in its own language, named in the summary")
    func twoNewLanguages() throws {
        let package = try Self.package()
        defer { package.remove() }
        for language in ["de", "fr"] {
            let export = try ToolRunner.run(
                ["export", "--format", "po", "--lang", language, "--output", "po/"], in: package.root)
            #expect(export.status == 0, "\(export.errors)")
        }
        try Self.translate(package.root.appendingPathComponent("po/de/Localizable.po"), "Übertragungen")
        try Self.translate(package.root.appendingPathComponent("po/fr/Localizable.po"), "Transferts")
        // What the shell makes of `po/*/*.po`.
        let imported = try ToolRunner.run(
            ["import", "po/de/Localizable.po", "po/fr/Localizable.po"], in: package.root)
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.output.hasSuffix("2 translations taken (de 1, fr 1), 2 files written\n"), "\(imported.output)")
        let catalog = try package.read("Localizations/Localizable.xcstrings")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(catalog.utf8)) as? [String: Any])
        let localizations = try #require(
            ((json["strings"] as? [String: Any])?["title"] as? [String: Any])?["localizations"] as? [String: Any])
        func value(_ language: String) -> String? {
            ((localizations[language] as? [String: Any])?["stringUnit"] as? [String: Any])?["value"] as? String
        }
        #expect(value("de") == "Übertragungen")
        #expect(value("fr") == "Transferts")
        #expect(value("en") == "Transfers")
        let status = try ToolRunner.run(["status"], in: package.root)
        #expect(status.output.contains("de        shared            1"), "\(status.output)")
        #expect(status.output.contains("fr        shared            1"), "\(status.output)")
        #expect(try ToolRunner.run(["lint", "--strict"], in: package.root).status == 0)
    }

    @Test("two files that translate one unit otherwise: the second is refused, naming the first")
    func conflictingFiles() throws {
        let package = try Self.package()
        defer { package.remove() }
        for folder in ["po/", "again/"] {
            let export = try ToolRunner.run(
                ["export", "--format", "po", "--lang", "de", "--output", folder], in: package.root)
            #expect(export.status == 0, "\(export.errors)")
        }
        try Self.translate(package.root.appendingPathComponent("po/de/Localizable.po"), "Übertragungen")
        try Self.translate(package.root.appendingPathComponent("again/de/Localizable.po"), "Transfers auf Deutsch")
        let imported = try ToolRunner.run(
            ["import", "po/de/Localizable.po", "again/de/Localizable.po"], in: package.root)
        #expect(imported.status == 1)
        #expect(imported.errors.contains(#"key "title" is translated otherwise by "#), "\(imported.errors)")
        #expect(imported.errors.contains("/po/de/Localizable.po:"))
        #expect(imported.output.hasSuffix("1 translation taken (de 1), 2 files written\n"), "\(imported.output)")
        #expect(try package.read("Localizations/Localizable.xcstrings").contains("Übertragungen"))
    }
}
