import CatalogFiles
import Diagnostics
import FileFormats
import Foundation
import Localization
import TestSupport
import Testing

/// `CatalogMerge` in process: keys added on both sides land in Xcode's order, changes on both
/// sides combine, a conflict is marked as git marks one; placing new keys takes a few
/// ordering decisions a key, however many there are.
@Suite("CatalogMerge: catalogs merged by meaning")
struct CatalogMergeTests {
    static let path = "Localizable.xcstrings"

    /// A String Catalog as Xcode writes it: each key, in this order, with its English text
    /// (the key) and its German one.
    static func catalog(_ entries: [(key: String, german: String)]) -> Data {
        var catalog = StringCatalog(sourceLanguage: "en")
        catalog.append(
            contentsOf: entries.map { key, german in
                var entry = StringCatalog.Entry(key: key)
                entry.localizations.append(.init(stringUnit: .init(german)), for: "de")
                entry.localizations.append(.init(stringUnit: .init(key)), for: "en")
                return entry
            })
        return StringCatalogWriter.write(catalog)
    }

    /// Key names that Xcode's order sorts otherwise than their bytes: case ignored
    /// (`apple`, `Banana`, `cherry`), numbers by value (`item9` before `item10`).
    static func names(_ count: Int) -> [String] {
        (0..<count).map { ["apple", "Banana", "cherry"][$0 % 3] + ".item\($0)" }.sorted(
            by: StringCatalogWriter.keyOrder)
    }

    /// The three versions of a catalog of `count` keys (`names`, in Xcode's order) and the
    /// merge expected: base has every third key; ours adds every ninth of the others and
    /// changes the German of half of base's keys, theirs adds all the rest and changes the
    /// German of the other half.
    static func versions(_ count: Int) -> (base: Data, ours: Data, theirs: Data, merged: Data) {
        let keys = names(count)
        func entries(_ included: (Int) -> Bool, _ german: (Int) -> String) -> [(key: String, german: String)] {
            keys.indices.filter(included).map { (keys[$0], german($0)) }
        }
        let original = { (index: Int) in "de \(index)" }
        let oursText = { (index: Int) in index % 6 == 0 ? "de \(index) (ours)" : original(index) }
        let theirsText = { (index: Int) in index % 6 == 3 ? "de \(index) (theirs)" : original(index) }
        return (
            catalog(entries({ $0 % 3 == 0 }, original)),
            catalog(entries({ $0 % 3 == 0 || $0 % 9 == 1 }, oursText)),
            catalog(entries({ $0 % 9 != 1 }, theirsText)),
            catalog(entries({ _ in true }, { $0 % 6 == 0 ? oursText($0) : theirsText($0) }))
        )
    }

    @Test("theirs' many new keys and ours' new keys interleave in Xcode's order; both sides' changes combine")
    func interleavedAdditions() throws {
        let versions = Self.versions(900)
        let result = try CatalogMerge.merge(
            .stringCatalog, base: versions.base, ours: versions.ours, theirs: versions.theirs, path: Self.path)
        #expect(result.conflicts.isEmpty)
        #expect(String(decoding: result.data, as: UTF8.self) == String(decoding: versions.merged, as: UTF8.self))
    }

    @Test("a new key goes where Xcode's order puts it: case ignored, numbers by value")
    func xcodeOrder() throws {
        let base = Self.catalog([("item2", "2"), ("item10", "10")])
        let ours = Self.catalog([("item2", "2"), ("Item3", "3"), ("item10", "10")])
        let theirs = Self.catalog([
            ("apple", "A"), ("banana", "B"), ("item2", "2"), ("item9", "9"), ("item10", "10"), ("ITEM11", "11"),
        ])
        let result = try CatalogMerge.merge(.stringCatalog, base: base, ours: ours, theirs: theirs, path: Self.path)
        let merged = StringCatalog(result.data, path: Self.path)
        #expect(merged.entries.map(\.key) == ["apple", "banana", "item2", "Item3", "item9", "item10", "ITEM11"])
    }

    /// Counts ordering decisions, not time: a merge that placed each new key by a search of
    /// its own (a binary search takes log N decisions a key, as the quadratic merge did before
    /// each insertion; a scan takes N) fails it at either size. What it cannot see is work
    /// that decides nothing, such as shifting a list for each key: the `merge` benchmark's.
    @Test(
        "placing theirs' and ours' new keys takes at most two ordering decisions a key, at 600 and 6,000 keys",
        arguments: [600, 6_000])
    func placingIsLinear(keys: Int) throws {
        let versions = Self.versions(keys)
        var decisions = 0
        let result = try CatalogMerge.merge(
            .stringCatalog, base: versions.base, ours: versions.ours, theirs: versions.theirs, path: Self.path,
            orderedBy: { lhs, rhs in
                decisions += 1
                return StringCatalogWriter.keyOrder(lhs, rhs)
            })
        #expect(result.data == versions.merged)
        #expect(decisions <= 2 * keys, "\(decisions) ordering decisions for \(keys) keys")
    }

    @Test("one unit changed two ways is marked as git marks a conflict; the rest merges, each side valid")
    func conflict() throws {
        let base = Self.catalog([("a", "A"), ("b", "B")])
        let ours = Self.catalog([("a", "A ours"), ("b", "B"), ("c", "C")])
        let theirs = Self.catalog([("a", "A theirs"), ("aa", "AA"), ("b", "B theirs")])
        let result = try CatalogMerge.merge(.stringCatalog, base: base, ours: ours, theirs: theirs, path: Self.path)
        #expect(result.conflicts == ["key \"a\", de"])
        let text = String(decoding: result.data, as: UTF8.self)
        #expect(
            text.contains(
                """
                            "state" : "translated",
                <<<<<<< ours
                            "value" : "A ours"
                =======
                            "value" : "A theirs"
                >>>>>>> theirs
                          }

                """))
        for side in ["ours", "theirs"] {
            let resolved = MarkedConflicts.keeping(side, of: text)
            let expected = Self.catalog([("a", "A \(side)"), ("aa", "AA"), ("b", "B theirs"), ("c", "C")])
            #expect(resolved == String(decoding: expected, as: UTF8.self))
        }
    }

    @Test("an entry only written otherwise in ours (the same meaning) takes theirs' change, read as JSON")
    func entryWrittenOtherwise() throws {
        let base = Self.catalog([("a", "A"), ("b", "B")])
        let theirs = Self.catalog([("a", "A theirs"), ("b", "B")])
        // Ours: the same catalog, "a" on one line and its languages in another order.
        let oneLine =
            #""a" : { "localizations" : { "en" : { "stringUnit" : { "value" : "a", "state" : "translated" } }, "#
            + #""de" : { "stringUnit" : { "state" : "translated", "value" : "A" } } } }"#
        let text = String(decoding: base, as: UTF8.self)
        let entryStart = try #require(text.range(of: #""a" : {"#)).lowerBound
        let entryEnd = try #require(text.range(of: #"    "b" : {"#)).lowerBound
        let ours = Data((text[..<entryStart] + oneLine + ",\n" + text[entryEnd...]).utf8)
        let result = try CatalogMerge.merge(.stringCatalog, base: base, ours: ours, theirs: theirs, path: Self.path)
        #expect(result.conflicts.isEmpty)
        #expect(result.data == theirs)
    }

    /// `catalog`'s text with the entry of `key` written as `entry` (its key and value, on one line).
    static func writtenOtherwise(_ catalog: Data, key: String, as entry: String) throws -> String {
        let text = String(decoding: catalog, as: UTF8.self)
        let start = try #require(text.range(of: "    \"\(key)\" : {\n")).lowerBound
        let end = try #require(text.range(of: "\n    }", range: start..<text.endIndex)).upperBound
        return text[..<start] + "    " + entry + text[end...]
    }

    /// Entry "b" as a person might write it: on one line, a unit's fields in another order.
    static let bOnOneLine =
        #""b" : { "localizations" : { "de" : { "stringUnit" : { "value" : "B/", "state" : "translated" } }, "#
        + #""en" : { "stringUnit" : { "state" : "translated", "value" : "b" } } } }"#

    /// A catalog's text with `/` escaped, as `JSONSerialization` writes it (in Xcode's layout
    /// otherwise): read as the same catalog, written otherwise than Xcode writes it.
    static func slashesEscaped(_ catalog: Data) -> String {
        String(decoding: catalog, as: UTF8.self).replacingOccurrences(of: "/", with: #"\/"#)
    }

    @Test("the merge is written onto ours: an entry it leaves is kept as ours has it, one it writes as Xcode does")
    func oursKeptAsWritten() throws {
        let base = Self.catalog([("a", "A"), ("b", "B/"), ("c", "C")])
        let theirs = Self.catalog([("a", "A theirs"), ("b", "B/"), ("bb", "BB"), ("c", "C")])
        let ours = Self.slashesEscaped(base) + "\n"
        let result = try CatalogMerge.merge(
            .stringCatalog, base: base, ours: Data(ours.utf8), theirs: theirs, path: Self.path)
        #expect(result.conflicts.isEmpty)
        // Theirs' change and new key as Xcode writes them, "b" as ours wrote it, ours' last line break.
        let bOfOurs = #""value" : "B\/""#
        let expected = String(decoding: theirs, as: UTF8.self).replacingOccurrences(
            of: #""value" : "B/""#, with: bOfOurs)
        #expect(String(decoding: result.data, as: UTF8.self) == expected + "\n")
        // Written again as Xcode writes it, it is the merge in Xcode's layout (theirs, here).
        #expect(StringCatalogWriter.write(StringCatalog(result.data, path: Self.path)) == theirs + Data("\n".utf8))
    }

    @Test("both sides of a conflict keep ours' entries the merge leaves as ours has them")
    func conflictKeepsOursAsWritten() throws {
        let base = Self.catalog([("a", "A"), ("b", "B/")])
        let ours = Self.slashesEscaped(Self.catalog([("a", "A ours"), ("b", "B/")]))
        let theirs = Self.catalog([("a", "A theirs"), ("b", "B/")])
        let result = try CatalogMerge.merge(
            .stringCatalog, base: base, ours: Data(ours.utf8), theirs: theirs, path: Self.path)
        #expect(result.conflicts == ["key \"a\", de"])
        for side in ["ours", "theirs"] {
            let resolved = MarkedConflicts.keeping(side, of: String(decoding: result.data, as: UTF8.self))
            #expect(resolved == Self.slashesEscaped(Self.catalog([("a", "A \(side)"), ("b", "B/")])))
        }
    }

    /// Ours in another layout than Xcode's, by name.
    static let otherLayouts: [String: @Sendable (Data) throws -> String] = [
        "an entry on one line": { try writtenOtherwise($0, key: "b", as: bOnOneLine) },
        "four spaces a level": { catalog in
            String(decoding: catalog, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map {
                String(repeating: " ", count: $0.prefix { $0 == " " }.count) + $0
            }.joined(separator: "\n")
        },
        "lines ending with CR LF": { String(decoding: $0, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n") },
        "\"key\": value, as JSON.stringify and jq write": {
            String(decoding: $0, as: UTF8.self).replacingOccurrences(of: "\" : ", with: "\": ")
        },
    ]

    @Test(
        "ours in another layout than Xcode's is written whole in Xcode's, not as two layouts in one file",
        arguments: otherLayouts.keys.sorted())
    func oursInAnotherLayout(_ layout: String) throws {
        let base = Self.catalog([("a", "A"), ("b", "B/"), ("c", "C")])
        let theirs = Self.catalog([("a", "A theirs"), ("b", "B/"), ("bb", "BB"), ("c", "C")])
        let written = try #require(Self.otherLayouts[layout])
        let ours = try written(base)
        let result = try CatalogMerge.merge(
            .stringCatalog, base: base, ours: Data(ours.utf8), theirs: theirs, path: Self.path)
        #expect(result.conflicts.isEmpty)
        #expect(result.data == theirs)
    }

    @Test("both sides of a conflict onto ours in another layout are written whole in Xcode's layout, alike")
    func conflictOntoAnotherLayout() throws {
        let base = Self.catalog([("a", "A"), ("b", "B/"), ("c", "C/")])
        // Ours: "b" on one line, `/` escaped; theirs removes "b", the one entry ours has otherwise.
        let ours = Self.slashesEscaped(
            Data(
                try Self.writtenOtherwise(
                    Self.catalog([("a", "A ours"), ("b", "B/"), ("c", "C/")]), key: "b", as: Self.bOnOneLine
                ).utf8))
        let theirs = Self.catalog([("a", "A theirs"), ("c", "C/")])
        let result = try CatalogMerge.merge(
            .stringCatalog, base: base, ours: Data(ours.utf8), theirs: theirs, path: Self.path)
        #expect(result.conflicts == ["key \"a\", de"])
        for side in ["ours", "theirs"] {
            let resolved = MarkedConflicts.keeping(side, of: String(decoding: result.data, as: UTF8.self))
            #expect(resolved == String(decoding: Self.catalog([("a", "A \(side)"), ("c", "C/")]), as: UTF8.self))
        }
    }

    @Test("an entry the merge writes that does not read as a String Catalog's is an error; ours' own is kept")
    func mergedEntryMustRead() throws {
        // Theirs changes "b" into an entry whose state is a number: the merge would write it.
        let versions = try Self.versions(replacingState: #""state" : 5,"#)
        let error = try #require(throws: Diagnostic.self) {
            try CatalogMerge.merge(
                .stringCatalog, base: versions.base, ours: versions.ours, theirs: versions.theirs, path: Self.path)
        }
        #expect(error.message.contains("the merged String Catalog would not read back"), "\(error)")
        // The same entry in ours, which theirs does not touch, is ours' own: kept as it is.
        let result = try CatalogMerge.merge(
            .stringCatalog, base: versions.base, ours: versions.theirs, theirs: versions.ours, path: Self.path)
        let text = String(decoding: result.data, as: UTF8.self)
        #expect(text.contains(#""state" : 5,"#) && text.contains("A ours"))
    }

    /// Theirs: the base catalog with `replacement` for the last `"state" : "translated",`
    /// (in entry "b"); ours changes "a".
    static func versions(replacingState replacement: String) throws -> (base: Data, ours: Data, theirs: Data) {
        let base = catalog([("a", "A"), ("b", "B")])
        let text = String(decoding: base, as: UTF8.self)
        let state = try #require(text.range(of: #""state" : "translated","#, options: .backwards))
        let theirs = Data(text.replacingCharacters(in: state, with: replacement).utf8)
        return (base, catalog([("a", "A ours"), ("b", "B")]), theirs)
    }

    /// An unknown field of nested arrays, the innermost `depth` deep in the document (the
    /// field's value is 6 deep: the top level, `strings`, the entry, `localizations`, the
    /// language, `stringUnit`).
    static func nested(_ depth: Int) -> String {
        #""x" : "# + String(repeating: "[", count: depth - 5) + String(repeating: "]", count: depth - 5) + ","
    }

    @Test(
        "a version that is not JSON inside an entry is the error reading it whole gives",
        arguments: [
            #""state" : tru,"#, #""state" : "translated",,"#, #""state" : "\q","#,
            nested(CatalogShapeReader.maximumValueNesting),
        ])
    func entryNotJSON(_ broken: String) throws {
        let versions = try Self.versions(replacingState: broken)
        var whole: Diagnostic?
        do { _ = try JSONValue(document: versions.theirs, path: "\(Self.path) (theirs)") } catch { whole = error }
        let expected = try #require(whole)
        #expect(throws: expected) {
            try CatalogMerge.merge(
                .stringCatalog, base: versions.base, ours: versions.ours, theirs: versions.theirs, path: Self.path)
        }
    }

    @Test("values nested as deep as JSONValue reads them merge")
    func nestedAsDeepAsRead() throws {
        let deepest = Self.nested(CatalogShapeReader.maximumValueNesting - 1)
        let versions = try Self.versions(replacingState: deepest + #" "state" : "translated","#)
        let result = try CatalogMerge.merge(
            .stringCatalog, base: versions.base, ours: versions.ours, theirs: versions.theirs, path: Self.path)
        let merged = StringCatalog(result.data, path: Self.path)
        #expect(result.conflicts.isEmpty && merged.errors.isEmpty)
        #expect(merged["a"]?.localizations["de"]?.stringUnit?.value == "A ours")
        #expect(merged["b"]?.localizations["en"]?.stringUnit?.otherFields["x"] != nil)
    }

    // MARK: KeyedList

    @Test("insert(contentsOf:orderedBy:) leaves a list in order as set(_:for:orderedBy:) of each in turn would")
    func insertMatchesSet() {
        var random = SeededGenerator(seed: 7)
        // Case ignored: "b" and "B" tie, and ties keep their order.
        let order = { (lhs: String, rhs: String) in lhs.lowercased() < rhs.lowercased() }
        let letters = (0..<20).map { String(UnicodeScalar(UInt8(ascii: "a") + UInt8($0))) }
        let pool = letters + letters.map { $0 + "x" } + ["B", "Dx"]
        for _ in 0..<200 {
            let shuffled = pool.shuffled(using: &random)
            let split = Int(random.next() % UInt64(shuffled.count))
            let existing = shuffled[..<split].sorted(by: order)
            let added = shuffled[split...]
            var once = KeyedList(existing.map { ($0, 0) })
            once.insert(contentsOf: added.map { ($0, 1) }, orderedBy: order)
            var each = KeyedList(existing.map { ($0, 0) })
            for key in added { each.set(1, for: key, orderedBy: order) }
            #expect(once.keys == each.keys)
        }
    }

    @Test("in a list out of order, an added member goes before the first one that comes after it")
    func insertOutOfOrder() {
        var list = KeyedList([("b", 0), ("d", 0), ("a", 0)])
        list.insert(contentsOf: [("e", 1), ("c", 1)], orderedBy: <)
        #expect(list.keys == ["b", "c", "d", "a", "e"])
    }

    // MARK: .strings

    @Test(".strings: many changed values replaced in place, removed keys removed, new keys appended with comments")
    func stringsManyChanges() throws {
        let count = 600
        func line(_ index: Int, _ value: String) -> String {
            (index % 10 == 0 ? "/* Comment \(index). */\n" : "") + "\"key\(index)\" = \"\(value)\";\n"
        }
        let removed = { (index: Int) in index % 7 == 1 && index % 10 != 0 }
        let theirsValue = { (index: Int) in index % 3 == 0 ? "theirs \(index)" : "value \(index)" }
        let oursValue = { (index: Int) in index % 3 == 1 && !removed(index) ? "ours \(index)" : "value \(index)" }
        let added = (0..<50).map { "/* New \($0). */\n\"new\($0)\" = \"New \($0)\";\n" }.joined()
        let base = (0..<count).map { line($0, "value \($0)") }.joined()
        let ours = (0..<count).map { line($0, oursValue($0)) }.joined()
        let theirs = (0..<count).filter { !removed($0) }.map { line($0, theirsValue($0)) }.joined() + added
        let expected =
            (0..<count).filter { !removed($0) }.map { line($0, $0 % 3 == 0 ? theirsValue($0) : oursValue($0)) }
            .joined() + added
        let result = try CatalogMerge.merge(
            .strings, base: Data(base.utf8), ours: Data(ours.utf8), theirs: Data(theirs.utf8),
            path: "Localizable.strings")
        #expect(result.conflicts.isEmpty)
        #expect(String(decoding: result.data, as: UTF8.self) == expected)
    }

    /// How a `.strings` file may be saved: UTF-8 with a byte-order mark, UTF-16 either way
    /// round with one (Xcode's `genstrings` writes UTF-16 LE).
    static let savedForms: [(name: String, mark: [UInt8], encoding: String.Encoding)] = [
        ("UTF-8 with a mark", [0xEF, 0xBB, 0xBF], .utf8), ("UTF-16 LE", [0xFF, 0xFE], .utf16LittleEndian),
        ("UTF-16 BE", [0xFE, 0xFF], .utf16BigEndian),
    ]

    @Test(
        ".strings: the merge is written as ours was saved, its byte-order mark and byte order kept",
        arguments: savedForms.map(\.name))
    func stringsKeepTheirSavedForm(form name: String) throws {
        let form = try #require(Self.savedForms.first { $0.name == name })
        func saved(_ text: String) throws -> Data { Data(form.mark) + (try #require(text.data(using: form.encoding))) }
        let base = "\"a\" = \"A\";\n\"b\" = \"B\";\n"
        let ours = "\"a\" = \"Ä\";\n\"b\" = \"B\";\n"
        let theirs = "\"a\" = \"A\";\n\"b\" = \"Bé\";\n\"c\" = \"C\";\n"
        // Theirs as UTF-8 without a mark: ours decides how the result is saved.
        let result = try CatalogMerge.merge(
            .strings, base: try saved(base), ours: try saved(ours), theirs: Data(theirs.utf8),
            path: "Localizable.strings")
        #expect(result.conflicts.isEmpty)
        #expect(Array(result.data.prefix(form.mark.count)) == form.mark)
        let text = try #require(String(data: result.data.dropFirst(form.mark.count), encoding: form.encoding))
        #expect(text == "\"a\" = \"Ä\";\n\"b\" = \"Bé\";\n\"c\" = \"C\";\n")
    }

    @Test(
        ".strings editor: columns after characters of several bytes, CRLF lines, two entries on a line, the short form"
    )
    func editsAmongWideCharacters() throws {
        let text =
            "/* é comment */ \"clé\" = \"valeur\";\r\n\"日本\" = \"テキスト\"; \"b\" = \"x\";\r\n"
            + "\t\"wide\"\t=\u{0B}\"space\";\n\"short\";\n"
        let file = try StringsParser.parse(text, path: "Localizable.strings")
        let edited = try StringsFileEditor.apply(
            [("b", "y"), ("clé", "v2"), ("wide", "w2"), ("short", "s2"), ("new", "n")], comments: ["new": "New."],
            to: text, file: file)
        #expect(
            edited
                == "/* é comment */ \"clé\" = \"v2\";\r\n\"日本\" = \"テキスト\"; \"b\" = \"y\";\r\n"
                + "\t\"wide\"\t=\u{0B}\"w2\";\n\"short\" = \"s2\";\n/* New. */\n\"new\" = \"n\";\n")
        let removed = try StringsFileEditor.removing(["b", "wide"], from: text, file: file)
        #expect(
            removed == "/* é comment */ \"clé\" = \"valeur\";\r\n\"日本\" = \"テキスト\"; \r\n\"short\";\n")
    }

    /// Merges of `.strings` files an attacker's review found wrong: each with the merged text
    /// expected, or nil when the merge must refuse (and git's line merge take over).
    static let awkwardStrings: [(String, String, String, String, String?)] = [
        (
            "a lone CR inside a value is no line end: the later entries keep their places",
            "\"a\" = \"one\rtwo\";\n\"b\" = \"2\";\n\"c\" = \"3\";\n",
            "\"a\" = \"one\rtwo\";\n\"b\" = \"2\";\n\"c\" = \"3\";\n\"o\" = \"x\";\n",
            "\"a\" = \"one\rtwo\";\n\"b\" = \"2\";\n\"c\" = \"3t\";\n",
            "\"a\" = \"one\rtwo\";\n\"b\" = \"2\";\n\"c\" = \"3t\";\n\"o\" = \"x\";\n"
        ),
        (
            "a lone CR between entries: theirs removes the right one",
            "\"a\" = \"1\";\r\"b\" = \"2\";\n\"c\" = \"3\";\n",
            "\"a\" = \"1o\";\r\"b\" = \"2\";\n\"c\" = \"3\";\n",
            "\"a\" = \"1\";\r\"b\" = \"2\";\n",
            "\"a\" = \"1o\";\r\"b\" = \"2\";\n"
        ),
        (
            "a file in braces takes theirs' new key inside them",
            "{\n\"a\" = \"1\";\n\"b\" = \"2\";\n}\n",
            "{\n\"a\" = \"1o\";\n\"b\" = \"2\";\n}\n",
            "{\n\"a\" = \"1\";\n\"b\" = \"2\";\n\"c\" = \"3\";\n}\n",
            "{\n\"a\" = \"1o\";\n\"b\" = \"2\";\n\"c\" = \"3\";\n}\n"
        ),
        (
            "U+2028 between tokens is white space, as the reader reads it",
            "\"a\"\u{2028}= \"1\";\n\"b\" = \"2\";\n",
            "\"a\"\u{2028}= \"1\";\n\"b\" = \"2o\";\n",
            "\"a\"\u{2028}= \"1t\";\n\"b\" = \"2\";\n",
            "\"a\"\u{2028}= \"1t\";\n\"b\" = \"2o\";\n"
        ),
        (
            "CRLF lines: a removed entry takes its line and its comment",
            "/* A. */\r\n\"a\" = \"1\";\r\n\r\n\"b\" = \"2\";\r\n",
            "/* A. */\r\n\"a\" = \"1\";\r\n\r\n\"b\" = \"2o\";\r\n",
            "\"b\" = \"2\";\r\n",
            "\r\n\"b\" = \"2o\";\r\n"
        ),
        (
            "CRLF lines: a paragraph removed from the middle takes the blank line before it, as with LF",
            "\"a\" = \"1\";\r\n\r\n/* B */\r\n\"b\" = \"2\";\r\n\r\n\"c\" = \"3\";\r\n",
            "\"a\" = \"1\";\r\n\r\n/* B */\r\n\"b\" = \"2\";\r\n\r\n\"c\" = \"3o\";\r\n",
            "\"a\" = \"1\";\r\n\r\n\"c\" = \"3\";\r\n",
            "\"a\" = \"1\";\r\n\r\n\"c\" = \"3o\";\r\n"
        ),
        (
            "CRLF lines: theirs' new key and its comment are added with CRLF",
            "\"a\" = \"1\";\r\n",
            "\"a\" = \"1o\";\r\n",
            "\"a\" = \"1\";\r\n/* New. */\r\n\"n\" = \"N\";\r\n",
            "\"a\" = \"1o\";\r\n/* New. */\r\n\"n\" = \"N\";\r\n"
        ),
        (
            "LF lines: a paragraph removed from the middle takes the blank line before it",
            "\"a\" = \"1\";\n\n/* B */\n\"b\" = \"2\";\n\n\"c\" = \"3\";\n",
            "\"a\" = \"1\";\n\n/* B */\n\"b\" = \"2\";\n\n\"c\" = \"3o\";\n",
            "\"a\" = \"1\";\n\n\"c\" = \"3\";\n",
            "\"a\" = \"1\";\n\n\"c\" = \"3o\";\n"
        ),
        (
            "a comment with a /* inside goes whole with its entry, from its first /*",
            "\"b\" = \"2\";\n/* outer\n   /* inner */\n\"a\" = \"1\";\n",
            "\"b\" = \"2o\";\n/* outer\n   /* inner */\n\"a\" = \"1\";\n",
            "\"b\" = \"2\";\n",
            "\"b\" = \"2o\";\n"
        ),
        (
            "a line comment ending in */ is no block comment's end: the entries above stay",
            "/* a */\n\"x\" = \"1\";\n// note */\n\"k\" = \"v\";\n\n\"z\" = \"z\";\n",
            "/* a */\n\"x\" = \"1\";\n// note */\n\"k\" = \"v\";\n\n\"z\" = \"ours\";\n",
            "/* a */\n\"x\" = \"1\";\n// note */\n\n\"z\" = \"z\";\n",
            "/* a */\n\"x\" = \"1\";\n// note */\n\n\"z\" = \"ours\";\n"
        ),
        (
            "a */ inside a quoted string is no comment's end",
            "/* a */\n\"x\" = \"/* y */\";\n\"k\" = \"v\";\n",
            "/* a */\n\"x\" = \"/* y */\";\n\"k\" = \"v\";\n\"o\" = \"o\";\n",
            "/* a */\n\"x\" = \"/* y */\";\n",
            "/* a */\n\"x\" = \"/* y */\";\n\"o\" = \"o\";\n"
        ),
        (
            "// inside an unquoted word starts no comment: the string after it is read as one",
            "x = a//b; \"s\" = \"1\n/* z\"; /* w */\n\"k\" = \"v\";\n",
            "\"o\" = \"o\";\nx = a//b; \"s\" = \"1\n/* z\"; /* w */\n\"k\" = \"v\";\n",
            "x = a//b; \"s\" = \"1\n/* z\"; /* w */\n",
            "\"o\" = \"o\";\nx = a//b; \"s\" = \"1\n/* z\"; /* w */\n"
        ),
        (
            "a property list .strings is not edited in place",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>a</key><string>1</string></dict></plist>\n",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>a</key><string>1o</string></dict></plist>\n",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>a</key><string>1</string><key>c</key><string>3</string></dict></plist>\n",
            nil
        ),
    ]

    @Test(".strings merges that must not edit the wrong entry or break the file", arguments: awkwardStrings)
    func awkwardStringsMerge(_ name: String, base: String, ours: String, theirs: String, expected: String?) throws {
        let merge = { () throws(Diagnostic) in
            try CatalogMerge.merge(
                .strings, base: Data(base.utf8), ours: Data(ours.utf8), theirs: Data(theirs.utf8),
                path: "Localizable.strings")
        }
        guard let expected else {
            #expect(throws: Diagnostic.self, "\(name)") { try merge() }
            return
        }
        let result = try merge()
        #expect(result.conflicts.isEmpty, "\(name)")
        #expect(String(decoding: result.data, as: UTF8.self) == expected, "\(name)")
    }

    @Test(".strings: values are compared byte for byte: a spelling theirs changed to another normalization is taken")
    func stringsComparedAsBytes() throws {
        let (composed, decomposed) = ("caf\u{E9}", "cafe\u{301}")
        #expect(composed == decomposed)  // one text to `String`'s ==, two to the file
        let base = "\"a\" = \"\(composed)\";\n\"b\" = \"\(composed)\";\n\"c\" = \"x\";\n"
        let ours = "\"a\" = \"\(composed)\";\n\"b\" = \"\(decomposed)\";\n\"c\" = \"x\";\n"
        // Theirs re-spells a (taken), and b as ours did (the same change: nothing to do).
        let theirs = "\"a\" = \"\(decomposed)\";\n\"b\" = \"\(decomposed)\";\n\"c\" = \"x\";\n"
        let result = try CatalogMerge.merge(
            .strings, base: Data(base.utf8), ours: Data(ours.utf8), theirs: Data(theirs.utf8),
            path: "Localizable.strings")
        #expect(result.conflicts.isEmpty)
        #expect(Array(result.data) == Array(theirs.utf8))
        // Ours spelled c one way, theirs the other: two changes of one key, a conflict.
        let conflicting = try CatalogMerge.merge(
            .strings, base: Data(base.utf8),
            ours: Data(base.replacingOccurrences(of: "\"x\"", with: "\"\(composed)\"").utf8),
            theirs: Data(base.replacingOccurrences(of: "\"x\"", with: "\"\(decomposed)\"").utf8),
            path: "Localizable.strings")
        #expect(conflicting.conflicts == ["key \"c\""])
    }

    @Test(".strings: ours in UTF-16 as long as its UTF-8 (as many CJK characters as ASCII and 2) is edited as text")
    func utf16AsLongAsItsUTF8() throws {
        // The reviewer's case: ours' bytes once taken for its UTF-8, since they were as many.
        let tail = "\";\n\"a\" = \"1\";\n"
        let ascii = "\"k\" = \"".count + tail.count
        let ours = "\"k\" = \"" + String(repeating: "\u{65E5}", count: ascii + 2) + tail
        func utf16(_ text: String) -> Data { Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)! }
        try #require(utf16(ours).count == ours.utf8.count)
        let base = "\"k\" = \"x\";\n\"a\" = \"1\";\n"
        let result = try CatalogMerge.merge(
            .strings, base: utf16(base), ours: utf16(ours),
            theirs: utf16(base.replacingOccurrences(of: "\"1\"", with: "\"2\"")), path: "Localizable.strings")
        #expect(result.conflicts.isEmpty)
        #expect(result.data == utf16(ours.replacingOccurrences(of: "\"1\"", with: "\"2\"")))
    }

    /// The attacker's case of issue 39's fifth round: two keys spelled in two normalizations are
    /// two keys to the file and to Foundation, and were one to the editor's sets.
    @Test(".strings: keys that differ only in normalization are removed and commented each on its own")
    func keysInTwoNormalizations() throws {
        let (composed, decomposed) = ("caf\u{E9}", "cafe\u{301}")
        let (newComposed, newDecomposed) = ("n\u{E9}", "ne\u{301}")
        let base = "\"\(composed)\" = \"1\";\n\"\(decomposed)\" = \"2\";\n\"z\" = \"z\";\n"
        let theirs =
            "\"z\" = \"z\";\n/* composed */\n\"\(newComposed)\" = \"3\";\n"
            + "/* decomposed */\n\"\(newDecomposed)\" = \"4\";\n"
        let result = try CatalogMerge.merge(
            .strings, base: Data(base.utf8), ours: Data((base + "\"o\" = \"O\";\n").utf8),
            theirs: Data(theirs.utf8), path: "Localizable.strings")
        #expect(result.conflicts.isEmpty)
        #expect(
            Array(result.data)
                == Array(
                    ("\"z\" = \"z\";\n\"o\" = \"O\";\n/* composed */\n\"\(newComposed)\" = \"3\";\n"
                        + "/* decomposed */\n\"\(newDecomposed)\" = \"4\";\n").utf8))
        // Theirs removes one of the two: the other stays.
        let one = try CatalogMerge.merge(
            .strings, base: Data(base.utf8), ours: Data((base + "\"o\" = \"O\";\n").utf8),
            theirs: Data("\"\(decomposed)\" = \"2\";\n\"z\" = \"z\";\n".utf8), path: "Localizable.strings")
        #expect(Array(one.data) == Array("\"\(decomposed)\" = \"2\";\n\"z\" = \"z\";\n\"o\" = \"O\";\n".utf8))
    }

    @Test(".strings: a key theirs removes is removed wherever ours defines it, a key defined twice included")
    func removesEveryDefinition() throws {
        let base = "\"a\" = \"1\";\n\"b\" = \"2\";\n\"a\" = \"3\";\n"
        let result = try CatalogMerge.merge(
            .strings, base: Data(base.utf8), ours: Data((base + "\"c\" = \"C\";\n").utf8),
            theirs: Data("\"b\" = \"2\";\n".utf8), path: "Localizable.strings")
        #expect(result.conflicts.isEmpty)
        #expect(String(decoding: result.data, as: UTF8.self) == "\"b\" = \"2\";\n\"c\" = \"C\";\n")
        // A key defined more times than the editor looks for is not removed: the merge is refused.
        let many = String(repeating: "\"a\" = \"1\";\n", count: 20) + "\"b\" = \"2\";\n"
        let error = try #require(throws: Diagnostic.self) {
            try CatalogMerge.merge(
                .strings, base: Data(many.utf8), ours: Data((many + "\"c\" = \"C\";\n").utf8),
                theirs: Data("\"b\" = \"2\";\n".utf8), path: "Localizable.strings")
        }
        #expect(error.message == "key \"a\" is defined more than 16 times; nothing was removed")
    }

    /// An attack of issue 39's last round: a merge the reader would take for UTF-16 is refused,
    /// not written.
    @Test(".strings: a merge that would not read back as saved is refused")
    func stringsMergeRefusedWhenUnreadable() throws {
        let (base, ours, theirs) = (
            "\"\u{0}\" = \"x\";\n\"a\" = \"1\";\n\"z\" = \"z\";\n",
            "\"\u{0}\" = \"x\";\n\"a\" = \"1\";\n\"z\" = \"ours!\";\n",
            "\"\u{0}\" = \"x\";\n\"a\" = \"1\";\n\"z\" = \"z\";\nb= c;\n"
        )
        let error = try #require(throws: Diagnostic.self) {
            try CatalogMerge.merge(
                .strings, base: Data(base.utf8), ours: Data(ours.utf8), theirs: Data(theirs.utf8),
                path: "Localizable.strings")
        }
        #expect(error.message.contains("would not read back as it was saved"), "\(error)")
    }

    /// The net under every removal: a result that lost, changed or gained an entry besides
    /// those removed does not pass.
    @Test(
        ".strings removal's check: only the removed entries may go",
        arguments: [
            ("\"b\" = \"2\";\n\"c\" = \"3\";\n", true),
            ("\"b\" = \"2\";\n", false),
            ("\"b\" = \"2\";\n\"c\" = \"changed\";\n", false),
            ("\"b\" = \"2\";\n\"c\" = \"3\";\n\"d\" = \"4\";\n", false),
            ("\"a\" = \"1\";\n\"b\" = \"2\";\n\"c\" = \"3\";\n", false),
        ])
    func removalCheck(result: String, passes: Bool) throws {
        let original = try StringsParser.parse("\"a\" = \"1\";\n\"b\" = \"2\";\n\"c\" = \"3\";\n", path: "a.strings")
        let edited = try StringsParser.parse(result, path: "a.strings")
        #expect(
            StringsFileEditor.keepsEveryOtherEntry(of: original.table, in: edited.table, removed: [LiteralKey("a")])
                == passes)
    }

    /// A random String Catalog: some of `pool`'s keys, each in some of three languages, texts
    /// from a few words (so that two sides often make the same change), sometimes a field
    /// Xcode adds (`comment`, `extractionState`) and a top-level `version` of its own.
    static func randomCatalog(_ pool: [String], using random: inout SeededGenerator) -> StringCatalog {
        var catalog = StringCatalog(sourceLanguage: "en")
        for key in pool where Bool.random(using: &random) {
            catalog.append(contentsOf: [randomEntry(key, using: &random)])
        }
        return catalog
    }

    static func randomEntry(_ key: String, using random: inout SeededGenerator) -> StringCatalog.Entry {
        var entry = StringCatalog.Entry(key: key)
        if Int.random(in: 0..<4, using: &random) == 0 {
            entry.comment = ["A note.", "Another note."].randomElement(using: &random)
        }
        for language in ["de", "fr", "ja"] where Int.random(in: 0..<3, using: &random) > 0 {
            let text = ["eins", "zwei", "drei"].randomElement(using: &random)!
            entry.localizations.append(.init(stringUnit: .init("\(key) \(text)")), for: language)
        }
        return entry
    }

    /// `catalog` edited at random: entries removed, replaced, added, a language's text changed.
    static func edited(_ catalog: StringCatalog, _ pool: [String], using random: inout SeededGenerator) -> StringCatalog
    {
        var edited = StringCatalog(sourceLanguage: "en")
        var entries = catalog.entries
        for index in entries.indices.reversed() {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: entries.remove(at: index)
            case 1: entries[index] = randomEntry(entries[index].key, using: &random)
            case 2:
                let text = ["eins", "zwei", "vier"].randomElement(using: &random)!
                entries[index].localizations.set(
                    .init(stringUnit: .init("\(entries[index].key) \(text)")), for: "de", orderedBy: <)
            default: break
            }
        }
        edited.append(contentsOf: entries)
        let added = pool.filter { key in edited[key] == nil && Int.random(in: 0..<4, using: &random) == 0 }
        edited.insert(added.map { randomEntry($0, using: &random) }, orderedBy: StringCatalogWriter.keyOrder)
        return edited
    }

    @Test(
        "a String Catalog merge that reads only the entries theirs changed comes to what a merge of every entry does",
        arguments: 0..<300)
    func sparseMergeAsWhole(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let pool = Self.names(10)
        let base = Self.randomCatalog(pool, using: &random)
        let ours = Self.edited(base, pool, using: &random)
        let theirs = Self.edited(base, pool, using: &random)
        let versions = [base, ours, theirs].map { StringCatalogWriter.write($0) }
        func merged(whole: Bool) -> Swift.Result<CatalogMerge.Result, Diagnostic> {
            Result { () throws(Diagnostic) in
                try CatalogMerge.merge(
                    .stringCatalog, base: versions[0], ours: versions[1], theirs: versions[2], path: Self.path,
                    orderedBy: StringCatalogWriter.keyOrder, wholeVersions: whole)
            }
        }
        switch (merged(whole: false), merged(whole: true)) {
        case (.success(let sparse), .success(let whole)):
            #expect(String(decoding: sparse.data, as: UTF8.self) == String(decoding: whole.data, as: UTF8.self))
            #expect(sparse.conflicts == whole.conflicts)
        case (.failure(let sparse), .failure(let whole)):
            #expect(sparse.message == whole.message)
        case (let sparse, let whole):
            Issue.record("seed \(seed): the sparse merge gave \(sparse), the whole one \(whole)")
        }
    }

    @Test(".strings with CRLF lines: the conflict markers end their lines with CRLF too")
    func crlfConflictMarkers() throws {
        let result = try CatalogMerge.merge(
            .strings, base: Data("\"a\" = \"1\";\r\n\"b\" = \"2\";\r\n".utf8),
            ours: Data("\"a\" = \"ours\";\r\n\"b\" = \"2\";\r\n".utf8),
            theirs: Data("\"a\" = \"theirs\";\r\n\"b\" = \"2\";\r\n".utf8), path: "Localizable.strings")
        #expect(result.conflicts == ["key \"a\""])
        #expect(
            String(decoding: result.data, as: UTF8.self)
                == "<<<<<<< ours\r\n\"a\" = \"ours\";\r\n=======\r\n\"a\" = \"theirs\";\r\n>>>>>>> theirs\r\n"
                + "\"b\" = \"2\";\r\n")
    }

    /// The two sides of a text with git's conflict markers: ours' lines and theirs' lines.
    static func sides(_ marked: String) -> (ours: String, theirs: String) {
        var ours = "", theirs = ""
        var side = 0  // 0: both, 1: ours, 2: theirs
        for line in marked.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            switch line {
            case "<<<<<<< ours": side = 1
            case "=======": side = 2
            case ">>>>>>> theirs": side = 0
            default:
                if side != 2 { ours += line + "\n" }
                if side != 1 { theirs += line + "\n" }
            }
        }
        return (ours, theirs)
    }

    @Test(
        ".strings: thousands of entries changed here and removed there, among identical comments, are each marked",
        arguments: [(6_000, 2), (40, 7)])
    func manyDeleteModifyConflicts(entries: Int, every: Int) throws {
        func text(_ kept: (Int) -> Bool, _ value: (Int) -> String) -> String {
            (0..<entries).filter(kept).map {
                "/* No comment provided by engineer. */\n\"k\($0)\" = \"\(value($0))\";\n\n"
            }
            .joined()
        }
        let conflicted = { (index: Int) in index % every == 0 }
        let base = text({ _ in true }) { "v\($0)" }
        let ours = text({ _ in true }) { conflicted($0) ? "mine\($0)" : "v\($0)" }
        let theirs = text({ !conflicted($0) }) { "v\($0)" }
        let result = try CatalogMerge.merge(
            .strings, base: Data(base.utf8), ours: Data(ours.utf8), theirs: Data(theirs.utf8),
            path: "Localizable.strings")
        let count = (0..<entries).filter(conflicted).count
        #expect(result.conflicts.count == count)
        let marked = String(decoding: result.data, as: UTF8.self)
        #expect(marked.components(separatedBy: "<<<<<<< ours\n").count - 1 == count)
        // A paragraph whole between the markers (its comment, its entry, the blank line after),
        // not from its entry to the next paragraph's comment.
        #expect(
            marked.contains(
                "<<<<<<< ours\n/* No comment provided by engineer. */\n\"k\(every)\" = \"mine\(every)\";\n\n"
                    + "=======\n>>>>>>> theirs\n"))
        let (oursSide, theirsSide) = Self.sides(marked)
        #expect(oursSide == ours)
        #expect(
            try StringsParser.parse(theirsSide, path: "theirs").table.dictionary
                == StringsParser.parse(theirs, path: "theirs").table.dictionary)
    }

    @Test(
        ".strings: no line each side has once (every key defined twice, each changed both ways): marked, sides intact")
    func noUniqueLines() throws {
        func text(_ value: String) -> String {
            (0..<6_000).map { "\"k\($0)\" = \"\(value)\";\n\"k\($0)\" = \"\(value)\";\n" }.joined()
        }
        let (ours, theirs) = (text("o"), text("t"))
        let result = try CatalogMerge.merge(
            .strings, base: Data(text("v").utf8), ours: Data(ours.utf8), theirs: Data(theirs.utf8),
            path: "Localizable.strings")
        #expect(result.conflicts.count == 6_000)
        let (oursSide, theirsSide) = Self.sides(String(decoding: result.data, as: UTF8.self))
        #expect(oursSide == ours)
        // Theirs' values set on ours' text: each key's last definition, the one read, changed.
        #expect(
            try StringsParser.parse(theirsSide, path: "theirs").table.dictionary
                == StringsParser.parse(theirs, path: "theirs").table.dictionary)
    }

    @Test(".strings: ours that its reader would refuse is an error at its place, never repaired in passing")
    func oursDecodedAsTheReaderDoes() throws {
        let utf16 = { (text: String) in Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) }
        let base = utf16("\"a\" = \"1\";\n\"b\" = \"2\";\n")
        // A stray byte after ours' last UTF-16 unit: Foundation dropped it, the reader refuses it.
        let error = try #require(throws: Diagnostic.self) {
            try CatalogMerge.merge(
                .strings, base: base, ours: utf16("\"a\" = \"ours\";\n\"b\" = \"2\";\n") + Data([0x41]),
                theirs: utf16("\"a\" = \"1\";\n\"b\" = \"theirs\";\n"), path: "Localizable.strings")
        }
        #expect(error.message == "invalid UTF-16 (odd number of bytes)")
        #expect(error.path == "Localizable.strings (ours)")
        #expect(error.line == 3)
    }

    /// An attack of this round: two keys that read the same but are spelled otherwise (`é` as
    /// one scalar, and as `e` and a combining accent) were one key to the merge, and one of
    /// them was lost, or theirs' change to it. Ours adds a key; theirs changes entry `changed`.
    @Test(
        "String Catalog keys spelled differently are different keys, whole or sparse",
        arguments: [
            (2, "\"x\":{\"comment\":\"2\"}", ["\"nfc\"", "\"nfd\"", "\"2\""]),
            (0, "\"caf\\u00e9\":{\"comment\":\"nfc-theirs\"}", ["\"nfc-theirs\"", "\"nfd\"", "\"1\""]),
            (1, "\"cafe\\u0301\":{\"comment\":\"nfd-theirs\"}", ["\"nfc\"", "\"nfd-theirs\"", "\"1\""]),
        ] as [(Int, String, [String])], [false, true])
    func keysByBytes(_ change: (changed: Int, entry: String, comments: [String]), whole: Bool) throws {
        let entries = [
            "\"caf\\u00e9\":{\"comment\":\"nfc\"}", "\"cafe\\u0301\":{\"comment\":\"nfd\"}",
            "\"x\":{\"comment\":\"1\"}",
        ]
        func catalog(_ entries: [String]) -> Data {
            Data(
                ("{\"sourceLanguage\":\"en\",\"strings\":{" + entries.joined(separator: ",") + "},\"version\":\"1.0\"}")
                    .utf8)
        }
        var theirs = entries
        theirs[change.changed] = change.entry
        let result = try CatalogMerge.merge(
            .stringCatalog, base: catalog(entries), ours: catalog(entries + ["\"y\":{}"]), theirs: catalog(theirs),
            path: Self.path, orderedBy: StringCatalogWriter.keyOrder, wholeVersions: whole)
        #expect(result.conflicts.isEmpty)
        let text = String(decoding: result.data, as: UTF8.self)
        let quoted = text.components(separatedBy: "\"")
        // Both spellings stay, each once, each with its comment; and ours' new key.
        for spelling in ["caf\u{E9}", "cafe\u{301}", "y"] {
            #expect(quoted.filter { $0.utf8.elementsEqual(spelling.utf8) }.count == 1, "\(text)")
        }
        for comment in change.comments { #expect(text.contains(comment), "\(text)") }
    }

    /// An attack of this round: a key (or `strings` itself) given twice was read first here,
    /// last there, and the merge lost one or made a false conflict.
    @Test(
        "a String Catalog with a name given twice in strings or at the top is refused, not merged",
        arguments: [
            "{\"sourceLanguage\":\"en\",\"strings\":{\"k\":{\"comment\":\"1\"},\"k\":{\"comment\":\"2\"}},\"version\":\"1.0\"}",
            "{\"sourceLanguage\":\"en\",\"strings\":{\"k\":{}},\"strings\":{\"z\":{}},\"version\":\"1.0\"}",
        ])
    func nameGivenTwice(_ twice: String) throws {
        let plain = "{\"sourceLanguage\":\"en\",\"strings\":{\"k\":{\"comment\":\"1\"}},\"version\":\"1.0\"}"
        let ours = plain.replacingOccurrences(of: "\"1\"", with: "\"ours\"")
        let theirs = plain.replacingOccurrences(of: "1.0", with: "1.1")
        for (base, mine, yours) in [(twice, ours, theirs), (plain, twice, theirs), (plain, ours, twice)] {
            let error = try #require(throws: Diagnostic.self) {
                try CatalogMerge.merge(
                    .stringCatalog, base: Data(base.utf8), ours: Data(mine.utf8), theirs: Data(yours.utf8),
                    path: Self.path)
            }
            #expect(error.message.contains("is given twice in one object"), "\(error)")
        }
    }

    @Test("a String Catalog both sides added (an empty base) merges key by key")
    func addedOnBothSides() throws {
        let result = try CatalogMerge.merge(
            .stringCatalog, base: Data(), ours: Self.catalog([("a", "A"), ("same", "S")]),
            theirs: Self.catalog([("b", "B"), ("same", "S")]), path: Self.path)
        #expect(result.conflicts.isEmpty)
        #expect(result.data == Self.catalog([("a", "A"), ("b", "B"), ("same", "S")]))
        let clash = try CatalogMerge.merge(
            .stringCatalog, base: Data(), ours: Self.catalog([("a", "A")]), theirs: Self.catalog([("a", "Z")]),
            path: Self.path)
        #expect(clash.conflicts == ["key \"a\", de"])
    }

    @Test(".strings editor: a key changed twice takes its last value")
    func keyChangedTwice() throws {
        let text = "\"a\" = \"1\";\n\"b\" = \"2\";\n"
        let file = try StringsParser.parse(text, path: "Localizable.strings")
        let edited = try StringsFileEditor.apply(
            [("a", "x"), ("b", "y"), ("a", "z")], comments: [:], to: text, file: file)
        #expect(edited == "\"a\" = \"z\";\n\"b\" = \"y\";\n")
    }

    /// Texts whose bytes the editor must escape or copy as they are, now that it writes them
    /// as bytes: quotes, backslashes, every control character kind, DEL, characters of two to
    /// four bytes, the line separators CoreFoundation skips, a comment closer.
    static let awkwardTexts = [
        "say \"hi\"", "C:\\path\\", "two\nlines\r\n", "tab\tbell\u{7}nul\u{0}esc\u{1B}", "del\u{7F}", "unit\u{1F}",
        "caf\u{E9} \u{65E5}\u{672C} \u{1F600}", "sep\u{2028}par\u{2029}", "*/ not a comment end", "", "\u{301}",
    ]

    @Test(".strings editor: a value set or appended reads back as given", arguments: awkwardTexts)
    func editedValuesReadBack(_ value: String) throws {
        let text = "\"a\" = \"1\";\n\"b\";\n"
        let file = try StringsParser.parse(text, path: "Localizable.strings")
        let edited = try StringsFileEditor.apply(
            [("a", value), ("b", value), (value + "key", value)], comments: [value + "key": value], to: text,
            file: file)
        let read = try StringsParser.parse(edited, path: "Localizable.strings", keepingComments: true)
        #expect(read.table["a"] == value)
        #expect(read.table["b"] == value)
        #expect(read.table[value + "key"] == value)
        // Byte for byte the quoting FlavorKit wrote before it wrote bytes: scalar by scalar.
        var reference = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": reference += "\\\""
            case "\\": reference += "\\\\"
            case "\n": reference += "\\n"
            case "\t": reference += "\\t"
            case "\r": reference += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                reference += "\\U" + String(format: "%04X", scalar.value)
            default: reference.unicodeScalars.append(scalar)
            }
        }
        #expect(Array(StringsWriter.quoted(value).utf8) == Array((reference + "\"").utf8))
    }
}

/// A conflict-marked text resolved to one side, as a person would: the other side's lines
/// and the markers deleted.
enum MarkedConflicts {
    static func keeping(_ keep: String, of text: String) -> String {
        var lines: [Substring] = []
        var side: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            switch line {
            case "<<<<<<< ours": side = "ours"
            case "=======": side = "theirs"
            case ">>>>>>> theirs": side = nil
            default: if side == nil || side == keep { lines.append(line) }
            }
        }
        return lines.joined(separator: "\n")
    }
}
