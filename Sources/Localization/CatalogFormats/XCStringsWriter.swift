import Foundation

/// Writes catalogs as one String Catalog (`.xcstrings`), the migration Xcode offers: text
/// entries as string units, a plural entry that is a single variable as `variations.plural`,
/// any other plural entry as a string with `substitutions` (the variable's own number
/// written `%arg`). Keys and languages come out sorted, so the output is deterministic.
public enum XCStringsWriter {
    /// `catalogs`: every language's catalog; `table`: which table to write.
    public static func write(_ catalogs: [Catalog], sourceLanguage: LanguageTag, table: String = Catalog.defaultTable) throws -> Data {
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
        let names = entry.referencedVariables
        if names.count == 1, let variable = entry.variables[names[0]],
           entry.format == "%#@\(names[0])@" || entry.format.range(of: #"^%[0-9]+\$#@[^@]+@$"#, options: .regularExpression) != nil {
            return ["variations": ["plural": variants(variable, usingArg: false)]]
        }
        var substitutions: [String: Any] = [:]
        var positions: [String: Int] = [:]
        _ = try? PluralEntry.rewrite(entry.format) { token, position in
            if case .variable(let name, _) = token { positions[name] = position }
            return ""
        }
        for name in names {
            guard let variable = entry.variables[name] else { continue }
            substitutions[name] = [
                "argNum": variable.argument ?? positions[name] ?? 1,
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
            var value = text
            if usingArg {
                var replaced = false
                value = (try? PluralEntry.rewrite(text) { token, position in
                    switch token {
                    case .specifier(let body, let explicit):
                        if !explicit, !replaced {
                            replaced = true
                            return "%arg"
                        }
                        return explicit ? "%\(position)$\(body)" : "%\(body)"
                    case .variable(let name, _):
                        return "%#@\(name)@"
                    }
                }) ?? text
            }
            result[category.rawValue] = ["stringUnit": unit(value)]
        }
        return result
    }
}
