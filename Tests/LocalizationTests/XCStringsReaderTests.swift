import Diagnostics
import Foundation
import Localization
import TestSupport
import Testing

@Suite("Our JSON reader for String Catalogs")
struct XCStringsReaderTests {
    /// A catalog of `count` keys in `languages`: text units (states and escapes of every kind),
    /// plural variations and substitutions, written by `JSONSerialization`.
    static func catalog(count: Int, languages: [String], seed: UInt64) throws -> Data {
        var generator = SeededGenerator(seed: seed)
        let pieces = ["a", "é", "\"", "\\", "\n", "\t", "/", "\u{1F600}", "%@", "%lld", " ", "\u{7F}", "\u{0}", "日本"]
        func text() -> String {
            (0..<Int.random(in: 1...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
        }
        var strings: [String: Any] = [:]
        for index in 0..<count {
            var localizations: [String: Any] = [:]
            for language in languages {
                let state = ["translated", "needs_review", "new", "stale"].randomElement(using: &generator)!
                switch index % 4 {
                case 0:
                    localizations[language] = [
                        "variations": [
                            "plural": [
                                "one": ["stringUnit": ["state": state, "value": "%lld " + text()]],
                                "other": ["stringUnit": ["state": "translated", "value": "%lld " + text()]],
                            ]
                        ]
                    ]
                case 1:
                    localizations[language] = [
                        "stringUnit": ["state": "translated", "value": "%#@n@ " + text()],
                        "substitutions": [
                            "n": [
                                "argNum": 1, "formatSpecifier": "lld",
                                "variations": [
                                    "plural": [
                                        "one": ["stringUnit": ["state": state, "value": "%arg " + text()]],
                                        "other": ["stringUnit": ["state": "translated", "value": "%arg " + text()]],
                                    ]
                                ],
                            ]
                        ],
                    ]
                default:
                    localizations[language] = ["stringUnit": ["state": state, "value": text()]]
                }
            }
            strings["key \(index) " + text()] = [
                "comment": text(), "extractionState": "manual", "localizations": localizations,
            ]
        }
        return try JSONSerialization.data(
            withJSONObject: ["sourceLanguage": "en", "strings": strings, "version": "1.0"],
            options: [.prettyPrinted, .sortedKeys])
    }

    /// What a language's text units say, read by `JSONSerialization`: translated, not
    /// `new` (but in `en`, the source language, whose units are its text in any state), not empty.
    static func foundationTexts(_ data: Data, language: String) throws -> [String: String] {
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let strings = try #require(root["strings"] as? [String: [String: Any]])
        var texts: [String: String] = [:]
        for (key, entry) in strings {
            let localizations = entry["localizations"] as? [String: [String: Any]]
            guard let localization = localizations?[language], localization["substitutions"] == nil,
                let unit = localization["stringUnit"] as? [String: String], unit["state"] != "new" || language == "en",
                let value = unit["value"], !value.isEmpty
            else { continue }
            texts[key] = value
        }
        return texts
    }

    @Test("every text unit reads as JSONSerialization reads it", arguments: [1, 2, 3] as [UInt64])
    func sameTexts(seed: UInt64) throws {
        let data = try Self.catalog(count: 300, languages: ["en", "de", "ja"], seed: seed)
        let file = XCStringsFile(data, path: "g.xcstrings")
        #expect(file.errors.isEmpty)
        #expect(file.languages.map(\.description) == ["de", "en", "ja"])
        for language in ["en", "de", "ja"] {
            let part = file.part(for: LanguageTag(language)!)
            #expect(part.text.dictionary == (try Self.foundationTexts(data, language: language)))
            #expect(part.plurals.count == 150)
        }
    }

    @Test("reading some languages gives them exactly as a full read does, and lists every language")
    func selectiveRead() throws {
        let data = try Self.catalog(count: 200, languages: ["en", "de", "fr", "ja"], seed: 7)
        let full = XCStringsFile(data, path: "g.xcstrings")
        let german = LanguageTag("de")!
        let some = XCStringsFile(data, path: "g.xcstrings", languages: [german])
        let none = XCStringsFile(data, path: "g.xcstrings", languages: [])
        #expect(some.languages == full.languages && none.languages == full.languages)
        #expect(some.part(for: german).text.entries == full.part(for: german).text.entries)
        #expect(some.part(for: german).plurals == full.part(for: german).plurals)
        #expect(some.part(for: LanguageTag("en")!).text.isEmpty)
        #expect(some.pendingUnits == full.pendingUnits.filter { $0.language == "de" })
        #expect(none.pendingUnits.isEmpty && none.errors.isEmpty)
    }

    @Test(
        "malformed JSON is one error at its line and column",
        arguments: [
            (
                "{\"sourceLanguage\": \"en\",\n \"strings\": {}",
                "2:15: error: not valid JSON: expected ',' or '}' after a member of an object, found the end of the file"
            ),
            ("{\"a\": tru}", "1:7: error: not valid JSON: expected a value, found 't'"),
            ("{\"a\": 01}", "1:7: error: not valid JSON: a number cannot start with 0 followed by digits"),
            (
                "{\"a\": \"x\ny\"}",
                "1:9: error: not valid JSON: a control character (U+000A) in a string; write it as an escape"
            ),
            (
                "{\"a\": \"\\q\"}",
                "1:8: error: not valid JSON: unknown escape in a string (JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"
            ),
            (
                "{\"a\": \"\\ud800x\"}",
                "1:8: error: not valid JSON: \\uD800 is half of a surrogate pair, and its other half is missing"
            ),
            (
                "{\"a\": \"é\" \"b\"}",
                "1:11: error: not valid JSON: expected ',' or '}' after a member of an object, found '\"'"
            ),
            ("{} {}", "1:4: error: not valid JSON: expected the end of the file after the top-level value, found '{'"),
            ("[1, 2]", "1:1: error: not a String Catalog: the top level must be an object"),
            ("{\"strings\": {}}", "1:1: error: not a String Catalog: \"sourceLanguage\" is missing"),
            (
                "{\"sourceLanguage\": 3, \"strings\": {}}",
                "1:20: error: not a String Catalog: \"sourceLanguage\" must be a string"
            ),
        ])
    func malformed(text: String, expected: String) {
        let file = XCStringsFile(Data(text.utf8), path: "m.xcstrings")
        #expect(file.errors.map(\.description) == ["m.xcstrings:" + expected])
        #expect(file.languages.isEmpty)
    }

    @Test(
        "malformed JSON in a language a read skips is the same error as in a full read",
        arguments: [
            #"{"stringUnit": {"state": "translated" "value": "x"}}"#,
            #"{"stringUnit": {"state": "translated", "value": "x"},}"#,
            #"{"stringUnit": {"state": "translated", "value": "x"}"#,
            #"{"stringUnit": {"value": "x\q"}}"#,
            #"{"a": [1, 2,]}"#, #"{"a": [1 2]}"#, #"{"a": [tru]}"#, #"{"a": -}"#, #"{"a": 1.}"#,
            #"{"a": {"b" 1}}"#, #"{"a": {3: 1}}"#, #"{"a": nul}"#, #"{"a": [[[{}]]]}"#,
        ])
    func malformedWhenSkipped(french: String) {
        let text = """
            {"sourceLanguage": "en", "strings": {
              "a": {"localizations": {"fr": {"stringUnit": {"value": "Oui"}}}},
              "k": {"localizations": {"de": {"stringUnit": {"value": "Gut"}}, "fr": \(french)}}
            }}
            """
        let full = XCStringsFile(Data(text.utf8), path: "m.xcstrings")
        let german = XCStringsFile(Data(text.utf8), path: "m.xcstrings", languages: [LanguageTag("de")!])
        let none = XCStringsFile(Data(text.utf8), path: "m.xcstrings", languages: [])
        #expect(german.errors == full.errors && none.errors == full.errors)
        // French is known to have text before the entry at fault, so a read for German skips
        // it without looking at its shape; only the last is valid JSON.
        #expect(full.errors.isEmpty == french.hasSuffix("[[[{}]]]}"))
        #expect(full.errors.allSatisfy { $0.message.hasPrefix("not valid JSON: ") })
    }

    @Test(
        "a string of the wrong shape is an error at the value at fault; the other keys and languages load",
        arguments: [
            (
                #""stringUnit": {"state": "translated", "value": 42}"#,
                "3:83: error: de: \"value\" must be a string (key \"bad\")"
            ),
            (#""stringUnit": {"state": 3, "value": "x"}"#, "3:60: error: de: \"state\" must be a string (key \"bad\")"),
            (#""stringUnit": {"state": "new"}"#, "3:50: error: de: \"stringUnit\" has no \"value\" (key \"bad\")"),
            (#""variations": {"plural": []}"#, "3:61: error: de: \"plural\" must be an object (key \"bad\")"),
            (
                #""stringUnit": {"value": "%#@n@"}, "substitutions": {"n": {"argNum": 1.5}}"#,
                "3:104: error: de: expected a whole number, found 1.5 (key \"bad\")"
            ),
        ])
    func wrongShape(localization: String, expected: String) {
        let text = """
            {"sourceLanguage": "en", "strings": {
              "good": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Gut"}}}},
              "bad": {"localizations": {"de": {\(localization)}, "en": {"stringUnit": {"value": "Bad"}}}},
              "also": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Auch"}}}}
            }}
            """
        let file = XCStringsFile(Data(text.utf8), path: "s.xcstrings")
        #expect(file.errors.map(\.description) == ["s.xcstrings:" + expected])
        #expect(file.part(for: LanguageTag("de")!).text.dictionary == ["good": "Gut", "also": "Auch"])
        // English, the source language, reads the keys it does not localize as themselves.
        #expect(file.part(for: LanguageTag("en")!).text.dictionary == ["good": "good", "bad": "Bad", "also": "also"])
    }

    @Test("a UTF-8 byte-order mark and UTF-16 with one are read too")
    func encodings() throws {
        let text =
            #"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {"stringUnit": {"value": "é\u00e9"}}}}}}"#
        var utf16 = Data([0xFF, 0xFE])
        for unit in text.utf16 { utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        for data in [Data(text.utf8), Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8), utf16] {
            let file = XCStringsFile(data, path: "e.xcstrings")
            #expect(file.errors.isEmpty)
            #expect(file.part(for: LanguageTag("en")!).text.dictionary == ["k": "éé"])
        }
    }

    @Test("nesting of any depth is an error, never a crash")
    func deepNesting() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let skipped = XCStringsFile(Data(#"{"sourceLanguage": "en", "strings": {}, "x": \#(deep)}"#.utf8), path: "d")
        #expect(skipped.errors.isEmpty)
        let variations =
            String(repeating: #"{"variations": {"device": {"other": "#, count: 40) + "{}"
            + String(repeating: "}}}", count: 40)
        let text = #"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": \#(variations)}}}}"#
        let file = XCStringsFile(Data(text.utf8), path: "d")
        #expect(file.errors.map(\.message) == ["en: variations nest too deeply (key \"k\")"])
    }
}

@Suite("String Catalog languages")
struct XCStringsLanguageTests {
    /// Found by fuzzing: `en` and `eN` were two languages, and a one-language read and a full
    /// read could pick different ones.
    @Test("two spellings of one language are one language, the later unit winning")
    func spellings() {
        let text = #"""
            {"sourceLanguage": "en", "strings": {
              "a": {"localizations": {"en": {"stringUnit": {"value": "first"}}, "eN": {"stringUnit": {"value": "second"}}}},
              "b": {"localizations": {"EN": {"stringUnit": {"value": "only"}}}}
            }}
            """#
        let english = LanguageTag("en")!
        for wanted in [nil, [english]] as [Set<LanguageTag>?] {
            let file = XCStringsFile(Data(text.utf8), path: "l.xcstrings", languages: wanted)
            #expect(file.languages == [english])
            #expect(file.part(for: english).text.dictionary == ["a": "second", "b": "only"])
        }
    }

    @Test("of a key given twice as text and as plural, the later one is kept, in a full or a one-language read")
    func textAndPluralTwice() {
        let text = #"{"stringUnit": {"value": "Text"}}"#
        let plural = #"{"variations": {"plural": {"other": {"stringUnit": {"value": "%lld Plural"}}}}}"#
        func catalog(_ units: [String]) -> Data {
            let entries = units.map { #""k": {"localizations": {"de": \#($0)}}"# }
            let json = #"{"sourceLanguage": "en", "strings": {"# + entries.joined(separator: ",\n") + "}}"
            return Data(json.utf8)
        }
        let german = LanguageTag("de")!
        for wanted in [nil, [german]] as [Set<LanguageTag>?] {
            for units in [[text, plural], [plural, text], [text, plural, text], [plural, text, plural]] {
                let part = XCStringsFile(catalog(units), path: "t.xcstrings", languages: wanted).part(for: german)
                let textLast = units.last == text
                #expect(part.text.dictionary == (textLast ? ["k": "Text"] : [:]))
                #expect(part.plurals.keys.sorted() == (textLast ? [] : ["k"]))
            }
        }
    }

    @Test("tables sized from the first keys still take every later key, language and repeat")
    func sizedFromFirstKeys() {
        // Long first keys make the estimate too low; French appears only after the sample;
        // key 3 is given again at the end (the later entry wins).
        func entry(_ key: String, _ languages: [String], _ value: String) -> String {
            let units = languages.map { #""\#($0)": {"stringUnit": {"value": "\#(value)"}}"# }
            return #""\#(key)": {"localizations": {\#(units.joined(separator: ", "))}}"#
        }
        var entries = (0..<64).map { entry(String(repeating: "long ", count: 40) + "\($0)", ["en", "de"], "v\($0)") }
        entries += (0..<500).map { entry("\($0)", ["en", "de", "fr"], "w\($0)") }
        entries.append(entry("3", ["en", "de", "fr"], "again"))
        let text = #"{"sourceLanguage": "en", "strings": {"# + entries.joined(separator: ",\n") + "}}"
        let german = LanguageTag("de")!, french = LanguageTag("fr")!
        for wanted in [nil, [german], [french]] as [Set<LanguageTag>?] {
            let file = XCStringsFile(Data(text.utf8), path: "s.xcstrings", languages: wanted)
            #expect(file.errors.isEmpty)
            #expect(file.languages == [german, LanguageTag("en")!, french])
            if wanted != [french] {
                let table = file.part(for: german).text.dictionary
                #expect(table.count == 564)
                #expect(
                    table["3"] == "again" && table["499"] == "w499"
                        && table[String(repeating: "long ", count: 40) + "63"] == "v63")
            }
            if wanted != [german] {
                let table = file.part(for: french).text.dictionary
                #expect(table.count == 500 && table["3"] == "again")
            }
        }
    }
}
