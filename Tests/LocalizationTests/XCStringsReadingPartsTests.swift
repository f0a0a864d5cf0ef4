import Foundation
import Localization
import Testing

/// The runtime's reader reads a large String Catalog's `strings` in two parts at once, the
/// second from a key guessed past the middle. These catalogs are read in two parts from
/// 32 KB on (4 MB in use), and each is read both so and in one pass: both must load the
/// same texts, plural entries, pending units, errors and languages.
@Suite("String Catalog runtime reader: a large catalog read in two parts, as one pass reads it")
struct XCStringsReadingPartsTests {
    static let languages = ["en", "de", "ja"]

    /// A localization: a text in `state`, or (`plural`) one and other.
    static func localization(_ language: String, _ text: String, state: String, plural: Bool) -> String {
        guard plural else {
            return """
                      "\(language)" : {
                        "stringUnit" : {
                          "state" : "\(state)",
                          "value" : "\(text)"
                        }
                      }
                """
        }
        return """
                  "\(language)" : {
                    "variations" : {
                      "plural" : {
                        "one" : { "stringUnit" : { "state" : "\(state)", "value" : "%lld \(text)" } },
                        "other" : { "stringUnit" : { "state" : "\(state)", "value" : "%lld \(text)s" } }
                      }
                    }
                  }
            """
    }

    /// Entry `index` of key `key`: every 10th a plural, every 7th German to review, every
    /// 11th Japanese new, every 13th without English (its English is its key).
    static func entry(
        _ index: Int, key: String? = nil, plural: Bool? = nil, languages: [String] = Self.languages
    ) -> String {
        let key = key ?? String(format: "key%05d", index)
        let plural = plural ?? (index % 10 == 0)
        let localizations = languages.filter { $0 != "en" || index % 13 != 0 }.map { language in
            let state =
                language == "de" && index % 7 == 0
                ? "needs_review" : language == "ja" && index % 11 == 0 ? "new" : "translated"
            return localization(language, "\(language) text \(index)", state: state, plural: plural)
        }
        return "    \"\(key)\" : {\n      \"localizations\" : {\n" + localizations.joined(separator: ",\n")
            + "\n      }\n    }"
    }

    static func catalog(_ entries: [String], sourceLanguageFirst: Bool = true) -> String {
        let source = "  \"sourceLanguage\" : \"en\""
        let strings = "  \"strings\" : {\n" + entries.joined(separator: ",\n") + "\n  }"
        let members = sourceLanguageFirst ? [source, strings] : [strings, source]
        return "{\n" + members.joined(separator: ",\n") + ",\n  \"version\" : \"1.0\"\n}"
    }

    /// The catalog read in two parts and in one pass, every language and each alone; both
    /// must load the same.
    static func expectOnePass(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> XCStringsFile {
        #expect(text.utf8.count >= 32 << 10, "too small to be read in parts", sourceLocation: sourceLocation)
        let data = Data(text.utf8)
        let tags = [nil] + languages.map { Set([LanguageTag($0)!]) }
        var whole: XCStringsFile?
        for wanted in tags {
            let parts = XCStringsFile(data, path: "L.xcstrings", languages: wanted, inTwoPartsFrom: 32 << 10)
            let onePass = XCStringsFile(data, path: "L.xcstrings", languages: wanted, inTwoPartsFrom: .max)
            #expect(parts.languages == onePass.languages, sourceLocation: sourceLocation)
            for language in onePass.languages {
                let (mine, theirs) = (parts.part(for: language), onePass.part(for: language))
                #expect(mine.text.entries == theirs.text.entries, "\(language)", sourceLocation: sourceLocation)
                #expect(mine.plurals == theirs.plurals, "\(language)", sourceLocation: sourceLocation)
            }
            #expect(parts.pendingUnits == onePass.pendingUnits, sourceLocation: sourceLocation)
            #expect(parts.errors == onePass.errors, sourceLocation: sourceLocation)
            if wanted == nil { whole = parts }
        }
        return whole!
    }

    @Test("every language's texts and plurals at their lines, pending units, keys the source language lacks")
    func readsEverything() throws {
        let file = Self.expectOnePass(Self.catalog((0..<200).map { Self.entry($0) }))
        let german = file.part(for: LanguageTag("de")!)
        #expect(german.text.count == 180 && german.plurals.count == 20)
        #expect(german.text["key00199"] == "de text 199")
        #expect(file.part(for: LanguageTag("en")!).text["key00195"] == "key00195")
        #expect(file.pendingUnits.contains { $0.key == "key00196" && $0.state == "needs_review" })
        #expect(file.errors.isEmpty)
    }

    @Test("a text key given in both parts takes the later text, at the earlier key's place")
    func textGivenTwice() throws {
        var entries = (0..<200).map { Self.entry($0) }
        entries[190] = Self.entry(190, key: "key00011", plural: false)
        let file = Self.expectOnePass(Self.catalog(entries))
        #expect(file.part(for: LanguageTag("de")!).text["key00011"] == "de text 190")
    }

    @Test("a key given in both parts, a plural in one: read on as one pass reads it", arguments: [true, false])
    func pluralGivenTwice(laterIsPlural: Bool) throws {
        var entries = (0..<200).map { Self.entry($0) }
        entries[20] = Self.entry(20, key: "twice", plural: !laterIsPlural)
        entries[190] = Self.entry(190, key: "twice", plural: laterIsPlural)
        let file = Self.expectOnePass(Self.catalog(entries))
        let german = file.part(for: LanguageTag("de")!)
        #expect((german.plurals["twice"] != nil) == laterIsPlural && (german.text["twice"] != nil) == !laterIsPlural)
    }

    @Test("a key given in both parts, its source language in the first only or in neither: the first is kept")
    func sourceKeyGivenTwice() throws {
        var entries = (0..<200).map { Self.entry($0) }
        // 13 and 169: no English; 21: English.
        entries[190] = Self.entry(169, key: "key00013", plural: false)
        entries[191] = Self.entry(169, key: "key00021", plural: false)
        let file = Self.expectOnePass(Self.catalog(entries))
        let english = file.part(for: LanguageTag("en")!).text
        #expect(english["key00013"] == "key00013" && english["key00021"] == "en text 21")
        #expect(
            english.entry("key00021")?.location.line == Self.catalog(entries).split(
                separator: "\n", omittingEmptySubsequences: false
            ).firstIndex { $0.contains("\"key00021\"") }! + 1)
    }

    @Test("a language not asked for is skipped in the second part as one pass skips it, its errors too")
    func skippedLanguage() throws {
        // Japanese has text in the first quarter only, and a bad literal in entry 151, where one
        // pass skips it (a value checked as JSON) and the second part reads it (a unit).
        var entries = (0..<200).map { $0 < 50 ? Self.entry($0) : Self.entry($0, languages: ["en", "de"]) }
        entries[151] = Self.entry(151).replacingOccurrences(
            of: "\"value\" : \"ja text 151\"", with: "\"suggested\" : tru, \"value\" : \"ja text 151\"")
        let file = Self.expectOnePass(Self.catalog(entries))
        #expect(file.errors.count == 1 && file.errors[0].message.hasPrefix("not valid JSON"))
    }

    @Test("errors in the second part: a unit of the wrong shape, and malformed JSON")
    func secondPartErrors() throws {
        var entries = (0..<200).map { Self.entry($0) }
        entries[150] = entries[150].replacingOccurrences(of: "\"state\" : \"translated\"", with: "\"state\" : 5")
        let shaped = Self.expectOnePass(Self.catalog(entries))
        #expect(!shaped.errors.isEmpty && shaped.errors.allSatisfy { $0.message.contains("key00150") })
        entries[171] = entries[171].replacingOccurrences(of: "\"de text 171\"", with: "\"de text 171\" oops")
        let malformed = Self.expectOnePass(Self.catalog(entries))
        #expect(malformed.errors.count == 1 && malformed.errors[0].message.hasPrefix("not valid JSON"))
    }

    @Test("a guess inside an entry, or a source language given after strings: read in one pass")
    func onePassCases() throws {
        // Every line at the entries' indentation: the first key past the middle is most
        // likely inside an entry.
        let flat = (0..<200).map { index in
            Self.entry(index).split(separator: "\n").map { "    " + $0.drop { $0 == " " } }.joined(separator: "\n")
        }
        #expect(Self.expectOnePass(Self.catalog(flat)).part(for: LanguageTag("de")!).text.count == 180)
        let late = Self.catalog((0..<200).map { Self.entry($0) }, sourceLanguageFirst: false)
        #expect(Self.expectOnePass(late).part(for: LanguageTag("en")!).text["key00195"] == "key00195")
    }
}
