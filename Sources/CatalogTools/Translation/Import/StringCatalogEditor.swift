import Diagnostics
import Foundation
import Localization

/// Puts translations into a String Catalog (`.xcstrings`): each as a string unit in state
/// `translated` at the place Xcode keeps it (`localizations.<lang>.stringUnit`, a one-variable
/// plural's `variations.plural.<category>`, or `substitutions.<variable>.variations.plural.<category>`,
/// a new substitution taking `argNum` and `formatSpecifier` from the source language's).
/// The file is written back as Xcode writes it: keys sorted, two-space indentation,
/// `"key" : value`, slashes unescaped; everything else in it (comments, other languages,
/// states) is kept.
enum StringCatalogEditor {
    static func apply(
        _ units: [(unit: TranslationUnit, text: String)], language: LanguageTag, to data: Data, path: String
    )
        throws(Diagnostic) -> Data
    {
        guard var root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            var strings = root["strings"] as? [String: Any]
        else {
            throw Diagnostic("not a String Catalog (no \"strings\" object)", path: path)
        }
        let sourceLanguage = root["sourceLanguage"] as? String ?? ""
        for (unit, text) in units {
            var entry = strings[unit.key] as? [String: Any] ?? [:]
            let stringUnit: [String: Any] = ["state": "translated", "value": text]
            let base = ["localizations", language.description]
            switch unit.part {
            case .pluralFormat where unit.isSoleVariable:
                continue  // `variations.plural` alone: the format is the variable itself.
            case .text, .pluralFormat:
                entry = setting(base + ["stringUnit"], in: entry, to: stringUnit)
            case .variant(let variable, let category):
                if unit.isSoleVariable {
                    entry = setting(
                        base + ["variations", "plural", category.rawValue, "stringUnit"], in: entry, to: stringUnit)
                } else {
                    let substitution = base + ["substitutions", variable]
                    if value(at: substitution, in: entry) == nil {
                        let source =
                            value(at: ["localizations", sourceLanguage, "substitutions", variable], in: entry)
                            as? [String: Any]
                        for field in ["argNum", "formatSpecifier"] {
                            if let known = source?[field] {
                                entry = setting(substitution + [field], in: entry, to: known)
                            }
                        }
                    }
                    entry = setting(
                        substitution + ["variations", "plural", category.rawValue, "stringUnit"], in: entry,
                        to: stringUnit)
                }
            }
            strings[unit.key] = entry
        }
        root["strings"] = strings
        guard
            let written = try? JSONSerialization.data(
                withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else {
            throw Diagnostic("cannot write the String Catalog back", path: path)
        }
        return written + Data("\n".utf8)
    }

    /// `object` with `value` at `path`, creating the objects on the way.
    static func setting(_ path: [String], in object: [String: Any], to value: Any) -> [String: Any] {
        var copy = object
        guard let first = path.first else { return copy }
        copy[first] =
            path.count == 1
            ? value : setting(Array(path.dropFirst()), in: object[first] as? [String: Any] ?? [:], to: value)
        return copy
    }

    static func value(at path: [String], in object: [String: Any]) -> Any? {
        var current: Any? = object
        for name in path { current = (current as? [String: Any])?[name] }
        return current
    }
}
