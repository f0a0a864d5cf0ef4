import Localization
import TestSupport
import Testing

@Suite("String Catalogs: many keys added at once")
struct StringCatalogInsertTests {
    @Test("insert puts every entry where update would, one by one, and finds each by its key", arguments: [1, 2, 3])
    func sameAsUpdate(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let existing = (0..<200).map { _ in "k\(Int.random(in: 0..<1_000, using: &generator))" }
        var base = StringCatalog(sourceLanguage: "en", path: "L.xcstrings")
        base.append(contentsOf: Set(existing).sorted().map { StringCatalog.Entry(key: $0) })
        let added = Set((0..<60).map { _ in "k\(Int.random(in: 0..<1_200, using: &generator))" })
            .filter { base[$0] == nil }.shuffled(using: &generator)
        var oneByOne = base
        for key in added { oneByOne.update(key, orderedBy: <) { _ in } }
        var together = base
        together.insert(added.map { StringCatalog.Entry(key: $0) }, orderedBy: <)
        #expect(together.entries.map(\.key) == oneByOne.entries.map(\.key))
        for key in added + existing { #expect(together[key]?.key == key) }
    }
}
