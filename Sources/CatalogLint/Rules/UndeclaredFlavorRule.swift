import Diagnostics
import Flavors

/// `undeclared-flavor`: with dimensions, a folder under `Flavors/` that is neither a flavor
/// of a dimension nor a variant: no variant reads it.
struct UndeclaredFlavorRule: LintRule {
    let name = "undeclared-flavor"
    let severity = Diagnostic.Severity.warning
    let summary = "a flavor folder that no dimension declares"
    let help =
        "With dimensions in flavorkit.json, a variant reads its own folder (Flavors/ProStaging) and its "
        + "flavors' (Flavors/Pro, Flavors/Staging). A folder that is neither is read by no variant: add its "
        + "flavor to a dimension, rename it, or remove it."

    func check(_ context: LintContext) -> [Diagnostic] {
        let layout = context.project.layout
        guard !layout.dimensions.isEmpty else { return [] }
        let declared = Set(layout.dimensions.flatMap(\.flavors))
        let variants = Set(layout.variants.map(\.name))
        return context.project.flavors.filter { !declared.contains($0) && !variants.contains($0) }.map { folder in
            diagnostic(
                "\(folder) is neither a flavor of a dimension nor a variant, so no variant reads it",
                at: SourceLocation(path: layout.flavor(folder).path, line: 1, column: 1))
        }
    }
}
