import Diagnostics
import Flavors
import Foundation
import Localization
import TestSupport
import Testing

@Suite("Flavor dimensions: variants, their matrix, and overlays resolved by priority")
struct FlavorDimensionsTests {
    /// The fixture in a scratch folder, removed after `body`.
    static func withFixture<T>(
        configuration: String = DimensionsFixture.configuration(), _ body: (URL) throws -> T
    ) throws -> T {
        let root = try ChildProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try DimensionsFixture.write(in: root, configuration: configuration)
        return try body(root)
    }

    static func load(_ name: String, at root: URL, language: String = "en") throws -> Flavor {
        try Flavor.load(
            name, features: [Feature("reminders") { _ in "reminders" }, Feature("banner") { _ in "banner" }],
            language: language, environment: [ResourceLocator.environmentVariable: root.path], executable: nil)
    }

    @Test("the matrix: one flavor of each dimension, the first varying slowest, exclusions left out")
    func matrix() throws {
        try Self.withFixture { root in
            let layout = try PackageLayout(configuredAt: root)
            #expect(layout.dimensions.map(\.name) == ["tier", "environment"])
            #expect(
                layout.variants.map(\.name) == ["FreeStaging", "FreeProduction", "ProStaging", "ProProduction"])
            let variant = try #require(layout.variant(named: "ProStaging"))
            #expect(variant.flavor(in: "tier") == "Pro")
            #expect(variant.flavor(in: "environment") == "Staging")
            #expect(variant.flavor(in: "store") == nil)
            #expect(variant.compileConditions == ["PRO", "STAGING"])
            #expect(variant.folders == ["ProStaging", "Pro", "Staging"])
            #expect(layout.variant(named: "Pro") == nil)
        }
        try Self.withFixture(
            configuration: DimensionsFixture.configuration(extra: #", "exclude": [["Free", "Staging"]]"#)
        ) {
            root in
            let layout = try PackageLayout(configuredAt: root)
            #expect(layout.variants.map(\.name) == ["FreeProduction", "ProStaging", "ProProduction"])
            #expect(layout.variant(named: "FreeStaging") == nil)
        }
    }

    @Test("flavorkit.json's keys may be written with escapes, in any order, UTF-16 with a byte-order mark")
    func spelledOtherwise() throws {
        let json =
            #"{"exclude": [["Free", "Staging"]], "dim\u0065nsions": [{"flavors": ["Free", "Pro"], "n\u0061me": "tier"}, {"name": "environment", "flavors": ["Staging", "Production"]}]}"#
        for data in [Data(json.utf8), Data([0xFF, 0xFE]) + json.data(using: .utf16LittleEndian)!] {
            let root = try ChildProcess.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: root) }
            try data.write(to: root.appendingPathComponent("flavorkit.json"))
            let layout = try PackageLayout(configuredAt: root)
            #expect(
                layout.dimensions == [
                    FlavorDimension(name: "tier", flavors: ["Free", "Pro"]),
                    FlavorDimension(name: "environment", flavors: ["Staging", "Production"]),
                ])
            #expect(layout.variants.map(\.name) == ["FreeProduction", "ProStaging", "ProProduction"])
        }
    }

    @Test("a package without dimensions has one variant per flavor, in the implicit dimension")
    func oneDimension() throws {
        let layout = Repository.layout
        #expect(layout.dimensions.isEmpty)
        #expect(layout.variants.map(\.name) == ["Light", "Regular"])
        let light = try #require(layout.variant(named: "Light"))
        #expect(light.folders == ["Light"])
        #expect(light.flavor(in: Variant.implicitDimension) == "Light")
        #expect(light.compileConditions == ["LIGHT"])
    }

    @Test(
        "without dimensions, a variant is a folder right inside Flavors/: a path-like name finds none",
        arguments: ["../outside", "Pro/../../outside", "..", ".", "", "Pro/", "/tmp"])
    func pathLikeNames(_ name: String) throws {
        let root = try ChildProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let plist = "<plist version=\"1.0\"><dict><key>CFBundleIdentifier</key><string>a.b</string></dict></plist>"
        try FileTree.write(plist, to: "Flavors/Pro/Info.plist", in: root)
        try FileTree.write(plist, to: "outside/Info.plist", in: root)
        try FileTree.write(plist, to: "Flavors/Info.plist", in: root)
        let layout = PackageLayout(root: root)
        #expect(layout.variant(named: "Pro")?.name == "Pro")
        #expect(layout.variant(named: name) == nil)
    }

    @Test("a flavor whose Info.plist is a link to nothing is listed, and reading it says so")
    func danglingInfoPlist() throws {
        let root = try ChildProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Flavors/Pro"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("Flavors/Pro/Info.plist").path, withDestinationPath: "Gone.plist")
        let layout = PackageLayout(root: root)
        #expect(layout.variants.map(\.name) == ["Pro"])
        let variant = try #require(layout.variant(named: "Pro"))
        let error = try #require(throws: Diagnostic.self) { try layout.identity(of: variant) }
        #expect(error.message.contains("a symbolic link that leads to no file"), "\(error)")
    }

    @Test("a variant's folder whose Info.plist is a link to nothing is an error, not a folder that sets nothing")
    func danglingVariantInfoPlist() throws {
        try Self.withFixture { root in
            let plist = root.appendingPathComponent("Flavors/Staging/Info.plist")
            try FileManager.default.removeItem(at: plist)
            try FileManager.default.createSymbolicLink(atPath: plist.path, withDestinationPath: "Gone.plist")
            let layout = try PackageLayout(configuredAt: root)
            let variant = try #require(layout.variant(named: "ProStaging"))
            let error = try #require(throws: Diagnostic.self) { try layout.identity(of: variant) }
            #expect(error.message == "cannot read the flavor's Info.plist: a symbolic link that leads to no file")
            #expect(error.path == plist.path)
        }
    }

    @Test("Info.plist: plain keys by priority, limits and look key by key, features united, suffixes appended")
    func identity() throws {
        try Self.withFixture { root in
            let flavor = try Self.load("ProStaging", at: root)
            #expect(flavor.identity.name == "ProStaging")
            #expect(flavor.variant.flavor(in: "environment") == "Staging")
            #expect(flavor.identity.bundleIdentifier == "com.example.dims.pro.staging")
            #expect(flavor.identity.version == "1.0-beta")
            #expect(flavor.identity.displayName == "Dims Pro")
            #expect(flavor.identity.limits == ["lists": 1000, "sync": 1])
            #expect(flavor.identity.features == ["reminders", "banner"])
            #expect(flavor.features.map(\.name) == ["reminders", "banner"])
            #expect(flavor.identity.look.accentColor == .blue)
            let production = try Self.load("FreeProduction", at: root)
            #expect(production.identity.bundleIdentifier == "com.example.dims.free")
            #expect(production.identity.version == "1.0")
            #expect(production.identity.limits == ["lists": 1])
            #expect(production.features.isEmpty)
        }
    }

    @Test(
        "catalogs: the variant's folder, then its flavors in dimension order, then the shared ones, per key",
        arguments: [
            ("ProStaging", "en", "Hello, pro", "Bye from the beta", "2 files (staging)"),
            ("FreeStaging", "en", "Hello, tester", "Bye", "2 files (staging)"),
            ("ProProduction", "en", "Hello, pro", "Bye", "2 files"),
            ("FreeProduction", "en", "Hello", "Bye", "2 files"),
            ("ProStaging", "fr", "Bonjour", "Au revoir", "2 files (staging)"),
        ])
    func catalogs(variant: String, language: String, hello: String, bye: String, files: String) throws {
        try Self.withFixture { root in
            let flavor = try Self.load(variant, at: root, language: language)
            #expect(flavor.text("hello") == hello)
            #expect(flavor.text("bye") == bye)
            #expect(flavor.text("files", .int(2)) == files)
        }
    }

    @Test("a flavor's name is not a variant: the error lists the variants")
    func notAVariant() throws {
        try Self.withFixture { root in
            let error = try #require(throws: FlavorError.self) { try Self.load("Pro", at: root) }
            #expect(error.description.contains("has no variant Pro"))
            let located = try #require(throws: FlavorError.self) {
                try Flavor.load("Pro", environment: [:], executable: root.appendingPathComponent("bin/Pro"))
            }
            #expect(
                located.description.hasSuffix(
                    "flavorkit.json: error: Pro is not a variant of this package; its variants: FreeStaging, "
                        + "FreeProduction, ProStaging, ProProduction"))
        }
    }

    @Test("a variant none of whose folders has a plist, or whose merged plist lacks a key, names the file")
    func incomplete() throws {
        try Self.withFixture { root in
            try FileManager.default.removeItem(at: root.appendingPathComponent("Flavors/Free/Info.plist"))
            let none = try #require(throws: FlavorError.self) { try Self.load("FreeProduction", at: root) }
            #expect(
                none.description.contains(
                    "Flavors/Free/Info.plist: error: cannot read an Info.plist for FreeProduction"))
            let partial = try #require(throws: FlavorError.self) { try Self.load("FreeStaging", at: root) }
            #expect(partial.description.contains("Flavors/Staging/Info.plist: error: CFBundleIdentifier is missing"))
            try FileTree.write(
                DimensionsFixture.plist("<key>FlavorLimits</key><dict><key>sync</key><integer>0</integer></dict>"),
                to: "Flavors/Staging/Info.plist", in: root)
            let limit = try #require(throws: FlavorError.self) { try Self.load("ProStaging", at: root) }
            #expect(limit.description.contains("Flavors/Staging/Info.plist: error: FlavorLimits.sync must be"))
        }
    }

    @Test(
        "a value of the wrong kind in any folder's plist is an error at that plist, even shadowed or merged",
        arguments: [
            ("<key>FlavorLimits</key><string>x</string>", "FlavorLimits must be a dictionary"),
            (
                "<key>FlavorFeatures</key><array><integer>1</integer></array>",
                "FlavorFeatures must be an array of strings"
            ),
            ("<key>FlavorFeatures</key><string>banner</string>", "FlavorFeatures must be an array of strings"),
            ("<key>FlavorLook</key><array/>", "FlavorLook must be a dictionary"),
            ("<key>CFBundleDisplayName</key><integer>5</integer>", "CFBundleDisplayName must be a string"),
        ])
    func wrongKindBelow(member: String, message: String) throws {
        try Self.withFixture { root in
            // Staging is below Pro in ProStaging: Pro's values win or merge with these.
            try FileTree.write(DimensionsFixture.plist(member), to: "Flavors/Staging/Info.plist", in: root)
            let error = try #require(throws: FlavorError.self) { try Self.load("ProStaging", at: root) }
            #expect(error.description.contains("Flavors/Staging/Info.plist: error: \(message)"), "\(error)")
        }
    }

    @Test("flavorkit.json linked to nothing is an error, not a package without settings")
    func danglingConfiguration() throws {
        let root = try ChildProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("flavorkit.json").path, withDestinationPath: "settings/flavorkit.json")
        let error = try #require(throws: Diagnostic.self) { try PackageLayout(configuredAt: root) }
        #expect(error.description.hasSuffix("flavorkit.json: error: a symbolic link to a file that does not exist"))
    }

    @Test("flavorkit.json linked out of the package is not read, as add-flavor will not write it")
    func configurationLinkedOut() throws {
        let root = try ChildProcess.temporaryFolder()
        let outside = try ChildProcess.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: outside)
        }
        try FileTree.write(#"{"dimensions": [{"name": "SECRET", "flavors": ["A"]}]}"#, to: "x.json", in: outside)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("flavorkit.json").path,
            withDestinationPath: outside.appendingPathComponent("x.json").path)
        let error = try #require(throws: Diagnostic.self) { try PackageLayout(configuredAt: root) }
        #expect(error.message.contains("only files inside it are read"), "\(error)")
        #expect(!error.description.contains("SECRET"))
    }

    @Test(
        "a mistake in dimensions or exclude is an error at its position in flavorkit.json",
        arguments: [
            (#"{"dimensions": {"tier": ["Free"]}}"#, "1:2: error: dimensions must be an array of objects"),
            (#"{"dimensions": [{"name": "tier", "flavors": []}]}"#, "1:2: error: dimensions: tier has no flavors"),
            (
                #"{"dimensions": [{"name": "tier", "flavors": ["free"]}]}"#,
                #"1:46: error: dimensions: "free" is not a flavor name"#
            ),
            (
                #"{"dimensions": [{"name": "a", "flavors": ["Pro"]}, {"name": "b", "flavors": ["Pro"]}]}"#,
                "1:78: error: dimensions: Pro is declared twice"
            ),
            (
                #"{"dimensions": [{"name": "a", "flavors": ["Pro"]}, {"name": "a", "flavors": ["Max"]}]}"#,
                #"1:2: error: dimensions: "a" must be an ASCII identifier not used by another dimension (ignoring case)"#
            ),
            (
                #"{"dimensions": [{"name": "tier", "flavors": ["Pro"]}, {"name": "Tier", "flavors": ["Max"]}]}"#,
                #"1:2: error: dimensions: "Tier" must be an ASCII identifier not used by another dimension (ignoring case)"#
            ),
            (
                #"{"dimensions": [{"name": "tier", "flavors": ["Pro"]}, {"name": "tİer", "flavors": ["Max"]}]}"#,
                #"1:2: error: dimensions: "tİer" must be an ASCII identifier not used by another dimension (ignoring case)"#
            ),
            (
                #"{"dimensions": [{"name": "a", "flavors": ["Pro", "Max"]}, {"name": "b", "flavors": ["X", "Y"]}], "exclude": [["Pro", "X"], ["X", "Pro"]]}"#,
                "1:98: error: exclude: [X, Pro] is given twice"
            ),
            (
                #"{"dimensions": [{"name": "tier", "flavors": ["Pro"]}], "dimensions": []}"#,
                #"1:56: error: not valid JSON: "dimensions" is given twice"#
            ),
            (
                #"{"dimensions": [{"name": "a", "flavors": ["Pro"]}], "exclude": [["Pro"]]}"#,
                "1:53: error: exclude leaves no variant to build"
            ),
            (
                #"{"dimensions": [{"name": "a", "flavors": ["A", "AB"]}, {"name": "b", "flavors": ["BC", "C"]}]}"#,
                "1:2: error: dimensions: two variants, or a variant and a flavor, are called ABC"
            ),
            (#"{"exclude": [["Pro"]]}"#, "1:2: error: exclude needs dimensions"),
            (
                #"{"dimensions": [{"name": "a", "name": "b", "flavors": ["Pro"]}]}"#,
                #"1:31: error: not valid JSON: "name" is given twice"#
            ),
            (
                #"{"dimensions": [{"name": "a", "flavors": ["Pro"], "order": 1}]}"#,
                #"1:51: error: dimensions: "order" is not a member of a dimension (it has "name" and "flavors")"#
            ),
            (#"{"dimensions": [{"name": "a"}]}"#, "1:2: error: dimensions must be an array of objects"),
            (
                #"{"dimensions": [{"name": "a", "flavors": ["Pro", 1]}]}"#,
                "1:2: error: dimensions must be an array of objects"
            ),
            (
                #"{"dimensions": [{"name": "a", "flavors": ["Pro"]}], "exclude": [[]]}"#,
                "1:53: error: exclude must be an array of flavor combinations"
            ),
            (#"{"dimensions": [{"name": "a", "flavors": ["Pro"]}] "exclude": []}"#, "1:52: error: not valid JSON: "),
            (#"{"dimensions": [{"name": "a", "flavors": ["Pro"]}]}  {}"#, "1:54: error: not valid JSON: "),
            (
                #"{"dimensions": [{"name": "tier", "flavors": ["../Pro"]}]}"#,
                #"1:46: error: dimensions: "../Pro" is not a flavor name"#
            ),
            (
                #"{"dimensions": [{"name": "a", "flavors": ["Pro"]}], "exclude": [["Max"]]}"#,
                #"1:66: error: exclude: "Max" is not a flavor of any dimension"#
            ),
            (
                #"{"dimensions": [{"name": "a", "flavors": ["Pro", "Max"]}], "exclude": [["Pro", "Max"]]}"#,
                "1:60: error: exclude: [Pro, Max] names two flavors of one dimension"
            ),
        ])
    func mistakes(json: String, expected: String) throws {
        let root = try ChildProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileTree.write(json, to: "flavorkit.json", in: root)
        let error = try #require(throws: Diagnostic.self) { try PackageLayout(configuredAt: root) }
        #expect(error.description.contains("flavorkit.json:" + expected), "\(error)")
    }

    @Test("a matrix past the variant limit, or with more dimensions than their limit, is refused")
    func limit() throws {
        let flavors = (0..<20).map { "\"F\($0)\"" }.joined(separator: ", ")
        let others = (0..<20).map { "\"G\($0)\"" }.joined(separator: ", ")
        let root = try ChildProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileTree.write(
            #"{"dimensions": [{"name": "a", "flavors": [\#(flavors)]}, {"name": "b", "flavors": [\#(others)]}]}"#,
            to: "flavorkit.json", in: root)
        let error = try #require(throws: Diagnostic.self) { try PackageLayout(configuredAt: root) }
        #expect(error.message == "dimensions: more than \(PackageLayout.variantLimit) variants")
        // One flavor each keeps the matrix at one variant, however many dimensions: they have a
        // limit of their own (16,000 of them overflowed the stack matching a variant's name).
        for count in [PackageLayout.dimensionLimit, 16_000] {
            let many = (0..<count).map { #"{"name": "d\#($0)", "flavors": ["F\#($0)"]}"# }.joined(separator: ", ")
            try FileTree.write(#"{"dimensions": [\#(many)]}"#, to: "flavorkit.json", in: root)
            guard count > PackageLayout.dimensionLimit else {
                let layout = try PackageLayout(configuredAt: root)
                let name = (0..<count).map { "F\($0)" }.joined()
                #expect(layout.variant(named: name)?.flavors.count == count)
                continue
            }
            let error = try #require(throws: Diagnostic.self) { try PackageLayout(configuredAt: root) }
            #expect(error.message == "dimensions: more than \(PackageLayout.dimensionLimit) dimensions")
        }
        // A flavor per variant at most; `exclude` filters compared pairwise: as many as variants.
        let single = (0..<100_000).map { "\"F\($0)\"" }.joined(separator: ", ")
        try FileTree.write(#"{"dimensions": [{"name": "a", "flavors": [\#(single)]}]}"#, to: "flavorkit.json", in: root)
        let wide = try #require(throws: Diagnostic.self) { try PackageLayout(configuredAt: root) }
        #expect(wide.message == "dimensions: more than \(PackageLayout.variantLimit) variants")
        let filters = (0..<300).map { _ in #"["F0", "G0"]"# }.joined(separator: ", ")
        try FileTree.write(
            #"{"dimensions": [{"name": "a", "flavors": [\#(flavors)]}, {"name": "b", "flavors": ["G0", "G1"]}], "exclude": [\#(filters)]}"#,
            to: "flavorkit.json", in: root)
        let excluded = try #require(throws: Diagnostic.self) { try PackageLayout(configuredAt: root) }
        #expect(excluded.message == "exclude: more than \(PackageLayout.variantLimit) combinations")
    }

    @Test("a feature the build lacks is an error at the plist of the folder that enables it")
    func missingFeature() throws {
        try Self.withFixture { root in
            let error = try #require(throws: FlavorError.self) {
                try Flavor.load(
                    "ProStaging", features: [Feature("reminders") { _ in "reminders" }],
                    environment: [ResourceLocator.environmentVariable: root.path], executable: nil)
            }
            #expect(
                error.description.hasSuffix(
                    "Flavors/Staging/Info.plist: error: FlavorFeatures: unknown feature \"banner\" (known: reminders)"),
                "\(error)")
        }
    }

    @Test("a flavor's own files: the variant's folder, then its flavors in dimension order; contained")
    func ownFiles() throws {
        try Self.withFixture { root in
            for (folder, text) in [("Pro", "pro"), ("Staging", "staging"), ("ProStaging", "pro staging")] {
                try FileTree.write(text, to: "Flavors/\(folder)/welcome.txt", in: root)
            }
            try FileTree.write("staging art", to: "Flavors/Staging/Art/banner.txt", in: root)
            func text(_ variant: String, _ name: String) throws -> String? {
                try Self.load(variant, at: root).contents(ofFile: name).map { String(decoding: $0, as: UTF8.self) }
            }
            #expect(try text("ProStaging", "welcome.txt") == "pro staging")
            #expect(try text("ProProduction", "welcome.txt") == "pro")
            #expect(try text("FreeStaging", "welcome.txt") == "staging")
            #expect(try text("FreeProduction", "welcome.txt") == nil)
            #expect(try text("ProStaging", "Art/banner.txt") == "staging art")
            // Out of the folder: by name, or through a link.
            for name in ["../Pro/Info.plist", "/etc/passwd", "Art/../welcome.txt", ""] {
                let error = try #require(throws: FlavorError.self) { try text("ProStaging", name) }
                #expect(error.description.contains("is not a file of a flavor"), "\(error)")
            }
            try FileManager.default.createSymbolicLink(
                at: root.appendingPathComponent("Flavors/Pro/secret.txt"),
                withDestinationURL: URL(fileURLWithPath: "/etc/passwd"))
            let linked = try #require(throws: FlavorError.self) { try text("ProStaging", "secret.txt") }
            #expect(linked.description.contains("only files inside it are read"), "\(linked)")
        }
    }

    @Test("a flavor's plist linked out of its folder is refused, not read, for every variant that reads it")
    func linkedOut() throws {
        try Self.withFixture { root in
            let plist = root.appendingPathComponent("Flavors/Staging/Info.plist")
            try FileManager.default.removeItem(at: plist)
            try FileManager.default.createSymbolicLink(
                at: plist, withDestinationURL: root.appendingPathComponent("Flavors/Pro/Info.plist"))
            let error = try #require(throws: FlavorError.self) { try Self.load("FreeStaging", at: root) }
            #expect(error.description.contains("only files inside it are read"), "\(error)")
            #expect(try Self.load("FreeProduction", at: root).identity.bundleIdentifier == "com.example.dims.free")
        }
    }

    @Test("explain: which file and line gave a plist key and a catalog key, and what each shadowed")
    func explain() throws {
        try Self.withFixture { root in
            let layout = try PackageLayout(configuredAt: root)
            let variant = try #require(layout.variant(named: "ProStaging"))
            let lists = try VariantExplanation.infoPlist("FlavorLimits.lists", variant: variant, layout: layout)
            #expect(lists.sources.map(\.value) == ["1000", "3"])
            #expect(
                lists.sources.map { layout.relativePath(URL(fileURLWithPath: $0.location.path)) } == [
                    "Flavors/Pro/Info.plist", "Flavors/Staging/Info.plist",
                ])
            #expect(lists.sources.map(\.location.line) == [11, 8])
            #expect(!lists.combines)
            let features = try VariantExplanation.infoPlist("FlavorFeatures", variant: variant, layout: layout)
            #expect(features.combines && features.sources.map(\.value) == [#"["reminders"]"#, #"["banner"]"#])
            let english = try #require(LanguageTag("en")), french = try #require(LanguageTag("fr"))
            let hello = try VariantExplanation.catalog(
                "hello", table: "Localizable", language: french, development: english, variant: variant,
                layout: layout)
            #expect(hello.sources.map(\.value) == ["Bonjour", "Hello, pro", "Hello, tester", "Hello"])
            #expect(hello.sources.map(\.language) == [french, english, english, english])
            #expect(hello.sources[1].location.path.hasSuffix("Flavors/Pro/Localizations/en.lproj/Localizable.strings"))
            #expect(hello.sources[1].location.line == 1)
            let bye = try VariantExplanation.catalog(
                "bye", table: "Localizable", language: english, development: english, variant: variant, layout: layout)
            #expect(bye.sources.map(\.value) == ["Bye from the beta", "Bye"])
            #expect(bye.sources[0].location.path.hasSuffix("Flavors/ProStaging/Localizations/Localizable.xcstrings"))
            let files = try VariantExplanation.catalog(
                "files", table: "Localizable", language: english, development: english, variant: variant,
                layout: layout)
            #expect(files.sources.map(\.value) == ["%#@n@ (staging)", "%#@n@"])
        }
    }
}
