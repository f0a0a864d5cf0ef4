import Diagnostics
import Foundation
import Localization

/// Reads `data` as a String Catalog (`.xcstrings`), then uses each language's part: its
/// texts' formats and its plural entries with that language's rules.
public func fuzzXCStrings(_ data: Data) {
    let file = XCStringsFile(data, path: "fuzz.xcstrings")
    for error in file.errors { _ = error.description }
    for unit in file.pendingUnits { _ = unit.location.description }
    for language in file.languages {
        let part = file.part(for: language)
        for entry in part.text.entries { _ = try? FormatString(entry.value) }
        let rules = PluralRules.rules(for: language)
        for entry in part.plurals.values {
            usePlural(entry, rules: rules, arguments: [.int(2), .string("1.5"), .double(0)])
        }
    }
}
