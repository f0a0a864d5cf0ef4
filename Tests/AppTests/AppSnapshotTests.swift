import AppTesting
import Diagnostics
import Foundation
import Localization
import Testing
import TextSnapshotsTesting
import TransferCore

/// The harness for this suite: the package's `snapshots/` folder, found from this file.
/// It keeps the books (the manifest, obsolete and pending files) by itself.
let appSnapshots = SnapshotSuite()

/// Every flavor × locale × width × screen the app ships, rendered by the flavor's own build
/// (the `FlavorBuild` defined in the Light or Regular executable module, compiled with its
/// `-D` flag) and verified against `snapshots/<Flavor>/<locale>/<width>/<screen>.txt`.
@Suite("Snapshots of every flavor, locale and screen", appSnapshots)
struct AppSnapshotTests {
    static let flavors: [String: FlavorBuild] = ["Light": AppRunner.light, "Regular": AppRunner.regular]
    static let screens: [(name: String, arguments: [String])] = [
        ("queue", []), ("show-d1", ["show", "d1"]), ("about", ["about"]), ("help", ["--help"]),
    ]
    static let sessionLocale = "session"
    /// The widths every screen is recorded at: a narrow terminal, the default, a wide one.
    static let widths = [40, 80, 132]

    /// The languages under `Localizations/` and the pseudo-locales: a new catalog joins the
    /// matrix by itself.
    static let locales: [String] = CatalogStore(
        folders: [AppRunner.repository.localizations],
        pseudoLocaleSource: LanguageTag("en")
    ).availableLanguages.map(\.description)

    struct ScreenCase: Sendable, CustomTestStringConvertible {
        let flavor: String
        let locale: String
        let width: Int
        let screen: String
        let arguments: [String]
        var testDescription: String { "\(flavor)/\(locale)/\(width)/\(screen)" }
    }

    static let screenCases: [ScreenCase] = flavors.keys.sorted().flatMap { flavor in
        locales.flatMap { locale in
            widths.flatMap { width in
                screens.map {
                    ScreenCase(flavor: flavor, locale: locale, width: width, screen: $0.name, arguments: $0.arguments)
                }
            }
        }
    }

    /// A scripted interactive session per flavor that switches language mid-way.
    static let sessions: [String: [String]] = [
        "Light": ["queue", "lang ja", "show d1", "lang ar", "about", "pause d1", "lang es-MX", "queue"],
        "Regular": [
            "queue", "lang de", "pause d1", "show d1", "lang ja", "resume d1", "cancel u3", "lang pt-BR", "queue",
        ],
    ]

    @Test("every screen", arguments: screenCases)
    func screen(_ screen: ScreenCase) throws {
        let build = try #require(Self.flavors[screen.flavor])
        try appSnapshots.expect(
            try Self.render(
                build, screen.arguments + ["--lang", screen.locale, "--width", String(screen.width), "--verbose"]),
            named: screen.flavor, screen.locale, String(screen.width), screen.screen)
    }

    /// A screen's output, checked for what every screen promises.
    static func render(_ build: FlavorBuild, _ arguments: [String]) throws -> String {
        let result = AppRunner.run(build, arguments)
        #expect(result.status == 0)
        #expect(result.problems.isEmpty, "catalog problems: \(result.problems)")
        #expect(
            result.output.hasSuffix("\n") && !result.output.hasSuffix("\n\n"), "a screen ends with exactly one newline")
        return result.output
    }

    /// Each flavor's look: the queue with `--color always`, escape sequences made visible, so a
    /// change of theme shows in review. Every other snapshot is plain text.
    @Test("each flavor's queue in its colours", arguments: flavors.keys.sorted())
    func colored(flavor: String) throws {
        let build = try #require(Self.flavors[flavor])
        try appSnapshots.expect(
            Diagnostic.visible(try Self.render(build, ["--lang", "en", "--width", "80", "--color", "always"])),
            named: flavor, "color", "queue")
    }

    @Test("a scripted session that switches language", arguments: sessions.keys.sorted())
    func session(flavor: String) throws {
        let build = try #require(Self.flavors[flavor])
        let script = try #require(Self.sessions[flavor])
        appSnapshots.expect(
            Self.transcript(build, flavor, script), named: flavor, Self.sessionLocale, "switch-language")
    }

    /// The session's input and output as one text.
    static func transcript(_ build: FlavorBuild, _ flavor: String, _ script: [String]) -> String {
        let result = AppRunner.run(build, ["shell", "--lang", "en"], input: script)
        #expect(result.status == 0)
        return "$ " + ([flavor, "shell", "--lang", "en"] + ["<<", "EOF"]).joined(separator: " ") + "\n"
            + script.map { $0 + "\n" }.joined() + "EOF\n\n" + result.output
            + (result.errors.isEmpty ? "" : "\n[stderr]\n" + result.errors)
    }
}
