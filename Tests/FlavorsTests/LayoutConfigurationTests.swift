import Diagnostics
import Flavors
import Foundation
import Testing

@Suite("flavorkit.json: the package layout configured by a checked-in file")
struct LayoutConfigurationTests {
    static func layout(_ json: String?) throws(Diagnostic) -> PackageLayout {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("layout-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        if let json { try? Data(json.utf8).write(to: root.appendingPathComponent("flavorkit.json")) }
        return try PackageLayout(configuredAt: root)
    }

    @Test("no file: today's layout; a file: its folders, relative to the package, and its key calls")
    func folders() throws {
        let standard = try Self.layout(nil)
        #expect(standard == PackageLayout(root: standard.root))
        #expect(standard.keyCalls == ["text"])
        let configured = try Self.layout(
            #"{"sources": "App/Sources", "localizations": "Resources/Text", "flavors": "Variants", "snapshots": "Tests/snapshots", "keyCalls": ["text", "L10n.tr"]}"#
        )
        let root = configured.root
        #expect(configured.sources == root.appendingPathComponent("App/Sources"))
        #expect(configured.localizations == root.appendingPathComponent("Resources/Text"))
        #expect(configured.infoPlist(flavor: "Pro") == root.appendingPathComponent("Variants/Pro/Info.plist"))
        #expect(configured.snapshots == root.appendingPathComponent("Tests/snapshots"))
        #expect(configured.keyCalls == ["text", "L10n.tr"])
        #expect(configured.relativePath(configured.localizations) == "Resources/Text")
        // Naming the default folders is the default layout.
        let explicit = try Self.layout(#"{"flavors": "Flavors", "sources": "./Sources"}"#)
        #expect(explicit == PackageLayout(root: explicit.root))
        let partial = try Self.layout(#"{"sources": "Code"}"#)
        #expect(partial.localizations == partial.root.appendingPathComponent("Localizations"))
        #expect(partial.keyCalls == ["text"])
    }

    @Test("where the file sets the folder in effect, for a message about it; not another folder's")
    func flavorsSetting() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("flavorkit.json")
        #expect(PackageLayout(root: root).flavorsSetting == nil)
        try Data("{\"sources\": \"App\",\n \"flavors\": \"./Variants\"}".utf8).write(to: file)
        let layout = try PackageLayout(configuredAt: root)
        #expect(layout.flavorsSetting == SourceLocation(path: file.path, line: 2, column: 2))
        #expect(PackageLayout(root: root, flavors: "Other").flavorsSetting == nil)
    }

    @Test(
        "a mistake is an error at its position in flavorkit.json",
        arguments: [
            (
                "{\n  \"sorces\": \"App\"\n}",
                "2:3: error: unknown key \"sorces\" (known: flavors, localizations, sources, snapshots, keyCalls, dimensions, exclude)"
            ),
            ("{\n  \"sources\": 3\n}", "2:3: error: sources must be a folder name (a non-empty string)"),
            (
                "{\"keyCalls\": \"text\"}",
                "1:2: error: keyCalls must be a non-empty array of call names such as [\"text\"]"
            ),
            (
                "{\"keyCalls\": [\"text(\"]}",
                "1:2: error: keyCalls: \"text(\" is not a call name (write text or L10n.tr)"
            ),
            ("[\"Sources\"]", "error: the top level must be an object such as {\"sources\": \"Sources\"}"),
            // The tools write and remove files in these folders: none may lead out of the package.
            (
                "{\"snapshots\": \"../victim\"}",
                "1:2: error: snapshots: \"../victim\" is not a folder inside the package"
            ),
            ("{\"sources\": \"/etc\"}", "1:2: error: sources: \"/etc\" is not a folder inside the package"),
            ("{\"flavors\": \"a/../../b\"}", "1:2: error: flavors: \"a/../../b\" is not a folder inside the package"),
            (
                "{\"localizations\": \"\\u001b[31mL\\nX\"}",
                "1:2: error: localizations: \"\\u{1B}[31mL\\nX\" is not a folder inside the package"
            ),
            ("{\"keyCalls\": [\"text\", \"tr\", \"text\"]}", "1:29: error: keyCalls: text is given twice"),
            ("{\n  \"sources\": \"App\",,\n}", "2:20: error: not valid JSON: "),
        ])
    func mistakes(json: String, expected: String) throws {
        let error = try #require(throws: Diagnostic.self) { try Self.layout(json) }
        #expect(error.path?.hasSuffix("/flavorkit.json") == true)
        let printed = error.description.dropFirst(error.path!.count)
        #expect(printed.hasPrefix(expected.first == "e" ? ": " + expected : ":" + expected))
    }
}
