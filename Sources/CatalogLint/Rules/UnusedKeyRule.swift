import CatalogExtraction
import Diagnostics
import Flavors
import Foundation
import Localization

/// `unused-key`: a key of the development language that no `text("key"` (or other key call of
/// the layout) in `Sources/` uses, nor code through its generated symbol (`.queueEmpty`), in
/// the default table and in every table a call names (as `flavorkit extract` checks them).
/// When the sources use no key at all, the check cannot tell unused keys from unseen calls:
/// it says so once, naming the folder and the calls it looked for, instead of reporting
/// every key.
struct UnusedKeyRule: LintRule {
    let name = "unused-key"
    let severity = Diagnostic.Severity.warning
    let summary = "a key of the development language that no source file uses"
    let help = """
        Every key of the development language should be used by a call such as text("key", …), or \
        through its generated symbol (text(.queueEmpty)), in \
        the sources; an unused key is usually left over from a rename. Keys are found by the calls \
        named in flavorkit.json ("keyCalls", default ["text"]) or with --key-call; when no call is \
        found at all, lint says where it looked instead of checking.
        """

    func check(_ context: LintContext) -> [Diagnostic] {
        let development = context.development
        let layout = context.project.layout
        let writesMembers = context.sources.writesMembers
        let usedThroughSymbol = { (key: String) in
            writesMembers && SymbolName.name(for: key).map(context.sources.usesMember) == true
        }
        let defaultKeys = development.keys(in: Catalog.defaultTable)
        guard !context.keyUses.isEmpty || defaultKeys.contains(where: usedThroughSymbol) else {
            guard !defaultKeys.isEmpty else { return [] }
            let calls = layout.keyCalls.map { "\($0)(\"key\"…)" }.joined(separator: ", ")
            let looked =
                FileManager.default.fileExists(atPath: layout.sources.path)
                ? "no .swift file here calls \(calls)" : "this folder does not exist (looked for \(calls))"
            return [
                Diagnostic(
                    "\(looked), so unused keys are not checked; name the folder and your own key calls in "
                        + "\(PackageLayout.Name.configuration) (\"sources\", \"keyCalls\") or with --sources and "
                        + "--key-call",
                    path: layout.sources.path, severity: severity, rule: name)
            ]
        }
        // As extract has it: the default table, and every table a call names.
        var used: [String: Set<String>] = [Catalog.defaultTable: []]
        for use in context.keyUses { used[use.tableName, default: []].insert(use.key) }
        let call = layout.keyCalls.first ?? PackageLayout.defaultKeyCalls[0]
        return used.keys.sorted().flatMap { table in
            // A stale key is `stale-key`'s finding.
            development.keys(in: table).subtracting(used[table]!).filter {
                context.shared.stringCatalogs[table]?[$0]?.isStale != true && !usedThroughSymbol($0)
            }
            .sorted().map { key in
                let location =
                    development.plural(key, table: table)?.location ?? development[key, table: table]!.location
                let tableArgument = table == Catalog.defaultTable ? "" : ", table: \"\(Diagnostic.quote(table))\""
                return diagnostic(
                    "key \"\(Diagnostic.quote(key))\" is not used by any source file "
                        + "(\(call)(\"\(Diagnostic.quote(key))\"\(tableArgument)…))",
                    at: location)
            }
        }
    }
}
