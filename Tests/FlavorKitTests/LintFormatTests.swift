import Foundation
import TestSupport
import Testing

@Suite("flavorkit lint: report formats and the configured layout")
struct LintFormatTests {
    /// A small package in `Pkg/` under a scratch folder: one flavor, English and German, one
    /// source file using a key English lacks and not using `title`.
    static func package(_ extra: [String: String] = [:]) throws -> (scratch: URL, root: URL) {
        let scratch = try ToolRunner.temporaryFolder()
        let root = scratch.appendingPathComponent("Pkg")
        let files: [String: String] = [
            "Flavors/Free/Info.plist": """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>com.example.free</string>
            <key>CFBundleDisplayName</key><string>Free</string>
            <key>CFBundleShortVersionString</key><string>1.0</string>
            <key>CFBundleDevelopmentRegion</key><string>en</string>
            </dict></plist>
            """,
            "Localizations/en.lproj/Localizable.strings": "\"greeting\" = \"Hello\";\n\"title\" = \"Home\";\n",
            "Localizations/de.lproj/Localizable.strings":
                "\"greeting\" = \"Hallo\";\n\"title\" = \"Start, hier\";\n",
            "Sources/App/main.swift": "print(localizer.text(\"greeting\"), text(\"farewell\"))\n",
        ].merging(extra) { $1 }
        for (path, content) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url)
        }
        return (scratch, root)
    }

    @Test("--format github: one annotation per finding, paths from the folder the tool runs in")
    func github() throws {
        let (scratch, _) = try Self.package()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try ToolRunner.run(["lint", "--format", "github", "--root", "Pkg"], in: scratch)
        #expect(result.status == 1)
        #expect(
            result.output == """
                ::warning file=Pkg/Localizations/en.lproj/Localizable.strings,line=2,col=1,title=unused-key::key "title" is not used by any source file (text("title"…))
                ::error file=Pkg/Sources/App/main.swift,line=1,col=40,title=undefined-key::key "farewell" is used here but en does not define it

                """)
        #expect(result.errors.isEmpty)
    }

    @Test("--format sarif: a SARIF 2.1.0 log with every rule and each finding's region")
    func sarif() throws {
        let (scratch, root) = try Self.package()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try ToolRunner.run(["lint", "--format", "sarif", "--strict"], in: root)
        #expect(result.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.compactMap { $0["ruleId"] as? String } == ["unused-key", "undefined-key"])
        #expect(results.compactMap { $0["level"] as? String } == ["error", "error"])
        let location = try #require((results[1]["locations"] as? [[String: [String: Any]]])?.first)
        #expect(
            (location["physicalLocation"]?["artifactLocation"] as? [String: String])?["uri"] == "Sources/App/main.swift"
        )
        #expect(location["physicalLocation"]?["region"] as? [String: Int] == ["startLine": 1, "startColumn": 40])
    }

    @Test("flavorkit.json names other folders and key calls; --key-call and --sources override it")
    func configuredLayout() throws {
        let (scratch, root) = try Self.package([
            "flavorkit.json": #"{"sources": "Code", "keyCalls": ["tr"]}"#,
            "Code/main.swift": "print(tr(\"greeting\"), tr(\"title\"))\n",
        ])
        defer { try? FileManager.default.removeItem(at: scratch) }
        let configured = try ToolRunner.run(["lint"], in: root)
        #expect(configured.output == "0 errors, 0 warnings\n")
        #expect(configured.status == 0)
        let flags = try ToolRunner.run(["lint", "--sources", "Sources", "--key-call", "text"], in: root)
        #expect(flags.output.contains("Sources/App/main.swift:1:40: error: key \"farewell\""))
        let nothing = try ToolRunner.run(["lint", "--key-call", "localized"], in: root)
        #expect(
            nothing.output.hasPrefix(
                "Code: warning: no .swift file here calls localized(\"key\"…), so unused keys are not checked"))
        let bad = try ToolRunner.run(["lint", "--key-call", "tr("], in: root)
        #expect(bad.status == 64)
        #expect(bad.errors.hasPrefix("error: 'tr(' is not a call name (write text or L10n.tr)\n"))
    }

    @Test("every command reads flavorkit.json's folders, and its help says what is in effect")
    func everyCommandReadsTheLayout() throws {
        let (scratch, root) = try Self.package()
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Everything moved under Resources/, as flavorkit.json says.
        let resources = root.appendingPathComponent("Resources")
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        for folder in ["Localizations", "Flavors"] {
            try FileManager.default.moveItem(
                at: root.appendingPathComponent(folder), to: resources.appendingPathComponent(folder))
        }
        try Data(#"{"localizations": "Resources/Localizations", "flavors": "Resources/Flavors"}"#.utf8)
            .write(to: root.appendingPathComponent("flavorkit.json"))
        let status = try ToolRunner.run(["status"], in: root)
        #expect(status.status == 0, "\(status.errors)")
        #expect(status.output.contains("\nde        Free "), "\(status.output)")
        let export = try ToolRunner.run(["export", "--format", "po", "--lang", "de", "--output", "po/"], in: root)
        #expect(export.status == 0, "\(export.errors)")
        let imported = try ToolRunner.run(["import", "po/de/Localizable.po"], in: root)
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.output == "0 translations taken, 0 files written\n")
        let help = try ToolRunner.run(["lint", "--help"], in: root)
        #expect(
            help.output.hasSuffix(
                """
                in effect here (\(root.standardizedFileURL.path), from flavorkit.json):
                  sources        Sources
                  localizations  Resources/Localizations
                  flavors        Resources/Flavors
                  snapshots      snapshots
                  key calls      text

                """), "\(help.output)")
        // A folder given on the command line is shown as messages show input: no escape reaches the terminal.
        let escaped = try ToolRunner.run(["lint", "--help", "--sources", "S\u{1B}]0;title\u{07}rc"], in: root)
        #expect(escaped.output.contains("  sources        S\\u{1B}]0;title\\u{7}rc\n"), "\(escaped.output)")
        #expect(!escaped.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test("a mistake in flavorkit.json is one error at its position, exit 1")
    func configurationError() throws {
        let (scratch, root) = try Self.package(["flavorkit.json": "{\n  \"sorces\": \"Code\"\n}\n"])
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try ToolRunner.run(["lint"], in: root)
        #expect(result.status == 1)
        #expect(
            result.errors
                == "\(root.standardizedFileURL.path)/flavorkit.json:2:3: error: unknown key \"sorces\" (known: flavors, localizations, sources, snapshots, keyCalls, dimensions, exclude)\n"
        )
    }

    @Test("a flavor's Info.plist without CFBundleIdentifier fails lint, as it fails start-up")
    func infoPlist() throws {
        let (scratch, root) = try Self.package([
            "Flavors/Pro/Info.plist":
                "<plist version=\"1.0\"><dict><key>CFBundleDisplayName</key><string>Pro</string></dict></plist>"
        ])
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try ToolRunner.run(["lint"], in: root)
        #expect(result.status == 1)
        #expect(
            result.output.hasPrefix(
                "Flavors/Pro/Info.plist: error: CFBundleIdentifier is missing or not a non-empty string [info-plist]\n")
        )
    }

    @Test("--stats goes with text and json only: a usage error with github or sarif")
    func statsWithAnnotations() throws {
        let result = try ToolRunner.run(["lint", "--format", "sarif", "--stats"])
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("error: --stats goes with --format text or json, not sarif\n"))
    }
}
