/// How each locale names the units of `ByteCount`: a pattern such as `{0} GB` per unit and
/// plural category. The data (`LocaleNumberData.swift`) is generated from Foundation's own
/// output by `swift run generate-number-data`; this is how it is laid out and read.
///
/// A set of names is one string: the six units (`ByteCount.Unit`, bytes first) separated by
/// tabs; a unit is its `other` pattern followed by `|category=pattern` for each category
/// whose pattern differs (`{0} bytes|one={0} byte`). `locales` maps a language tag to its
/// set; a tag not listed takes its parent's (`pt-BR`, then `pt`), and `root` ends the chain.
package enum ByteCountNames {
    /// The pattern for `unit` and `category` in `language`: `{0}` stands for the number.
    package static func pattern(_ unit: ByteCount.Unit, _ category: PluralCategory, language: LanguageTag) -> String {
        pattern(unit, category, in: sets[table.set(for: language)])
    }

    /// The set of each language, by `locales`.
    private static let table = LocaleTable(locales)

    /// The pattern for `unit` and `category` in a set of names as `encode` writes it.
    package static func pattern(_ unit: ByteCount.Unit, _ category: PluralCategory, in set: String) -> String {
        let names = set.split(separator: "\t", omittingEmptySubsequences: false)
        guard unit.rawValue < names.count else { return "{0}" }
        let forms = names[unit.rawValue].split(separator: "|", omittingEmptySubsequences: false)
        let prefix = category.rawValue + "="
        let form = forms.dropFirst().first { $0.hasPrefix(prefix) }?.dropFirst(prefix.count) ?? forms[0]
        return String(form)
    }

    /// One set of names as `sets` holds it: for each unit, the pattern of each category.
    package static func encode(_ set: [[PluralCategory: String]]) -> String {
        set.map { forms in
            // A unit whose numbers never fall in `other` (bytes in a language whose integers all
            // have a category of their own) takes its most frequent pattern as `other`.
            let counts = Dictionary(forms.values.map { ($0, 1) }, uniquingKeysWith: +)
            let other = forms[.other] ?? counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? "{0}"
            let exceptions = forms.filter { $0.key != .other && $0.value != other }.sorted { $0.key < $1.key }
            return ([other] + exceptions.map { "\($0.key.rawValue)=\($0.value)" }).joined(separator: "|")
        }.joined(separator: "\t")
    }
}
