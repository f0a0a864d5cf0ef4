import Diagnostics
import Localization

/// `two-forms`: a String Catalog localization (or a case of one) holding both a `stringUnit`
/// and `variations`, two contradictory forms of one text; the program shows the variations.
struct TwoFormsRule: LintRule {
    let name = "two-forms"
    let severity = Diagnostic.Severity.error
    let summary = "a String Catalog language holding both a stringUnit and variations"
    let help =
        "A language (or a device's case) of a String Catalog key holds both a plain stringUnit and variations: two forms of one text that contradict each other. The program shows the variations and never the stringUnit; keep one."

    func check(_ context: LintContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for layer in context.layers {
            for catalog in layer.stringCatalogs.values {
                for entry in catalog.entries {
                    for (language, localization) in entry.localizations {
                        visit(localization, named: "in \(Diagnostic.quote(language))") { described, line in
                            found.append(
                                diagnostic(
                                    "key \"\(Diagnostic.quote(entry.key))\" \(described) has both a stringUnit and variations "
                                        + "(the variations are shown)",
                                    at: SourceLocation(path: catalog.path, line: line, column: 1)))
                        }
                    }
                }
            }
        }
        return found
    }

    /// Calls `report` for `localization` and every case inside it that has both forms.
    private func visit(
        _ localization: StringCatalog.Localization, named described: String, _ report: (String, Int) -> Void
    ) {
        if localization.stringUnit != nil,
            localization.variations?.plural != nil || localization.variations?.device != nil
        {
            report(described, localization.line)
        }
        for (device, variant) in localization.variations?.device ?? KeyedList() {
            visit(variant, named: "\(described), device \(Diagnostic.quote(device))", report)
        }
    }
}
