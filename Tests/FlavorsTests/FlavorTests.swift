import Diagnostics
import FlavorDates
import Flavors
import Foundation
import Localization
import TestSupport
import Testing

/// `Flavor.load` over a package made in a temporary folder, as an adopter's would be.
@Suite("Flavor runtime")
struct FlavorTests {
    /// `Package.swift`, `Sources/App/main.swift`, `Flavors/Free/Info.plist` (enabling
    /// `features`), shared English and German catalogs, and the flavor's own German name.
    struct Package {
        let root: URL
        var entryFile: String { root.appendingPathComponent("Sources/App/main.swift").path }

        init(features: [String] = ["export"], bundleIdentifier: String? = "com.example.free") throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("adopter-\(UUID().uuidString)")
            try write("Package.swift", "// swift-tools-version:6.0\n")
            try write("Sources/App/main.swift", "")
            let identifier = bundleIdentifier.map { "<key>CFBundleIdentifier</key><string>\($0)</string>" } ?? ""
            try write(
                "Flavors/Free/Info.plist",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict>\(identifier)
                <key>CFBundleDisplayName</key><string>My App Free</string>
                <key>CFBundleShortVersionString</key><string>1.0</string>
                <key>CFBundleDevelopmentRegion</key><string>en</string>
                <key>FlavorFeatures</key><array>\(features.map { "<string>\($0)</string>" }.joined())</array>
                <key>FlavorLimits</key><dict><key>projects</key><integer>3</integer></dict>
                </dict></plist>
                """)
            try write(
                "Localizations/en.lproj/Localizable.strings",
                "\"greeting\" = \"Hello, %@!\";\n\"farewell\" = \"Goodbye\";\n")
            try write("Localizations/de.lproj/Localizable.strings", "\"greeting\" = \"Hallo, %@!\";\n")
            try write(
                "Flavors/Free/Localizations/de.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Meine App\";\n")
        }

        func write(_ path: String, _ content: String) throws { try FileTree.write(content, to: path, in: root) }

        func load(
            language: String?, features: [Feature] = [FlavorTests.export, FlavorTests.sync],
            elsewhere: [String] = [], recordsFallbacks: Bool = false, environment: [String: String] = [:]
        ) throws(FlavorError) -> Flavor {
            try Flavor.load(
                "Free", features: features, otherFlavorsFeatures: elsewhere, language: language,
                recordsFallbacks: recordsFallbacks, remembersLanguage: true, environment: environment,
                executable: nil, sourceFile: entryFile)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static let export = Feature("export") { text in text("feature.export") }
    static let sync = Feature("sync") { text in text("feature.sync") }

    @Test("every way to text agrees: arguments or an array of them, another table, a LocalizedText")
    func everyWayToText() throws {
        let package = try Package()
        defer { package.remove() }
        try package.write("Localizations/en.lproj/Errors.strings", "\"disk.full\" = \"Disk full: %lld MB left\";\n")
        try package.write("Localizations/de.lproj/Errors.strings", "\"disk.full\" = \"Platte voll: noch %lld MB\";\n")
        let text = try package.load(language: "de").text
        #expect(text("greeting", .string("Ana")) == "Hallo, Ana!")
        #expect(text("greeting", arguments: [.string("Ana")]) == "Hallo, Ana!")
        #expect(text("greeting", .string("Ana"), comment: "On the home screen") == "Hallo, Ana!")
        #expect(
            text("greeting", .string("Ana"), defaultValue: "Hi, %@!", comment: "On the home screen") == "Hallo, Ana!")
        #expect(
            text("not.yet", .string("Ana"), defaultValue: "Welcome, %@", comment: "Not extracted yet") == "Welcome, Ana"
        )
        #expect(text("not.yet", arguments: [], defaultValue: "Soon", table: "Errors") == "Soon")
        #expect(text("disk.full", .int(12), table: "Errors") == "Platte voll: noch 12 MB")
        #expect(text("disk.full", arguments: [.int(12)], table: "Errors") == "Platte voll: noch 12 MB")
        #expect(text(LocalizedText("disk.full", table: "Errors", arguments: [.int(12)])) == "Platte voll: noch 12 MB")
        #expect(text("farewell") == "Goodbye")
        #expect(text("farewell", arguments: []) == "Goodbye")
    }

    @Test("text comes from the user's language, key by key, with the development language behind it")
    func text() throws {
        let package = try Package()
        defer { package.remove() }
        let flavor = try package.load(language: "de", recordsFallbacks: true)
        let text = flavor.text
        #expect(text("greeting", .string("Ana")) == "Hallo, Ana!")
        #expect(text("farewell") == "Goodbye")
        #expect(
            flavor.localizer.issues == [
                .fallback(key: "farewell", table: "Localizable", wanted: LanguageTag("de")!, shown: LanguageTag("en")!)
            ])
        #expect(
            flavor.localizer.issues.map(\.description) == ["note: de has no \"farewell\"; showing en"])
    }

    @Test("fallbacks are recorded only when asked for; a language without catalogs is named")
    func fallbacks() throws {
        let package = try Package()
        defer { package.remove() }
        let quiet = try package.load(language: "de")
        #expect(quiet.text("farewell") == "Goodbye")
        #expect(quiet.localizer.issues.isEmpty)
        let french = try package.load(language: "fr", recordsFallbacks: true)
        #expect(french.text("greeting", .string("Ana")) == "Hello, Ana!")
        #expect(french.localizer.issues.map(\.description) == ["note: no catalog for fr; showing en"])
    }

    @Test("the display name is the flavor's InfoPlist.strings translation, else the plist's")
    func displayName() throws {
        let package = try Package()
        defer { package.remove() }
        #expect(try package.load(language: "de").displayName == "Meine App")
        #expect(try package.load(language: "en").displayName == "My App Free")
    }

    @Test("a translated display name's control characters are written out, never sent to the terminal")
    func displayNameControls() throws {
        let package = try Package()
        defer { package.remove() }
        try package.write(
            "Flavors/Free/Localizations/fr.lproj/InfoPlist.strings",
            "\"CFBundleDisplayName\" = \"Mon\\U001B]0;pwned\\U0007 app\";\n")
        let name = try package.load(language: "fr").displayName
        #expect(name == "Mon\\u{1B}]0;pwned\\u{7} app")
        #expect(!name.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test("an identifier that would lead the remembered language elsewhere is refused, and names no settings file")
    func identifierOutside() throws {
        let package = try Package(bundleIdentifier: "../../evil")
        defer { package.remove() }
        let error = try #require(throws: FlavorError.self) {
            try package.load(language: "de", environment: ["XDG_CONFIG_HOME": package.root.path + "/config"])
        }
        #expect(error.description.contains("CFBundleIdentifier \"../../evil\" is not a bundle identifier"))
        #expect(!FileManager.default.fileExists(atPath: package.root.path + "/evil"))
        for identifier in ["..", "../x", "a/b", "", "."] {
            #expect(RememberedLanguage(bundleIdentifier: identifier, environment: ["XDG_CONFIG_HOME": "/tmp/c"]) == nil)
        }
        let folder = RememberedLanguage(bundleIdentifier: "com.example", environment: ["XDG_CONFIG_HOME": "/tmp/c"])
        #expect(folder?.file.path == "/tmp/c/com.example/settings.json")
    }

    @Test("features are the compiled ones the plist enables; limits come from the plist")
    func features() throws {
        let package = try Package()
        defer { package.remove() }
        let flavor = try package.load(language: nil)
        #expect(flavor.features.map(\.name) == ["export"])
        #expect(flavor.has(Self.export) && !flavor.has(Self.sync))
        #expect(flavor.limit("projects", default: 1) == 3)
        #expect(flavor.limit("seats", default: 1) == 1)
        #expect(flavor.features.map { $0.label(flavor.text) } == ["feature.export"])
    }

    @Test(
        "a plist feature the program does not contain is an error at the plist",
        arguments: [
            ([String](), "FlavorFeatures: unknown feature \"cloud\" (known: export, sync)"),
            (["sync", "backup"], "FlavorFeatures: unknown feature \"cloud\" (known: backup, export, sync)"),
            (["cloud"], "FlavorFeatures lists \"cloud\", which this build of Free does not contain"),
        ])
    func missingFeature(elsewhere: [String], message: String) throws {
        let package = try Package(features: ["export", "cloud"])
        defer { package.remove() }
        let error = #expect(throws: FlavorError.self) { try package.load(language: nil, elsewhere: elsewhere) }
        #expect(error?.exitStatus == 1)
        #expect(error?.diagnostic.message == message)
        #expect(error?.diagnostic.path?.hasSuffix("Flavors/Free/Info.plist") == true)
    }

    @Test("a plist without what start-up needs, or a bad language, is a clear error")
    func errors() throws {
        let broken = try Package(bundleIdentifier: nil)
        defer { broken.remove() }
        let plistError = #expect(throws: FlavorError.self) { try broken.load(language: nil) }
        #expect(plistError?.exitStatus == 1)
        #expect(
            plistError?.description.hasSuffix("error: CFBundleIdentifier is missing or not a non-empty string") == true)

        let package = try Package()
        defer { package.remove() }
        let languageError = #expect(throws: FlavorError.self) { try package.load(language: "en us") }
        #expect(languageError?.exitStatus == 64)
    }

    @Test("a catalog folder that is not there is an error naming it, not every text shown as its key")
    func missingCatalogFolder() throws {
        let package = try Package()
        defer { package.remove() }
        try FileManager.default.removeItem(at: package.root.appendingPathComponent("Localizations"))
        let error = #expect(throws: FlavorError.self) { try package.load(language: nil) }
        #expect(error?.exitStatus == 1)
        #expect(error?.diagnostic.path == package.root.appendingPathComponent("Localizations").path)
        #expect(
            error?.diagnostic.message
                == "the catalog folder does not exist; create it (`flavorkit extract` fills it with the keys the code "
                + "uses), or, when flavorkit.json names another folder, ship that file beside Flavors/")

        // A flavorkit.json that leaves the folder at its default (it declares dimensions, say)
        // does not name it.
        try package.write("flavorkit.json", #"{"keyCalls": ["text"]}"#)
        let unnamed = #expect(throws: FlavorError.self) { try package.load(language: nil) }
        #expect(unnamed?.diagnostic.message.hasPrefix("the catalog folder does not exist; create it") == true)

        try package.write("flavorkit.json", #"{"localizations": "Resources/Text"}"#)
        let configured = #expect(throws: FlavorError.self) { try package.load(language: nil) }
        #expect(configured?.diagnostic.path == package.root.appendingPathComponent("Resources/Text").path)
        #expect(configured?.diagnostic.message == "the catalog folder does not exist (flavorkit.json names it)")
    }

    #if !os(Windows)
    @Test("exit() prints the error on standard error and ends with its status", arguments: [false, true])
    func exitWithError(usage: Bool) async throws {
        let error = Self.exitError(usage: usage)
        let exited = await #expect(
            processExitsWith: .exitCode(error.exitStatus),
            observing: [\.standardErrorContent]
        ) { [usage] in FlavorTests.exitError(usage: usage).exit() }
        let result = try #require(exited)
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self) == error.description + "\n")
    }

    static func exitError(usage: Bool) -> FlavorError {
        usage
            ? .language(Diagnostic("'en us' is not a language tag"))
            : .resources(Diagnostic("the catalog folder does not exist", path: "Localizations"))
    }
    #endif

    @Test("numbers, percents, sizes and dates are written for the language in use")
    func formats() throws {
        let package = try Package()
        defer { package.remove() }
        let german = try package.load(language: "de").text
        #expect(german.number(1_234_567) == "1.234.567")
        #expect(german.percent(0.456) == "46\u{A0}%")
        #expect(german.bytes(1_234_567) == "1,2 MB")
        let english = try package.load(language: "en").text
        #expect(english.number(1_234_567) == "1,234,567")
        #expect(english.bytes(4_500_000_000) == "4.5 GB")
        let moonLanding = Date(timeIntervalSince1970: -14_182_940)
        let utc = TimeZone(identifier: "UTC")!
        #expect(english.date(moonLanding, time: .omitted, timeZone: utc) == "Jul 20, 1969")
        #expect(german.date(moonLanding, time: .omitted, timeZone: utc) == "20. Juli 1969")
    }

    @Test("languages come from --lang, then the remembered choice, then the environment, then the development language")
    func languageOrder() throws {
        let package = try Package()
        defer { package.remove() }
        let config = package.root.appendingPathComponent("config")
        let environment = ["XDG_CONFIG_HOME": config.path, "LANG": "fr_FR.UTF-8"]
        let fresh = try package.load(language: nil, environment: environment)
        #expect(fresh.languageSource == .environment("LANG"))
        #expect(fresh.localizer.preferences.map(\.description) == ["fr-FR"])
        #expect(fresh.systemPreferences.map(\.description) == ["fr-FR"] && fresh.systemSource == .environment("LANG"))
        let remembered = try #require(fresh.rememberedLanguage)
        #expect(remembered.file.path == config.path + "/com.example.free/settings.json")
        try remembered.remember([try #require(LanguageTag("de"))])
        #expect(try String(contentsOf: remembered.file, encoding: .utf8) == "{\n  \"language\" : \"de\"\n}\n")

        let next = try package.load(language: nil, environment: environment)
        #expect(next.languageSource == .remembered && next.text("greeting", .string("Ana")) == "Hallo, Ana!")
        let explicit = try package.load(language: "en", environment: environment)
        #expect(explicit.languageSource == .commandLine && explicit.text("greeting", .string("Ana")) == "Hello, Ana!")
        try remembered.forget()
        #expect(try package.load(language: nil, environment: [:]).languageSource == .development)
        #expect(try package.load(language: nil, environment: environment).languageSource == .environment("LANG"))
    }

    @Test("a corrupt remembered language is a notice naming the file, and is ignored")
    func corruptRememberedLanguage() throws {
        let package = try Package()
        defer { package.remove() }
        let environment = ["HOME": package.root.path]
        // ~/.config/com.example.free/settings.json (on macOS, under ~/Library/Application Support).
        let file = try #require(RememberedLanguage(bundleIdentifier: "com.example.free", environment: environment)).file
        try package.write(String(file.path.dropFirst(package.root.path.count + 1)), "{\"language\": 42}")
        let flavor = try package.load(language: nil, environment: environment)
        #expect(flavor.languageSource == .development)
        #expect(
            flavor.notices.map(\.description) == [
                file.path + ": warning: not a settings file "
                    + "(expected {\"language\": \"es\"}); ignoring the remembered language"
            ])
        // Without HOME or XDG_CONFIG_HOME there is nowhere to remember.
        #expect(try package.load(language: nil).rememberedLanguage == nil)
    }
}
