import FileFormats
import Foundation
import Localization

/// Catalogs of `.strings` and `.stringsdict` files as one String Catalog, the migration Xcode
/// offers: each text a string unit, its `.strings` comment (the development language's) the
/// key's `comment`; a plural entry that is a single variable read from the first argument
/// (`PluralEntry.soleVariable`) and holding no nested variable as `variations.plural`; any
/// other plural entry a string with `substitutions`, one for every variable, nested ones
/// included (the variable's own number written `%arg`, the argument it reads `argNum`). Keys
/// come out in Xcode's order.
public enum StringCatalogMigration {
    /// `catalogs`: every language's catalog; `table`: which table to take.
    public static func catalog(
        _ catalogs: [Catalog], sourceLanguage: LanguageTag, table: String = Catalog.defaultTable,
        path: String = "Localizable.xcstrings"
    ) -> StringCatalog {
        // By bytes, as keys are told apart: two spellings of one text are two entries.
        var entries: [LiteralKey: StringCatalog.Entry] = [:]
        for catalog in catalogs {
            let language = catalog.language.description
            let comments = catalog.language == sourceLanguage ? catalog.comments[table] ?? [:] : [:]
            if let text = catalog.tables[table] {
                for entry in text.entries {
                    entries[LiteralKey(entry.key), default: StringCatalog.Entry(key: entry.key)].localizations.append(
                        StringCatalog.Localization(stringUnit: .init(entry.value)), for: language)
                }
            }
            for (key, entry) in catalog.plurals[table] ?? [:] {
                entries[LiteralKey(key), default: StringCatalog.Entry(key: key)].localizations.remove(language)
                entries[LiteralKey(key)]!.localizations.append(localization(entry), for: language)
            }
            for (key, comment) in comments where entries[LiteralKey(key)] != nil {
                entries[LiteralKey(key)]!.comment = comment
            }
        }
        var written = StringCatalog(sourceLanguage: sourceLanguage.description, path: path)
        written.append(
            contentsOf: entries.sorted(byKey: \.key.string, in: StringCatalogWriter.keyOrder).map { _, entry in
                var entry = entry
                entry.localizations = KeyedList(
                    entry.localizations.sorted { StringCatalogWriter.keyOrder($0.key, $1.key) })
                return entry
            })
        return written
    }

    private static func localization(_ entry: PluralEntry) -> StringCatalog.Localization {
        if !entry.hasNestedVariables, let name = entry.soleVariable, let variable = entry.variables[name] {
            var localization = StringCatalog.Localization()
            localization.variations = StringCatalog.Variations(plural: variants(variable, usingArg: false))
            return localization
        }
        // Every variable, nested ones too, is a substitution of its own (the catalog's
        // substitutions are flat, as `PluralEntry.variables` is), with the argument it reads.
        var substitutions = KeyedList<StringCatalog.Substitution>()
        let arguments = entry.variableArguments
        for name in entry.variablesInOrder.sorted(by: StringCatalogWriter.keyOrder) {
            guard let variable = entry.variables[name] else { continue }
            substitutions.append(
                StringCatalog.Substitution(
                    argNum: variable.argument ?? arguments[name] ?? 1, formatSpecifier: variable.valueType,
                    variations: StringCatalog.Variations(plural: variants(variable, usingArg: true))),
                for: name)
        }
        var localization = StringCatalog.Localization(stringUnit: .init(entry.format))
        localization.substitutions = substitutions
        return localization
    }

    /// Category → string unit, in Xcode's order; with `usingArg`, the variant's first plain
    /// specifier (the variable's own number) is written `%arg`.
    private static func variants(_ variable: PluralEntry.Variable, usingArg: Bool) -> KeyedList<
        StringCatalog.Localization
    > {
        KeyedList(
            variable.variants.map { category, text in
                let value = usingArg ? PluralEntry.substitutionForm(of: text) : text
                return (category.rawValue, StringCatalog.Localization(stringUnit: .init(value)))
            }.sorted { StringCatalogWriter.keyOrder($0.0, $1.0) })
    }
}
