import CatalogFiles
import Foundation
import Localization
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
