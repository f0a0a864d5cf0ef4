import Foundation
import Localization

/// Writes catalogs as one String Catalog (`.xcstrings`), the migration Xcode offers: text
/// entries as string units, a plural entry that is a single variable read from the first
/// argument (`PluralEntry.soleVariable`) and holding no nested variable as `variations.plural`,
/// any other plural entry as a string with `substitutions`, one for every variable, nested
/// ones included (the variable's own number written `%arg`, the argument it reads `argNum`). Keys and languages come out sorted, so the output is deterministic.
public enum XCStringsWriter {
    /// `catalogs`: every language's catalog; `table`: which table to write.
    public static func write(_ catalogs: [Catalog], sourceLanguage: LanguageTag, table: String = Catalog.defaultTable)
        throws -> Data
    {
        var strings: [String: [String: Any]] = [:]
        for catalog in catalogs {
            let language = catalog.language.description
            if let text = catalog.tables[table] {
                for entry in text.entries {
                    strings[entry.key, default: [:]][language] = ["stringUnit": unit(entry.value)]
                }
            }
            for (key, entry) in catalog.plurals[table] ?? [:] {
                strings[key, default: [:]][language] = localization(entry)
            }
        }
        let document: [String: Any] = [
            "sourceLanguage": sourceLanguage.description,
            "strings": strings.mapValues { ["localizations": $0] },
            "version": "1.0",
        ]
        return try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
    }

    private static func unit(_ value: String) -> [String: Any] {
        ["state": "translated", "value": value]
    }

    private static func localization(_ entry: PluralEntry) -> [String: Any] {
        if !entry.hasNestedVariables, let name = entry.soleVariable, let variable = entry.variables[name] {
            return ["variations": ["plural": variants(variable, usingArg: false)]]
        }
        // Every variable, nested ones too, is a substitution of its own (the catalog's
        // substitutions are flat, as `PluralEntry.variables` is), with the argument it reads.
        var substitutions: [String: Any] = [:]
        let arguments = entry.variableArguments
        for name in entry.variablesInOrder {
            guard let variable = entry.variables[name] else { continue }
            substitutions[name] = [
                "argNum": variable.argument ?? arguments[name] ?? 1,
                "formatSpecifier": variable.valueType,
                "variations": ["plural": variants(variable, usingArg: true)],
            ]
        }
        return ["stringUnit": unit(entry.format), "substitutions": substitutions]
    }

    /// Category → string unit; with `usingArg`, the variant's first plain specifier (the
    /// variable's own number) is written `%arg`.
    private static func variants(_ variable: PluralEntry.Variable, usingArg: Bool) -> [String: Any] {
        var result: [String: Any] = [:]
        for (category, text) in variable.variants {
            let value = usingArg ? PluralEntry.substitutionForm(of: text) : text
            result[category.rawValue] = ["stringUnit": unit(value)]
        }
        return result
    }
}
