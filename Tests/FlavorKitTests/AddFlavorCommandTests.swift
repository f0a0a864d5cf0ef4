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
        try write("Sources/FlavorEntry/main.swift", "#if FREE\n#else\n#error(\"no flavor\")\n#endif\n")
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
                wrote Sources/Team/main.swift
                wrote Package.swift
                updated Package.swift with:
                    .executable(name: "Team", targets: ["Team"]),
                    .executableTarget(name: "Team", dependencies: ["AppCore"], swiftSettings: [.define("TEAM")]),
                next:
                  - in Sources/FlavorEntry/main.swift, add an `#elseif TEAM` branch for Team beside Free's `FREE` branch
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

    @Test("in a package without flavors, writes a main.swift and prints the lines to add")
    func fromScratch() throws {
        let root = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ToolRunner.run(["add-flavor", "Solo"], in: root)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("Package.swift needs:\n    .executable(name: \"Solo\", targets: [\"Solo\"]),\n"))
        let main = try String(
            contentsOf: root.appendingPathComponent("Sources/Solo/main.swift"), encoding: .utf8)
        #expect(main.contains("try Flavor.load(\"Solo\""))
        // The entry compiles as written.
        let check = try GenerateSymbolsCommandTests.typecheck(
            [root.appendingPathComponent("Sources/Solo/main.swift")], in: root)
        #expect(check.status == 0, "\(check.errors)")
        #expect(
            try FlavorIdentity(name: "Solo", contentsOf: root.appendingPathComponent("Flavors/Solo/Info.plist"))
                .bundleIdentifier == "com.example.solo")
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
