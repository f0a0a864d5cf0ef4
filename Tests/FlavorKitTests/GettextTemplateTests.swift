import Foundation
import TestSupport
import Testing

@Suite("gettext templates: msginit and msgmerge")
struct GettextTemplateTests {
    static let tools = SystemTool.shouldRun("msginit") && SystemTool.shouldRun("msgmerge")

    /// Runs a gettext tool in `folder`, in the C locale, with a home of the folder's own.
    static func gettext(_ name: String, _ arguments: [String], in folder: URL) throws -> ChildProcess.Result {
        let tool = try SystemTool.require(name, package: "gettext")
        return try ChildProcess.run(
            tool, arguments, environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C", "HOME": folder.path], in: folder)
    }

    @Test(
        "export --format pot writes a template msginit starts French from; its forms are mapped to CLDR's on import",
        .enabled(if: tools, "gettext's msginit and msgmerge are not installed (CI always runs this)"))
    func msginitThenImport() throws {
        let package = try TranslatorsPackage()
        defer { package.remove() }
        let export = try ToolRunner.run(["export", "--format", "pot", "--output", "pot/"], in: package.root)
        #expect(export.status == 0, "\(export.errors)")
        let pot = package.root.appendingPathComponent("pot/Localizable.pot")
        let template = try String(contentsOf: pot, encoding: .utf8)
        #expect(template.contains("\"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n\""))
        #expect(!template.contains("flavorkit-exported") && !template.contains("Übertragungen"))
        #expect(!template.contains("|zero"))
        #expect(template.contains("msgid \"%d file\"\nmsgid_plural \"%d files\"\nmsgstr[0] \"\"\nmsgstr[1] \"\"\n"))

        let folder = pot.deletingLastPathComponent()
        let made = try Self.gettext(
            "msginit", ["--no-translator", "--locale=fr", "-i", "Localizable.pot", "-o", "fr.po"], in: folder)
        #expect(made.status == 0, "\(made.errors)")
        let french = folder.appendingPathComponent("fr.po")
        #expect(try String(contentsOf: french, encoding: .utf8).contains("Plural-Forms: nplurals=2; plural=(n > 1);"))
        try TranslatorsPackage.translate(french, "Transfers", ["Transferts"])
        try TranslatorsPackage.translate(french, "%d files", ["%d fichier", "%d fichiers"])
        let checked = try Self.gettext("msgfmt", ["--check", "-o", "/dev/null", "fr.po"], in: folder)
        #expect(checked.status == 0, "\(checked.errors)")
        let imported = try ToolRunner.run(["import", french.path], in: package.root)
        #expect(imported.status == 0, "\(imported.errors)")
        // gettext's form 1 is every number above 1: CLDR's many and other both.
        let plural = try package.package.read("Localizations/fr.lproj/Localizable.stringsdict")
        for (category, text) in [("one", "%d fichier"), ("many", "%d fichiers"), ("other", "%d fichiers")] {
            #expect(plural.contains("<key>\(category)</key>\n\t\t\t<string>\(text)</string>"), "\(plural)")
        }

        // English changes; msgmerge carries the French file over to the new template.
        try package.package.write(
            "Localizations/en.lproj/Localizable.strings",
            "/* The window's title. */\n\"title\" = \"Transfers!\";\n\"lists\" = \"Lists: up to %@\";\n")
        #expect(try ToolRunner.run(["export", "--format", "pot", "--output", "pot/"], in: package.root).status == 0)
        let merged = try Self.gettext(
            "msgmerge", ["--previous", "-o", "fr-merged.po", "fr.po", "Localizable.pot"], in: folder)
        #expect(merged.status == 0, "\(merged.errors)")
        let mergedFile = folder.appendingPathComponent("fr-merged.po")
        let text = try String(contentsOf: mergedFile, encoding: .utf8)
        #expect(text.contains("#, fuzzy\n#| msgctxt \"title\"\n#| msgid \"Transfers\"\nmsgctxt \"title\""), "\(text)")
        try TranslatorsPackage.translate(mergedFile, "Lists: up to %@", ["Listes : jusqu’à %@"])
        let again = try ToolRunner.run(["import", mergedFile.path], in: package.root)
        #expect(again.status == 0, "\(again.errors)")
        #expect(again.output.hasSuffix("1 translation taken (fr 1), 2 files written\n"))
        #expect(
            again.errors.contains(
                #"key "title" is marked fuzzy (translated from "Transfers", now "Transfers!"); not taken"#),
            "\(again.errors)")
        #expect(try package.package.read("Localizations/fr.lproj/Localizable.strings").contains("Transferts"))
    }

    @Test(
        "a language whose CLDR other is for decimals only takes the last gettext form for it, and says so",
        .enabled(if: tools, "gettext's msginit is not installed (CI always runs this)"))
    func russian() throws {
        let package = try TranslatorsPackage()
        defer { package.remove() }
        #expect(try ToolRunner.run(["export", "--format", "pot", "--output", "pot/"], in: package.root).status == 0)
        let folder = package.root.appendingPathComponent("pot")
        #expect(
            try Self.gettext(
                "msginit", ["--no-translator", "--locale=ru", "-i", "Localizable.pot", "-o", "ru.po"], in: folder
            )
            .status == 0)
        let russian = folder.appendingPathComponent("ru.po")
        try TranslatorsPackage.translate(russian, "%d files", ["%d файл", "%d файла", "%d файлов"])
        let imported = try ToolRunner.run(["import", russian.path], in: package.root)
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.errors.contains("each plural message's last msgstr is taken for it too"))
        let plural = try package.package.read("Localizations/ru.lproj/Localizable.stringsdict")
        for (category, text) in [
            ("one", "%d файл"), ("few", "%d файла"), ("many", "%d файлов"), ("other", "%d файлов"),
        ] {
            #expect(plural.contains("<key>\(category)</key>\n\t\t\t<string>\(text)</string>"), "\(plural)")
        }
    }
}
