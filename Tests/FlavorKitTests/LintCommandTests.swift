import Flavors
import Foundation
import Localization
import TestSupport
import Testing

@Suite("flavorkit lint and export")
struct LintCommandTests {
    /// The tests' own clean package (``Repository/transfersFixture``).
    static let fixture = Repository.transfersFixture

    /// A copy of the fixture package, to break on purpose.
    static func projectCopy() throws -> URL {
        let copy = try ToolRunner.temporaryFolder()
        for folder in [PackageLayout.Name.localizations, PackageLayout.Name.flavors, PackageLayout.Name.sources] {
            try FileManager.default.copyItem(
                at: Self.fixture.appendingPathComponent(folder), to: copy.appendingPathComponent(folder))
        }
        return copy
    }

    @Test("a clean package lints clean, strictly too")
    func projectIsClean() throws {
        let result = try ToolRunner.run(["lint", "--strict", "--root", Self.fixture.path])
        #expect(result.status == 0)
        #expect(result.output == "0 errors, 0 warnings\n")
    }

    @Test("deleting a Spanish key fails naming the file, the key and the language")
    func deletedSpanishKey() throws {
        let root = try Self.projectCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        let spanish = PackageLayout(root: root).localizations.appendingPathComponent(
            CatalogFolderLayout.relativePath(language: LanguageTag("es")!, table: "Localizable", kind: .strings))
        let lines = try String(contentsOf: spanish, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        try Data(lines.filter { !$0.hasPrefix("\"queue.empty\"") }.joined(separator: "\n").utf8).write(to: spanish)
        let result = try ToolRunner.run(["lint"], in: root)
        #expect(result.status == 1)
        #expect(
            result.output.hasPrefix(
                "Localizations/es.lproj/Localizable.strings:1:1: error: key \"queue.empty\" is missing in es"))
        #expect(result.output.hasSuffix("\n1 error, 0 warnings\n"))
    }

    @Test("a flavors folder misspelled in flavorkit.json is a warning at the setting, not a package without flavors")
    func misspelledFlavorsFolder() throws {
        let root = try Self.projectCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        let configuration = root.appendingPathComponent("flavorkit.json")
        let warning =
            "flavorkit.json:2:3: warning: \"flavors\" names \"Flavours\", which is not a folder here, so no flavor "
            + "is checked [missing-flavors-folder]\n0 errors, 1 warning\n"
        try Data("{\n  \"flavors\": \"Flavours\"\n}\n".utf8).write(to: configuration)
        let result = try ToolRunner.run(["lint"], in: root)
        #expect(result.status == 0)
        #expect(result.output == warning)
        #expect(try ToolRunner.run(["lint", "--strict"], in: root).status == 1)
        // Spelled with a trailing "/." it is the same folder.
        try Data("{\n  \"flavors\": \"Flavours/.\"\n}\n".utf8).write(to: configuration)
        #expect(try ToolRunner.run(["lint"], in: root).output == warning)
        // A file of that name is no folder either.
        try Data().write(to: root.appendingPathComponent("Flavours"))
        #expect(try ToolRunner.run(["lint"], in: root).output == warning)
        // A folder given on the command line is the one read; the file's setting is not in effect.
        for flavors in ["Flavors", "Elsewhere"] {
            let given = try ToolRunner.run(["lint", "--strict", "--flavors", flavors], in: root)
            #expect(given.status == 0)
            #expect(given.output == "0 errors, 0 warnings\n")
        }
        // Named as it is, it is read.
        try Data("{\n  \"flavors\": \"Flavors\"\n}\n".utf8).write(to: configuration)
        #expect(try ToolRunner.run(["lint", "--strict"], in: root).output == "0 errors, 0 warnings\n")
    }

    @Test("%d changed to %@ in one German value: lint fails on that line, and the app still runs in English for it")
    func germanSpecifierChanged() throws {
        let root = try Self.projectCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        let german = PackageLayout(root: root).localizations.appendingPathComponent(
            CatalogFolderLayout.relativePath(language: LanguageTag("de")!, table: "Localizable", kind: .stringsdict))
        var lines = try String(contentsOf: german, encoding: .utf8).components(separatedBy: "\n")
        let line = try #require(lines.firstIndex(of: "\t\t\t<string>%d wartend</string>"))
        lines[line] = "\t\t\t<string>%@ wartend</string>"
        try Data(lines.joined(separator: "\n").utf8).write(to: german)

        let lint = try ToolRunner.run(["lint", "--root", root.path])
        #expect(lint.status == 1)
        #expect(
            lint.output.hasPrefix(
                "Localizations/de.lproj/Localizable.stringsdict:\(line + 1):12: error: key \"summary.pending\""))
        #expect(
            lint.output.contains(
                "format specifiers %1$@ disagree with the development language's %1$d [format-mismatch]"))

        let light = try #require(ChildProcess.builtProduct("Light"))
        let app = try ChildProcess.run(
            light, ["--lang", "de", "--localizations", PackageLayout(root: root).localizations.path],
            environment: [:])
        #expect(app.status == 0)
        #expect(app.output.contains("1 waiting, 1 laufend"))
    }

    @Test("--format json and --stats; --strict turns a warning into a failure")
    func jsonStatsStrict() throws {
        let root = try Self.projectCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.removeItem(
            at: PackageLayout(root: root).localizations.appendingPathComponent("same-as-development.txt"))
        let lenient = try ToolRunner.run(["lint", "--format", "json", "--stats", "--root", root.path])
        #expect(lenient.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lenient.output.utf8)) as? [String: Any])
        #expect(object["errors"] as? Int == 0)
        let warnings = try #require(object["warnings"] as? Int)
        #expect(warnings > 10)
        let first = try #require((object["diagnostics"] as? [[String: Any]])?.first)
        #expect(first["rule"] as? String == "same-as-development")
        #expect(first["severity"] as? String == "warning")
        #expect(
            (object["statistics"] as? [[String: Any]])?.contains {
                $0["language"] as? String == "ru" && $0["percent"] as? Int == 100
            } == true)
        let strict = try ToolRunner.run(["lint", "--strict", "--root", root.path])
        #expect(strict.status == 1)
        #expect(strict.output.hasSuffix("\n\(warnings) errors, 0 warnings\n"))
    }

    @Test("usage errors exit 64; a folder without catalogs exits 1")
    func usage() throws {
        #expect(try ToolRunner.run(["lint", "--format", "xml"]).status == 64)
        #expect(try ToolRunner.run(["lint", "extra"]).status == 64)
        #expect(try ToolRunner.run(["export"]).status == 64)
        #expect(
            try ToolRunner.run([
                "export", "--format", "json", "--flavor", "Heavy", "--root", Self.fixture.path,
            ]).status == 64)
        let empty = try ToolRunner.run(["lint"])
        #expect(empty.status == 1)
        #expect(empty.errors.contains("error: no catalogs here"))
    }

    @Test("export writes one file to standard output and several into --output DIR")
    func export() throws {
        let json = try ToolRunner.run([
            "export", "--format", "json", "--lang", "ru", "--root", Self.fixture.path,
        ])
        #expect(json.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: [String: Any]])
        #expect(object.keys.sorted() == ["ru"])
        #expect(
            (object["ru"]?["summary.total"] as? [String: String])?.keys.sorted() == ["few", "many", "one", "other"])
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let strings = try ToolRunner.run([
            "export", "--format", "strings", "--flavor", "Light", "--output", folder.path,
            "--root", Self.fixture.path,
        ])
        #expect(strings.status == 0)
        #expect(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("de.lproj/InfoPlist.strings").path))
        let light = try String(
            contentsOf: folder.appendingPathComponent("en.lproj/Localizable.strings"), encoding: .utf8)
        #expect(light.contains("\"queue.empty\" = "))
        #expect(!light.contains("summary.total"))  // a plural entry: in the .stringsdict
    }
}
