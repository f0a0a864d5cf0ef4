import Diagnostics
import Localization

/// `unused-key`: a key of the development language that no `text("key"` in `Sources/` uses
/// (checked only when the sources use some key at all).
struct UnusedKeyRule: LintRule {
    let name = "unused-key"
    let severity = Diagnostic.Severity.warning
    let summary = "a key of the development language that no source file uses"

    func check(_ context: LintContext) -> [Diagnostic] {
        guard !context.keyUses.isEmpty else { return [] }
        let (development, table) = (context.development, Catalog.defaultTable)
        let used = Set(context.keyUses.map(\.key))
        return development.keys(in: table).subtracting(used).sorted().map { key in
            let location = development.plural(key, table: table)?.location ?? development[key, table: table]!.location
            return diagnostic(
                "key \"\(Diagnostic.quote(key))\" is not used by any source file (text(\"\(Diagnostic.quote(key))\"…))",
                at: location)
        }
    }
}
