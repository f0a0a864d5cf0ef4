import Localization

extension StringCatalog.Localization {
    /// Every translated unit of it (its variations' and substitutions' too) marked
    /// `needs_review`, as Xcode marks translations whose source changed; a unit not translated
    /// yet (`new`) stays as it is. `previousSource`, the development text before the change,
    /// is kept in the text's unit (`previousSource`) for translators' tools to show, unless the
    /// unit already awaited review with the text it was made from kept. Returns whether some
    /// unit now awaits review.
    @discardableResult
    package mutating func markTranslatedForReview(previousSource: String? = nil) -> Bool {
        var marked = false
        if let state = stringUnit?.state, state != .new {
            if let previousSource, state != .needsReview || stringUnit?.previousSource == nil {
                stringUnit?.previousSource = previousSource
            }
            stringUnit?.state = .needsReview
            marked = true
        }
        if variations?.markTranslatedForReview() == true { marked = true }
        guard var substitutions else { return marked }
        for name in substitutions.keys {
            _ = substitutions.modify(name) { if $0.variations?.markTranslatedForReview() == true { marked = true } }
        }
        self.substitutions = substitutions
        return marked
    }
}

extension StringCatalog.Variations {
    /// Every translated unit of every case marked `needs_review`; whether some unit now
    /// awaits review.
    mutating func markTranslatedForReview() -> Bool {
        var marked = false
        for kind in [\StringCatalog.Variations.plural, \.device] {
            guard var cases = self[keyPath: kind] else { continue }
            for name in cases.keys { _ = cases.modify(name) { if $0.markTranslatedForReview() { marked = true } } }
            self[keyPath: kind] = cases
        }
        return marked
    }
}
