import CatalogFiles
import Foundation
import Localization
import TestSupport
import Testing

@Suite("String Catalog writer: a large catalog written in parts, and new keys placed by a guess checked")
struct StringCatalogWriterPartsTests {
    /// A catalog of `count` keys in Xcode's layout, every other one translated into German.
    static func text(keys count: Int) -> String {
        let entries = (0..<count).map { index in
            let key = String(format: "key%05d", index)
            guard index % 2 == 0 else { return "    \"\(key)\" : {\n\n    }" }
            return """
                    "\(key)" : {
                      "comment" : "Row \(index) says \\"hi\\"",
                      "localizations" : {
                        "de" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "Zeile \(index)"
                          }
                        }
                      }
                    }
                """
        }
        return "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n" + entries.joined(separator: ",\n")
            + "\n  },\n  \"version\" : \"1.0\"\n}"
    }

    @Test(
        "read and written, a catalog of a few or many keys (written in parts) comes out byte for byte",
        arguments: [3, 1_999, 2_000, 4_321])
    func roundTrip(keys: Int) throws {
        let text = Self.text(keys: keys)
        let catalog = StringCatalog(Data(text.utf8), path: "Localizable.xcstrings")
        #expect(catalog.errors.isEmpty && catalog.entries.count == keys)
        #expect(String(decoding: StringCatalogWriter.write(catalog), as: UTF8.self) == text)
    }

    /// Foundation's order, which `keyOrder` answers without for most keys.
    static func foundationOrder(_ lhs: String, _ rhs: String) -> Bool {
        lhs.compare(
            rhs, options: [.numeric, .caseInsensitive, .forcedOrdering], range: lhs.startIndex..<lhs.endIndex,
            locale: NSLocale.system) == .orderedAscending
    }

    @Test(
        "keyOrder answers as Foundation's collation does, keys of letters, digits, - and . as any other",
        arguments: ["-.0123456789abyzABYZ", "-.09aZ", "0a.", "-.01aA_ é~"])
    func keyOrderAsFoundation(_ alphabet: String) {
        var random = SeededGenerator(seed: UInt64(alphabet.utf8.count))
        let characters = Array(alphabet)
        var wrong: [String] = []
        for _ in 0..<20_000 {
            let (a, b) = (0..<2).map { _ in
                String(
                    (0..<Int.random(in: 0...8, using: &random)).map { _ in characters.randomElement(using: &random)! })
            }.pair
            if StringCatalogWriter.keyOrder(a, b) != Self.foundationOrder(a, b) { wrong.append("\(a) \(b)") }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        for (a, b) in [("item9", "item10"), ("a.b", "a-b"), ("A", "a"), ("x01", "x1"), ("", "a"), ("Z", "a")] {
            #expect(StringCatalogWriter.keyOrder(a, b) == Self.foundationOrder(a, b), "\(a) \(b)")
            #expect(StringCatalogWriter.keyOrder(b, a) == Self.foundationOrder(b, a), "\(b) \(a)")
        }
    }

    @Test("keys placed by the guess, checked by Foundation's order, land where Foundation's order alone puts them")
    func guessedPlaces() {
        let existing = [
            "Row 2", "Row 9", "row 10", "Row 100", "a b", "a-b", "a_b", "Apple", "apple", "Äpfel", "Zebra", "zoo 007",
            "zoo 7", "ß", "日本", "%@ files", "%lld items", "",
        ].sorted(by: StringCatalogWriter.keyOrder)
        let added = [
            "Row 1", "Row 10", "row 11", "Row 99", "a  b", "a.b", "APPLE", "Apples", "Äpfelchen", "zoo 07", "zoo 8",
            "日本語", "%@ file", "~", "0", "Row 2a", "Zebras",
        ]
        var base = StringCatalog(sourceLanguage: "en", path: "L.xcstrings")
        base.append(contentsOf: existing.map { StringCatalog.Entry(key: $0) })
        var guessed = base, searched = base
        guessed.insert(
            added.map { StringCatalog.Entry(key: $0) }, orderedBy: StringCatalogWriter.keyOrder,
            guessedBy: StringCatalogWriter.keyOrderGuess)
        searched.insert(added.map { StringCatalog.Entry(key: $0) }, orderedBy: StringCatalogWriter.keyOrder)
        #expect(guessed.entries.map(\.key) == searched.entries.map(\.key))
        #expect(guessed.entries.map(\.key) == (existing + added).sorted(by: StringCatalogWriter.keyOrder))
    }
}

extension Array {
    /// The first two elements, of an array of two.
    fileprivate var pair: (Element, Element) { (self[0], self[1]) }
}
