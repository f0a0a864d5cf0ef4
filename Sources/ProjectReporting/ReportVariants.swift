import Diagnostics
import Flavors
import Foundation

extension ProjectReport {
    /// One variant of a package with flavor dimensions, as the report lists it.
    public struct VariantRow: Sendable {
        /// The variant's name (`ProStaging`).
        public var name: String
        /// Its flavor of each dimension, in dimension order (`tier: Pro`).
        public var flavors: [(dimension: String, flavor: String)]
        /// Its bundle identifier, or the error its merged `Info.plist` gives.
        public var bundleIdentifier: String
    }

    /// The variants of `layout`'s matrix; none without dimensions (each flavor is its own).
    static func variantRows(_ layout: PackageLayout) -> [VariantRow] {
        guard !layout.dimensions.isEmpty else { return [] }
        return layout.variants.map { variant in
            let identifier: String
            do throws(Diagnostic) {
                identifier = try layout.identity(of: variant).bundleIdentifier
            } catch {
                identifier = "error: \(error.message)"
            }
            return VariantRow(
                name: variant.name, flavors: Array(zip(variant.dimensions, variant.flavors)),
                bundleIdentifier: identifier)
        }
    }

    /// The matrix by variant: each one's flavors, identifier and how many snapshots it has.
    func variantsSection() -> String {
        guard !variants.isEmpty else { return "" }
        var html = "<section id=\"variants\"><h2>Variants (\(variants.count))</h2>\n<table><thead><tr><th>variant</th>"
        for dimension in variants[0].flavors.map(\.dimension) { html += "<th>\(TerminalHTML.escaped(dimension))</th>" }
        html += "<th>bundle identifier</th><th>snapshots</th></tr></thead><tbody>\n"
        for variant in variants {
            let count = snapshots.count { $0.components.first == variant.name }
            html +=
                "<tr><td><a href=\"#\(Self.anchor("variant", variant.name))\">\(TerminalHTML.escaped(variant.name))</a></td>"
            for (_, flavor) in variant.flavors { html += "<td>\(TerminalHTML.escaped(flavor))</td>" }
            html += "<td><code>\(TerminalHTML.escaped(variant.bundleIdentifier))</code></td><td>\(count)</td></tr>\n"
        }
        return html + "</tbody></table></section>\n"
    }
}
