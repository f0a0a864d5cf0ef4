import Diagnostics

/// `needs-translation`: a String Catalog unit in state `new` or a suggestion no person
/// confirmed (left out, so its key falls back), or `needs_review` (used).
struct NeedsTranslationRule: LintRule {
    let name = "needs-translation"
    let severity = Diagnostic.Severity.warning
    let summary = "an .xcstrings unit in state new or needs_review, or a suggestion"
    let help =
        "A String Catalog unit in state new (not used: the key falls back) or needs_review (used, but to be checked), "
        + "or a suggestion FlavorKit carried over or took from memory that no person confirmed (not used)."

    func check(_ context: LintContext) -> [Diagnostic] {
        context.layers.flatMap(\.catalogs.values).flatMap(\.pendingUnits).map { unit in
            switch unit.state {
            case "suggested":
                return diagnostic(
                    "key \"\(Diagnostic.quote(unit.key))\" in \(unit.language) has a suggestion no person confirmed "
                        + "(not used, so the key falls back; review it)", at: unit.location)
            default:
                let consequence =
                    unit.state == "new" ? "untranslated, so the key falls back" : "used, but marked for review"
                return diagnostic(
                    "key \"\(Diagnostic.quote(unit.key))\" in \(unit.language) is in state \(unit.state) "
                        + "(\(consequence))", at: unit.location)
            }
        }
    }
}
