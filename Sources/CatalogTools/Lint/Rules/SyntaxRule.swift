import Diagnostics

/// `syntax`: a file a reader rejects (the reader's own message, at its position).
struct SyntaxRule: LintRule {
    let name = "syntax"
    let severity = Diagnostic.Severity.error
    let summary = "a catalog file a reader rejects"
    let help =
        "A catalog file (.strings, .stringsdict, .xcstrings) that its reader rejects, reported at the reader's position. CoreFoundation would silently stop reading such a file (a ;; or a stray character), and every key after the mistake would fall back."

    func check(_ context: LintContext) -> [Diagnostic] {
        context.layers.flatMap { layer in
            layer.catalogs.values.flatMap { catalog in
                catalog.errors.map(finding)
            }
        }
    }
}
