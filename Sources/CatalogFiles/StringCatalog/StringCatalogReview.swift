import Localization

extension StringCatalog.Localization {
    /// Every translated unit of it (its variations' and substitutions' too) marked
    /// `needs_review`, as Xcode marks translations whose source changed; a unit not translated
    /// yet (`new`) stays as it is. `previousSource`, the development text before the change,
    /// is kept in the text's unit (`previousSource`) for translators' tools to show, unless the
    /// unit already awaited review with the text it was made from kept.
    package mutating func markTranslatedForReview(previousSource: String? = nil) {
        if let state = stringUnit?.state, state != .new {
            if let previousSource, state != .needsReview || stringUnit?.previousSource == nil {
                stringUnit?.previousSource = previousSource
            }
            stringUnit?.state = .needsReview
        }
        variations?.markTranslatedForReview()
        guard var substitutions else { return }
        for name in substitutions.keys { _ = substitutions.modify(name) { $0.variations?.markTranslatedForReview() } }
        self.substitutions = substitutions
    }
}

extension StringCatalog.Variations {
    /// Every translated unit of every case marked `needs_review`.
    mutating func markTranslatedForReview() {
        for kind in [\StringCatalog.Variations.plural, \.device] {
            guard var cases = self[keyPath: kind] else { continue }
            for name in cases.keys { _ = cases.modify(name) { $0.markTranslatedForReview() } }
            self[keyPath: kind] = cases
        }
    }
}
