import Diagnostics
import Localization

/// `duplicate-key`: a key defined twice in one file (the last definition wins).
struct DuplicateKeyRule: LintRule {
    let name = "duplicate-key"
    let severity = Diagnostic.Severity.warning
    let summary = "a key defined twice in one file (the last one wins)"
    let help = "A key defined twice in one file: only the later definition is used. Keep one."

    func check(_ context: LintContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for catalog in context.layers.flatMap(\.catalogs.values) where !catalog.duplicateLocations.isEmpty {
            let duplicates = Set(catalog.duplicateLocations)
            for table in catalog.tables.values {
                for entry in table.entries where duplicates.contains(entry.location) {
                    found.append(
                        diagnostic(
                            "key \"\(Diagnostic.quote(entry.key))\" is defined again; this later definition is the one used",
                            at: entry.location))
                }
            }
        }
        for catalog in context.layers.flatMap(\.catalogs.values) {
            for (path, count) in catalog.unlistedDuplicates {
                found.append(
                    diagnostic(
                        "\(count) more keys are defined again in this file (only the first "
                            + "\(StringsFile.listedDuplicates) are listed)",
                        at: SourceLocation(path: path, line: 1, column: 1)))
            }
        }
        return found
    }
}
