import Diagnostics

/// `syntax`: a file a reader rejects (the reader's own message, at its position), or one that
/// is not read at all (a named pipe, a link out of its folder, too large): a catalog, or a
/// Swift source the key scan needed.
struct SyntaxRule: LintRule {
    let name = "syntax"
    let severity = Diagnostic.Severity.error
    let summary = "a catalog file a reader rejects, or a catalog or source file that is not read"
    let help =
        "A catalog file (.strings, .stringsdict, .xcstrings) that its reader rejects, reported at the reader's position. CoreFoundation would silently stop reading such a file (a ;; or a stray character), and every key after the mistake would fall back. A catalog or Swift source that is not a regular file, is a symbolic link out of its folder or is too large is not read at all, and reported here."

    func check(_ context: LintContext) -> [Diagnostic] {
        context.layers.flatMap { layer in
            layer.catalogs.values.flatMap { catalog in
                catalog.errors.map(finding)
            }
        } + context.sources.problems.map(finding)
    }
}
