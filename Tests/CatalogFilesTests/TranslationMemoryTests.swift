import CatalogFiles
import Localization
import TestSupport
import Testing

@Suite("Translation memory: similarity, arguments, the trigram index and pairing")
struct TranslationMemoryTests {
    @Test(
        "the ratio is msgmerge's: twice the common subsequence over both lengths",
        arguments: [
            ("", "", 1.0), ("abc", "", 0.0), ("abc", "abc", 1.0), ("abcd", "abxd", 0.75),
            ("Exceptions", "Functions", 12.0 / 19), ("Save", "Save as PDF", 8.0 / 15),
            ("Délété", "Delete", 6.0 / 12),
        ])
    func ratio(a: String, b: String, expected: Double) {
        #expect(abs(TextSimilarity.ratio(a, b) - expected) < 1e-9)
        #expect(abs(TextSimilarity.ratio(b, a) - expected) < 1e-9)
    }

    @Test("the bit-parallel common length agrees with the textbook table, across word boundaries of 64 scalars")
    func commonLength() {
        var generator = SeededGenerator(seed: 41)
        for _ in 0..<200 {
            let a = (0..<Int.random(in: 0...150, using: &generator)).map { _ in
                "abé".randomElement()!.unicodeScalars.first!
            }
            let b = (0..<Int.random(in: 0...150, using: &generator)).map { _ in
                "abé€".randomElement()!.unicodeScalars.first!
            }
            var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in 0..<a.count {
                for j in 0..<b.count {
                    table[i + 1][j + 1] = a[i] == b[j] ? table[i][j] + 1 : max(table[i][j + 1], table[i + 1][j])
                }
            }
            #expect(TextSimilarity.Pattern(a).commonLength(with: b) == table[a.count][b.count], "\(a) \(b)")
        }
    }

    @Test(
        "same arguments: position, type and plural variables count; the words around them do not",
        arguments: [
            ("%@ of %lld", "Now %@ of %lld!", true), ("%1$@ of %2$lld", "%@ of %lld", true),
            ("%@ of %lld", "%lld of %@", false), ("%@", "%lld", false), ("%.1f%%", "%.2f%%", false),
            ("%#@files@", "%#@items@", false), ("%lld %#@files@", "%1$lld %2$#@files@", true), ("100%", "50%", true),
            ("Downloaded %@", "Downloaded %@ of %@", false),
        ])
    func signature(a: String, b: String, same: Bool) {
        #expect((ArgumentSignature(a) == ArgumentSignature(b)) == same)
    }

    @Test("the index finds what comparing every pair finds, and only at or above the threshold")
    func index() {
        let texts = [
            "Delete file", "Delete files", "Rename file", "Cancel", "Open the queue", "Close the queue", "a", "ab",
            "Tap “Done” when finished", "Tap “Done” when you are finished",
        ]
        let index = SimilarTextIndex(texts)
        for query in texts + ["Delete the files", "Canceled", "abc", "Tap Done when finished"] {
            let found = index.matches(query).map(\.index)
            let brute = texts.indices.filter { TextSimilarity.ratio(texts[$0], query) >= TextSimilarity.threshold }
            #expect(Set(found) == Set(brute), "\(query)")
            #expect(index.matches(query).map(\.ratio) == index.matches(query).map(\.ratio).sorted(by: >))
        }
    }

    @Test("texts that all share some trigrams: the same matches as with every trigram counted, best first")
    func sharedTrigrams() {
        // Every text has `Row `, ` of screen ` and ` is ready`; a query skips those trigrams.
        let texts = (0..<400).map { "Row \($0 % 37) of screen \($0 / 37) is ready" }
        let index = SimilarTextIndex(texts)
        for query in ["Row 5 of screen 3 is now ready", "Row 36 of screen 10 is ready", "Row 1 of screen 1 is ready"] {
            let matches = index.matches(query)
            let best = texts.indices.map { TextSimilarity.ratio(texts[$0], query) }.max()!
            #expect(matches.first?.ratio == best, "\(query)")
            #expect(matches.allSatisfy { TextSimilarity.ratio(texts[$0.index], query) == $0.ratio })
        }
        #expect(index.matches("Row 5 of screen 3 is now ready").first?.index == 3 * 37 + 5)
    }

    @Test("a large index of texts that share most trigrams still finds the one text, visiting few entries")
    func largeIndex() {
        let texts = (0..<30_000).map { "The file \($0) is ready to be sent" }
        let index = SimilarTextIndex(texts)
        #expect(index.matches("The file 12345 is now ready to be sent").first?.index == 12345)
        #expect(index.matches("Nothing alike at all").isEmpty)
    }

    @Test("pairs: the most similar first, each text once, never across different arguments")
    func pairs() {
        let old = ["Delete %lld files?", "Delete %lld file?", "Downloaded %@", "Settings"]
        let new = ["Delete %lld files permanently?", "Downloaded %lld", "Setting", "Delete %lld files?!"]
        let pairs = TranslationMemory.pairs(old: old, new: new)
        #expect(
            pairs.map { "\(new[$0.new]) ← \(old[$0.old])" } == [
                "Delete %lld files permanently? ← Delete %lld file?", "Setting ← Settings",
                "Delete %lld files?! ← Delete %lld files?",
            ])
    }
}
