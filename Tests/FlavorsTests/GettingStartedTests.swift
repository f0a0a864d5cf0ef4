import Diagnostics
import Flavors
import Foundation
import Localization
import Synchronization
import TestSupport
import Testing

/// The package of the DocC article `Sources/Flavors/Flavors.docc/GettingStarted.md`, made in a
/// temporary folder, and what the article says its entry file does.
@Suite("Getting started (DocC article)")
struct GettingStartedTests {
    /// `MyApp`: flavors `Free` and `Pro` (Pro enables `export`), catalogs in en, fr and fr-CA.
    struct MyApp {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("MyApp-\(UUID().uuidString)")
        var entryFile: String { root.appendingPathComponent("Sources/Entry/Entry.swift").path }

        init(freeFeatures: [String] = []) throws {
            try write("Package.swift", "// swift-tools-version:6.0\n")
            try write("Sources/Entry/Entry.swift", "")
            try write("Flavors/Pro/Info.plist", Self.plist("pro", "MyApp Pro", features: ["export"], projects: 100))
            try write("Flavors/Free/Info.plist", Self.plist("free", "MyApp Free", features: freeFeatures, projects: 3))
            try write(
                "Localizations/en.lproj/Localizable.strings",
                """
                "welcome" = "Welcome to %@!";
                "projects.limit" = "Up to %d projects";
                "feature.export" = "Export";

                """)
            try write(
                "Localizations/fr.lproj/Localizable.strings",
                """
                "welcome" = "Bienvenue dans %@ !";
                "projects.limit" = "Jusqu’à %d projets";
                "feature.export" = "Exporter";

                """)
            try write("Localizations/fr-CA.lproj/Localizable.strings", "\"feature.export\" = \"Exportation\";\n")
            try write(
                "Flavors/Pro/Localizations/fr.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"MonApp Pro\";\n")
        }

        static func plist(_ id: String, _ name: String, features: [String], projects: Int) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>CFBundleIdentifier</key><string>com.example.myapp.\(id)</string>
                <key>CFBundleDisplayName</key><string>\(name)</string>
                <key>CFBundleShortVersionString</key><string>1.0</string>
                <key>CFBundleDevelopmentRegion</key><string>en</string>
                <key>FlavorFeatures</key><array>\(features.map { "<string>\($0)</string>" }.joined())</array>
                <key>FlavorLimits</key><dict><key>projects</key><integer>\(projects)</integer></dict>
            </dict>
            </plist>
            """
        }

        func write(_ path: String, _ content: String) throws { try FileTree.write(content, to: path, in: root) }

        /// What the article's entry file calls, with its `--lang=` and `--verbose`.
        func load(_ name: String, features: [Feature], language: String?) throws(FlavorError) -> Flavor {
            try Flavor.load(
                name, features: features, otherFlavorsFeatures: ["export"], language: language,
                recordsFallbacks: true, environment: [:], executable: nil, sourceFile: entryFile)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static let export = Feature("export") { text in text("feature.export") }

    @Test("Pro in French: the flavor's French name, its limit, its feature")
    func pro() throws {
        let app = try MyApp()
        defer { app.remove() }
        let flavor = try app.load("Pro", features: [Self.export], language: "fr")
        let text = flavor.text
        #expect(text("welcome", .string(flavor.displayName)) == "Bienvenue dans MonApp Pro !")
        #expect(text("projects.limit", .int(flavor.limit("projects", default: 1))) == "Jusqu’à 100 projets")
        #expect(flavor.has(Self.export))
        #expect(Self.export.label(text) == "Exporter")
        #expect(flavor.localizer.issues.isEmpty)
        #expect(text.bytes(1_290_000_000) == "1,29\u{202F}Go")
        #expect(try app.load("Pro", features: [Self.export], language: "en").text.bytes(1_290_000_000) == "1.29 GB")
    }

    @Test("switching to fr-CA: observers hear it, keys fall back to fr one by one, and each fallback is recorded")
    func switchLanguage() throws {
        let app = try MyApp()
        defer { app.remove() }
        let flavor = try app.load("Pro", features: [Self.export], language: "en")
        let heard = Mutex<[String]>([])
        flavor.localizer.addObserver { language in heard.withLock { $0.append(language.description) } }
        flavor.localizer.setPreferences([LanguageTag("fr-CA")!, LanguageTag("en")!])
        let text = flavor.text
        #expect(heard.withLock { $0 } == ["fr-CA"])
        #expect(Self.export.label(text) == "Exportation")
        #expect(text("welcome", .string(flavor.displayName)) == "Bienvenue dans MonApp Pro !")
        #expect(flavor.localizer.issues.map(\.description).contains("note: fr-CA has no \"welcome\"; showing fr"))

        flavor.localizer.setPreferences([LanguageTag("de")!])
        #expect(text("welcome", .string("MyApp")) == "Welcome to MyApp!")
        #expect(flavor.localizer.issues.map(\.description).contains("note: no catalog for de; showing en"))
    }

    @Test("Free's plist listing export stops Free at start-up with exit status 1")
    func featureNotInBuild() throws {
        let app = try MyApp(freeFeatures: ["export"])
        defer { app.remove() }
        let error = #expect(throws: FlavorError.self) { try app.load("Free", features: [], language: nil) }
        #expect(error?.exitStatus == 1)
        #expect(
            error?.diagnostic.message == "FlavorFeatures lists \"export\", which this build of Free does not contain")
        #expect(error?.diagnostic.path?.hasSuffix("Flavors/Free/Info.plist") == true)
    }
}
