import Diagnostics

/// `syntax`: a file a reader rejects (the reader's own message, at its position).
struct SyntaxRule: LintRule {
    let name = "syntax"
    let severity = Diagnostic.Severity.error
    let summary = "a catalog file a reader rejects"

    func check(_ context: LintContext) -> [Diagnostic] {
        context.layers.flatMap { layer in
            layer.catalogs.values.flatMap { catalog in
                catalog.errors.map(finding)
            }
        }
    }
}
