import Foundation
import Localization
import Synchronization
import Testing

/// Catalog folders written to a scratch directory.
struct CatalogFixture {
    let root: URL

    /// `files`: folder → lproj → table → contents.
    init(_ files: [String: [String: [String: String]]]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("catalogs-\(UUID().uuidString)")
        for (folder, languages) in files {
            for (language, tables) in languages {
                let lproj = root.appendingPathComponent(folder).appendingPathComponent("\(language).lproj")
                try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
                for (table, contents) in tables {
                    try Data(contents.utf8).write(to: lproj.appendingPathComponent("\(table).strings"))
                }
            }
        }
    }

    func folder(_ name: String) -> URL { root.appendingPathComponent(name) }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

@Suite("Localizer")
struct LocalizerTests {
    static let files: [String: [String: [String: String]]] = [
        "shared": [
            "en": [
                "Localizable":
                    #""hello" = "Hello"; "bye" = "Bye"; "count" = "%d files"; "name" = "Name: %@"; "only.en" = "English";"#
            ],
            "es": [
                "Localizable": #""hello" = "Hola"; "bye" = "Adiós"; "count" = "%@ archivos"; "name" = "Nombre: %@";"#
            ],
            "es-MX": ["Localizable": #""hello" = "Qué onda";"#],
            "de": ["Localizable": #""hello" = "Hallo"; "broken" = "x;"#],
            "ja": ["Localizable": #""hello" = "こんにちは";"#, "Other": #""hello" = "やあ";"#],
            "pt": ["Localizable": "\"hello\" = \"Olá\";\n\"hello\" = \"Oi\";"],
        ],
        "flavor": ["es": ["Localizable": #""bye" = "Chao";"#]],
    ]

    static func makeLocalizer(_ preferences: [String]) throws -> (Localizer, CatalogFixture) {
        let fixture = try CatalogFixture(files)
        let store = CatalogStore(folders: [fixture.folder("shared"), fixture.folder("flavor")])
        let localizer = Localizer(
            store: store, developmentLanguage: LanguageTag("en")!,
            preferences: preferences.compactMap(LanguageTag.init))
        return (localizer, fixture)
    }

    @Test(
        "each key falls back on its own along the chain",
        arguments: [
            (["es-MX"], "hello", "Qué onda"),
            (["es-MX"], "bye", "Chao"),
            (["es-MX"], "only.en", "English"),
            (["xx", "ja"], "hello", "こんにちは"),
            (["fr"], "hello", "Hello"),
            ([], "hello", "Hello"),
            (["ja", "es"], "bye", "Chao"),
        ])
    func fallback(preferences: [String], key: String, expected: String) throws {
        let (localizer, fixture) = try Self.makeLocalizer(preferences)
        defer { fixture.remove() }
        #expect(localizer.text(key) == expected)
        #expect(localizer.issues.isEmpty)
    }

    @Test("the chain lists the languages in use")
    func chain() throws {
        let (localizer, fixture) = try Self.makeLocalizer(["es-MX", "fr", "ja"])
        defer { fixture.remove() }
        #expect(localizer.chain.map(\.description) == ["es-MX", "es", "ja", "en"])
        #expect(localizer.language.description == "es-MX")
    }

    @Test("a key missing everywhere renders as the key and is recorded")
    func missingKey() throws {
        let (localizer, fixture) = try Self.makeLocalizer(["es"])
        defer { fixture.remove() }
        #expect(localizer.text("nope") == "nope")
        #expect(localizer.text("nope %d", 3) == "nope %d")
        #expect(
            localizer.issues == [
                .missingKey(key: "nope", table: "Localizable"),
                .missingKey(key: "nope %d", table: "Localizable"),
            ])
    }

    @Test("a translation whose specifiers disagree falls back to the development language")
    func formatMismatch() throws {
        let (localizer, fixture) = try Self.makeLocalizer(["es"])
        defer { fixture.remove() }
        #expect(localizer.text("count", 3) == "3 files")
        #expect(localizer.text("name", "Ana") == "Nombre: Ana")
        guard case .formatMismatch(let key, let language, let location, _) = try #require(localizer.issues.first) else {
            Issue.record("expected a format mismatch")
            return
        }
        #expect(key == "count")
        #expect(language.description == "es")
        #expect(location.path.hasSuffix("es.lproj/Localizable.strings"))
        #expect(location.line == 1 && location.column == 36)
    }

    @Test("arguments of the wrong type never crash: the text falls back")
    func wrongArguments() throws {
        let (localizer, fixture) = try Self.makeLocalizer(["es"])
        defer { fixture.remove() }
        #expect(localizer.text("count", "three") == "count")
        #expect(localizer.issues.count == 2)
    }

    @Test("a catalog that fails to load is reported and its language falls back")
    func brokenCatalog() throws {
        let (localizer, fixture) = try Self.makeLocalizer(["de"])
        defer { fixture.remove() }
        #expect(localizer.text("hello") == "Hello")
        guard case .unreadableCatalog(let error) = try #require(localizer.issues.first) else {
            Issue.record("expected an unreadable catalog")
            return
        }
        #expect((error.path ?? "").hasSuffix("de.lproj/Localizable.strings"))
        #expect(error.line == 1)
    }

    @Test("a key defined twice in one file: the last wins, and it is reported")
    func duplicateKey() throws {
        let (localizer, fixture) = try Self.makeLocalizer(["pt"])
        defer { fixture.remove() }
        #expect(localizer.text("hello") == "Oi")
        guard case .duplicateKey(let location) = try #require(localizer.issues.first) else {
            Issue.record("expected a duplicate key")
            return
        }
        #expect(location.path.hasSuffix("pt.lproj/Localizable.strings") && location.line == 2 && location.column == 1)
    }

    @Test(
        "a text's control characters are written out wherever in the chain it is found; other texts are shown as written",
        arguments: [
            ("escape", "Done \\U001B[2J", "Done \\u{1B}[2J"),
            ("fallback", "Back\\rover", "Back\\rover"),
            (
                "quotes", "\u{201C}Hi\u{201D} \u{2014} \u{00A0}ok\u{200F}",
                "\u{201C}Hi\u{201D} \u{2014} \u{00A0}ok\u{200F}"
            ),
            ("separator", "one\u{2028}two", "one\\u{2028}two"),
        ])
    func controlsWrittenOut(key: String, written: String, shown: String) throws {
        let fixture = try CatalogFixture([
            "shared": [
                "en": ["Localizable": "\"fallback\" = \"Back\\rover\";"],
                // French lacks the key "fallback", which English has.
                "fr": [
                    "Localizable": (key == "fallback" ? "" : "\"\(key)\" = \"\(written)\";\n")
                        + "\"plain\" = \"Texte\";"
                ],
            ]
        ])
        defer { fixture.remove() }
        let localizer = Localizer(
            store: CatalogStore(folders: [fixture.folder("shared")]), developmentLanguage: LanguageTag("en")!,
            preferences: [LanguageTag("fr")!])
        #expect(localizer.text(key) == shown)
        #expect(localizer.text("plain") == "Texte")
        #expect(!localizer.text(key).unicodeScalars.contains(where: ControlCharacters.isControl))
    }

    @Test("tables other than Localizable")
    func tables() throws {
        let (localizer, fixture) = try Self.makeLocalizer(["ja"])
        defer { fixture.remove() }
        #expect(localizer.entry("hello", table: "Other")?.value == "やあ")
        #expect(localizer.text("hello") == "こんにちは")
    }

    @Test("switching changes the text at once and tells observers")
    func switching() throws {
        let (localizer, fixture) = try Self.makeLocalizer(["en"])
        defer { fixture.remove() }
        let seen = Mutex<[String]>([])
        let token = localizer.addObserver { language in seen.withLock { $0.append(language.description) } }
        localizer.setPreferences([LanguageTag("ja")!])
        #expect(localizer.text("hello") == "こんにちは")
        localizer.setPreferences([LanguageTag("es")!])
        #expect(localizer.text("hello") == "Hola")
        localizer.removeObserver(token)
        localizer.setPreferences([LanguageTag("ja")!])
        #expect(seen.withLock { $0 } == ["ja", "es"])
        #expect(localizer.store.isLoaded(LanguageTag("ja")!))
        #expect(!localizer.store.isLoaded(LanguageTag("de")!))
    }

    @Test("switching from one thread while others read is safe and consistent")
    func concurrentSwitching() async throws {
        let (localizer, fixture) = try Self.makeLocalizer(["en"])
        defer { fixture.remove() }
        let valid: Set<String> = ["Hello", "Hola", "こんにちは", "Qué onda"]
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for round in 0..<2_000 {
                    localizer.setPreferences([LanguageTag(["en", "es", "ja", "es-MX"][round % 4])!])
                }
                return true
            }
            for _ in 0..<4 {
                group.addTask { (0..<2_000).allSatisfy { _ in valid.contains(localizer.text("hello")) } }
            }
            for await ok in group { #expect(ok) }
        }
    }
}
