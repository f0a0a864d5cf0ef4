import Foundation
import TestSupport
import Testing

/// Catalog files come from translators' pull requests: one that links out of its catalog
/// folder is an error naming it, and what it links to is never read, shown or exported.
@Suite("catalogs that link out of their folder")
struct HostileCatalogTests {
    @Test(
        "a .strings linked to a file outside Localizations/ and a String Catalog linked to the environment are refused",
        arguments: [["lint"], ["export", "--format", "po", "--output", "po"], ["status"], ["generate-symbols"]])
    func linkedCatalogs(command: [String]) throws {
        let package = try ScratchPackage(main: #"print(text("title"))"#)
        defer { package.remove() }
        try package.write("secret.strings", #""title" = "TOP SECRET";"#)
        let german = package.root.appendingPathComponent("Localizations/de.lproj/Localizable.strings")
        try FileManager.default.removeItem(at: german)
        try FileManager.default.createSymbolicLink(atPath: german.path, withDestinationPath: "../../secret.strings")
        try FileManager.default.createSymbolicLink(
            atPath: package.root.appendingPathComponent("Localizations/Errors.xcstrings").path,
            withDestinationPath: "/proc/self/environ")
        let secret = "ghp_notARealTokenButSecret"
        let run = try ToolRunner.run(command, in: package.root, environment: ["GITHUB_TOKEN": secret])
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        let said = run.output + run.errors
        #expect(said.contains(#"Localizations/Errors.xcstrings: error: a symbolic link to "/proc/"#))
        if command != ["generate-symbols"] {
            #expect(said.contains(#"Localizations/de.lproj/Localizable.strings: error: a symbolic link to ""#))
        }
        // What the command wrote (export's PO files) holds neither.
        let exported = package.root.appendingPathComponent("po")
        let files = (FileManager.default.enumerator(atPath: exported.path)?.allObjects as? [String]) ?? []
        let written = files.compactMap {
            FileManager.default.contents(atPath: exported.appendingPathComponent($0).path)
        }
        for text in [said] + written.map({ String(decoding: $0, as: UTF8.self) }) {
            #expect(!text.contains("TOP SECRET") && !text.contains(secret))
        }
    }

    @Test("a table: argument that names a path is refused by extract and lint, and nothing is written anywhere")
    func tableAsPath() throws {
        let outside = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: outside) }
        let package = try ScratchPackage(
            main: """
                print(text("title"))
                print(text("k1", table: "../../../..\(outside.path)/pwn", defaultValue: "x"))
                print(text("k2", table: "a\\u{1B}]0;T\\u{7}"))
                """)
        defer { package.remove() }
        let before = try FileTree.contents(of: package.root)
        let extract = try ToolRunner.run(["extract"], in: package.root)
        #expect(extract.status == 1)
        #expect(extract.errors.contains(#"names no catalog file"#), "\(extract.errors)")
        #expect(!extract.output.unicodeScalars.contains("\u{1B}") && !extract.errors.unicodeScalars.contains("\u{1B}"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        #expect(try FileTree.contents(of: package.root) == before)
        let lint = try ToolRunner.run(["lint"], in: package.root)
        #expect(lint.status == 1)
        #expect(lint.output.contains(#"key "k1" is in the table"#))
    }

    @Test(
        "extract and import never write through a committed link to a file outside, even one not there yet",
        arguments: ["extract", "import"])
    func danglingLinkOut(command: String) throws {
        let outside = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: outside) }
        let package = try ScratchPackage(
            main: #"print(text("title"), text("pwn.key", table: "Evil", defaultValue: "hello"))"#)
        defer { package.remove() }
        let link = command == "extract" ? "Localizations/en.lproj/Evil.strings" : "Localizations/translated-from.txt"
        try FileManager.default.createSymbolicLink(
            atPath: package.root.appendingPathComponent(link).path,
            withDestinationPath: outside.appendingPathComponent("planted").path)
        let arguments = command == "import" ? ["import", try Self.exportEdited(package).path] : ["extract"]
        let run = try ToolRunner.run(arguments, in: package.root)
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(run.errors.contains("not written through") || run.errors.contains("outside"), "\(run.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test("import leaves a catalog unwritten when its record of sources is a link out: none is half-recorded")
    func recordLinkedOut() throws {
        let outside = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: outside) }
        let (package, po) = try Self.editedExport()
        defer { package.remove() }
        let planted = outside.appendingPathComponent("planted")
        try Data("title\tde\tTransfers\n".utf8).write(to: planted)
        try FileManager.default.createSymbolicLink(
            atPath: package.root.appendingPathComponent("Localizations/translated-from.txt").path,
            withDestinationPath: planted.path)
        let before = try FileTree.contents(of: package.root.appendingPathComponent("Localizations"))
        let run = try ToolRunner.run(["import", po.path], in: package.root)
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(run.errors.contains("translated-from.txt: error: a symbolic link to"), "\(run.errors)")
        #expect(run.output.contains("0 files written"), "\(run.output)")
        #expect(try FileTree.contents(of: package.root.appendingPathComponent("Localizations")) == before)
        #expect(try Data(contentsOf: planted) == Data("title\tde\tTransfers\n".utf8))
    }

    /// A package of `title` after `extract`, with a German PO exported and one translation changed.
    private static func editedExport() throws -> (ScratchPackage, URL) {
        let package = try ScratchPackage(main: #"print(text("title"))"#)
        return (package, try exportEdited(package))
    }

    /// `package` after `extract`, with a German PO exported and its `title` changed: the PO.
    private static func exportEdited(_ package: ScratchPackage) throws -> URL {
        _ = try ToolRunner.run(["extract"], in: package.root)
        return try exportPO(
            package, language: "de", replacing: "msgstr \"Übertragungen\"", with: "msgstr \"Transfers!\"")
    }

    /// `language`'s PO exported from `package` into `po/`, `text` in it replaced by
    /// `replacement` (a translator's edit): the PO. The export must succeed (`exportSucceeds`).
    private static func exportPO(
        _ package: ScratchPackage, language: String, exportSucceeds: Bool = true, replacing text: String,
        with replacement: String
    ) throws -> URL {
        let export = try ToolRunner.run(
            ["export", "--format", "po", "--lang", language, "--output", "po/"], in: package.root)
        if exportSucceeds { #expect(export.status == 0, "\(export.errors)") }
        let po = package.root.appendingPathComponent("po/\(language)/Localizable.po")
        let exported = try String(contentsOf: po, encoding: .utf8)
        try Data(exported.replacingOccurrences(of: text, with: replacement).utf8).write(to: po)
        return po
    }

    @Test(
        "import writes nothing through a committed link to elsewhere in the package, such as a Git hook",
        arguments: ["Localizations/translated-from.txt", "Localizations/fr.lproj/Localizable.strings"])
    func linkElsewhereInPackage(link: String) throws {
        let package = try ScratchPackage(main: #"print(text("title"))"#)
        defer { package.remove() }
        _ = try ToolRunner.run(["extract"], in: package.root)
        // As `git init` leaves it: a hooks folder, where a file named pre-commit would run.
        let hook = package.root.appendingPathComponent(".git/hooks/pre-commit")
        try FileManager.default.createDirectory(at: hook.deletingLastPathComponent(), withIntermediateDirectories: true)
        let file = package.root.appendingPathComponent(link)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: hook.path)
        // French, a language the catalogs do not have yet (the link leads to no file, which
        // export reports): its PO starts empty, and a translator fills it in.
        let po = try Self.exportPO(
            package, language: "fr", exportSucceeds: false, replacing: "msgid \"Transfers\"\nmsgstr \"\"",
            with: "msgid \"Transfers\"\nmsgstr \"echo pwned\"")
        let before = try FileTree.contents(of: package.root)
        let run = try ToolRunner.run(["import", po.path], in: package.root)
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(run.errors.contains("not written through"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: hook.path))
        #expect(try FileTree.contents(of: package.root) == before)
    }

    @Test("import writes every file or none: a read-only French catalog keeps the German one and the record unwritten")
    func allOrNothing() throws {
        let (package, german) = try Self.editedExport()
        defer { package.remove() }
        try package.write("Localizations/fr.lproj/Localizable.strings", "\"title\" = \"Transferts\";\n")
        let french = try Self.exportPO(
            package, language: "fr", replacing: "msgstr \"Transferts\"", with: "msgstr \"Transferts !\"")
        let catalog = package.root.appendingPathComponent("Localizations/fr.lproj/Localizable.strings")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: catalog.path)
        let before = try FileTree.contents(of: package.root)
        // German first: without the check beforehand, it was written before French was refused.
        let run = try ToolRunner.run(["import", german.path, french.path], in: package.root)
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(run.errors.contains("fr.lproj/Localizable.strings: error:"), "\(run.errors)")
        #expect(run.output.contains("2 translations not taken: no file written"), "\(run.output)")
        #expect(try FileTree.contents(of: package.root) == before)
    }
}
