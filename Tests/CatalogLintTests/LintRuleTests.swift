import CatalogLint
import CatalogTesting
import Foundation
import Testing

@Suite("flavorkit lint rules")
struct LintRuleTests {
    @Test("the clean fixture triggers no rule")
    func clean() throws {
        let fixture = try ProjectFixture()
        defer { fixture.remove() }
        #expect(fixture.lint() == [])
    }

    static let de = "Localizations/de.lproj/Localizable.strings"

    /// Each rule: the one change that triggers it, and exactly what lint says.
    static let cases: [(rule: String, change: [String: String?], expected: [String])] = [
        (
            "syntax", [de: "\"greeting\" = \"Hallo, %@!\";\n\"title\" = \"Übertragungen\";;\n"],
            ["\(de):2:27: error: unexpected ';' (expected a key); is there a ';' too many? [syntax]"]
        ),
        (
            "info-plist",
            [
                "Flavors/App/Info.plist": ProjectFixture.infoPlist.replacingOccurrences(
                    of: "<key>CFBundleIdentifier</key><string>com.example.app</string>", with: "")
            ],
            ["Flavors/App/Info.plist: error: CFBundleIdentifier is missing or not a non-empty string [info-plist]"]
        ),
        (
            "missing-key", [de: "\"greeting\" = \"Hallo, %@!\";\n"],
            [
                "\(de):1:1: error: key \"title\" is missing in de (en has it at Localizations/en.lproj/Localizable.strings:3:1) [missing-key]"
            ]
        ),
        (
            "format-mismatch", [de: "\"greeting\" = \"Hallo, %d!\";\n\"title\" = \"Übertragungen\";\n"],
            ["\(de):1:1: error: key \"greeting\": format specifiers %1$d disagree with en's %1$@ [format-mismatch]"]
        ),
        (
            "plural-forms",
            ["Localizations/de.lproj/Localizable.stringsdict": ProjectFixture.stringsdict(["other": "%d Dateien"])],
            [
                "Localizations/de.lproj/Localizable.stringsdict:8:1: error: key \"files\": variable \"count\" lacks one, which de needs (one, other) [plural-forms]"
            ]
        ),
        (
            "plural-variables",
            [
                "Localizations/de.lproj/Localizable.stringsdict": ProjectFixture.stringsdict([
                    "one": "%d Datei in %2$#@ordner@", "other": "%d Dateien in %2$#@ordner@",
                ])
            ],
            [
                "Localizations/de.lproj/Localizable.stringsdict:15:33: error: key \"files\": variable \"count\" refers to variable \"ordner\", which is not defined [plural-variables]",
                "Localizations/de.lproj/Localizable.stringsdict:17:35: error: key \"files\": variable \"count\" refers to variable \"ordner\", which is not defined [plural-variables]",
            ]
        ),
        (
            "undefined-key", ["Sources/App/extra.swift": "let x = 1\nlet y = context.text(\"nowhere\")\n"],
            [
                "Sources/App/extra.swift:2:22: error: key \"nowhere\" is used here but en does not define it [undefined-key]"
            ]
        ),
        (
            "two-forms",
            [
                "Localizations/Extra.xcstrings": """
                {
                  "sourceLanguage" : "en",
                  "strings" : {
                    "tap" : {
                      "localizations" : {
                        "de" : {
                          "stringUnit" : { "state" : "translated", "value" : "Tippen" },
                          "variations" : { "device" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "Klicken" } } } }
                        }
                      }
                    }
                  },
                  "version" : "1.0"
                }
                """
            ],
            [
                "Localizations/Extra.xcstrings:6:1: error: key \"tap\" in de has both a stringUnit and variations (the variations are shown) [two-forms]"
            ]
        ),
        (
            "same-bundle-identifier", ["Flavors/Other/Info.plist": ProjectFixture.infoPlist],
            [
                "Flavors/Other/Info.plist:1:1: error: Other has the bundle identifier of App, \"com.example.app\" [same-bundle-identifier]"
            ]
        ),
        (
            "extra-key", [de: "\"greeting\" = \"Hallo, %@!\";\n\"title\" = \"Übertragungen\";\n\"stale\" = \"Alt\";\n"],
            ["\(de):3:1: warning: key \"stale\" is not in the development language en [extra-key]"]
        ),
        (
            "duplicate-key",
            [de: "\"greeting\" = \"Hallo, %@!\";\n\"title\" = \"Übertragung\";\n\"title\" = \"Übertragungen\";\n"],
            [
                "\(de):3:1: warning: key \"title\" is defined again; this later definition is the one used [duplicate-key]"
            ]
        ),
        (
            "same-as-development", [de: "\"greeting\" = \"Hallo, %@!\";\n\"title\" = \"Transfers\";\n"],
            [
                "\(de):2:1: warning: key \"title\" in de reads the same as in en (list it in Localizations/same-as-development.txt if that is intended) [same-as-development]"
            ]
        ),
        (
            "unused-key",
            ["Sources/App/main.swift": "print(text(\"greeting\", .string(name)), text(\"files\", .int(1)))\n"],
            [
                "Localizations/en.lproj/Localizable.strings:3:1: warning: key \"title\" is not used by any source file (text(\"title\"…)) [unused-key]"
            ]
        ),
        (
            "orphan-override",
            ["Flavors/App/Localizations/de.lproj/Localizable.strings": "\n  \"subtitle\" = \"Nur hier\";\n"],
            [
                "Flavors/App/Localizations/de.lproj/Localizable.strings:2:3: warning: App overrides key \"subtitle\", which the shared catalogs do not have [orphan-override]"
            ]
        ),
        (
            "needs-translation",
            [
                "Localizations/Extra.xcstrings": """
                {
                  "sourceLanguage" : "en",
                  "strings" : {
                    "note" : {
                      "localizations" : {
                        "de" : { "stringUnit" : { "state" : "needs_review", "value" : "Notiz" } },
                        "en" : { "stringUnit" : { "state" : "translated", "value" : "Note" } }
                      }
                    }
                  },
                  "version" : "1.0"
                }
                """
            ],
            [
                "Localizations/Extra.xcstrings:4:1: warning: key \"note\" in de is in state needs_review (used, but marked for review) [needs-translation]"
            ]
        ),
        (
            "suspicious-text",
            [de: "\"greeting\" = \"Hallo, %2000@!\";\n\"title\" = \"Über\\UD800tragungen\";\n"],
            [
                "\(de):1:1: warning: key \"greeting\": the width of %2000@ is past 1000; it is shown as 1000 [suspicious-text]",
                "\(de):2:16: warning: \\UD800 is half of a surrogate pair; it reads as U+FFFD (\u{FFFD}) [suspicious-text]",
            ]
        ),
        (
            "unknown-field",
            [
                "Localizations/Extra.xcstrings": """
                {
                  "sourceLanguage" : "en",
                  "strings" : {
                    "note" : {
                      "localizations" : {
                        "de" : { "stringUnit" : { "state" : "translated", "tone" : "formal", "value" : "Notiz" } }
                      }
                    }
                  },
                  "version" : "1.3"
                }
                """
            ],
            [
                "Localizations/Extra.xcstrings:6:60: warning: field \"tone\" in a stringUnit is not known to FlavorKit; kept as it is, not used [unknown-field]"
            ]
        ),
        (
            "redundant-override",
            [
                "flavorkit.json":
                    #"{"dimensions": [{"name": "tier", "flavors": ["App"]}, {"name": "env", "flavors": ["Beta"]}]}"#,
                "Flavors/Beta/Localizations/de.lproj/Localizable.strings": "\"title\" = \"Übertragungen\";\n",
            ],
            [
                "Flavors/Beta/Localizations/de.lproj/Localizable.strings:1:1: warning: Beta's \"title\" in de repeats the text it shadows (Localizations/de.lproj/Localizable.strings:2:1) [redundant-override]"
            ]
        ),
        (
            "undeclared-flavor",
            [
                "flavorkit.json": #"{"dimensions": [{"name": "tier", "flavors": ["App"]}]}"#,
                "Flavors/Old/Info.plist": ProjectFixture.infoPlist,
            ],
            [
                "Flavors/Old:1:1: warning: Old is neither a flavor of a dimension nor a variant, so no variant reads it [undeclared-flavor]"
            ]
        ),
        (
            "unseen-override",
            [
                "flavorkit.json":
                    #"{"dimensions": [{"name": "tier", "flavors": ["App", "Lite"]}, {"name": "env", "flavors": ["Beta"]}], "exclude": [["Lite"]]}"#,
                "Flavors/Lite/Info.plist": ProjectFixture.infoPlist,
            ],
            [
                "Flavors/Lite:1:1: warning: Lite is excluded from every variant by flavorkit.json's exclude, so no build shows what it holds [unseen-override]"
            ]
        ),
        (
            "unread-language-folder",
            [
                "Localizations/French.lproj/Localizable.strings": "\"title\" = \"Titre\";\n",
                "Localizations/Base.lproj/Main.strings": "\"title\" = \"Title\";\n",
                "Localizations/Base.lproj/Main.storyboard": "<document/>",
                "Localizations/Notes.lproj/read-me.txt": "nothing FlavorKit reads",
                "Localizations/Notes.lproj/folder.strings/inside.txt": "a folder, not a catalog file",
                "Flavors/App/Localizations/x\u{1B}y.lproj/A.strings": "",
                "Flavors/App/Localizations/x\u{1B}y.lproj/B.stringsdict": "",
                "Flavors/App/Localizations/x\u{1B}y.lproj/C.strings": "",
                "Flavors/App/Localizations/x\u{1B}y.lproj/D.strings": "",
            ],
            [
                "Flavors/App/Localizations/x\\u{1B}y.lproj:1:1: warning: x\\u{1B}y.lproj is named by no language tag, so its catalog files A.strings, B.stringsdict, C.strings and 1 more are never read; rename it after its language's tag (fr.lproj, pt-BR.lproj) [unread-language-folder]",
                "Localizations/Base.lproj:1:1: warning: Base.lproj is named by no language tag, so its catalog file Main.strings is never read; Xcode's Base.lproj is for interface files: move them into en.lproj [unread-language-folder]",
                "Localizations/French.lproj:1:1: warning: French.lproj is named by no language tag, so its catalog file Localizable.strings is never read; Apple's old name for fr: rename it fr.lproj [unread-language-folder]",
            ]
        ),
        (
            "missing-flavors-folder",
            ["flavorkit.json": "{\n  \"sources\": \"Sources\",\n  \"flavors\": \"Flavours\"\n}\n"],
            [
                "flavorkit.json:3:3: warning: \"flavors\" names \"Flavours\", which is not a folder here, so no flavor is checked [missing-flavors-folder]"
            ]
        ),
        (
            "stale-key",
            [
                "Localizations/Extra.xcstrings": """
                {
                  "sourceLanguage" : "en",
                  "strings" : {
                    "gone" : {
                      "extractionState" : "stale",
                      "localizations" : {
                        "de" : { "stringUnit" : { "state" : "translated", "value" : "Weg" } }
                      }
                    }
                  },
                  "version" : "1.0"
                }
                """
            ],
            [
                "Localizations/Extra.xcstrings:4:1: note: key \"gone\" is stale: no code uses it any more (it ships until removed) [stale-key]"
            ]
        ),
    ]

    @Test("each rule's fixture triggers exactly that rule, at the right line and column", arguments: cases.indices)
    func rule(index: Int) throws {
        let (rule, change, expected) = Self.cases[index]
        let fixture = try ProjectFixture(change)
        defer { fixture.remove() }
        // In the layout its flavorkit.json describes, when it has one (the matrix's rules).
        let found = try fixture.lintConfigured()
        #expect(found == expected, "\(rule)")
        #expect(found.allSatisfy { $0.hasSuffix("[\(rule)]") })
    }

    @Test("an .lproj named by no language that links to one (kept for old tools), or leads out, is not looked into")
    func languageFolderLinks() throws {
        let fixture = try ProjectFixture()
        defer { fixture.remove() }
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data("\"x\" = \"y\";\n".utf8).write(to: outside.appendingPathComponent("Private.strings"))
        let localizations = fixture.root.appendingPathComponent("Localizations")
        try FileManager.default.createSymbolicLink(
            atPath: localizations.appendingPathComponent("German.lproj").path, withDestinationPath: "de.lproj")
        try FileManager.default.createSymbolicLink(
            atPath: localizations.appendingPathComponent("Elsewhere.lproj").path, withDestinationPath: outside.path)
        #expect(fixture.lint() == [])
    }

    @Test("a key renamed in the code shows up as undefined where it is used and unused in the catalog")
    func renamedKey() throws {
        let fixture = try ProjectFixture([
            "Sources/App/main.swift":
                "print(text(\"greeting\", .string(name)), text(\"heading\"))\nprint(text(\"files\", .int(2)))\n"
        ])
        defer { fixture.remove() }
        #expect(
            fixture.lint() == [
                "Localizations/en.lproj/Localizable.strings:3:1: warning: key \"title\" is not used by any source file (text(\"title\"…)) [unused-key]",
                "Sources/App/main.swift:1:45: error: key \"heading\" is used here but en does not define it [undefined-key]",
            ])
    }

    @Test("a key call with table: is checked against that table: defined there, used there, as extract has it")
    func namedTable() throws {
        let fixture = try ProjectFixture([
            "Localizations/en.lproj/Help.strings": "\"usage\" = \"usage: app\";\n\"left.over\" = \"gone\";\n",
            "Localizations/de.lproj/Help.strings": "\"usage\" = \"Aufruf: app\";\n\"left.over\" = \"weg\";\n",
            "Sources/App/help.swift": """
            print(text("usage", table: "Help"), text("title", table: "Help"))
            print(text("left.over"))
            """,
        ])
        defer { fixture.remove() }
        #expect(
            fixture.lint() == [
                "Localizations/en.lproj/Help.strings:2:1: warning: key \"left.over\" is not used by any source file (text(\"left.over\", table: \"Help\"…)) [unused-key]",
                "Sources/App/help.swift:1:42: error: key \"title\" is used here but en does not define it in the table \"Help\" [undefined-key]",
                "Sources/App/help.swift:2:12: error: key \"left.over\" is used here but en does not define it [undefined-key]",
            ])
    }

    @Test(
        "a flavor's Info.plist is checked for what start-up requires, each problem as start-up words it",
        arguments: [
            (
                "<key>CFBundleDevelopmentRegion</key><string>en</string>",
                "<key>CFBundleDevelopmentRegion</key><string>english please</string>",
                "CFBundleDevelopmentRegion \"english please\" is not a language tag"
            ),
            (
                "<key>CFBundleShortVersionString</key><string>1.0</string>",
                "<key>CFBundleShortVersionString</key><integer>1</integer>",
                "CFBundleShortVersionString is missing or not a non-empty string"
            ),
            (
                "<key>FlavorFeatures</key><array><string>downloads</string></array>",
                "<key>FlavorFeatures</key><array><integer>2</integer></array>",
                "FlavorFeatures must be an array of strings"
            ),
            (
                "<key>FlavorLimits</key><dict><key>transfers</key><integer>2</integer></dict>",
                "<key>FlavorLimits</key><dict><key>transfers</key><integer>0</integer></dict>",
                "FlavorLimits.transfers must be a whole number above 0"
            ),
            ("<dict>", "<dict><key>", "not a valid property list: "),
        ])
    func infoPlist(original: String, replacement: String, message: String) throws {
        let plist = ProjectFixture.infoPlist.replacingOccurrences(of: original, with: replacement)
        try #require(plist != ProjectFixture.infoPlist)
        let fixture = try ProjectFixture(["Flavors/App/Info.plist": plist])
        defer { fixture.remove() }
        let found = fixture.lint()
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("Flavors/App/Info.plist:") == true)
        #expect(found.first?.contains("error: \(message)") == true)
        #expect(found.first?.hasSuffix(" [info-plist]") == true)
        let missing = try ProjectFixture(["Flavors/App/Info.plist": nil])
        defer { missing.remove() }
        #expect(missing.lint() == ["Flavors/App/Info.plist: error: cannot read the flavor's Info.plist [info-plist]"])
    }

    @Test("sources that use no key at all: one warning naming the folder and the calls looked for, not silence")
    func noKeyUses() throws {
        let fixture = try ProjectFixture(["Sources/App/main.swift": "print(localized(\"greeting\"))\n"])
        defer { fixture.remove() }
        #expect(
            fixture.lint() == [
                "Sources: warning: no .swift file here calls text(\"key\"…), so unused keys are not checked; name the "
                    + "folder and your own key calls in flavorkit.json (\"sources\", \"keyCalls\") or with --sources "
                    + "and --key-call [unused-key]"
            ])
        let configured = try ProjectFixture([
            "Sources/App/main.swift": "print(localized(\"greeting\"), L10n.tr(\"files\"))\n",
            "flavorkit.json": #"{"keyCalls": ["localized", "L10n.tr"]}"#,
        ])
        defer { configured.remove() }
        #expect(
            try configured.lintConfigured() == [
                "Localizations/en.lproj/Localizable.strings:3:1: warning: key \"title\" is not used by any source file (localized(\"title\"…)) [unused-key]"
            ])
        let elsewhere = try ProjectFixture([
            "Sources/App/main.swift": nil, "App/main.swift": ProjectFixture.clean["Sources/App/main.swift"],
            "flavorkit.json": #"{"sources": "App"}"#,
        ])
        defer { elsewhere.remove() }
        #expect(try elsewhere.lintConfigured() == [])
    }

    @Test("same-as-development names the allow list in the catalog folder the layout names")
    func allowListInConfiguredFolder() throws {
        var files: [String: String?] = ["flavorkit.json": #"{"localizations": "Text"}"#]
        for (path, text) in ProjectFixture.clean where path.hasPrefix("Localizations/") {
            files[path] = .some(nil)
            files["Text/" + path.dropFirst("Localizations/".count)] = text
        }
        files["Text/de.lproj/Localizable.strings"] = "\"greeting\" = \"Hallo, %@!\";\n\"title\" = \"Transfers\";\n"
        let fixture = try ProjectFixture(files)
        defer { fixture.remove() }
        #expect(
            try fixture.lintConfigured() == [
                "Text/de.lproj/Localizable.strings:2:1: warning: key \"title\" in de reads the same as in en (list it in Text/same-as-development.txt if that is intended) [same-as-development]"
            ])
    }

    @Test("a key missing from a String Catalog's language is reported at the key's entry, not at line 1")
    func missingInStringCatalog() throws {
        var files: [String: String?] = [
            "Sources/App/main.swift": "print(text(\"greeting\"), text(\"title\"))\n",
            "Localizations/Localizable.xcstrings": """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "greeting" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Hallo" } },
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello" } }
                  }
                },
                "title" : {
                  "localizations" : {
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Transfers" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """,
        ]
        for path in ProjectFixture.clean.keys where path.hasPrefix("Localizations/") { files[path] = .some(nil) }
        let fixture = try ProjectFixture(files)
        defer { fixture.remove() }
        let missing = fixture.lint().filter { $0.hasSuffix("[missing-key]") }
        #expect(missing.count == 1)
        #expect(missing.first?.hasPrefix("Localizations/Localizable.xcstrings:10:") == true)
        #expect(missing.first?.contains("error: key \"title\" is missing in de [missing-key]") == true)
    }

    @Test("every rule has a fixture")
    func everyRuleCovered() {
        #expect(Self.cases.map(\.rule) == CatalogLinter.rules.map(\.name))
    }
}
