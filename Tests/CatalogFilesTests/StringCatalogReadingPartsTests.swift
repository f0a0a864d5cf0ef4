import CatalogFiles
import Foundation
import Localization
import Testing

/// A large String Catalog's `strings` are read in two parts at once, the second from a key
/// guessed past the middle. These catalogs are read in two parts from 32 KB on (4 MB in
/// use), and each is read both so and in one pass: both reads must agree on everything.
@Suite("String Catalog reader: a large catalog read in two parts, as one pass reads it")
struct StringCatalogReadingPartsTests {
    /// An entry in Xcode's layout (`flat`: every line at the entries' indentation), with a
    /// comment and a German unit of `state` (as JSON).
    static func entry(_ key: String, value: String, state: String = "\"translated\"", flat: Bool = false) -> String {
        let lines = [
            "\"\(key)\" : {",
            "  \"comment\" : \"\(key) \(String(repeating: "x", count: 300))\",",
            "  \"localizations\" : {",
            "    \"de\" : {",
            "      \"stringUnit\" : {",
            "        \"state\" : \(state),",
            "        \"value\" : \"\(value)\"",
            "      }",
            "    }",
            "  }",
            "}",
        ]
        return lines.map { "    " + (flat ? $0.drop { $0 == " " } : $0[...]) }.joined(separator: "\n")
    }

    /// A catalog of `entries`, in Xcode's layout around them.
    static func catalog(_ entries: [String]) -> String {
        "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n" + entries.joined(separator: ",\n")
            + "\n  },\n  \"version\" : \"1.0\"\n}"
    }

    /// `count` entries, about 86 KB for 200.
    static func entries(_ count: Int, flat: Bool = false) -> [String] {
        (0..<count).map { entry(String(format: "key%05d", $0), value: "Wert \($0)", flat: flat) }
    }

    /// From how many bytes on these tests' catalogs are read in two parts.
    static let twoPartsFrom = 32 << 10

    /// The catalog read in two parts and in one pass (only `languages`, when given); both
    /// must say the same.
    static func expectOnePass(
        _ text: String, languages: Set<LanguageTag>? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> StringCatalog {
        #expect(text.utf8.count >= twoPartsFrom, "too small to be read in parts", sourceLocation: sourceLocation)
        let data = Data(text.utf8)
        let parts = StringCatalog(data, path: "L.xcstrings", languages: languages, inTwoPartsFrom: twoPartsFrom)
        let onePass = StringCatalog(data, path: "L.xcstrings", languages: languages, inTwoPartsFrom: .max)
        #expect(parts.entries.map(\.key) == onePass.entries.map(\.key), sourceLocation: sourceLocation)
        #expect(parts.entries.map(\.line) == onePass.entries.map(\.line), sourceLocation: sourceLocation)
        #expect(parts.errors == onePass.errors, sourceLocation: sourceLocation)
        #expect(parts.unknownFields == onePass.unknownFields, sourceLocation: sourceLocation)
        #expect(parts.languagesWithText == onePass.languagesWithText, sourceLocation: sourceLocation)
        #expect(parts.version == onePass.version, sourceLocation: sourceLocation)
        #expect(StringCatalogWriter.write(parts) == StringCatalogWriter.write(onePass), sourceLocation: sourceLocation)
        return parts
    }

    /// The 1-based line of the first line of `text` that contains `needle`.
    static func line(of needle: String, in text: String) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(needle) }! + 1
    }

    @Test("every key, in order, at its line, and the catalog written back byte for byte")
    func readsEveryKey() throws {
        let text = Self.catalog(Self.entries(200))
        let catalog = Self.expectOnePass(text)
        #expect(catalog.errors.isEmpty)
        #expect(catalog.entries.count == 200)
        #expect(catalog.entries.last?.key == "key00199")
        #expect(catalog.entries.last?.line == Self.line(of: "\"key00199\"", in: text))
        #expect(catalog["key00150"]?.localization(for: LanguageTag("de")!)?.stringUnit?.value == "Wert 150")
        #expect(String(decoding: StringCatalogWriter.write(catalog), as: UTF8.self) == text)
        // The runtime's reader, one pass of its own, reads the same texts at the same lines.
        let file = XCStringsFile(Data(text.utf8), path: "L.xcstrings")
        let whole = XCStringsFile(catalog)
        let german = LanguageTag("de")!
        #expect(whole.part(for: german).text.entries == file.part(for: german).text.entries)
    }

    @Test("errors, unknown fields and a key given twice in the second part are where one pass finds them")
    func secondPartFindings() throws {
        var entries = Self.entries(200)
        entries[40] = Self.entry("early", value: "x", state: "5")
        entries[160] = Self.entry("late", value: "x", state: "7")
        entries[170] = entries[170].replacingOccurrences(
            of: "\"comment\"", with: "\"futureField\" : 1,\n      \"comment\"")
        entries[180] = Self.entry("key00010", value: "twice")
        let text = Self.catalog(entries)
        let catalog = Self.expectOnePass(text)
        #expect(
            catalog.errors.map(\.line) == [
                Self.line(of: "\"early\"", in: text) + 5, Self.line(of: "\"late\"", in: text) + 5,
            ])
        #expect(catalog.unknownFields.map(\.name) == ["field \"futureField\" in an entry"])
        #expect(catalog.unknownFields.first?.location.line == Self.line(of: "futureField", in: text))
        #expect(catalog.entries.count == 198)
        #expect(catalog["key00010"]?.localization(for: LanguageTag("de")!)?.stringUnit?.value == "Wert 10")
    }

    @Test(
        "a language not asked for, with text in the first part, is skipped in the second as one pass skips it",
        arguments: [
            #"{ "stringUnit" : { "state" : "translated" } }"#,
            #"{ "stringUnit" : { "state" : 5, "value" : "x" } }"#,
            #"{ "tone" : 1, "stringUnit" : { "state" : "translated", "value" : "x" } }"#,
            #"{ "deep" : "# + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + " }",
        ])
    func skippedLanguage(french: String) throws {
        // French has text in the first half; one pass skips it after that, whatever it holds.
        // The second part's first French is entry 150's, which it reads.
        let text = #"{ "stringUnit" : { "state" : "translated", "value" : "Texte" } }"#
        let entries = Self.entries(200).enumerated().map { index, entry in
            guard index < 50 || index == 150 else { return entry }
            return entry.replacingOccurrences(
                of: "\"localizations\" : {\n",
                with: "\"localizations\" : {\n        \"fr\" : \(index == 150 ? french : text),\n")
        }
        let catalog = Self.expectOnePass(Self.catalog(entries), languages: [LanguageTag("de")!])
        #expect(catalog.errors.isEmpty && catalog.entries.count == 200)
    }

    @Test("a syntax error in the second part is the catalog's one error, at its line")
    func syntaxErrorLate() throws {
        var entries = Self.entries(200)
        entries[190] = entries[190].replacingOccurrences(of: "\"Wert 190\"", with: "\"Wert 190\" oops")
        let text = Self.catalog(entries)
        let catalog = Self.expectOnePass(text)
        let error = try #require(catalog.errors.first)
        #expect(catalog.errors.count == 1 && catalog.entries.isEmpty)
        #expect(error.line == Self.line(of: "\"Wert 190\" oops", in: text))
        #expect(error.message.hasPrefix("not valid JSON"))
    }

    @Test("a syntax error in the first part is the catalog's one error, though the second part reads on")
    func syntaxErrorEarly() throws {
        var entries = Self.entries(200)
        entries[10] = entries[10].replacingOccurrences(of: "\"Wert 10\"", with: "\"Wert 10\" oops")
        let text = Self.catalog(entries)
        let catalog = Self.expectOnePass(text)
        #expect(catalog.errors.map(\.line) == [Self.line(of: "\"Wert 10\" oops", in: text)])
    }

    @Test("a guess that lands on a key inside an entry is caught, and the catalog read in one pass")
    func wrongGuess() throws {
        // Every line at the entries' indentation: past the middle, the first such key is as
        // likely an entry's "comment" or "state" as an entry.
        var guessedInside = 0
        for shift in 0..<4 {
            let text = Self.catalog(
                Array(repeating: Self.entry("pad", value: "p", flat: true), count: shift)
                    + Self.entries(200, flat: true))
            let catalog = Self.expectOnePass(text)
            #expect(catalog.entries.count == 200 + shift && catalog.errors.isEmpty)
            // The reader's guess, worked out here: the first line past the middle of `strings`
            // with a key at the entries' indentation. Inside an entry unless it is one's key.
            let bytes = Array(text.utf8)
            let stringsStart = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {".utf8.count
            var index = stringsStart + (bytes.count - stringsStart) / 2
            while !(bytes[index] == 0x0A && bytes[index + 5] == UInt8(ascii: "\"")) { index += 1 }
            let guessed = String(decoding: bytes[(index + 6)...].prefix { $0 != UInt8(ascii: "\"") }, as: UTF8.self)
            if !guessed.hasPrefix("key") && guessed != "pad" { guessedInside += 1 }
        }
        #expect(guessedInside > 0, "no guess landed inside an entry: the test proves nothing of that path")
    }

    @Test("a catalog whose middle is one long entry, or past the end of strings, is read whole")
    func middleOutsideEntries() throws {
        // One comment of 1.5 MB around the middle: the guess is the next entry, far on. Of
        // 3 MB: no line break within 1 MB of the middle, no guess.
        for megabytes in [1.5, 3] {
            var entries = Self.entries(100)
            entries[50] = entries[50].replacingOccurrences(
                of: "\"comment\" : \"",
                with: "\"comment\" : \"" + String(repeating: "y", count: Int(megabytes * 1_048_576)))
            #expect(Self.expectOnePass(Self.catalog(entries)).entries.count == 100)
        }
        // Most of the text after `strings`: the middle falls in a field of the catalog's own.
        let small = Self.catalog(Self.entries(10))
        let tail =
            ",\n  \"x-tool\" : [\n"
            + Array(repeating: "    \"" + String(repeating: "z", count: 500) + "\"", count: 200).joined(
                separator: ",\n") + "\n  ]\n}"
        let text = String(small.dropLast(2)) + tail
        let catalog = Self.expectOnePass(text)
        #expect(catalog.entries.count == 10 && catalog.errors.isEmpty)
    }
}
