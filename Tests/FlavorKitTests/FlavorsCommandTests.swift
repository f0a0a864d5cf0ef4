import Foundation
import TestSupport
import Testing

@Suite("flavorkit flavors: the variant matrix, and which file gave a value")
struct FlavorsCommandTests {
    static func withFixture<T>(
        configuration: String = DimensionsFixture.configuration(), _ body: (URL) throws -> T
    ) throws -> T {
        let root = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try DimensionsFixture.write(in: root, configuration: configuration)
        return try body(root)
    }

    @Test("the matrix as text: each variant's flavors, conditions, identifier, features, limits, folders")
    func text() throws {
        try Self.withFixture { root in
            let result = try ToolRunner.run(["flavors"], in: root)
            #expect(result.status == 0, "\(result.errors)")
            let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first == "dimensions: tier (Free, Pro) × environment (Staging, Production), 4 variants")
            #expect(
                result.output.contains(
                    """
                    ProStaging  tier: Pro, environment: Staging
                      conditions  -DPRO -DSTAGING
                      identifier  com.example.dims.pro.staging
                      features    banner, reminders
                      limits      lists 1000, sync 1
                      folders     Flavors/ProStaging > Flavors/Pro > Flavors/Staging > Localizations

                    """))
            #expect(
                result.output.contains(
                    "FreeProduction  tier: Free, environment: Production\n  conditions  -DFREE -DPRODUCTION\n"
                        + "  identifier  com.example.dims.free\n  features    none\n  limits      lists 1\n"
                        + "  folders     Flavors/FreeProduction (none) > Flavors/Free > Flavors/Production (none) > "
                        + "Localizations\n"))
        }
    }

    @Test("the matrix as JSON, with the exclusions")
    func json() throws {
        try Self.withFixture(
            configuration: DimensionsFixture.configuration(extra: #", "exclude": [["Free", "Staging"]]"#)
        ) {
            root in
            let result = try ToolRunner.run(["flavors", "--format", "json"], in: root)
            #expect(result.status == 0, "\(result.errors)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
            #expect(object["exclude"] as? [[String]] == [["Free", "Staging"]])
            let variants = try #require(object["variants"] as? [[String: Any]])
            #expect(variants.map { $0["name"] as? String } == ["FreeProduction", "ProStaging", "ProProduction"])
            let staging = variants[1]
            #expect(staging["flavors"] as? [String: String] == ["tier": "Pro", "environment": "Staging"])
            #expect(staging["compileConditions"] as? [String] == ["PRO", "STAGING"])
            #expect(staging["bundleIdentifier"] as? String == "com.example.dims.pro.staging")
            #expect(staging["features"] as? [String] == ["banner", "reminders"])
            #expect(staging["limits"] as? [String: Int] == ["lists": 1000, "sync": 1])
            let folders = try #require(staging["folders"] as? [[String: Any]])
            #expect(
                folders.map { $0["path"] as? String } == [
                    "Flavors/ProStaging", "Flavors/Pro", "Flavors/Staging", "Localizations",
                ])
        }
    }

    @Test("--explain: the file and line in effect, then every value it shadowed")
    func explain() throws {
        try Self.withFixture { root in
            let limit = try ToolRunner.run(["flavors", "--explain", "ProStaging", "FlavorLimits.lists"], in: root)
            #expect(limit.status == 0, "\(limit.errors)")
            #expect(
                limit.output == """
                    FlavorLimits.lists in ProStaging:
                      in effect  Flavors/Pro/Info.plist:11  1000
                      shadowed   Flavors/Staging/Info.plist:8  3

                    """)
            let hello = try ToolRunner.run(["flavors", "--explain", "FreeStaging", "hello", "--lang", "fr"], in: root)
            #expect(
                hello.output == """
                    "hello" (Localizable) in FreeStaging:
                      in effect  Localizations/fr.lproj/Localizable.strings:1 [fr]  Bonjour
                      shadowed   Flavors/Staging/Localizations/en.lproj/Localizable.strings:1 [en]  Hello, tester
                      shadowed   Localizations/en.lproj/Localizable.strings:1 [en]  Hello

                    """)
            let identifier = try ToolRunner.run(
                ["flavors", "--explain", "ProStaging", "FlavorBundleIdentifierSuffix", "--format", "json"], in: root)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(identifier.output.utf8)) as? [String: Any])
            #expect(object["combines"] as? Bool == true)
            #expect((object["sources"] as? [[String: Any]])?.first?["path"] as? String == "Flavors/Staging/Info.plist")
            let base = try ToolRunner.run(["flavors", "--explain", "ProStaging", "CFBundleIdentifier"], in: root)
            #expect(
                base.output == """
                    CFBundleIdentifier in ProStaging:
                      in effect  Flavors/Pro/Info.plist:4  "com.example.dims.pro"
                      which makes "com.example.dims.pro.staging", with each FlavorBundleIdentifierSuffix

                    """)
            // Merged member by member: every file adds, and the line after says what they make.
            let limits = try ToolRunner.run(["flavors", "--explain", "ProStaging", "FlavorLimits"], in: root)
            #expect(
                limits.output == """
                    FlavorLimits in ProStaging:
                      adds       Flavors/Pro/Info.plist:9  {lists: 1000}
                      adds       Flavors/Staging/Info.plist:6  {lists: 3, sync: 1}
                      which makes {lists: 1000, sync: 1}

                    """)
            let unknown = try ToolRunner.run(["flavors", "--explain", "ProStaging", "nothing"], in: root)
            #expect(unknown.status == 1)
            #expect(unknown.output.hasPrefix("\"nothing\" (Localizable) in ProStaging: no file of Flavors/ProStaging"))
        }
    }

    @Test("--explain writes a value's control characters out, never sends them to the terminal")
    func controlCharacters() throws {
        try Self.withFixture { root in
            try FileTree.write(
                "\"hello\" = \"Hi\\U001B[2J there\";\n", to: "Flavors/Pro/Localizations/en.lproj/Localizable.strings",
                in: root)
            let result = try ToolRunner.run(["flavors", "--explain", "ProStaging", "hello"], in: root)
            #expect(result.status == 0, "\(result.errors)")
            #expect(!result.output.contains("\u{1B}"))
            #expect(result.output.contains("Flavors/Pro/Localizations/en.lproj/Localizable.strings:1 [en]  Hi"))
            // A key, plist key or table no file sets is named written out too (exit 1, as grep).
            for arguments in [
                ["today\u{1B}]0;pwn\u{07}.title\n"], ["FlavorLimits.\u{1B}[2Jlists"],
                ["hello", "--table", "T\u{1B}[31m"],
            ] {
                let missing = try ToolRunner.run(["flavors", "--explain", "ProStaging"] + arguments, in: root)
                #expect(missing.status == 1, "\(missing.errors)")
                #expect(missing.output.contains("sets it"), "\(missing.output)")
                #expect(!missing.output.contains("\u{1B}") && !missing.output.contains("\u{07}"), "\(missing.output)")
            }
        }
    }

    @Test(
        "usage errors: a variant that is not one, --explain without a key, a key without --explain",
        arguments: [
            (["flavors", "--explain", "Pro", "hello"], "'Pro' is not a variant (variants: FreeStaging"),
            (["flavors", "--explain", "ProStaging"], "--explain VARIANT needs a KEY"),
            (["flavors", "hello"], "KEY goes with --explain VARIANT"),
            (["flavors", "--explain", "ProStaging", "hello", "--lang", "x_y!"], "is not a language tag"),
        ])
    func usage(arguments: [String], message: String) throws {
        try Self.withFixture { root in
            let result = try ToolRunner.run(arguments, in: root)
            #expect(result.status == 64)
            #expect(result.errors.contains(message), "\(result.errors)")
        }
    }

    @Test("a package without dimensions lists each flavor as a variant of one flavor")
    func oneDimension() throws {
        let result = try ToolRunner.run(["flavors", "--root", Repository.layout.root.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasPrefix("Light  flavor: Light\n  conditions  -DLIGHT\n"))
        #expect(result.output.contains("Regular  flavor: Regular\n  conditions  -DREGULAR\n"))
    }

    @Test("without dimensions a flavor is any folder's name: its controls are written out, never sent")
    func hostileFolderName() throws {
        let root = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let name = "\u{1B}]0;pwned\u{07}Evil"
        try FileTree.write("// swift-tools-version:6.1\n", to: "Package.swift", in: root)
        try FileTree.write("\"x\" = \"X\";\n", to: "Localizations/en.lproj/Localizable.strings", in: root)
        try FileTree.write(
            DimensionsFixture.plist(
                """
                <key>CFBundleIdentifier</key><string>com.example.evil</string>
                <key>CFBundleDisplayName</key><string>Evil</string>
                <key>CFBundleShortVersionString</key><string>1.0</string>
                <key>CFBundleDevelopmentRegion</key><string>en</string>
                """), to: "Flavors/\(name)/Info.plist", in: root)
        for arguments in [
            ["flavors"], ["flavors", "--explain", name, "CFBundleIdentifier"], ["flavors", "--explain", name, "x"],
        ] {
            let result = try ToolRunner.run(arguments, in: root)
            let said = result.output + result.errors
            #expect(said.contains("Evil"), "\(said)")
            #expect(!said.contains("\u{1B}") && !said.contains("\u{07}"), "\(said)")
        }
    }

    @Test("outside a package there is no flavor: an error that says what one is, not an empty success")
    func noFlavor() throws {
        let root = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ToolRunner.run(["flavors"], in: root)
        #expect(result.status == 1)
        #expect(
            result.errors.contains("error: no flavor here: a flavor is a folder Flavors/<Name>/ with an Info.plist"))
    }

    @Test("the report shows the matrix by variant, each linked to its snapshots")
    func report() throws {
        try Self.withFixture { root in
            try FileTree.write("Hello\n", to: "snapshots/ProStaging/en/today.txt", in: root)
            try FileTree.write("Hello\n", to: "snapshots/FreeProduction/en/today.txt", in: root)
            let result = try ToolRunner.run(["report", "--output", "out"], in: root)
            #expect(result.status == 0, "\(result.errors)")
            let page = try String(contentsOf: root.appendingPathComponent("out/index.html"), encoding: .utf8)
            #expect(page.contains("<h2>Variants (4)</h2>"))
            #expect(page.contains("<th>tier</th><th>environment</th>"))
            #expect(
                page.contains(
                    "<tr><td><a href=\"#variant-ProStaging\">ProStaging</a></td><td>Pro</td><td>Staging</td>"
                        + "<td><code>com.example.dims.pro.staging</code></td><td>1</td></tr>"))
            #expect(page.contains("<td><code>com.example.dims.free.staging</code></td><td>0</td>"))
            #expect(page.contains("<h4 id=\"variant-ProStaging\">ProStaging</h4>"))
        }
    }

    @Test("lint of the matrix: identical overrides, unseen and undeclared folders, shared bundle identifiers")
    func lint() throws {
        try Self.withFixture(
            configuration: DimensionsFixture.configuration(extra: #", "exclude": [["Pro", "Staging"]]"#)
        ) {
            root in
            try FileTree.write(
                DimensionsFixture.plist("<key>CFBundleShortVersionString</key><string>1.0</string>"),
                to: "Flavors/FreeProduction/Info.plist", in: root)
            try FileTree.write(
                "\"bye\" = \"Bye\";\n", to: "Flavors/Staging/Localizations/en.lproj/Localizable.strings", in: root)
            try FileTree.write(DimensionsFixture.plist(""), to: "Flavors/Old/Info.plist", in: root)
            try FileTree.write(
                DimensionsFixture.plist("<key>FlavorLimits</key><dict><key>sync</key><integer>1</integer></dict>"),
                to: "Flavors/Staging/Info.plist", in: root)
            // A regional language that translates a key itself wins over the flavor's parent override.
            try FileTree.write("\"hello\" = \"Allô\";\n", to: "Localizations/fr-CA.lproj/Localizable.strings", in: root)
            try FileTree.write(
                "\"hello\" = \"Bonjour, pro\";\n", to: "Flavors/Pro/Localizations/fr.lproj/Localizable.strings",
                in: root)
            let result = try ToolRunner.run(["lint"], in: root)
            let output = result.output + result.errors
            #expect(
                output.contains(
                    "Flavors/Pro/Localizations/en.lproj/Localizable.strings:1:1: error: key \"hello\" is reworded by "
                        + "Pro in en but has no Pro override in fr-CA, which shows the shared translation [missing-key]"
                ))
            #expect(!output.contains("no Pro override in fr, which"), "\(output)")
            #expect(
                output.contains(
                    "Flavors/FreeProduction/Info.plist:4:1: warning: CFBundleShortVersionString in FreeProduction "
                        + "repeats Free's value, which it shadows [redundant-override]"), "\(output)")
            #expect(
                output.contains(
                    "Flavors/Staging/Localizations/en.lproj/Localizable.strings:1:1: warning: Staging's \"bye\" in en "
                        + "repeats the text it shadows (Localizations/en.lproj/Localizable.strings:2:1) [redundant-override]"
                ))
            #expect(
                output.contains(
                    "Flavors/ProStaging:1:1: warning: ProStaging is excluded from every variant by flavorkit.json's "
                        + "exclude, so no build shows what it holds [unseen-override]"))
            #expect(
                output.contains(
                    "Flavors/Old:1:1: warning: Old is neither a flavor of a dimension nor a variant, so no variant "
                        + "reads it [undeclared-flavor]"))
            #expect(
                output.contains(
                    "Flavors/Free/Info.plist:1:1: error: FreeProduction has the bundle identifier of FreeStaging, "
                        + "\"com.example.dims.free\" [same-bundle-identifier]"), "\(output)")
            #expect(result.status == 1)
        }
    }
}
