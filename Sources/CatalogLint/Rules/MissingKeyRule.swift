import CatalogFiles
import Diagnostics
import Localization

/// `missing-key`: the development language without a catalog; a key of the development
/// language missing from a full language (unless a String Catalog marks it not to be
/// translated, or stale); a key a flavor rewords in the development language without that
/// flavor's override in a full language, or in a regional one whose shared catalog has the key
/// (which then shows the shared translation of other words).
struct MissingKeyRule: LintRule {
    let name = "missing-key"
    let severity = Diagnostic.Severity.error
    let summary = "a key of the development language missing from a full language"
    let help =
        "Every key of the development language must be in each full language (a regional variant such as es-MX only overrides its parent), or users of that language see the fallback. A key a flavor rewords in the development language needs that flavor's own override in every full language too."

    func check(_ context: LintContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        if !context.hasDevelopmentCatalog {
            found.append(
                diagnostic(
                    "the development language \(context.development.language) has no catalog here",
                    at: SourceLocation(path: context.project.layout.localizations.path, line: 1, column: 1)))
        }
        for comparison in context.comparisons where comparison.requiresEveryKey {
            found += missing(comparison, context)
        }
        for flavor in context.flavors {
            found += unreworded(flavor.layer, context)
        }
        return found
    }

    /// The development language's keys a full language lacks.
    private func missing(_ comparison: LintContext.Comparison, _ context: LintContext) -> [Diagnostic] {
        let (catalog, development, table) = (comparison.catalog, comparison.development, comparison.table)
        let present =
            comparison.agreed + comparison.entries.count { development.has($0.key, in: table) }
            + comparison.plurals.count { development.has($0.key, in: table) }
        let developmentCount = (development.tables[table]?.count ?? 0) + (development.plurals[table]?.count ?? 0)
        // Only when some key is missing (each key found was counted) is it worth looking for which.
        guard present < developmentCount else { return [] }
        let file = catalog.file(of: table, fallback: comparison.folder)
        let developmentKeys = (development.tables[table]?.keys ?? []) + (development.plurals[table] ?? [:]).keys
        return developmentKeys.filter { !catalog.has($0, in: table) && !context.shared.isExempt($0, table: table) }
            .map { key in
                let definition =
                    development.plural(key, table: table)?.location ?? development[key, table: table]?.location
                // In a String Catalog every language is in one file: point at the key's entry.
                if let definition, definition.path == file {
                    return diagnostic(
                        "key \"\(Diagnostic.quote(key))\" is missing in \(catalog.language)", at: definition)
                }
                return diagnostic(
                    "key \"\(Diagnostic.quote(key))\" is missing in \(catalog.language)"
                        + (definition.map { " (\(development.language) has it at \(context.relative($0)))" } ?? ""),
                    at: SourceLocation(path: file, line: 1, column: 1))
            }
    }

    /// A key the flavor rewords in the development language needs its own translation in
    /// every full language, and in every regional one that translates the key itself, or
    /// those show the shared translation of other words.
    private func unreworded(_ layer: CatalogLayer, _ context: LintContext) -> [Diagnostic] {
        let developmentLanguage = context.development.language
        guard let overrides = layer.catalogs[developmentLanguage] else { return [] }
        var found: [Diagnostic] = []
        for language in context.shared.languages where language != developmentLanguage {
            // A regional language (fr-CA) falls back to the flavor's parent override, unless the
            // shared catalogs translate the key in it themselves, which then wins over the flavor's.
            let regional = context.shared.isRegionalVariant(language) ? context.shared.catalogs[language] : nil
            for table in overrides.tableNames {
                let translated = layer.catalogs[language]?.keys(in: table) ?? []
                for key in overrides.keys(in: table).subtracting(translated).sorted()
                where !layer.isExempt(key, table: table) && !context.shared.isExempt(key, table: table)
                    && regional?.has(key, in: table) != false
                {
                    let location =
                        overrides.plural(key, table: table)?.location ?? overrides[key, table: table]!.location
                    found.append(
                        diagnostic(
                            "key \"\(Diagnostic.quote(key))\" is reworded by \(layer.name) in \(developmentLanguage) but has "
                                + "no \(layer.name) override in \(language), which shows the shared translation",
                            at: location))
                }
            }
        }
        return found
    }
}
