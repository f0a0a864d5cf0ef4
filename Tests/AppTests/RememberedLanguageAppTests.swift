import AppTesting
import Foundation
import Testing
import TextSnapshotsTesting

/// The language a user chose is kept per flavor under `XDG_CONFIG_HOME` and used by later
/// runs, after `--lang` and before the environment.
@Suite("Remembered language")
struct RememberedLanguageAppTests {
    /// A scratch configuration folder, with `LANG` asking for Japanese.
    static func environment() throws -> (environment: [String: String], settings: URL) {
        let config = try AppRunner.temporaryFolder()
        return (
            ["XDG_CONFIG_HOME": config.path, "LANG": "ja_JP.UTF-8"],
            config.appendingPathComponent("com.example.transfers/settings.json")
        )
    }

    @Test("--lang de --remember is used by later runs; --lang still wins; about says which decided")
    func commandLine() throws {
        let (environment, settings) = try Self.environment()
        defer {
            try? FileManager.default.removeItem(at: settings.deletingLastPathComponent().deletingLastPathComponent())
        }
        let first = AppRunner.run(AppRunner.regular, ["--lang", "de", "--remember", "about"], environment: environment)
        #expect(first.status == 0 && first.errors.isEmpty)
        #expect(first.output.contains("Gewählt durch                --lang\n"))
        expectInlineSnapshot(
            try String(contentsOf: settings, encoding: .utf8),
            matches: """
                {
                  "language" : "de"
                }

                """)

        let later = AppRunner.run(AppRunner.regular, ["about"], environment: environment)
        #expect(later.output.contains("Sprache                      de\n"))
        #expect(later.output.contains("Gewählt durch                deine gespeicherte Wahl\n"))
        let explicit = AppRunner.run(AppRunner.regular, ["--lang", "es", "about"], environment: environment)
        #expect(explicit.output.contains("Elegido por"))
        #expect(try String(contentsOf: settings, encoding: .utf8) == "{\n  \"language\" : \"de\"\n}\n")
    }

    @Test("in the shell, lang es is remembered and lang system forgets it")
    func shell() throws {
        let (environment, settings) = try Self.environment()
        defer {
            try? FileManager.default.removeItem(at: settings.deletingLastPathComponent().deletingLastPathComponent())
        }
        let session = AppRunner.run(AppRunner.light, ["shell"], environment: environment, input: ["lang es"])
        #expect(session.status == 0 && session.errors.isEmpty)
        #expect(
            AppRunner.run(AppRunner.light, ["about"], environment: environment).output.contains("tu elección guardada"))

        let forget = AppRunner.run(
            AppRunner.light, ["shell"], environment: environment, input: ["lang system", "about"])
        #expect(forget.output.contains("環境変数 (LANG)"))
        #expect(!FileManager.default.fileExists(atPath: settings.path))
        #expect(AppRunner.run(AppRunner.light, ["about"], environment: environment).output.contains("言語         ja"))
    }

    @Test("--remember without --lang is a usage error")
    func needsLang() throws {
        let result = AppRunner.run(AppRunner.light, ["--remember"], environment: ["LANG": "en_US.UTF-8"])
        #expect(result.status == 64)
        #expect(result.errors == "error: --remember needs --lang, for example: --lang de --remember\n")
    }

    @Test("a corrupt settings file is reported once and ignored")
    func corrupt() throws {
        let (environment, settings) = try Self.environment()
        defer {
            try? FileManager.default.removeItem(at: settings.deletingLastPathComponent().deletingLastPathComponent())
        }
        try FileManager.default.createDirectory(
            at: settings.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: settings)
        let result = AppRunner.run(AppRunner.regular, ["about"], environment: environment)
        #expect(result.status == 0)
        #expect(result.output.contains("環境変数 (LANG)"))
        #expect(
            result.errors
                == "\(settings.path): warning: not a settings file (expected {\"language\": \"es\"}); "
                + "ignoring the remembered language\n")
    }
}
