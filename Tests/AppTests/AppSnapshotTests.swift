import AppTesting
import Foundation
import Localization
import Testing
import TextSnapshotsTesting
import TransferCore

/// Every flavor × locale × screen the app ships, rendered by the flavor's own build (the
/// `FlavorBuild` defined in the Light or Regular executable module, compiled with its `-D`
/// flag) and verified against `snapshots/<Flavor>/<locale>/<screen>.txt`.
@Suite("Snapshots of every flavor, locale and screen")
struct AppSnapshotTests {
    static let flavors: [String: FlavorBuild] = ["Light": AppRunner.light, "Regular": AppRunner.regular]
    static let screens: [(name: String, arguments: [String])] = [
        ("queue", []), ("show-d1", ["show", "d1"]), ("about", ["about"]), ("help", ["--help"]),
    ]
    static let sessionLocale = "session"

    /// The languages under `Localizations/` and the pseudo-locales: a new catalog joins the
    /// matrix by itself.
    static let locales: [String] = CatalogStore(
        folders: [AppRunner.repository.localizations],
        pseudoLocaleSource: LanguageTag("en")
    ).availableLanguages.map(\.description)

    struct ScreenCase: Sendable, CustomTestStringConvertible {
        let flavor: String
        let locale: String
        let screen: String
        let arguments: [String]
        var name: SnapshotName { try! SnapshotName(flavor, locale, screen) }
        var testDescription: String { name.relativePath }
    }

    static let screenCases: [ScreenCase] = flavors.keys.sorted().flatMap { flavor in
        locales.flatMap { locale in
            screens.map { ScreenCase(flavor: flavor, locale: locale, screen: $0.name, arguments: $0.arguments) }
        }
    }

    /// A scripted interactive session per flavor that switches language mid-way.
    static let sessions: [String: [String]] = [
        "Light": ["queue", "lang ja", "show d1", "lang ar", "about", "pause d1", "lang es-MX", "queue"],
        "Regular": [
            "queue", "lang de", "pause d1", "show d1", "lang ja", "resume d1", "cancel u3", "lang pt-BR", "queue",
        ],
    ]

    /// Every snapshot the suite produces.
    static var matrix: Set<SnapshotName> {
        Set(screenCases.map(\.name)).union(flavors.keys.map { try! SnapshotName($0, sessionLocale, "switch-language") })
            .union(liveScreenNames)
    }

    static let root = AppRunner.repository.snapshots

    static func verifier() throws -> SnapshotVerifier {
        do {
            return try SnapshotVerifier(root: root)
        } catch {
            throw error  // SNAPSHOT_RECORD has an unknown value; the message lists the valid ones.
        }
    }

    @Test("every screen", arguments: screenCases)
    func screen(_ screen: ScreenCase) throws {
        let build = try #require(Self.flavors[screen.flavor])
        let result = AppRunner.run(build, screen.arguments + ["--lang", screen.locale, "--verbose"])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty, "fallbacks or catalog problems: \(result.errors)")
        #expect(
            result.output.hasSuffix("\n") && !result.output.hasSuffix("\n\n"), "a screen ends with exactly one newline")
        expectSnapshot(result.output, named: screen.name, verifier: try Self.verifier())
    }

    @Test("a scripted session that switches language", arguments: sessions.keys.sorted())
    func session(flavor: String) throws {
        let build = try #require(Self.flavors[flavor])
        let script = try #require(Self.sessions[flavor])
        let result = AppRunner.run(build, ["shell", "--lang", "en"], input: script)
        #expect(result.status == 0)
        let transcript =
            "$ " + ([flavor, "shell", "--lang", "en"] + ["<<", "EOF"]).joined(separator: " ") + "\n"
            + script.map { $0 + "\n" }.joined() + "EOF\n\n" + result.output
            + (result.errors.isEmpty ? "" : "\n[stderr]\n" + result.errors)
        expectSnapshot(
            transcript, named: try SnapshotName(flavor, Self.sessionLocale, "switch-language"),
            verifier: try Self.verifier())
    }

    @Test("no snapshot is obsolete, none is left pending in CI, and the manifest lists the matrix")
    func nothingObsolete() throws {
        let verifier = try Self.verifier()
        let expected = Set(Self.matrix.map(\.relativePath))
        let obsolete = verifier.store.obsoletePaths(expected: expected)
        #expect(
            obsolete.isEmpty,
            "snapshots nothing produces (remove them with `swift run flavorkit snapshots prune`): \(obsolete)")
        if verifier.isCI {
            #expect(verifier.store.pendingPaths().isEmpty, "pending snapshots must be reviewed, never committed")
        }
        if verifier.store.manifest() != expected {
            if verifier.mode == .never {
                Issue.record(
                    "snapshots/manifest.txt does not list the matrix; run the tests with SNAPSHOT_RECORD=missing")
            } else {
                try verifier.store.writeManifest(Self.matrix)
            }
        }
    }
}
