import Diagnostics
import Localization

/// `undefined-key`: a `text("key"` in `Sources/` whose key the development language lacks in
/// the call's table (`Localizable` unless the call names one with `table:`).
struct UndefinedKeyRule: LintRule {
    let name = "undefined-key"
    let severity = Diagnostic.Severity.error
    let summary = "a key used in Sources/ that the development language does not have"
    let help =
        "A key call in the sources (text(\"key\", …), or a key call named in flavorkit.json) whose key the development language does not define: the program would show the key itself. Define the key, or fix its spelling."

    func check(_ context: LintContext) -> [Diagnostic] {
        let development = context.development
        return context.keyUses.filter { !development.has($0.key, in: $0.tableName) }.map { use in
            guard CatalogFolderLayout.isTableName(use.tableName) else {
                return diagnostic(
                    "key \"\(Diagnostic.quote(use.key))\" is in the table \"\(Diagnostic.quote(use.tableName))\", "
                        + "which names no catalog file (no /, \\, leading . or control character)", at: use.location)
            }
            let table = use.table.map { " in the table \"\(Diagnostic.quote($0))\"" } ?? ""
            return diagnostic(
                "key \"\(Diagnostic.quote(use.key))\" is used here but \(development.language) does not define it\(table)",
                at: use.location)
        }
    }
}
