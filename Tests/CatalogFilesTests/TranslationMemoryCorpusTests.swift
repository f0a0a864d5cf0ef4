import CatalogFiles
import Foundation
import Localization
import Testing

/// Honest numbers for carry-over (issue 41): the development texts that have a translation in
/// two real String Catalogs of the corpus (`Tests/TranslatorFormatsTests/Corpus/xcstrings/`,
/// sources and licenses in its `SOURCES.md`: losnoco/Cog, GPL-2.0, Spanish; Cizzuk/Side-Search,
/// MIT, Japanese), 100 of them edited as people edit texts, 20 more gone for good, and 20 texts
/// of a third catalog (CubeLabsNZ/CubeTime, GPL-3.0) new: what `extract` sees as keys gone and
/// keys added. Each edit is made by a rule, from texts chosen in order, so that the corpus is
/// the same on every run.
@Suite("Translation memory on a real catalog: 100 edits")
struct TranslationMemoryCorpusTests {
    enum Kind: String, CaseIterable {
        /// A typo fixed: the old text had two letters swapped in its longest word.
        case typo
        /// One word changed for another.
        case word
        /// Punctuation added, removed or changed.
        case punctuation
        /// A sentence reworded: a word dropped, one added, two swapped.
        case reworded
        /// A placeholder changed (another type, or one added): must never be carried.
        case placeholder
        /// The last of several sentences deleted.
        case sentence
    }

    struct Edit {
        var old: String
        var new: String
        var kind: Kind
    }

    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../TranslatorFormatsTests/Corpus/xcstrings")

    /// The development texts of the catalog with some translation, in file order, once each.
    static func translatedTexts(_ name: String) throws -> [String] {
        let catalog = StringCatalog(try Data(contentsOf: corpus.appendingPathComponent(name)), path: name)
        var seen = Set<String>()
        return catalog.entries.compactMap { entry -> String? in
            let source = catalog.sourceLanguage
            guard entry.localizations.contains(where: { $0.key != source && $0.value.hasTranslation }) else {
                return nil
            }
            let text = entry.localizations[source]?.stringUnit?.value ?? entry.key
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, seen.insert(text).inserted else {
                return nil
            }
            return text
        }
    }

    /// How many edits of each kind.
    static let counts: [Kind: Int] = [
        .typo: 20, .word: 20, .punctuation: 15, .reworded: 15, .placeholder: 15, .sentence: 15,
    ]

    static func words(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }

    /// The edit of `kind` for `text`, or nil when the text does not lend itself to it.
    static func edit(_ text: String, _ kind: Kind) -> Edit? {
        var words = words(text)
        switch kind {
        case .typo:
            guard let longest = words.indices.max(by: { words[$0].count < words[$1].count }),
                words[longest].count >= 5
            else { return nil }
            var letters = Array(words[longest])
            letters.swapAt(2, 3)
            guard letters[2] != letters[3] else { return nil }
            words[longest] = String(letters)
            return Edit(old: words.joined(separator: " "), new: text, kind: kind)
        case .word:
            guard words.count >= 3, let last = words.lastIndex(where: { $0.count >= 4 && $0.allSatisfy(\.isLetter) })
            else { return nil }
            words[last] = words[last] == "items" ? "entries" : "items"
            return Edit(old: text, new: words.joined(separator: " "), kind: kind)
        case .punctuation:
            guard words.count >= 2 else { return nil }
            if text.hasSuffix("…") { return Edit(old: text, new: text.dropLast() + "...", kind: kind) }
            if text.hasSuffix(".") { return Edit(old: text, new: String(text.dropLast()), kind: kind) }
            return Edit(old: text, new: text + (text.hasSuffix("?") ? "!" : "."), kind: kind)
        case .reworded:
            guard words.count >= 5, !text.contains("%") else { return nil }
            words.remove(at: 1)
            words.insert("now", at: words.count / 2)
            words.swapAt(words.count - 1, words.count - 2)
            return Edit(old: text, new: words.joined(separator: " "), kind: kind)
        case .placeholder:
            let replacements = [("%@", "%lld"), ("%lld", "%@"), ("%d", "%@"), ("%i", "%@")]
            if let (from, to) = replacements.first(where: { text.contains($0.0) }) {
                return Edit(old: text, new: text.replacingOccurrences(of: from, with: to), kind: kind)
            }
            guard words.count >= 2 else { return nil }
            return Edit(old: text, new: text + " (%@)", kind: kind)
        case .sentence:
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            let ends = trimmed.indices.filter { index in
                ".!?".contains(trimmed[index]) && trimmed.index(after: index) < trimmed.endIndex
                    && trimmed[trimmed.index(after: index)].isWhitespace
            }
            guard let last = ends.last, !text.contains("%") else { return nil }
            return Edit(old: text, new: String(trimmed[...last]), kind: kind)
        }
    }

    /// The 100 edits, the texts gone for good and the texts new, and the texts left alone.
    static func corpusEdits() throws -> (edits: [Edit], gone: [String], added: [String]) {
        let texts =
            try translatedTexts("losnoco-Cog-Localizable.xcstrings")
            + translatedTexts("Cizzuk-Side-Search-Localizable.xcstrings")
        var used = Set<String>()
        var edits: [Edit] = []
        // The rarer kinds choose first.
        for kind in [Kind.sentence, .placeholder, .reworded, .typo, .word, .punctuation] {
            var made = 0
            for text in texts where made < counts[kind]! && !used.contains(text) {
                guard let edit = edit(text, kind), edit.old != edit.new else { continue }
                used.insert(text)
                edits.append(edit)
                made += 1
            }
        }
        let gone = texts.filter { !used.contains($0) }.enumerated().filter { $0.offset % 13 == 0 }.prefix(20).map(
            \.element)
        let added = try translatedTexts("CubeLabsNZ-CubeTime-Localizable.xcstrings").enumerated()
            .filter { $0.offset % 11 == 5 && !$0.element.contains("\n") }.prefix(20).map(\.element)
        return (edits, gone, added)
    }

    struct Counts: Equatable, CustomStringConvertible {
        var carried = 0
        var wrong = 0
        var wrongWithPlaceholder = 0
        var missed = 0
        var description: String {
            "\(carried) carried, \(wrong) paired wrongly (\(wrongWithPlaceholder) of them with another placeholder), "
                + "\(missed) missed"
        }
    }

    static func count(threshold: Double) throws -> Counts {
        let (edits, gone, added) = try corpusEdits()
        let old = edits.map(\.old) + gone
        let new = edits.map(\.new) + added
        var counts = Counts()
        var paired = Set<Int>()
        for pair in TranslationMemory.pairs(old: old, new: new, threshold: threshold) {
            if pair.new < edits.count, edits[pair.new].kind == .placeholder {
                counts.wrongWithPlaceholder += 1
                counts.wrong += 1
            } else if pair.new == pair.old {
                counts.carried += 1
                paired.insert(pair.new)
            } else {
                counts.wrong += 1
            }
        }
        counts.missed = edits.indices.filter { edits[$0].kind != .placeholder && !paired.contains($0) }.count
        return counts
    }

    @Test("the corpus: 100 edits of each kind's count, 20 texts gone, 20 new")
    func corpus() throws {
        let (edits, gone, added) = try Self.corpusEdits()
        #expect(edits.count == 100)
        for kind in Kind.allCases { #expect(edits.count { $0.kind == kind } == Self.counts[kind]) }
        #expect(gone.count == 20 && added.count == 20)
    }

    @Test(
        "carried, paired wrongly and missed at 0.6 (msgmerge), 0.7 (ours) and 0.75 (translate-toolkit, Weblate)",
        arguments: [
            // Of the 85 edits that keep their arguments (the 15 that change a placeholder are
            // never carried), and no pair with the 20 texts gone or the 20 new at any threshold.
            // Missed at 0.7: 5 sentences deleted from longer texts (ratio 0.50–0.63: msgmerge
            // misses them too), 3 words changed in texts of two or three words (0.62–0.69) and 1
            // heavy rewording (0.67).
            (0.6, Counts(carried: 81, wrong: 0, wrongWithPlaceholder: 0, missed: 4)),
            (0.7, Counts(carried: 76, wrong: 0, wrongWithPlaceholder: 0, missed: 9)),
            (0.75, Counts(carried: 62, wrong: 0, wrongWithPlaceholder: 0, missed: 23)),
        ])
    func figures(threshold: Double, expected: Counts) throws {
        let counts = try Self.count(threshold: threshold)
        #expect(counts == expected, "at \(threshold): \(counts)")
        // Never across a changed placeholder; at most 2% of the pairs wrong otherwise.
        #expect(counts.wrongWithPlaceholder == 0)
        #expect(Double(counts.wrong) <= 0.02 * Double(max(counts.carried + counts.wrong, 1)))
    }
}
