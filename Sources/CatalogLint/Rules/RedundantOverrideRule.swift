import CatalogFiles
import Diagnostics
import Flavors

/// `redundant-override`: with dimensions, a value in a variant's or flavor's folder that is
/// the very value it shadows (an `Info.plist` key, or a catalog entry of the same language
/// and table): removing it changes nothing, and it hides later changes below it.
struct RedundantOverrideRule: LintRule {
    let name = "redundant-override"
    let severity = Diagnostic.Severity.warning
    let summary = "an override identical to what it shadows"
    let help =
        "A variant reads its own folder, then its flavors in dimension order, then the shared catalogs. A value "
        + "that repeats the one below it changes nothing, and keeps the old value when the one below changes: "
        + "remove it (flavorkit flavors --explain VARIANT KEY shows both)."

    func check(_ context: LintContext) -> [Diagnostic] {
        let layout = context.project.layout
        guard !layout.dimensions.isEmpty else { return [] }
        var found: [Diagnostic] = []
        var lines = PlistKeyLines()
        for variant in layout.variants {
            if let plist = try? VariantInfoPlist(variant: variant, layout: layout) {
                for key in plistKeys(plist) {
                    let values = plist.values(of: key)
                    for (upper, lower) in zip(values, values.dropFirst())
                    where VariantExplanation.describe(upper.value) == VariantExplanation.describe(lower.value) {
                        found.append(
                            diagnostic(
                                "\(key) in \(upper.layer.folder) repeats \(lower.layer.folder)'s value, which it shadows",
                                at: lines.location(of: key, in: upper.layer.path)))
                    }
                }
            }
            let layers =
                variant.folders.compactMap { folder in context.flavors.first { $0.layer.name == folder }?.layer }
                + [context.shared]
            for (index, layer) in layers.enumerated().dropLast() {
                found += repeated(layer, below: layers[(index + 1)...], context)
            }
        }
        return found
    }

    /// The plist keys a value may shadow another's in: plain keys, and each member of a
    /// merged dictionary (`FlavorLimits.lists`); not the features (a union) nor the suffix.
    private func plistKeys(_ plist: VariantInfoPlist) -> Set<String> {
        var keys: Set<String> = []
        for layer in plist.layers {
            for key in FlavorIdentity.PlistKey.allCases where key != .features && key != .bundleIdentifierSuffix {
                guard let value = layer.value(key) else { continue }
                if VariantInfoPlist.mergedDictionaries.contains(key), let members = value as? [String: Any] {
                    keys.formUnion(members.keys.map { key.name + "." + $0 })
                } else {
                    keys.insert(key.name)
                }
            }
        }
        return keys
    }

    /// `layer`'s text entries whose text is that of the first layer below with the key in
    /// the same language and table.
    private func repeated(_ layer: CatalogLayer, below: ArraySlice<CatalogLayer>, _ context: LintContext)
        -> [Diagnostic]
    {
        var found: [Diagnostic] = []
        for (language, catalog) in layer.catalogs {
            for table in catalog.tableNames {
                for entry in catalog.tables[table]?.entries ?? [] {
                    guard
                        let shadowed = below.lazy.compactMap({ $0.catalogs[language]?[entry.key, table: table] })
                            .first,
                        shadowed.value == entry.value
                    else { continue }
                    found.append(
                        diagnostic(
                            "\(layer.name)'s \"\(Diagnostic.quote(entry.key))\" in \(language) repeats the text it "
                                + "shadows (\(context.relative(shadowed.location)))",
                            at: entry.location))
                }
            }
        }
        return found
    }
}
