import AppTesting
import Commands
import Flavors
import Foundation
import Localization
import TerminalText
import Testing
import TextSnapshotsTesting
import TransferCore

@Suite("The localized app")
struct LocalizedAppTests {
    static let languages = ["en", "es", "es-MX", "de", "ja", "ar", "pt-BR"]
    static let screens: [[String]] = [[], ["show", "d1"], ["about"], ["--help"]]

    /// A word each language's queue screen must show (its "in progress" state).
    static let inProgress = [
        "en": "In progress", "es": "En curso", "es-MX": "En curso", "de": "Läuft",
        "ja": "転送中", "ar": "جارٍ", "pt-BR": "Em andamento",
    ]

    @Test("every screen renders in the language asked for", arguments: languages)
    func everyScreen(language: String) throws {
        for screen in Self.screens {
            let result = AppRunner.run(AppRunner.regular, screen + ["--lang", language, "--verbose"])
            #expect(result.status == 0)
            #expect(result.problems.isEmpty, "\(language) \(screen): \(result.problems)")
        }
        let queue = AppRunner.run(AppRunner.regular, ["--lang", language])
        #expect(queue.output.contains(try #require(Self.inProgress[language])))
    }

    @Test(
        "the environment picks the language like --lang",
        arguments: [
            (["LANG": "de_DE.UTF-8"], "Läuft"),
            (["LANGUAGE": "xx:ja"], "転送中"),
            (["LC_ALL": "C", "LC_MESSAGES": "es_MX.UTF-8"], "Carga"),
            (["LANG": "C"], "In progress"),
        ])
    func environment(environment: [String: String], word: String) {
        let result = AppRunner.run(AppRunner.regular, [], environment: environment)
        #expect(result.output.contains(word))
    }

    @Test("es-MX shows its own keys and Spanish for the rest")
    func regionalVariant() {
        let output = AppRunner.run(AppRunner.regular, ["--lang", "es-MX"]).output
        #expect(output.contains("u1  Carga"))  // es-MX
        #expect(output.contains("Descarga"))  // es
        #expect(!output.contains("Subida"))
    }

    @Test("about names the language in use, and the one asked for when it fell back")
    func aboutLanguage() {
        let japanese = AppRunner.run(AppRunner.light, ["about", "--lang", "ja"]).output
        #expect(japanese.split(separator: "\n").contains { $0.hasPrefix("  言語 ") && $0.hasSuffix(" ja") })
        let fallback = AppRunner.run(AppRunner.light, ["about", "--lang", "fr-CA:de"]).output
        #expect(fallback.contains("Sprache                      de (gewünscht: fr-CA:de)"))
    }

    @Test(
        "each flavor translates its own name",
        arguments: [
            (AppRunner.light, "Übertragungen Light: Warteschlange"),
            (AppRunner.regular, "Übertragungen: Warteschlange"),
        ])
    func flavorNames(build: FlavorBuild, heading: String) {
        #expect(AppRunner.run(build, ["--lang", "de"]).output.hasPrefix(heading + "\n"))
    }

    @Test("Japanese columns line up by display width")
    func japaneseAlignment() throws {
        let lines = AppRunner.run(AppRunner.regular, ["--lang", "ja"]).output.split(separator: "\n")
        let header = try #require(lines.first { $0.hasPrefix("ID") })
        let rows = lines.filter { $0.hasPrefix("d") || $0.hasPrefix("u") }
        var columns = Set(rows.map { DisplayColumns.width(String($0.prefix { $0 != "[" })) })
        columns.insert(DisplayColumns.width(String(header.prefix { $0 != "進" })))
        #expect(rows.count == 7)
        #expect(columns.count == 1, "progress bars start at different columns: \(columns)")
    }

    @Test(
        "one process switching languages renders what a fresh process renders, which remembers the choice",
        arguments: languages)
    func switchingMatchesFreshProcess(language: String) throws {
        let config = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: config) }
        let environment = ["XDG_CONFIG_HOME": config.path]
        for view in ["queue", "show d1", "about"] {
            let switched = AppRunner.run(
                AppRunner.regular, ["shell", "--lang", "ja"], environment: environment,
                input: [view, "lang \(language)"])
            let fresh = AppRunner.run(
                AppRunner.regular, view.split(separator: " ").map(String.init), environment: environment)
            let once = AppRunner.run(
                AppRunner.regular, ["shell", "--lang", "ja"], environment: environment, input: [view]
            ).output
            #expect(switched.output == once + fresh.output, "\(language) \(view)")
        }
    }

    @Test("printf 'queue\\nlang ja\\nlang ar\\n' | Regular shell prints the queue three times")
    func shellAcceptance() {
        let result = AppRunner.run(AppRunner.regular, ["shell"], input: ["queue", "lang ja", "lang ar"])
        #expect(result.status == 0)
        let english = AppRunner.run(AppRunner.regular, ["--lang", "en"]).output
        let japanese = AppRunner.run(AppRunner.regular, ["--lang", "ja"]).output
        let arabic = AppRunner.run(AppRunner.regular, ["--lang", "ar"]).output
        #expect(result.output == english + japanese + arabic)
    }

    @Test("shell: Regular's commands work, Light's refusal names the flavor, mistakes don't end it")
    func shellCommands() {
        let regular = AppRunner.run(
            AppRunner.regular, ["shell", "--lang", "en"], input: ["pause d1", "show d1", "bogus", "quit", "about"])
        #expect(regular.output.hasPrefix("Paused d1.\n"))
        #expect(regular.output.contains("State     Paused"))
        #expect(!regular.output.contains("Bundle ID"))
        #expect(regular.errors == "error: unknown command bogus\n")
        let light = AppRunner.run(
            AppRunner.light, ["shell", "--lang", "en"], input: ["pause d1", "lang ../x", "lang"])
        #expect(light.errors.contains("error: pause is not available in Transfers Light.\n"))
        #expect(light.errors.contains("'../x' is not a language tag"))
        #expect(light.errors.contains("Name a language"))
    }

    /// A copy of the shared catalogs with one file replaced.
    static func catalogsWith(_ language: String, _ contents: Data) throws -> URL {
        let folder = try AppRunner.temporaryFolder()
        let copy = PackageLayout(root: folder).localizations
        try FileManager.default.copyItem(at: AppRunner.repository.localizations, to: copy)
        try contents.write(
            to: copy.appendingPathComponent(
                CatalogFolderLayout.relativePath(
                    language: LanguageTag(language)!, table: Catalog.defaultTable, kind: .strings)))
        return copy
    }

    @Test("a broken catalog from --localizations is reported and its language falls back")
    func brokenCatalog() throws {
        let catalogs = try Self.catalogsWith("de", Data("\"state.inProgress\" = \"Läuft\";;\n\"x\" = \"y\";".utf8))
        defer { try? FileManager.default.removeItem(at: catalogs.deletingLastPathComponent()) }
        for (arguments, environment) in [
            (["--lang", "de", "--localizations", catalogs.path], [String: String]()),
            (["--lang", "de"], ["FLAVORKIT_LOCALIZATIONS": catalogs.path]),
        ] {
            let result = AppRunner.run(AppRunner.regular, arguments, environment: environment)
            #expect(result.status == 0)
            #expect(
                result.errors
                    == "\(catalogs.path)/de.lproj/Localizable.strings:1:30: error: unexpected ';' (expected a key); is there a ';' too many?\n"
            )
            #expect(result.output.contains("In progress"))
            #expect(result.output.contains("Übertragungen"))  // the flavor's own catalog still loads
        }
    }

    @Test("a translation with %@ where English has %d never crashes: English is shown for that key")
    func mismatchedTranslation() throws {
        var german = try String(contentsOf: AppRunner.sharedStrings("de"), encoding: .utf8)
        german = german.replacingOccurrences(
            of: #""size.progress" = "%1$@ von %2$@";"#, with: #""size.progress" = "%1$d von %2$@";"#)
        let catalogs = try Self.catalogsWith("de", Data(german.utf8))
        defer { try? FileManager.default.removeItem(at: catalogs.deletingLastPathComponent()) }
        let result = AppRunner.run(AppRunner.regular, ["--lang", "de", "--localizations", catalogs.path, "--verbose"])
        #expect(result.status == 0)
        #expect(result.output.contains("1,29\u{A0}GB of 2,86\u{A0}GB"))  // English text for that key, German numbers
        #expect(result.output.contains("Läuft"))
        #expect(result.errors.contains("de.lproj/Localizable.strings:"))
        #expect(result.errors.contains("text for \"size.progress\" not used"))
    }

    @Test("--verbose reports keys missing everywhere")
    func verboseMisses() throws {
        var english = try String(contentsOf: AppRunner.sharedStrings("en"), encoding: .utf8)
        english = english.replacingOccurrences(of: #""column.title" = "TITLE";"#, with: "")
        let catalogs = try Self.catalogsWith("en", Data(english.utf8))
        defer { try? FileManager.default.removeItem(at: catalogs.deletingLastPathComponent()) }
        let quiet = AppRunner.run(AppRunner.regular, ["--lang", "en", "--localizations", catalogs.path])
        #expect(quiet.output.contains("SIZE                  column.title"))
        #expect(quiet.errors.isEmpty)
        let verbose = AppRunner.run(AppRunner.regular, ["--lang", "en", "--localizations", catalogs.path, "--verbose"])
        #expect(verbose.errors.contains("key \"column.title\" is missing from every language"))
    }

    @Test("--verbose names every key shown from a fallback language, and a language without catalogs")
    func verboseFallbacks() {
        let partial = AppRunner.run(AppRunner.regular, ["--lang", "es-MX", "--verbose"])
        #expect(partial.errors.contains("note: es-MX has no \"queue.heading\"; showing es\n"))
        let unshipped = AppRunner.run(AppRunner.regular, ["--lang", "fr", "--verbose"])
        expectInlineSnapshot(
            unshipped.errors,
            matches: """
                note: no catalog for fr; showing en

                """)
        #expect(AppRunner.run(AppRunner.regular, ["--lang", "fr"]).errors.isEmpty)
    }
}
