import Diagnostics

/// `extra-key`: a key in a language of the shared catalogs that the development language
/// does not have (a flavor's such key is an orphan override instead).
struct ExtraKeyRule: LintRule {
    let name = "extra-key"
    let severity = Diagnostic.Severity.warning
    let summary = "a key in a language but not in the development language"
    let help =
        "A key a language defines but the development language does not: usually left over from a rename. Remove it, or add it to the development language."

    func check(_ context: LintContext) -> [Diagnostic] {
        context.comparisons.flatMap { comparison in
            let (development, table) = (comparison.development, comparison.table)
            let message = { (key: String) in
                "key \"\(Diagnostic.quote(key))\" is not in the development language \(development.language)"
            }
            return comparison.entries.filter { !development.has($0.key, in: table) }
                .map { diagnostic(message($0.key), at: $0.location) }
                + comparison.plurals.filter { !development.has($0.key, in: table) }
                .map { diagnostic(message($0.key), at: $0.entry.location) }
        }
    }
}
