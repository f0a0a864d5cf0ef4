import Diagnostics

/// `orphan-override`: a flavor override of a key the shared catalogs do not have (or, in
/// `InfoPlist.strings`, of a key the flavor's readable `Info.plist` does not have).
struct OrphanOverrideRule: LintRule {
    let name = "orphan-override"
    let severity = Diagnostic.Severity.warning
    let summary = "a flavor override of a key the shared catalogs do not have"
    let help =
        "A flavor's catalog overrides a key the shared catalogs do not have (for InfoPlist.strings: a key the flavor's Info.plist does not have), so the override is never shown. Remove it or add the key to the shared catalogs."

    func check(_ context: LintContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for flavor in context.flavors {
            for catalog in flavor.layer.catalogs.values {
                for table in catalog.tableNames {
                    let plurals = catalog.plurals[table] ?? [:]
                    let entries = (catalog.tables[table]?.entries ?? []).filter { plurals[$0.key] == nil }
                    let keys = entries.map { ($0.key, $0.location) } + plurals.map { ($0.key, $0.value.location) }
                    for (key, location) in keys {
                        // An unreadable Info.plist is reported once, by info-plist.
                        let known =
                            table == "InfoPlist"
                            ? flavor.infoPlistKeys?.contains(key) ?? true
                            : context.development.has(key, in: table)
                        guard !known else { continue }
                        let base = table == "InfoPlist" ? "the flavor's Info.plist" : "the shared catalogs"
                        found.append(
                            diagnostic(
                                "\(flavor.layer.name) overrides key \"\(Diagnostic.quote(key))\", which \(base) do not have",
                                at: location))
                    }
                }
            }
        }
        return found
    }
}
