import Diagnostics

/// `unknown-field`: a field or value in a String Catalog that FlavorKit does not know (a newer
/// Xcode's, or a typo), named once per file. It is kept and written back unchanged; the
/// runtime does not use it.
struct UnknownFieldRule: LintRule {
    let name = "unknown-field"
    let severity = Diagnostic.Severity.warning
    let summary = "a String Catalog field or state FlavorKit does not know (kept as it is)"
    let help =
        "A field or state value in a String Catalog that FlavorKit does not know, from a newer Xcode or a typo. FlavorKit keeps it and writes it back unchanged, but does not act on it: check that nothing it means is lost at run time."

    func check(_ context: LintContext) -> [Diagnostic] {
        context.layers.flatMap { layer in
            layer.stringCatalogs.values.flatMap { catalog in
                catalog.unknownFields.map { field in
                    diagnostic(
                        "\(field.name) is not known to FlavorKit; kept as it is, not used",
                        at: field.location)
                }
            }
        }
    }
}
