import Foundation
import Localization
import TestSupport
import Testing

/// A package whose English has a text, a comment and a plural (with an explicit zero) in
/// `.strings` and `.stringsdict`, and a German translation.
struct TranslatorsPackage {
    let package: ScratchPackage

    init() throws {
        package = try ScratchPackage(
            main: #"print(text("title"), text("lists"), text("files", .int(2)))"#,
            english: "/* The window's title. */\n\"title\" = \"Transfers\";\n\"lists\" = \"Lists: up to %@\";\n",
            german: "\"title\" = \"Übertragungen\";\n\"lists\" = \"Listen: bis zu %@\";\n")
        try package.write(
            "Localizations/en.lproj/Localizable.stringsdict",
            Self.plural(["zero": "No file", "one": "%d file", "other": "%d files"]))
        try package.write(
            "Localizations/de.lproj/Localizable.stringsdict", Self.plural(["one": "%d Datei", "other": "%d Dateien"]))
    }

    var root: URL { package.root }

    static func plural(_ variants: [String: String]) -> String {
        let forms = ["zero", "one", "few", "many", "other"].compactMap { name in
            variants[name].map { "<key>\(name)</key><string>\($0)</string>" }
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>files</key>
                <dict>
                    <key>NSStringLocalizedFormatKey</key><string>%#@count@</string>
                    <key>count</key>
                    <dict>
                        <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                        <key>NSStringFormatValueTypeKey</key><string>d</string>
                        \(forms.joined(separator: "\n                "))
                    </dict>
                </dict>
            </dict>
            </plist>

            """
    }

    /// `file` with each `msgstr` after `msgid` (or `msgid_plural`) `id` set, in order.
    static func translate(_ file: URL, _ id: String, _ strings: [String]) throws {
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0 == "msgid \"\(id)\"" || $0 == "msgid_plural \"\(id)\"" }) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        var index = start + 1, form = 0
        while index < lines.count, lines[index].hasPrefix("msgstr") || lines[index].hasPrefix("msgid_plural") {
            if lines[index].hasPrefix("msgstr"), form < strings.count {
                let keyword = lines[index].prefix { $0 != " " }
                lines[index] = "\(keyword) \"\(strings[form])\""
                form += 1
            }
            index += 1
        }
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
    }

    func remove() { package.remove() }
}

@Suite("Starting a language")
struct NewLanguageTests {
    @Test("export --lang fr writes every unit untranslated with French's CLDR forms; import creates fr.lproj")
    func startWithPO() throws {
        let package = try TranslatorsPackage()
        defer { package.remove() }
        let refused = try ToolRunner.run(["export", "--format", "strings", "--lang", "fr"], in: package.root)
        #expect(refused.status == 64)
        #expect(refused.errors.hasPrefix("error: no catalog for fr (have: de, en); to start one, export --format po"))

        let export = try ToolRunner.run(
            ["export", "--format", "po", "--lang", "fr", "--output", "po/"], in: package.root)
        #expect(export.status == 0, "\(export.errors)")
        let file = package.root.appendingPathComponent("po/fr/Localizable.po")
        let po = try String(contentsOf: file, encoding: .utf8)
        #expect(po.contains("\"Language: fr\\n\""))
        #expect(po.contains("\"Plural-Forms: nplurals=3; plural="))
        #expect(po.contains("#. The window's title.\n"))
        #expect(!po.contains("msgstr \"Ü") && !po.contains("|zero"))
        #expect(po.components(separatedBy: "\nmsgstr[").count - 1 == 3)

        try TranslatorsPackage.translate(file, "Transfers", ["Transferts"])
        try TranslatorsPackage.translate(file, "%d files", ["%d fichier", "%d de fichiers", "%d fichiers"])
        let imported = try ToolRunner.run(["import", file.path], in: package.root)
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.output.hasSuffix("4 translations taken (fr 4), 3 files written\n"))
        #expect(
            try package.package.read("Localizations/fr.lproj/Localizable.strings")
                == "/* The window's title. */\n\"title\" = \"Transferts\";\n")
        let plural = try package.package.read("Localizations/fr.lproj/Localizable.stringsdict")
        #expect(plural.contains("<key>many</key>") && plural.contains("<string>%d de fichiers</string>"))

        let status = try ToolRunner.run(["status"], in: package.root)
        #expect(status.output.contains("\nfr "), "\(status.output)")
        let lint = try ToolRunner.run(["lint"], in: package.root)
        #expect(lint.output.contains("key \"lists\" is missing in fr"))
    }

    @Test("XLIFF and .xcloc start a language too: no targets, target-language set; a String Catalog gains it")
    func startWithXLIFF() throws {
        let package = try ScratchPackage(main: #"print(text("title"))"#)
        defer { package.remove() }
        try FileManager.default.removeItem(at: package.root.appendingPathComponent("Localizations"))
        try package.write(
            "Localizations/Localizable.xcstrings",
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "title" : {
                  "comment" : "The window's title.",
                  "localizations" : {
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Transfers" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """)
        let xcloc = try ToolRunner.run(
            ["export", "--format", "xcloc", "--lang", "ja", "--output", "out/"], in: package.root)
        #expect(xcloc.status == 0, "\(xcloc.errors)")
        let export = try ToolRunner.run(
            ["export", "--format", "xliff", "--lang", "ja", "--output", "out/"], in: package.root)
        #expect(export.status == 0, "\(export.errors)")
        let file = package.root.appendingPathComponent("out/ja.xliff")
        let xliff = try String(contentsOf: file, encoding: .utf8)
        #expect(xliff.contains("target-language=\"ja\""))
        #expect(!xliff.contains("<target"))
        try Data(
            xliff.replacingOccurrences(
                of: "<source>Transfers</source>",
                with: "<source>Transfers</source>\n        <target state=\"translated\">転送</target>"
            ).utf8
        ).write(to: file)
        let imported = try ToolRunner.run(["import", file.path], in: package.root)
        #expect(imported.status == 0, "\(imported.errors)")
        let catalog = StringCatalog(
            contentsOf: package.root.appendingPathComponent("Localizations/Localizable.xcstrings"))
        #expect(catalog["title"]?.localizations["ja"]?.stringUnit?.value == "転送")
        #expect(catalog["title"]?.comment == "The window's title.")
    }

    @Test(
        "catalogs with no text to export are an error, exit 1, and nothing is written",
        arguments: [
            ["--format", "po", "--output", "out.po"], ["--format", "po"], ["--format", "strings", "--output", "out/"],
        ])
    func nothingToExport(arguments: [String]) throws {
        let package = try ScratchPackage(main: "", english: "", german: "")
        defer { package.remove() }
        let run = try ToolRunner.run(["export"] + arguments, in: package.root)
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(
            run.errors.contains(
                "Localizations: error: nothing to export: no catalog here has a text in the tables and languages asked for"
            ),
            "\(run.errors)")
        #expect(
            run.output.isEmpty
                && !FileManager.default.fileExists(atPath: package.root.appendingPathComponent("out.po").path))
    }

    @Test("a language tag that is not BCP 47 is refused as before")
    func invalidTag() throws {
        let package = try TranslatorsPackage()
        defer { package.remove() }
        let run = try ToolRunner.run(["export", "--format", "po", "--lang", "fr_FR!"], in: package.root)
        #expect(run.status == 64)
        #expect(run.errors.contains("is not a language tag"))
    }
}
