import Diagnostics
import Flavors

/// `unseen-override`: with dimensions, the folder of a flavor that `exclude` removes from
/// every variant, or of a variant it excludes: nothing it holds is ever shown.
struct UnseenOverrideRule: LintRule {
    let name = "unseen-override"
    let severity = Diagnostic.Severity.warning
    let summary = "an override no variant can see: its flavor or variant is excluded everywhere"
    let help =
        "flavorkit.json's exclude leaves combinations out of the matrix. A flavor whose every variant is "
        + "excluded, or an excluded variant's own folder, holds overrides no build shows: remove the folder "
        + "or the filter."

    func check(_ context: LintContext) -> [Diagnostic] {
        let layout = context.project.layout
        guard !layout.exclusions.isEmpty else { return [] }
        let variants = layout.variants
        var unseen = layout.dimensions.flatMap(\.flavors).filter { flavor in
            !variants.contains { $0.flavors.contains(flavor) }
        }
        // An excluded combination's own folder is unseen too.
        unseen += layout.combinations.filter(layout.isExcluded).map { $0.joined() }
        return unseen.filter(context.project.flavors.contains).map { folder in
            diagnostic(
                "\(folder) is excluded from every variant by flavorkit.json's exclude, so no build shows what it holds",
                at: SourceLocation(path: layout.flavor(folder).path, line: 1, column: 1))
        }
    }
}
