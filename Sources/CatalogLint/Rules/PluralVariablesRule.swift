import Diagnostics
import Localization

/// `plural-variables`: a reference between plural variables that cannot be resolved: a
/// variable that is not defined, variables that refer to each other in a cycle, nesting
/// deeper than `PluralEntry.maximumNesting`, or an argument read as two types (or at another
/// number than the variable's own `argNum`). Reported at the reference itself.
struct PluralVariablesRule: LintRule {
    let name = "plural-variables"
    let severity = Diagnostic.Severity.error
    let summary = "a nested plural variable that is not defined, a cycle, or an argument read two ways"

    func check(_ context: LintContext) -> [Diagnostic] {
        var variants = VariantLocator()
        var found: [Diagnostic] = []
        let development = context.development
        for table in development.tableNames {
            for (key, plural) in development.plurals[table] ?? [:] { found += check(plural, key: key, &variants) }
        }
        for comparison in context.comparisons {
            for (key, plural) in comparison.plurals { found += check(plural, key: key, &variants) }
        }
        return found
    }

    private func check(_ entry: PluralEntry, key: String, _ variants: inout VariantLocator) -> [Diagnostic] {
        entry.nestingProblems.map { problem in
            diagnostic(
                "key \"\(Diagnostic.quote(key))\": \(problem.message)",
                at: variants.locate(
                    reference: problem.reference, variable: problem.variable, category: problem.category,
                    in: entry.location))
        }
    }
}
