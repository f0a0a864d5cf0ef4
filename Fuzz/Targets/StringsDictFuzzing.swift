import Diagnostics
import Foundation
import Localization

/// Reads `data` as a `.stringsdict` file, then formats, lints and expands every entry it
/// accepts with Russian rules (all of one, few, many, other).
public func fuzzStringsDict(_ data: Data) {
    let result = StringsDictParser.parse(data, path: "fuzz.stringsdict")
    for error in result.errors { _ = error.description }
    let rules = PluralRules.rules(for: LanguageTag(language: "ru"))
    for entry in result.entries.values {
        usePlural(entry, rules: rules, arguments: [.int(1), .double(2.5), .string("21"), .int(0)])
    }
}

/// Everything lint, export and the runtime do with a plural entry: its variables, the
/// format for each category (lint's comparison), and an expansion formatted with arguments.
func usePlural(_ entry: PluralEntry, rules: PluralRules, arguments: [FormatArgument]) {
    _ = entry.referencedVariables
    _ = entry.soleVariable
    for category in PluralCategory.allCases {
        _ = try? entry.format { _, _ in category }
    }
    guard let expanded = try? entry.expand(arguments, rules: rules) else { return }
    _ = try? SafeFormatter.format(expanded, arguments)
}
