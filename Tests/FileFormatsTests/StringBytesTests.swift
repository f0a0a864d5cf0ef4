import FileFormats
import Foundation
import Testing

@Suite("Strings compared by their bytes")
struct StringBytesTests {
    @Test(
        "two spellings of one text are two keys; the same bytes are one, however the strings were made",
        arguments: [
            ("caf\u{E9}", "cafe\u{301}", false),
            ("caf\u{E9}", String(decoding: Array("caf\u{E9}".utf8), as: UTF8.self), true),
            ("short", "short", true),
            ("short", "shorT", false),
            ("", "", true),
            ("", "a", false),
            (String(repeating: "long key ", count: 8), String(repeating: "long key ", count: 8), true),
            (String(repeating: "long key ", count: 8), String(repeating: "long key ", count: 8) + ".", false),
            ("screen001.item000123.label", "screen001.item000124.label", false),
        ])
    func literalKeys(left: String, right: String, same: Bool) {
        #expect(left.hasSameBytes(as: right) == same)
        #expect(right.hasSameBytes(as: left) == same)
        #expect((LiteralKey(left) == LiteralKey(right)) == same)
        if same { #expect(LiteralKey(left).hashValue == LiteralKey(right).hashValue) }
        #expect(Set([LiteralKey(left), LiteralKey(right)]).count == (same ? 1 : 2))
        // A copy in its own storage is the same key.
        #expect(LiteralKey(String(Substring(left))) == LiteralKey(left))
    }

    @Test("a table keyed by literal keys finds each of 20,000 names and no other")
    func manyKeys() {
        let names = (0..<20_000).map { "screen\($0 % 97).section\($0 / 97).label" }
        var table: [LiteralKey: Int] = [:]
        for (index, name) in names.enumerated() { table[LiteralKey(name)] = index }
        #expect(table.count == names.count)
        #expect(names.indices.allSatisfy { table[LiteralKey(names[$0])] == $0 })
        #expect(table[LiteralKey("screen1.section1.label ")] == nil)
        #expect(table[LiteralKey("screen1.section1.labe")] == nil)
    }
}
