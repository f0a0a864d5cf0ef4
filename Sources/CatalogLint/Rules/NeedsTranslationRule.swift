import Diagnostics

/// `needs-translation`: a String Catalog unit in state `new` (left out, so its key falls
/// back) or `needs_review` (used).
struct NeedsTranslationRule: LintRule {
    let name = "needs-translation"
    let severity = Diagnostic.Severity.warning
    let summary = "an .xcstrings unit in state new or needs_review"
    let help =
        "A String Catalog unit in state new (not used: the key falls back) or needs_review (used, but to be checked)."

    func check(_ context: LintContext) -> [Diagnostic] {
        context.layers.flatMap(\.catalogs.values).flatMap(\.pendingUnits).map { unit in
            let consequence =
                unit.state == "new" ? "untranslated, so the key falls back" : "used, but marked for review"
            return diagnostic(
                "key \"\(Diagnostic.quote(unit.key))\" in \(unit.language) is in state \(unit.state) (\(consequence))",
                at: unit.location)
        }
    }
}
