import Localization

/// Translations kept when a development text changes, and reused when it comes again.
///
/// `pairs` pairs texts that are gone with texts that are new: each new text with the most
/// similar gone one (`SimilarTextIndex`, at least `TextSimilarity.threshold`) that takes the
/// same arguments (`ArgumentSignature`), each text in one pair at most, the most similar
/// pairs first. A translation carried along a pair, or taken from memory, is a suggestion
/// (`StringCatalog.StringUnit.isSuggestion`) until a person confirms it.
package enum TranslationMemory {
    /// A new text and the gone text it is paired with.
    package struct Pair: Sendable, Hashable {
        /// The index of the new text.
        package var new: Int
        /// The index of the gone text.
        package var old: Int
        /// How similar they are.
        package var ratio: Double
    }

    /// The pairs of `new` and `old` texts, in the order of the new texts.
    package static func pairs(old: [String], new: [String], threshold: Double = TextSimilarity.threshold) -> [Pair] {
        guard !old.isEmpty, !new.isEmpty else { return [] }
        let index = SimilarTextIndex(old)
        // Each new text's candidates on their own: the new texts in parts, on every core.
        var found = inParts(new.count, concurrentFrom: 64) { range -> [Pair] in
            var signatures: [Int: ArgumentSignature] = [:]
            var found: [Pair] = []
            var counts = SimilarTextIndex.Counts(index.count)
            for position in range {
                let matches = index.matches(new[position], threshold: threshold, counts: &counts)
                guard !matches.isEmpty else { continue }
                let signature = ArgumentSignature(new[position])
                for match in matches {
                    if signatures[match.index] == nil { signatures[match.index] = ArgumentSignature(old[match.index]) }
                    if signatures[match.index] == signature {
                        found.append(Pair(new: position, old: match.index, ratio: match.ratio))
                    }
                }
            }
            return found
        }.flatMap { $0 }
        found.sort { ($0.ratio, -$0.new, -$0.old) > ($1.ratio, -$1.new, -$1.old) }
        var usedNew = Set<Int>(), usedOld = Set<Int>()
        var chosen: [Pair] = []
        for pair in found where !usedNew.contains(pair.new) && !usedOld.contains(pair.old) {
            usedNew.insert(pair.new)
            usedOld.insert(pair.old)
            chosen.append(pair)
        }
        return chosen.sorted { $0.new < $1.new }
    }
}

extension StringCatalog.Localization {
    /// Whether some unit inside holds a translation (a state other than `new`).
    package var hasTranslation: Bool {
        var found = false
        forEachUnit { if $0.state != .new && !$0.value.isEmpty { found = true } }
        return found
    }

    /// This translation as a suggestion: every translated unit inside marked `needs_review`
    /// and `suggested`, with the development language's text it was made from
    /// (`previousSource`): `previous`'s unit at the same place, or `previousText` for the
    /// text itself when `previous` has none. A unit not translated (`new`) is left out.
    package func suggested(previous: StringCatalog.Localization?, previousText: String) -> Self {
        var copy = self
        copy.markSuggested(previous: previous, previousText: previousText)
        return copy
    }

    /// This localization with every suggestion shown as a translation to review (no longer
    /// `suggested`): what an export reads, which a runtime catalog leaves out.
    package func revealingSuggestions() -> Self {
        var copy = self
        copy.revealSuggestions()
        return copy
    }

    private mutating func revealSuggestions() {
        if stringUnit?.isSuggestion == true { stringUnit?.isSuggested = false }
        if var variations {
            for kind in [\StringCatalog.Variations.plural, \.device] {
                guard var cases = variations[keyPath: kind] else { continue }
                for name in cases.keys { _ = cases.modify(name) { $0.revealSuggestions() } }
                variations[keyPath: kind] = cases
            }
            self.variations = variations
        }
        if var substitutions {
            for name in substitutions.keys {
                _ = substitutions.modify(name) { substitution in
                    guard var cases = substitution.variations?.plural else { return }
                    for category in cases.keys { _ = cases.modify(category) { $0.revealSuggestions() } }
                    substitution.variations?.plural = cases
                }
            }
            self.substitutions = substitutions
        }
    }

    private mutating func markSuggested(previous: StringCatalog.Localization?, previousText: String?) {
        if let unit = stringUnit {
            if unit.state == .new {
                stringUnit = nil
            } else {
                stringUnit?.state = .needsReview
                stringUnit?.isSuggested = true
                stringUnit?.previousSource = previous?.stringUnit?.value ?? previousText
            }
        }
        if var variations {
            for kind in [\StringCatalog.Variations.plural, \.device] {
                guard var cases = variations[keyPath: kind] else { continue }
                let previousCases = previous?.variations?[keyPath: kind]
                for name in cases.keys {
                    _ = cases.modify(name) {
                        $0.markSuggested(previous: previousCases?[name], previousText: nil)
                    }
                }
                variations[keyPath: kind] = cases
            }
            self.variations = variations
        }
        if var substitutions {
            for name in substitutions.keys {
                let previousCases = previous?.substitutions?[name]?.variations?.plural
                _ = substitutions.modify(name) { substitution in
                    guard var cases = substitution.variations?.plural else { return }
                    for category in cases.keys {
                        _ = cases.modify(category) {
                            $0.markSuggested(previous: previousCases?[category], previousText: nil)
                        }
                    }
                    substitution.variations?.plural = cases
                }
            }
            self.substitutions = substitutions
        }
    }
}
