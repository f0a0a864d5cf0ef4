import Localization
import TestSupport
import Testing

@Suite("String Catalogs: many keys added at once")
struct StringCatalogInsertTests {
    /// A guess of the order for `insert`: none, right, always wrong, or right only sometimes.
    enum Guess: String, CaseIterable, CustomTestStringConvertible {
        case none, right, reversed, byLength

        var order: ((String, String) -> Bool)? {
            switch self {
            case .none: nil
            case .right: { $0 < $1 }
            case .reversed: { $0 > $1 }
            case .byLength: { $0.count < $1.count }
            }
        }

        var testDescription: String { rawValue }
    }

    @Test(
        "insert puts every entry where update would, one by one, whatever the guess, and finds each by its key",
        arguments: [1, 2, 3], Guess.allCases)
    func sameAsUpdate(seed: UInt64, guess: Guess) {
        var generator = SeededGenerator(seed: seed)
        let existing = (0..<200).map { _ in "k\(Int.random(in: 0..<1_000, using: &generator))" }
        var base = StringCatalog(sourceLanguage: "en", path: "L.xcstrings")
        base.append(
            contentsOf: Set(existing).sorted().map { key in
                var entry = StringCatalog.Entry(key: key)
                entry.comment = "about \(key)"
                return entry
            })
        let added = Set((0..<60).map { _ in "k\(Int.random(in: 0..<1_200, using: &generator))" })
            .filter { base[$0] == nil }.shuffled(using: &generator)
        var oneByOne = base
        for key in added { oneByOne.update(key, orderedBy: <) { _ in } }
        var together = base
        together.insert(added.map { StringCatalog.Entry(key: $0) }, orderedBy: <, guessedBy: guess.order)
        #expect(together.entries.map(\.key) == oneByOne.entries.map(\.key))
        for key in added { #expect(together[key]?.key == key && together[key]?.comment == nil) }
        // The entries there were moved with everything they hold.
        for key in existing { #expect(together[key]?.key == key && together[key]?.comment == "about \(key)") }
        #expect(base.entries.count + added.count == together.entries.count)
    }

    @Test("keys added before the first, after the last and between the same two keep their order")
    func ends() {
        var catalog = StringCatalog(sourceLanguage: "en", path: "L.xcstrings")
        catalog.append(contentsOf: ["c", "f"].map { StringCatalog.Entry(key: $0) })
        catalog.insert(["h", "a", "e", "d", "b", "g"].map { StringCatalog.Entry(key: $0) }, orderedBy: <)
        #expect(catalog.entries.map(\.key) == ["a", "b", "c", "d", "e", "f", "g", "h"])
        #expect(catalog.entries.indices.allSatisfy { catalog[catalog.entries[$0].key]?.key == catalog.entries[$0].key })
    }
}
