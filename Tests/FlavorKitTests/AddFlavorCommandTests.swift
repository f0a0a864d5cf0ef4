import Flavors
import Foundation
import Localization
import TestSupport
import Testing

@Suite("flavorkit add-flavor")
struct AddFlavorCommandTests {
    /// A package with one flavor, `Free`, whose executable target compiles the shared entry
    /// file through a link, as FlavorKit's README describes.
    static func package() throws -> URL {
        let root = try ToolRunner.temporaryFolder()
        func write(_ path: String, _ text: String) throws { try FileTree.write(text, to: path, in: root) }
        try write(
            "Package.swift",
            """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "MyApp",
                products: [
                    .executable(name: "Free", targets: ["Free"]),
                ],
                targets: [
                    .target(name: "AppCore"),
                    .executableTarget(name: "Free", dependencies: ["AppCore"], swiftSettings: [.define("FREE")]),
                ]
            )

            """)
        try write(
            "Flavors/Free/Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>com.example.myapp.free</string>
            <key>CFBundleDisplayName</key><string>My App Free</string>
            <key>CFBundleShortVersionString</key><string>2.1</string>
            <key>CFBundleDevelopmentRegion</key><string>fr</string>
            <key>FlavorFeatures</key><array><string>export</string></array>
            <key>FlavorLimits</key><dict><key>seats</key><integer>5</integer></dict>
            </dict></plist>
            """)
        try write(
            "Sources/FlavorEntry/main.swift",
            """
            #if FREE
            let name = "Free"
            let features: [Feature] = []
            #else
            #error("Compile this file with -DFREE")
            #endif

            """)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Sources/Free"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("Sources/Free/main.swift").path,
            withDestinationPath: "../FlavorEntry/main.swift")
        return root
    }

    @Test("copies a flavor: plist, display name, entry link, and both Package.swift lines right after its own")
    func copiesAFlavor() throws {
        let root = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ToolRunner.run(["add-flavor", "Team"], in: root)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.isEmpty)
        #expect(
            result.output == """
                wrote Flavors/Team/Info.plist
                wrote Sources/FlavorEntry/main.swift
                wrote Package.swift
                wrote Sources/Team/main.swift
                updated Package.swift with:
                    .executable(name: "Team", targets: ["Team"]),
                    .executableTarget(name: "Team", dependencies: ["AppCore"], swiftSettings: [.define("TEAM")]),
                next:
                  - swift run flavorkit lint --strict
                  - swift run Team

                """)
        let identity = try FlavorIdentity(
            name: "Team", contentsOf: root.appendingPathComponent("Flavors/Team/Info.plist"))
        #expect(identity.bundleIdentifier == "com.example.myapp.team")
        #expect(identity.displayName == "My App Team")
        #expect(identity.features == ["export"] && identity.limits == ["seats": 5] && identity.version == "2.1")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(
                atPath: root.appendingPathComponent("Sources/Team/main.swift").path) == "../FlavorEntry/main.swift")
        #expect(
            try String(contentsOf: root.appendingPathComponent("Sources/FlavorEntry/main.swift"), encoding: .utf8)
                == """
                #if FREE
                let name = "Free"
                let features: [Feature] = []
                #elseif TEAM
                let name = "Team"
                let features: [Feature] = []
                #else
                #error("Compile this file with -DFREE or -DTEAM")
                #endif

                """)
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(
            manifest.contains(
                """
                        .executable(name: "Free", targets: ["Free"]),
                        .executable(name: "Team", targets: ["Team"]),
                """))
        #expect(
            manifest.contains(
                """
                        .executableTarget(name: "Free", dependencies: ["AppCore"], swiftSettings: [.define("FREE")]),
                        .executableTarget(name: "Team", dependencies: ["AppCore"], swiftSettings: [.define("TEAM")]),
                """))
    }

    @Test(
        "refuses a bad or taken name and an unknown template, writing nothing",
        arguments: [
            (["team"], "error: 'team' is not a flavor name"),
            (["My-Team"], "error: 'My-Team' is not a flavor name"),
            (["Free"], "Flavors/Free: error: Free exists already\n"),
            (["Team", "--from", "Gold"], "error: no flavor Gold to copy (flavors: Free)\n"),
            (["Team", "--from", "../../Outside"], "error: no flavor ../../Outside to copy (flavors: Free)\n"),
            (["Team", "--from", "Free/Localizations"], "error: no flavor Free/Localizations to copy"),
            (
                ["Flavors"],
                "error: a flavor Flavors would be a target of the same name as FlavorKit's Flavors, and SwiftPM "
                    + "refuses two targets of one name in a package graph; choose another name"
            ),
            (["LIGHT"], "error: a flavor LIGHT would be a target of the same name as FlavorKit's Light"),
        ])
    func refuses(arguments: [String], message: String) throws {
        let root = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        let before = try FileManager.default.subpathsOfDirectory(atPath: root.path).sorted()
        let result = try ToolRunner.run(["add-flavor"] + arguments, in: root)
        #expect(result.status == 1)
        #expect(result.errors.contains(message))
        #expect(try FileManager.default.subpathsOfDirectory(atPath: root.path).sorted() == before)
    }

    @Test("in a folder without Package.swift, writes the shared entry file and its link, and prints the lines to add")
    func fromScratch() throws {
        let root = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ToolRunner.run(["add-flavor", "Solo"], in: root)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("Package.swift needs:\n    .executable(name: \"Solo\", targets: [\"Solo\"]),\n"))
        let entry = root.appendingPathComponent("Sources/FlavorEntry/main.swift")
        #expect(try String(contentsOf: entry, encoding: .utf8).contains("let flavorName = \"Solo\""))
        #expect(
            try FileManager.default.destinationOfSymbolicLink(
                atPath: root.appendingPathComponent("Sources/Solo/main.swift").path) == "../FlavorEntry/main.swift")
        var isFolder: ObjCBool = false
        #expect(
            FileManager.default.fileExists(
                atPath: root.appendingPathComponent("Flavors/Solo/Localizations").path, isDirectory: &isFolder)
                && isFolder.boolValue)
        #expect(
            try FlavorIdentity(name: "Solo", contentsOf: root.appendingPathComponent("Flavors/Solo/Info.plist"))
                .bundleIdentifier == "com.example.solo")
    }

    /// The newcomer's path: a package that depends on FlavorKit and has no flavor yet.
    @Test(
        "a first flavor with features and limits, then a second: entry branches, Package.swift lines, lint-clean, compiling"
    )
    func newcomersPackage() throws {
        let root = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = """
            // swift-tools-version:6.1
            import PackageDescription

            let package = Package(
                name: "Home",
                dependencies: [
                    .package(name: "FlavorKit", path: "../FlavorKit")
                ],
                targets: [
                    .target(name: "HomeCore")
                ]
            )

            """
        try FileTree.write(manifest, to: "Package.swift", in: root)
        try FileTree.write("\"title\" = \"Home\";\n", to: "Localizations/en.lproj/Localizable.strings", in: root)
        try FileTree.write(
            "import Flavors\n\npublic func title(_ flavor: Flavor) -> String { flavor.text(\"title\") }\n",
            to: "Sources/HomeCore/Title.swift", in: root)
        let first = try ToolRunner.run(
            ["add-flavor", "Home", "--feature", "sync", "--limit", "seats=5"], in: root)
        #expect(first.status == 0, "\(first.errors)")
        let second = try ToolRunner.run(["add-flavor", "Work", "--feature", "share"], in: root)
        #expect(second.status == 0, "\(second.errors)")
        #expect(
            try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
                == manifest.replacingOccurrences(
                    of: "    targets: [\n",
                    with: "    targets: [\n"
                        + "        .executableTarget(name: \"Home\", dependencies: [.product(name: \"Flavors\", "
                        + "package: \"FlavorKit\")], swiftSettings: [.define(\"HOME\")]),\n"
                        + "        .executableTarget(name: \"Work\", dependencies: [.product(name: \"Flavors\", "
                        + "package: \"FlavorKit\")], swiftSettings: [.define(\"WORK\")]),\n"))
        let home = try FlavorIdentity(name: "Home", contentsOf: root.appendingPathComponent("Flavors/Home/Info.plist"))
        #expect(home.features == ["sync"] && home.limits == ["seats": 5])
        let work = try FlavorIdentity(name: "Work", contentsOf: root.appendingPathComponent("Flavors/Work/Info.plist"))
        #expect(work.features == ["sync", "share"] && work.limits == ["seats": 5])
        let lint = try ToolRunner.run(["lint", "--strict"], in: root)
        #expect(lint.status == 0, "\(lint.output)")
        // Each flavor's condition compiles the entry file, registering the plist's features.
        let entry = root.appendingPathComponent("Sources/FlavorEntry/main.swift")
        let text = try String(contentsOf: entry, encoding: .utf8)
        #expect(text.contains("#elseif WORK\nlet flavorName = \"Work\"\n"))
        #expect(
            text.contains(
                #"let features: [Feature] = [Feature("sync") { _ in "sync" }, Feature("share") { _ in "share" }]"#))
        for condition in ["HOME", "WORK"] {
            let check = try GenerateSymbolsCommandTests.typecheck([entry], in: root, strict: true, defines: [condition])
            #expect(check.status == 0, "\(check.errors)")
        }
        let bad = try GenerateSymbolsCommandTests.typecheck([entry], in: root, defines: [])
        #expect(bad.errors.contains("Compile this file with -DHOME or -DWORK"))
    }

    /// What an attacker's pull request could plant: links out of the package where add-flavor
    /// writes, a template link to a file outside, a name that differs from a flavor's in case,
    /// a Package.swift it cannot replace.
    @Test(
        "a link out of the package, a read-only Package.swift or a flavor's name in other case: refused, nothing written",
        arguments: ["entry link", "entry folder", "read-only manifest", "case"])
    func hostilePackage(attack: String) throws {
        let root = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        let outside = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: outside) }
        let entry = root.appendingPathComponent("Sources/FlavorEntry/main.swift")
        var name = "Team"
        switch attack {
        case "entry link":
            try FileManager.default.removeItem(at: entry)
            try FileManager.default.createSymbolicLink(
                atPath: entry.path, withDestinationPath: outside.appendingPathComponent("evil.swift").path)
        case "entry folder":
            try FileManager.default.removeItem(at: entry.deletingLastPathComponent())
            try FileManager.default.createSymbolicLink(
                atPath: entry.deletingLastPathComponent().path, withDestinationPath: outside.path)
        case "read-only manifest":
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o444], ofItemAtPath: root.appendingPathComponent("Package.swift").path)
        default:
            name = "FREE"
        }
        let before = try FileManager.default.subpathsOfDirectory(atPath: root.path).sorted()
        let result = try ToolRunner.run(["add-flavor", name, "--from", "Free"], in: root)
        #expect(result.status == 1, "\(result.output)")
        #expect(!result.errors.isEmpty)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: root.path).sorted() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test("a template's link to a file outside the sources is not copied, and says so")
    func templateLinkOut() throws {
        let root = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("Sources/Free/passwd.swift").path, withDestinationPath: "/etc/passwd")
        let result = try ToolRunner.run(["add-flavor", "Team", "--from", "Free"], in: root)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains(#"Free links passwd.swift to /etc/passwd, outside the sources"#))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources/Team/passwd.swift").path))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources/Team").path) == [
                "main.swift"
            ])
    }

    @Test(
        "a feature or limit that cannot be is refused, writing nothing",
        arguments: [
            (["--feature", "two words"], "error: 'two words' is not a feature name"),
            (["--limit", "seats"], "'seats' is not a limit written NAME=N"),
            (["--limit", "seats=0"], "error: 'seats=0' is not a limit"),
        ])
    func badFeature(arguments: [String], message: String) throws {
        let root = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        let before = try FileManager.default.subpathsOfDirectory(atPath: root.path).sorted()
        let result = try ToolRunner.run(["add-flavor", "Team"] + arguments, in: root)
        #expect(result.status != 0)
        #expect(result.errors.contains(message), "\(result.errors)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: root.path).sorted() == before)
    }

    @Test("an Info.plist that holds itself is an error, not a crash, when copied, linted or exported")
    func templateWithCycle() throws {
        let root = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        // A binary property list whose root dictionary's one value is the dictionary itself.
        var plist = Data("bplist00".utf8) + [0xD1, 0x01, 0x00, 0x51, UInt8(ascii: "k"), 8, 11]
        plist += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 2] + [UInt8](repeating: 0, count: 8)
        plist += [0, 0, 0, 0, 0, 0, 0, 13]
        let infoPlist = root.appendingPathComponent("Flavors/Free/Info.plist")
        try plist.write(to: infoPlist)
        let before = try FileManager.default.subpathsOfDirectory(atPath: root.path).sorted()
        let result = try ToolRunner.run(["add-flavor", "Team", "--from", "Free"], in: root)
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("\(infoPlist.path):"), "\(result.errors)")
        #expect(result.errors.contains("holds itself"), "\(result.errors)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: root.path).sorted() == before)
        for language in ["en", "de"] {
            let folder = root.appendingPathComponent("Localizations/\(language).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(#""title" = "Title";"#.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        }
        for command in [["lint"], ["export", "--flavor", "Free", "--lang", "de", "--format", "po"]] {
            let run = try ToolRunner.run(command, in: root)
            #expect(run.status == 1, "\(command): \(run.errors)")
            #expect((run.output + run.errors).contains("holds itself"), "\(command): \(run.errors)")
        }
    }

    /// A package of one flavor, Free, with English and German shared catalogs and Free's
    /// name in German, as `.strings` files or as String Catalogs.
    static func translatedPackage(stringCatalogs: Bool) throws -> URL {
        let root = try Self.package()
        func write(_ path: String, _ text: String) throws { try FileTree.write(text, to: path, in: root) }
        try write(
            "Flavors/Free/Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>com.example.free</string>
            <key>CFBundleDisplayName</key><string>Tasks Free</string>
            <key>CFBundleShortVersionString</key><string>1.0</string>
            <key>CFBundleDevelopmentRegion</key><string>en</string>
            </dict></plist>
            """)
        try write("Sources/AppCore/App.swift", #"let title = text("title")"#)
        if stringCatalogs {
            let unit = { (language: String, text: String) in
                "\"\(language)\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\(text)\" } }"
            }
            try write(
                "Localizations/Localizable.xcstrings",
                #"{ "sourceLanguage" : "en", "strings" : { "title" : { "localizations" : { "#
                    + unit("en", "Tasks") + ", " + unit("de", "Aufgaben") + #" } } }, "version" : "1.0" }"#)
            try write(
                "Flavors/Free/Localizations/InfoPlist.xcstrings",
                #"{ "sourceLanguage" : "en", "strings" : { "CFBundleDisplayName" : { "localizations" : { "#
                    + unit("en", "Tasks Free") + ", " + unit("de", "Aufgaben Free") + #" } } }, "version" : "1.0" }"#)
        } else {
            try write("Localizations/en.lproj/Localizable.strings", #""title" = "Tasks";"#)
            try write("Localizations/de.lproj/Localizable.strings", #""title" = "Aufgaben";"#)
            try write(
                "Flavors/Free/Localizations/de.lproj/InfoPlist.strings", #""CFBundleDisplayName" = "Aufgaben Free";"#)
        }
        return root
    }

    @Test(
        "in a .strings or a String Catalog package, the new flavor's name is translated in the package's format, lint-clean",
        arguments: [false, true])
    func lintCleanScaffold(stringCatalogs: Bool) throws {
        let root = try Self.translatedPackage(stringCatalogs: stringCatalogs)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try ToolRunner.run(["lint", "--strict"], in: root).status == 0)
        let result = try ToolRunner.run(["add-flavor", "Team", "--from", "Free"], in: root)
        #expect(result.status == 0, "\(result.errors)")
        let lint = try ToolRunner.run(["lint", "--strict"], in: root)
        #expect(lint.status == 0, "\(lint.output)")
        let team = try FlavorIdentity(name: "Team", contentsOf: root.appendingPathComponent("Flavors/Team/Info.plist"))
        #expect(team.displayName == "Tasks Team")
        if stringCatalogs {
            let catalog = StringCatalog(
                contentsOf: root.appendingPathComponent("Flavors/Team/Localizations/InfoPlist.xcstrings"))
            #expect(catalog["CFBundleDisplayName"]?.localizations["de"]?.stringUnit?.value == "Aufgaben Team")
            #expect(catalog["CFBundleDisplayName"]?.localizations["en"]?.stringUnit?.value == "Tasks Team")
            #expect(
                !FileManager.default.fileExists(
                    atPath: root.appendingPathComponent("Flavors/Team/Localizations/de.lproj").path))
        } else {
            #expect(
                try String(
                    contentsOf: root.appendingPathComponent("Flavors/Team/Localizations/de.lproj/InfoPlist.strings"),
                    encoding: .utf8) == "/* Team's name */\n\"CFBundleDisplayName\" = \"Aufgaben Team\";\n")
        }
    }

    @Test("a language the template's name is not translated into is a next step, and no file is written for it")
    func untranslatedNextStep() throws {
        let root = try Self.translatedPackage(stringCatalogs: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.removeItem(at: root.appendingPathComponent("Flavors/Free/Localizations"))
        let result = try ToolRunner.run(["add-flavor", "Team", "--from", "Free"], in: root)
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.output.contains(
                "  - translate Team's name (Tasks Team) into de in Flavors/Team/Localizations/InfoPlist.xcstrings; "
                    + "until then lint reports it as missing\n"))
        #expect(try ToolRunner.run(["lint", "--strict"], in: root).status == 0)
    }
}
