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
        // Its own keys first, then the others in the fallback's order, not in hash order.
        #expect(filled.keys == topTable.keys + baseTable.keys.filter { top[$0] == nil })
    }

    @Test("values mapped keep every key in its place")
    func mappedValuesKeepOrder() throws {
        let (text, model) = Self.generated(count: 500, seed: 3, prefix: "v")
        let table = try StringsParser.parse(text, path: "t").table
        let mapped = table.mappingValues { "[\($0)]" }
        #expect(mapped.keys == table.keys)
        #expect(mapped.dictionary == model.mapValues { "[\($0)]" })
        #expect(mapped.entries.map(\.location) == table.entries.map(\.location))
    }

    /// `text`'s lines in another arrangement: `kind` 0 as they are, 1 reversed, 2 every third
    /// left out and every fifth given twice (the second time with another value).
    static func rearranged(_ text: String, _ kind: Int) -> String {
        let lines = text.split(separator: "\n").map(String.init)
        switch kind {
        case 0: return text
        case 1: return lines.reversed().joined(separator: "\n") + "\n"
        default:
            var result = ""
            for (index, line) in lines.enumerated() where index % 3 != 0 {
                result += line + "\n"
                if index % 5 == 0 { result += line.replacingOccurrences(of: "\" = \"", with: "\" = \"again ") + "\n" }
            }
            return result
        }
    }

    @Test(
        "a walk beside other tables finds each key's value in use, whatever order the tables list keys in",
        arguments: 0..<3, 0..<3)
    func pairedWalk(otherArrangement: Int, thirdArrangement: Int) throws {
        let (text, _) = Self.generated(count: 2_000, seed: 3, prefix: "mine")
        // The same keys in the same order (versions of one file), then rearranged.
        let (otherText, thirdText) = (
            text.replacingOccurrences(of: "mine", with: "other"), text.replacingOccurrences(of: "mine", with: "third")
        )
        let mine = try StringsParser.parse(text, path: "mine").table
        let other = try StringsParser.parse(Self.rearranged(otherText, otherArrangement), path: "other").table
        let third = try StringsParser.parse(Self.rearranged(thirdText, thirdArrangement), path: "third").table
        // The values a lookup of each key gives, made apart from the walk.
        let (otherModel, thirdModel) = (
            Dictionary(uniqueKeysWithValues: mine.keys.map { ($0, other[$0]) }).compactMapValues { $0 },
            Dictionary(uniqueKeysWithValues: mine.keys.map { ($0, third[$0]) }).compactMapValues { $0 }
        )
        var walked: [String: String] = [:]
        var mismatches: [String] = []
        mine.forEachEntry(pairedWith: other, and: third) { record, value, otherValue, thirdValue in
            let key = mine.key(atRecord: record)
            walked[key] = String(decoding: value, as: UTF8.self)
            // Asked only now and then, as a merge asks: the third table's lookups skip keys.
            let asksThird = record % 4 == 0
            if otherValue.map({ String(decoding: $0, as: UTF8.self) }) != otherModel[key]
                || (asksThird && thirdValue().map({ String(decoding: $0, as: UTF8.self) }) != thirdModel[key])
            {
                mismatches.append(key)
            }
        }
        var pairedOnce: [String] = []
        mine.forEachEntry(pairedWith: other) { record, _, otherValue in
            let key = mine.key(atRecord: record)
            if otherValue.map({ String(decoding: $0, as: UTF8.self) }) != otherModel[key] { pairedOnce.append(key) }
        }
        var alone = 0
        mine.forEachEntry(pairedWith: nil) { _, _, otherValue in alone += otherValue == nil ? 1 : 0 }
        #expect(alone == mine.count, "beside no table, every key is walked with no other value")
        #expect(walked == mine.dictionary)
        #expect(mismatches.isEmpty && pairedOnce.isEmpty, "\(mismatches.prefix(5)) \(pairedOnce.prefix(5))")
        // Arranged otherwise, some of mine's keys are missing from the others: nil, not a neighbour's value.
        if otherArrangement == 2 { #expect(Set(otherModel.keys) != Set(mine.keys)) }
    }
}
