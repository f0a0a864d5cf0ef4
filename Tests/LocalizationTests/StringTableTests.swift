import Localization
import Testing

@Suite("String table")
struct StringTableTests {
    /// A `.strings` text and the dictionary CoreFoundation would make of it.
    static func generated(count: Int, seed: UInt64, prefix: String) -> (text: String, model: [String: String]) {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        var text = "", model: [String: String] = [:]
        for index in 0..<count {
            // Keys repeat now and then (duplicates), have every length from 0 to ~40 bytes.
            let key = String(repeating: "k", count: Int(next() % 40)) + String(next() % UInt64(count))
            let value = "\(prefix) \(index) 日本 \(next())"
            text += "\"\(key)\" = \"\(value)\";\n"
            model[key] = value
        }
        text += "\"\" = \"empty key\";\n"
        model[""] = "empty key"
        return (text, model)
    }

    @Test("matches a Dictionary through many rehashes", arguments: [1, 7, 100, 5_000])
    func matchesDictionary(count: Int) throws {
        let (text, model) = Self.generated(count: count, seed: UInt64(count), prefix: "v")
        let file = try StringsParser.parse(text, path: "t")
        #expect(file.table.count == model.count)
        #expect(file.table.dictionary == model)
        #expect(Set(file.table.keys) == Set(model.keys))
        for (key, value) in model { #expect(file.table[key] == value) }
        #expect(file.table["absent key"] == nil)
        #expect(file.duplicateCount == count + 1 - model.count)
        #expect(file.table.entries.count == model.count, "a key defined again keeps one record")
    }

    @Test("overlay wins per key; fill only adds what is missing")
    func overlayAndFill() throws {
        let (baseText, base) = Self.generated(count: 300, seed: 1, prefix: "base")
        let (topText, top) = Self.generated(count: 200, seed: 2, prefix: "top")
        let baseTable = try StringsParser.parse(baseText, path: "base").table
        let topTable = try StringsParser.parse(topText, path: "top").table

        var overlaid = baseTable
        overlaid.overlay(topTable)
        #expect(overlaid.dictionary == base.merging(top) { _, new in new })
        #expect(overlaid.entry("")?.location.path == "top")

        var filled = topTable
        filled.fill(from: baseTable)
        #expect(filled.dictionary == top.merging(base) { old, _ in old })
        #expect(filled.count == Set(base.keys).union(top.keys).count)
    }
}
