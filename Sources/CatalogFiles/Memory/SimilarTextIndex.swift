/// Texts found by similarity without comparing every pair: an index of each text's
/// trigrams (three Unicode scalars, the text framed by a start and an end mark so that a
/// short text has some), as `msgmerge` finds candidates through its 4-gram index (trigrams
/// here: interface texts are short). A query counts the trigrams it shares with each text
/// (its rarest trigrams first, within a budget of index entries visited, so that a large
/// compendium costs no more a query; a trigram every text has is skipped, as it tells none
/// apart), keeps the texts whose length allows the threshold and who share the most, and
/// measures only those (`TextSimilarity.ratio`).
package struct SimilarTextIndex: Sendable {
    /// One similar text: its index in the texts indexed and its ratio.
    package struct Match: Sendable, Hashable {
        /// The index of the text in the list indexed.
        package var index: Int
        /// `TextSimilarity.ratio` of the query and the text.
        package var ratio: Double
    }

    /// How many texts, sharing the most trigrams with a query, are measured.
    static let measured = 16
    /// How many entries of the index a query visits at most (past the trigram that reaches it).
    static let budget = 20_000

    private let texts: [[Unicode.Scalar]]
    /// Trigram → the texts that have it, each once, ascending.
    private var postings: [UInt64: [Int32]] = [:]

    /// An index of `texts`.
    package init(_ texts: [String]) {
        self.texts = texts.map { Array($0.unicodeScalars) }
        for (index, text) in self.texts.enumerated() {
            for gram in Set(Self.trigrams(text)) { postings[gram, default: []].append(Int32(index)) }
        }
    }

    /// The number of texts indexed.
    package var count: Int { texts.count }

    /// The texts at least `threshold` similar to `query`, most similar first (equal ratios
    /// in the order indexed).
    package func matches(_ query: String, threshold: Double = TextSimilarity.threshold) -> [Match] {
        var counts = Counts(count)
        return matches(query, threshold: threshold, counts: &counts)
    }

    /// Per-text counts of shared trigrams, kept between queries so that one costs what it
    /// touches, not the size of the index.
    package struct Counts {
        fileprivate var shared: [UInt16]
        fileprivate var touched: [Int32] = []

        /// Counts for an index of `count` texts.
        package init(_ count: Int) { shared = [UInt16](repeating: 0, count: count) }
    }

    /// `matches(_:threshold:)` with counts kept by the caller (`Counts(index.count)`).
    package func matches(_ query: String, threshold: Double, counts: inout Counts) -> [Match] {
        let scalars = Array(query.unicodeScalars)
        // The rarest trigrams first, up to a budget: a query costs the same whatever the size
        // of the index (a common trigram, ` th`, alone would list most texts).
        let lists = Set(Self.trigrams(scalars)).compactMap { postings[$0] }.sorted { $0.count < $1.count }
        var visited = 0
        for list in lists where visited < Self.budget {
            // A trigram every text has (the rest come after it) adds one to every count: it
            // ranks none above another, once enough texts that can reach the threshold are in.
            let reachable = { (index: Int32) in
                TextSimilarity.bound(texts[Int(index)].count, scalars.count) >= threshold
            }
            if list.count == texts.count, counts.touched.count(where: reachable) >= Self.measured { break }
            visited += list.count
            for index in list {
                if counts.shared[Int(index)] == 0 { counts.touched.append(index) }
                counts.shared[Int(index)] &+= 1
            }
        }
        // The texts sharing the most trigrams (first indexed first among equals) that are long
        // enough or short enough to reach the threshold.
        var best: [(index: Int32, shared: UInt16)] = []
        for index in counts.touched {
            let shared = counts.shared[Int(index)]
            counts.shared[Int(index)] = 0
            guard TextSimilarity.bound(texts[Int(index)].count, scalars.count) >= threshold else { continue }
            let ranksAbove = { (other: (index: Int32, shared: UInt16)) in
                shared > other.shared || (shared == other.shared && index < other.index)
            }
            guard best.count < Self.measured || ranksAbove(best[best.count - 1]) else { continue }
            let position = best.firstIndex(where: ranksAbove) ?? best.count
            best.insert((index, shared), at: position)
            if best.count > Self.measured { best.removeLast() }
        }
        counts.touched.removeAll(keepingCapacity: true)
        guard !best.isEmpty else { return [] }
        let pattern = TextSimilarity.Pattern(scalars)
        var matches: [Match] = []
        for (index, _) in best {
            let text = texts[Int(index)]
            let ratio = Double(2 * pattern.commonLength(with: text)) / Double(text.count + scalars.count)
            if ratio >= threshold { matches.append(Match(index: Int(index), ratio: ratio)) }
        }
        return matches.sorted { $0.ratio != $1.ratio ? $0.ratio > $1.ratio : $0.index < $1.index }
    }

    /// The trigrams of a text framed by U+0002 and U+0003, each packed into 63 bits.
    package static func trigrams(_ text: [Unicode.Scalar]) -> [UInt64] {
        let framed = [Unicode.Scalar(UInt8(2))] + text + [Unicode.Scalar(UInt8(3))]
        guard framed.count >= 3 else { return [] }
        return (0...(framed.count - 3)).map {
            UInt64(framed[$0].value) << 42 | UInt64(framed[$0 + 1].value) << 21 | UInt64(framed[$0 + 2].value)
        }
    }
}
