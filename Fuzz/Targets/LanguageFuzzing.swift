import Foundation
import Localization

/// Parses the input's first line as a language tag (normalising twice must change nothing)
/// and as a `--lang` list, then resolves preferences with the next lines as the values of
/// `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG`.
public func fuzzLanguage(_ data: Data) {
    var input = FuzzInput(data)
    let lines = input.lines()
    let first = lines.first ?? ""
    if let tag = LanguageTag(first) {
        precondition(LanguageTag(tag.description) == tag, "normalising \(tag) again changes it")
        _ = tag.withParents
        _ = PseudoLocale(tag)
        _ = PluralRules.rules(for: tag)
    }
    do {
        _ = try LanguagePreferences.parseList(first, source: "--lang")
    } catch {
        _ = error.description
    }
    var environment: [String: String] = [:]
    for (name, value) in zip(LanguagePreferences.variables, lines.dropFirst()) { environment[name] = value }
    _ = try? LanguagePreferences.resolve(lang: first.isEmpty ? nil : first, environment: environment)
}
