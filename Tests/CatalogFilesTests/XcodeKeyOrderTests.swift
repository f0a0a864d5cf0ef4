import CatalogFiles
import TestSupport
import Testing

@Suite("Xcode's key order: the plain cases answered without Foundation, always as Foundation does")
struct XcodeKeyOrderTests {
    @Test(
        "the plain cases are decided, and as Foundation decides them",
        arguments: [
            ("apple", "Banana", true), ("Banana", "apple", false), ("key", "key.title", true),
            ("row9", "row10", true), ("row10", "row9", false), ("row007x", "row8", true),
            ("a1b", "a12", true), ("a12", "a1b", false), ("a1", "ab", true), ("ab", "a1", false),
            ("screen4.section20.label", "screen4.section3.label", false), ("", "a", true),
        ])
    func plainCases(lhs: String, rhs: String, before: Bool) {
        #expect(XcodeKeyOrder.primaryOrder(lhs, rhs) == before)
        #expect(XcodeKeyOrder.foundationOrder(lhs, rhs) == before)
    }

    @Test(
        "punctuation, case alone, equal numbers and other scripts go to Foundation",
        arguments: [
            ("a_b", "a.b", "punctuation"), ("Key", "key", "case alone"), ("a07", "a7", "equal numbers"),
            ("café", "cafe", "beyond ASCII"), ("a b", "ab", "a space"), ("a1_", "a1b", "punctuation after a number"),
            ("tab\there", "tab here", "a control character"),
        ])
    func undecided(lhs: String, rhs: String, why: String) {
        #expect(XcodeKeyOrder.primaryOrder(lhs, rhs) == nil, "\(why)")
        #expect(
            XcodeKeyOrder.areInIncreasingOrder(lhs, rhs) == XcodeKeyOrder.foundationOrder(lhs, rhs), "\(why)")
    }

    /// Keys like real ones: words, digits, dots, underscores, capitals and spaces, mostly
    /// sharing a start, so that every case is reached often.
    @Test("on 20,000 random pairs of keys, the order is Foundation's")
    func randomKeys() {
        var generator = SeededGenerator(seed: 7)
        let pieces = ["a", "B", "b", "z", "Z", "0", "1", "9", "10", "007", ".", "_", "-", " ", "row", "Row", "x2"]
        func key() -> String {
            (0..<Int(generator.next() % 6)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
        }
        var decided = 0
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let start = key()
            let lhs = start + key(), rhs = start + key()
            let fast = XcodeKeyOrder.primaryOrder(lhs, rhs)
            if let fast {
                decided += 1
                if fast != XcodeKeyOrder.foundationOrder(lhs, rhs) { disagreements.append("\(lhs) | \(rhs)") }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
        // The fast path must answer most pairs, or it saves nothing.
        #expect(decided > 8_000, "decided \(decided) of 20,000")
    }
}
