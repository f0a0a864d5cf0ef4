import Diagnostics
import FileFormats
import Foundation
import Localization

/// Reads `data` as a String Catalog (`.xcstrings`, our JSON reader), then uses each
/// language's part: its texts' formats and its plural entries with that language's rules.
/// Reading one language alone must give that language exactly as the full read does, and so
/// must the tools' reader (`StringCatalog`, the catalog whole) as the runtime's view of it
/// when both read it without error. Each reader reads it in two parts at once (from a few
/// bytes on, here) exactly as in one pass.
/// The same bytes also go through `JSONValues` (queue files, settings), which must not crash either.
public func fuzzXCStrings(_ data: Data) {
    if let value = try? JSONValues.value(of: data, path: "fuzz.json") { _ = "\(value)" }
    let file = XCStringsFile(data, path: "fuzz.xcstrings")
    let catalog = StringCatalog(data, path: "fuzz.xcstrings")
    let whole = XCStringsFile(catalog)
    // The tools' reader keeps fields it does not know, so it refuses one nested past
    // `JSONValues.maximumNesting`, which the runtime skips: compare what both read.
    if file.errors.isEmpty && catalog.errors.isEmpty {
        precondition(whole.languages == file.languages, "the catalog read whole lists other languages")
        for language in file.languages {
            precondition(
                whole.part(for: language).text.dictionary == file.part(for: language).text.dictionary
                    && whole.part(for: language).plurals.mapValues(\.format)
                        == file.part(for: language).plurals.mapValues(\.format),
                "the catalog read whole differs from the runtime's read")
        }
    }
    // Read in two parts from a few bytes on (4 MB in use), both readers must read what one pass reads.
    let parts = XCStringsFile(data, path: "fuzz.xcstrings", inTwoPartsFrom: 64)
    precondition(
        parts.languages == file.languages && parts.errors == file.errors && parts.pendingUnits == file.pendingUnits
            && file.languages.allSatisfy {
                parts.part(for: $0).text.entries == file.part(for: $0).text.entries
                    && parts.part(for: $0).plurals == file.part(for: $0).plurals
            },
        "a read in two parts differs from one pass")
    let catalogParts = StringCatalog(data, path: "fuzz.xcstrings", inTwoPartsFrom: 64)
    precondition(
        catalogParts.entries.map(\.key) == catalog.entries.map(\.key)
            && catalogParts.entries.map(\.line) == catalog.entries.map(\.line)
            && catalogParts.errors == catalog.errors && catalogParts.unknownFields == catalog.unknownFields
            && catalogParts.languagesWithText == catalog.languagesWithText,
        "a catalog read whole in two parts differs from one pass")
    if let first = file.languages.first {
        let alone = XCStringsFile(data, path: "fuzz.xcstrings", languages: [first])
        precondition(alone.languages == file.languages, "a one-language read lists other languages")
        precondition(
            alone.part(for: first).text.entries == file.part(for: first).text.entries
                && alone.part(for: first).plurals == file.part(for: first).plurals,
            "a one-language read differs from the full read")
    }
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
