import Diagnostics
import Flavors

/// `same-bundle-identifier`: two variants (or flavors) with one bundle identifier, which
/// cannot be installed side by side.
struct SameBundleIdentifierRule: LintRule {
    let name = "same-bundle-identifier"
    let severity = Diagnostic.Severity.error
    let summary = "two variants with the same bundle identifier"
    let help =
        "Each variant (each flavor, without dimensions) is a program of its own, installed beside the others: "
        + "their CFBundleIdentifier must differ. Give a dimension's flavors a FlavorBundleIdentifierSuffix "
        + "(.staging), appended in dimension order, or set CFBundleIdentifier in a variant's own folder."

    func check(_ context: LintContext) -> [Diagnostic] {
        let layout = context.project.layout
        var first: [String: Variant] = [:]
        var found: [Diagnostic] = []
        for variant in layout.variants {
            // A plist start-up refuses is reported once, by info-plist.
            guard let identity = try? layout.identity(of: variant) else { continue }
            guard let earlier = first[identity.bundleIdentifier] else {
                first[identity.bundleIdentifier] = variant
                continue
            }
            let path =
                (try? VariantInfoPlist(variant: variant, layout: layout))?.values(of: "CFBundleIdentifier").first?
                .layer.path ?? layout.infoPlist(flavor: variant.folders.last!).path
            found.append(
                diagnostic(
                    "\(variant.name) has the bundle identifier of \(earlier.name), "
                        + "\"\(Diagnostic.quote(identity.bundleIdentifier))\"",
                    at: SourceLocation(path: path, line: 1, column: 1)))
        }
        return found
    }
}
