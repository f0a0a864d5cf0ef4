import CatalogFiles
import Diagnostics
import Localization

/// `same-as-development`: a translation that reads exactly as the development language's
/// text (and has words: `%d / %d` is fine), unless `Localizations/same-as-development.txt`
/// allows it or a String Catalog marks the key not to be translated.
struct SameAsDevelopmentRule: LintRule {
    let name = "same-as-development"
    let severity = Diagnostic.Severity.warning
    let summary = "a value identical to the development language's"
    let help =
        "A translation identical to the development language's text, usually a value copied and not translated. When it is intended (a brand name), list the key in same-as-development.txt in the catalog folder (Localizations/, or the one flavorkit.json names): key, or language key."

    func check(_ context: LintContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for comparison in context.comparisons {
            let (development, table, language) = (comparison.development, comparison.table, comparison.catalog.language)
            for entry in comparison.entries
            where development.tables[table]?[entry.key] == entry.value && LintContext.hasWords(entry.value) {
                found += same(entry.key, language: language, at: entry.location, context)
            }
            for (key, plural) in comparison.plurals {
                guard let developmentPlural = development.plural(key, table: table),
                    developmentPlural.format == plural.format,
                    developmentPlural.variables.mapValues(\.variants) == plural.variables.mapValues(\.variants)
                else { continue }
                found += same(key, language: language, at: plural.location, context)
            }
        }
        return found
    }

    private func same(
        _ key: String, language: LanguageTag, at location: SourceLocation,
        _ context: LintContext
    ) -> [Diagnostic] {
        guard !context.allowedSame.contains(key), !context.allowedSame.contains("\(language) \(key)"),
            context.layers.allSatisfy({ $0.stringCatalogs.values.allSatisfy { $0[key]?.isTranslatable != false } })
        else { return [] }
        let layout = context.project.layout
        let allowList = layout.relativePath(layout.localizations.appendingPathComponent(CatalogProject.allowListName))
        return [
            diagnostic(
                "key \"\(Diagnostic.quote(key))\" in \(language) reads the same as in \(context.project.developmentLanguage) "
                    + "(list it in \(allowList) if that is intended)", at: location)
        ]
    }
}
