import CatalogExtraction
import CatalogFiles
import CatalogTesting
import Foundation
import Localization
import Testing

@Suite("Extraction: from code to the catalogs")
struct KeyExtractionTests {
    static func extract(_ fixture: ProjectFixture, prune: Bool = false) -> KeyExtraction {
        KeyExtraction(project: CatalogProject(root: fixture.root), prune: prune)
    }

    /// The planned content of the file at `path` (relative to the fixture).
    static func written(_ extraction: KeyExtraction, _ path: String, in fixture: ProjectFixture) -> String? {
        extraction.writes.first { $0.url.path == fixture.root.appendingPathComponent(path).path }
            .map { String(decoding: $0.data, as: UTF8.self) }
    }

    static func summary(_ extraction: KeyExtraction) -> [String] {
        extraction.changes.map { "\($0.kind.rawValue) \($0.key)" }
    }

    @Test(".strings: a new key is appended with its comment and text; nothing else changes; unused keys are reported")
    func strings() throws {
        let fixture = try ProjectFixture([
            "Sources/App/main.swift": """
            print(text("greeting", .string(name)), text("files", .int(count)))
            // translators: The list's heading.
            print(text("list.title"))
            print(text("list.empty", defaultValue: "Nothing here", comment: "Shown \\"empty\\""))
            """
        ])
        defer { fixture.remove() }
        let extraction = Self.extract(fixture)
        #expect(extraction.diagnostics.isEmpty)
        #expect(Self.summary(extraction) == ["unused title", "added list.title", "added list.empty"])
        #expect(
            Self.written(extraction, "Localizations/en.lproj/Localizable.strings", in: fixture) == """
                /* Shown first. */
                "greeting" = "Hello, %@!";
                "title" = "Transfers";
                /* The list's heading. */
                "list.title" = "list.title";
                /* Shown "empty" */
                "list.empty" = "Nothing here";

                """)
        #expect(extraction.writes.count == 1)
        let unused = try #require(extraction.changes.first)
        #expect(unused.location.line == 3)
    }

    @Test("a key used many times: added once, at its first use, with the first comment and text any use gives")
    func usedManyTimes() throws {
        let fixture = try ProjectFixture([
            "Sources/App/main.swift": """
            print(text("greeting", .string(name)), text("files", .int(count)), text("title"))
            print(text("list.title"))
            print(text("list.title", comment: "The list's heading."))
            print(text("list.title", defaultValue: "Your list", comment: "Not this one."))
            print(text("list.title", defaultValue: "Not this either"))
            """
        ])
        defer { fixture.remove() }
        let extraction = Self.extract(fixture)
        #expect(extraction.diagnostics.isEmpty)
        #expect(Self.summary(extraction) == ["added list.title"])
        #expect(extraction.changes.first?.location.line == 2)
        #expect(
            Self.written(extraction, "Localizations/en.lproj/Localizable.strings", in: fixture) == """
                /* Shown first. */
                "greeting" = "Hello, %@!";
                "title" = "Transfers";
                /* The list's heading. */
                "list.title" = "Your list";

                """)
    }

    @Test(".strings with --prune: an unused key leaves every language, its own comment with it, a shared one stays")
    func pruneStrings() throws {
        let fixture = try ProjectFixture([
            "Localizations/en.lproj/Localizable.strings": """
            /* Shown first. */
            "greeting" = "Hello, %@!";
            "title" = "Transfers";

            /* Only for the old screen. */
            "old" = "Old";
            """,
            "Localizations/de.lproj/Localizable.strings": """
            "greeting" = "Hallo, %@!";
            "title" = "Übertragungen";
            "old" = "Alt";
            """,
            "Sources/App/main.swift": #"print(text("title"))"#,
            "Localizations/translated-from.txt": """
            de	Localizable	title		0123456789abcdef
            de	Localizable	old		0123456789abcdef
            de	Localizable	files	count/other	0123456789abcdef
            de	Errors	old		0123456789abcdef

            """,
        ])
        defer { fixture.remove() }
        let extraction = Self.extract(fixture, prune: true)
        #expect(Self.summary(extraction) == ["removed greeting", "removed old", "removed files"])
        // The import record keeps only the translations still there.
        let record = try #require(Self.written(extraction, "Localizations/translated-from.txt", in: fixture))
        #expect(
            record.split(separator: "\n").filter { !$0.hasPrefix("#") } == [
                "de\tErrors\told\t\t0123456789abcdef", "de\tLocalizable\ttitle\t\t0123456789abcdef",
            ])
        #expect(
            Self.written(extraction, "Localizations/en.lproj/Localizable.strings", in: fixture) == """
                /* Shown first. */
                "title" = "Transfers";

                """)
        #expect(
            Self.written(extraction, "Localizations/de.lproj/Localizable.strings", in: fixture) == """
                "title" = "Übertragungen";

                """)
        for language in ["en", "de"] {
            let dict = try #require(
                Self.written(extraction, "Localizations/\(language).lproj/Localizable.stringsdict", in: fixture))
            #expect(!dict.contains("<key>files</key>"))
            #expect(StringsDictParser.parse(Data(dict.utf8), path: "x").errors.isEmpty)
        }
    }

    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "brand" : {
              "comment" : "Kept by hand",
              "extractionState" : "manual"
            },
            "old" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Alt" } }
              }
            },
            "revived" : {
              "comment" : "Was gone",
              "extractionState" : "stale"
            },
            "through.symbol" : {

            }
          },
          "version" : "1.0"
        }
        """

    @Test("String Catalog: added as Xcode adds, unused marked stale, used again unmarked, manual keys left alone")
    func stringCatalog() throws {
        let fixture = try ProjectFixture([
            "Localizations/en.lproj/Localizable.strings": nil,
            "Localizations/de.lproj/Localizable.strings": nil,
            "Localizations/en.lproj/Localizable.stringsdict": nil,
            "Localizations/de.lproj/Localizable.stringsdict": nil,
            "Localizations/Localizable.xcstrings": Self.catalog,
            "Sources/App/main.swift": """
            print(text("revived", comment: "Back again"))
            print(text("greeting", defaultValue: "Hello, %@!", comment: "A greeting"))
            print(text("plain"))
            print(text(.throughSymbol))
            """,
        ])
        defer { fixture.remove() }
        let extraction = Self.extract(fixture)
        #expect(extraction.diagnostics.isEmpty, "\(extraction.diagnostics)")
        #expect(
            Set(Self.summary(extraction)) == [
                "added greeting", "added plain", "marked stale old", "used again revived", "comment updated revived",
            ])
        let written = try #require(Self.written(extraction, "Localizations/Localizable.xcstrings", in: fixture))
        let catalog = StringCatalog(Data(written.utf8), path: "Localizable.xcstrings")
        #expect(catalog.errors.isEmpty)
        #expect(catalog["brand"]?.extractionState == .manual)
        #expect(catalog["old"]?.extractionState == .stale)
        #expect(catalog["old"]?.localizations["de"]?.stringUnit?.value == "Alt")
        #expect(catalog["revived"]?.extractionState == nil)
        #expect(catalog["revived"]?.comment == "Back again")
        #expect(catalog["through.symbol"]?.extractionState == nil)
        let greeting = try #require(catalog["greeting"])
        #expect(greeting.extractionState == .extractedWithValue)
        #expect(greeting.comment == "A greeting")
        #expect(greeting.localizations["en"]?.stringUnit?.state == .new)
        #expect(greeting.localizations["en"]?.stringUnit?.value == "Hello, %@!")
        let plain = try #require(catalog["plain"])
        #expect(plain.extractionState == nil && plain.localizations.isEmpty && plain.comment == nil)
        #expect(catalog.entries.map(\.key) == ["brand", "greeting", "old", "plain", "revived", "through.symbol"])

        let pruned = Self.extract(fixture, prune: true)
        #expect(Self.summary(pruned).contains("removed old"))
        let prunedCatalog = StringCatalog(
            try #require(pruned.writes.first?.data), path: "Localizable.xcstrings")
        #expect(prunedCatalog["old"] == nil)
        #expect(prunedCatalog["brand"] != nil)
    }

    @Test("a package with no catalog yet starts a String Catalog; a folder of .lproj folders gets a .strings")
    func firstCatalog() throws {
        let main = """
            // translators: Shown first.
            print(text("greeting", .string(name), defaultValue: "Hello, %@!"))
            print(text("title"))
            """
        var noCatalog: [String: String?] = ["Sources/App/main.swift": main]
        for path in ProjectFixture.clean.keys where path.hasPrefix("Localizations/") { noCatalog[path] = .some(nil) }
        let fixture = try ProjectFixture(noCatalog)
        defer { fixture.remove() }
        let extraction = Self.extract(fixture)
        #expect(extraction.diagnostics.isEmpty, "\(extraction.diagnostics)")
        #expect(Self.summary(extraction) == ["added greeting", "added title"])
        #expect(extraction.writes.map(\.url.lastPathComponent) == ["Localizable.xcstrings"])
        let written = try #require(Self.written(extraction, "Localizations/Localizable.xcstrings", in: fixture))
        let catalog = StringCatalog(Data(written.utf8), path: "Localizable.xcstrings")
        #expect(catalog.errors.isEmpty && catalog.sourceLanguage == "en")
        #expect(catalog["greeting"]?.comment == "Shown first.")
        #expect(catalog["greeting"]?.localizations["en"]?.stringUnit?.value == "Hello, %@!")
        #expect(catalog["title"]?.localizations.isEmpty == true)

        // Beside another table's .lproj folder, the table starts as a .strings.
        noCatalog["Localizations/de.lproj/Errors.strings"] = #""disk.full" = "Platte voll";"#
        let lproj = try ProjectFixture(noCatalog)
        defer { lproj.remove() }
        #expect(Self.extract(lproj).writes.map(\.url.lastPathComponent) == ["Localizable.strings"])
    }

    @Test("a key with table: goes to that table's file; a catalog with errors is reported and left alone")
    func tablesAndErrors() throws {
        let fixture = try ProjectFixture([
            "Sources/App/main.swift": """
            print(text("greeting"), text("title"), text("files"))
            print(text("disk.full", table: "Errors"))
            """
        ])
        defer { fixture.remove() }
        let extraction = Self.extract(fixture)
        #expect(
            Self.written(extraction, "Localizations/en.lproj/Errors.strings", in: fixture)
                == "\"disk.full\" = \"disk.full\";\n")

        let broken = try ProjectFixture(["Localizations/Localizable.xcstrings": "{ \"strings\" : "])
        defer { broken.remove() }
        let refused = Self.extract(broken)
        #expect(refused.writes.isEmpty)
        #expect(
            refused.diagnostics.first?.message.hasPrefix("not brought up to date: the String Catalog has errors")
                == true)
    }

    @Test("sources that use no key at all are an error, not a catalog of stale keys")
    func noUses() throws {
        let fixture = try ProjectFixture(["Sources/App/main.swift": "print(\"hello\")"])
        defer { fixture.remove() }
        let extraction = Self.extract(fixture)
        #expect(extraction.changes.isEmpty && extraction.writes.isEmpty)
        #expect(extraction.diagnostics.first?.message.hasPrefix("no source here calls text(\"key\"…)") == true)
    }
}

@Suite("Lint and generated symbols")
struct LintSymbolUseTests {
    @Test("a key used through its generated symbol is used, also when the sources call no key by name")
    func symbolUses() throws {
        let all = try ProjectFixture([
            "Sources/App/main.swift": "print(text(.greeting(name)), text(.title), text(.files(count: 2)))"
        ])
        defer { all.remove() }
        #expect(all.lint() == [])

        let some = try ProjectFixture(["Sources/App/main.swift": "print(text(.title))"])
        defer { some.remove() }
        #expect(
            some.lint().map { $0.components(separatedBy: ": warning: ").last ?? $0 } == [
                #"key "greeting" is not used by any source file (text("greeting"…)) [unused-key]"#,
                #"key "files" is not used by any source file (text("files"…)) [unused-key]"#,
            ])
    }

    /// The attacker's case of this round: `text("café")` spelled in two Unicode normalizations
    /// uses two keys, as the files and Foundation tell them apart; extraction took them for one.
    @Test("keys spelled in two normalizations in code are two keys: each added, and pruned alone")
    func keysInTwoNormalizations() throws {
        let (composed, decomposed) = ("caf\u{E9}", "cafe\u{301}")
        let uses = "print(text(\"greeting\", .string(name)), text(\"title\"), text(\"files\", .int(count)))\n"
        let both = try ProjectFixture([
            "Sources/App/main.swift": uses + "print(text(\"\(composed)\"), text(\"\(decomposed)\"))\n"
        ])
        defer { both.remove() }
        let added = KeyExtractionTests.extract(both)
        #expect(added.changes.map { Array($0.key.utf8) } == [Array(composed.utf8), Array(decomposed.utf8)])
        let written = try #require(
            KeyExtractionTests.written(added, "Localizations/en.lproj/Localizable.strings", in: both))
        #expect(
            Array(written.utf8).suffix(
                Array("\"\(composed)\" = \"\(composed)\";\n\"\(decomposed)\" = \"\(decomposed)\";\n".utf8).count)
                == Array("\"\(composed)\" = \"\(composed)\";\n\"\(decomposed)\" = \"\(decomposed)\";\n".utf8))
        // Only one spelling used: the other is unused, and a prune removes it alone.
        let one = try ProjectFixture([
            "Sources/App/main.swift": uses + "print(text(\"\(composed)\"))\n",
            "Localizations/en.lproj/Localizable.strings":
                "\"greeting\" = \"Hello, %@!\";\n\"title\" = \"Transfers\";\n\"\(composed)\" = \"1\";\n"
                + "\"\(decomposed)\" = \"2\";\n",
        ])
        defer { one.remove() }
        let pruned = KeyExtractionTests.extract(one, prune: true)
        #expect(
            pruned.changes.map { "\($0.kind.rawValue) \(Array($0.key.utf8))" } == ["removed \(Array(decomposed.utf8))"])
        #expect(
            KeyExtractionTests.written(pruned, "Localizations/en.lproj/Localizable.strings", in: one).map {
                Array($0.utf8)
            }
                == Array("\"greeting\" = \"Hello, %@!\";\n\"title\" = \"Transfers\";\n\"\(composed)\" = \"1\";\n".utf8))
        // A plural entry of the other spelling (the reviewer's case): not the key the code
        // uses, which is added; the plural one is unused. Before, a `String` lookup found the
        // plural (nothing added) and the prune then removed it: the key used was lost.
        let plural = try ProjectFixture([
            "Sources/App/main.swift": "print(text(\"greeting\", .string(name)), text(\"title\"))\n"
                + "print(text(\"\(composed)\", .int(count)))\n",
            "Localizations/en.lproj/Localizable.stringsdict": ProjectFixture.stringsdict(["other": "%d"])
                .replacingOccurrences(of: "<key>files</key>", with: "<key>\(decomposed)</key>"),
        ])
        defer { plural.remove() }
        let checked = KeyExtractionTests.extract(plural)
        #expect(
            Set(checked.changes.map { "\($0.kind.rawValue) \(Array($0.key.utf8))" })
                == ["added \(Array(composed.utf8))", "unused \(Array(decomposed.utf8))"])
    }
}
