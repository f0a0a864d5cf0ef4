import Foundation
import TestSupport
import Testing

/// `generate-symbols` runs in every adopter's build (the plugin): whatever a catalog and its
/// file names hold, what it writes either compiles as the symbols and nothing else, or it
/// stops with an error naming the key or table and writes nothing.
@Suite("generate-symbols on hostile catalogs")
struct HostileSymbolsTests {
    /// A String Catalog of `entries` (key → development text and comment); `plural` adds a
    /// key whose text has the plural variable `arg2` before a `%@`.
    static func stringCatalog(_ entries: [(key: String, text: String, comment: String?)], plural: Bool = false)
        throws -> String
    {
        var strings: [String: Any] = [:]
        for entry in entries {
            var value: [String: Any] = [
                "localizations": ["en": ["stringUnit": ["state": "translated", "value": entry.text]]]
            ]
            if let comment = entry.comment { value["comment"] = comment }
            strings[entry.key] = value
        }
        if plural {
            let variant = { (text: String) in ["stringUnit": ["state": "translated", "value": text]] }
            strings["expiring"] = [
                "localizations": [
                    "en": [
                        "stringUnit": ["state": "translated", "value": "%1$#@arg2@ in %2$@"],
                        "substitutions": [
                            "arg2": [
                                "argNum": 1, "formatSpecifier": "lld",
                                "variations": [
                                    "plural": ["one": variant("%arg file"), "other": variant("%arg files")]
                                ],
                            ]
                        ],
                    ]
                ]
            ]
        }
        let catalog: [String: Any] = ["sourceLanguage": "en", "version": "1.0", "strings": strings]
        let data = try JSONSerialization.data(withJSONObject: catalog, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// What a hostile catalog holds, in keys, texts, comments and names.
    static let hostile: [String] = [
        "star */ let injected = 1 /*", "quotes \"\"\" let injected = 1", "hash \"# let injected = 1",
        "back\\slash \\(injected)", "escape \\u{1F600}", "line\nlet injected = 1", "carriage\rlet injected = 1",
        "separator\u{2028}let injected = 1", "paragraph\u{2029}x", "#if false", "`tick`", "nul\u{0}byte",
        "esc\u{1B}[31m red", "bidi\u{202E}gnp.exe", "isolate\u{2066}x\u{2069}", "zero\u{200B}width", "bom\u{FEFF}",
        "c1\u{85}next", "private\u{E000}use", "\u{345}ypogegrammeni", "\u{1DE7}alpha", "tilde\u{2E2F}word", "struct",
        "func", "in", "Type", "self", "Any", "default", "Protocol",
    ]

    @Test("every hostile key, text, comment and file name makes code that type-checks and declares nothing else")
    func hostileCatalogCompiles() throws {
        let package = try ScratchPackage(main: "", english: #""title" = "Transfers";"#)
        defer { package.remove() }
        try FileManager.default.removeItem(at: package.root.appendingPathComponent("Localizations/en.lproj"))
        try FileManager.default.removeItem(at: package.root.appendingPathComponent("Localizations/de.lproj"))
        let entries = Self.hostile.enumerated().flatMap { index, text in
            [
                (key: text, text: text, comment: text),
                (key: "text\(index)", text: text + " %@", comment: "\(text)\n\(text)"),
            ]
        }
        try package.write("Localizations/Localizable.xcstrings", try Self.stringCatalog(entries, plural: true))
        // Tables whose names (from their files' names) hold code, a keyword, a line break.
        let tables = [
            "T\n#error(\"INJECTED\")\nlet injected = 1\n", "R\r#warning(\"CR\")\r", "class",
            "S\u{2028}let injected = 1",
        ]
        for table in tables {
            try package.write(
                "Localizations/\(table).xcstrings", try Self.stringCatalog([("x", "X", "*/\n#error(\"C\")")]))
        }
        let generated = package.root.appendingPathComponent("Generated.swift")
        let run = try ToolRunner.run(["generate-symbols", "--output", generated.path], in: package.root)
        #expect(run.status == 0, "\(run.errors)")
        // The warnings name the keys that make no symbol, shown safely.
        #expect(run.errors.contains(#"no symbol for key "self": no Swift name can be made from it"#))
        #expect(!run.errors.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{0}" })

        // `injected` is declared by the test's own file: a second declaration, or an `#error`
        // or `#warning` line, fails the type check.
        let use = package.root.appendingPathComponent("Use.swift")
        try Data(
            """
            import Localization
            let injected = 2
            let texts: [LocalizedText] = [
                .`struct`, .`in`, .`default`, .any, .type, .`protocol`, .expiring(arg2: 3, "a day"), .tildeWord,
                .text0("a"), LocalizedText.`class`.x, LocalizedText.TErrorINJECTEDLetInjected1.x,
                LocalizedText.RWarningCR.x, LocalizedText.SLetInjected1.x,
            ]
            """.utf8
        ).write(to: use)
        let source = try String(contentsOf: generated, encoding: .utf8)
        let check = try GenerateSymbolsCommandTests.typecheck([generated, use], in: package.root, strict: true)
        #expect(check.status == 0, "\(check.errors)\n\(source)")
        // No line of the generated file is one of the hostile lines, and no character a reader
        // could not see is in it.
        for line in source.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            #expect(
                trimmed.hasPrefix("//") || trimmed.hasPrefix("import ") || trimmed.hasPrefix("extension ")
                    || trimmed.hasPrefix("static ") || trimmed.hasPrefix("enum ") || trimmed.hasPrefix("LocalizedText(")
                    || trimmed == "}" || trimmed.isEmpty,
                "an unexpected line: \(line)")
        }
        #expect(
            !source.unicodeScalars.contains {
                $0.value < 0x20 && $0 != "\n"
                    || [0x7F, 0x85, 0x2028, 0x2029, 0x202E, 0x2066, 0x200B, 0xFEFF].contains($0.value)
            })
    }

    @Test(
        "names that would not compile are an error naming the tables or key, exit 1, and nothing is written",
        arguments: [
            (
                ["My Table", "MyTable"], "",
                #"tables "My Table" and "MyTable" both make the type LocalizedText.MyTable; rename one of them"#
            ),
            (
                ["String"], "",
                #"the table "String" would make the type LocalizedText.String, which would hide a type the symbols use"#
            ),
            (["Type"], "", #"the table "Type" would make the type LocalizedText.Type"#),
            (["LocalizedText"], "", #"the table "LocalizedText" would make the type LocalizedText.LocalizedText"#),
            (
                ["errors"], "errors",
                #"key "errors" makes the symbol errors, the type name of the table "errors"; rename one of them"#
            ),
            (["%%"], "", #"no Swift name can be made from the table name "%%"; rename the table"#),
        ])
    func refused(tables: [String], defaultKey: String, message: String) throws {
        let package = try ScratchPackage(main: "", english: defaultKey.isEmpty ? "" : "\"\(defaultKey)\" = \"E\";")
        defer { package.remove() }
        for table in tables {
            try package.write("Localizations/en.lproj/\(table).strings", #""x" = "X";"#)
        }
        let generated = package.root.appendingPathComponent("Generated.swift")
        let run = try ToolRunner.run(["generate-symbols", "--output", generated.path], in: package.root)
        #expect(run.status == 1)
        #expect(run.errors.contains("error: " + message), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: generated.path))
    }
}
