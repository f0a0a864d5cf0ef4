import Diagnostics
import Localization

/// `plural-forms`: a plural variable without a category the language's CLDR rules use.
struct PluralFormsRule: LintRule {
    let name = "plural-forms"
    let severity = Diagnostic.Severity.error
    let summary = "a plural variable without a category the language's CLDR rules need, or without other"

    func check(_ context: LintContext) -> [Diagnostic] {
        var variants = VariantLocator()
        var found: [Diagnostic] = []
        let development = context.development
        for table in development.tableNames {
            for (key, plural) in development.plurals[table] ?? [:] {
                found += check(plural, key: key, language: development.language, &variants)
            }
        }
        for comparison in context.comparisons {
            for (key, plural) in comparison.plurals where comparison.development.has(key, in: comparison.table) {
                found += check(plural, key: key, language: comparison.catalog.language, &variants)
            }
        }
        return found
    }

    /// Every category the language's CLDR rules use, in every variable.
    private func check(
        _ entry: PluralEntry, key: String, language: LanguageTag,
        _ variants: inout VariantLocator
    ) -> [Diagnostic] {
        let needed = PluralRules.rules(for: language).categories
        return entry.variables.keys.sorted().compactMap { name in
            let missing = needed.filter { entry.variables[name]!.variants[$0] == nil }
            guard !missing.isEmpty else { return nil }
            return diagnostic(
                "key \"\(Diagnostic.quote(key))\": variable \"\(Diagnostic.quote(name))\" lacks \(missing.map(\.rawValue).joined(separator: ", ")), "
                    + "which \(language) needs (\(needed.map(\.rawValue).joined(separator: ", ")))",
                at: variants.locate(variable: name, category: nil, in: entry.location))
        }
    }
}
