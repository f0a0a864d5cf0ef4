/// Pseudo-locales, generated from the development language when first asked for, to catch
/// hard-coded text (it stays plain), truncation (text grows) and right-to-left layout:
/// - `en-XA`: accented letters, about 40% longer, wrapped in `[` `]`;
/// - `ar-XB`: every word forced right-to-left with bidi controls, the whole marked RTL.
/// Format placeholders (`%@`, `%1$d`, `%#@name@`, `%%`, as `FormatScanner` reads them) are
/// never touched.
public enum PseudoLocale: String, CaseIterable, Sendable {
    /// `en-XA`: accented, longer English in brackets.
    case accented = "en-XA"
    /// `ar-XB`: English forced right to left.
    case rightToLeft = "ar-XB"

    /// The pseudo-locale's tag.
    public var tag: LanguageTag { LanguageTag(rawValue)! }

    /// The pseudo-locale `tag` names; nil for any other tag.
    public init?(_ tag: LanguageTag) {
        // Every other tag is told apart by its region before a pseudo-locale's tag is made.
        guard tag.region == "XA" || tag.region == "XB",
            let locale = PseudoLocale.allCases.first(where: { $0.tag == tag })
        else { return nil }
        self = locale
    }

    /// The pseudo-translation of one text.
    public func transform(_ text: String) -> String { transform(text, marked: true) }

    /// `text` pseudo-translated; `marked`, with the brackets (`en-XA`) or right-to-left marks
    /// (`ar-XB`) around it, which a plural variant leaves to the format it goes into.
    private func transform(_ text: String, marked: Bool) -> String {
        var result = ""
        var letters = 0
        for segment in Self.segments(text) {
            switch segment {
            case .placeholder(let value):
                result += value
            case .text(let value):
                switch self {
                case .accented:
                    for character in value {
                        if let accented = Self.accents[character] {
                            result.append(accented)
                            letters += 1
                        } else {
                            result.append(character)
                        }
                    }
                case .rightToLeft:
                    result += Self.forceRightToLeft(value)
                }
            }
        }
        switch self {
        case .accented:
            let padding = letters == 0 ? "" : " " + String(repeating: "~", count: max(1, (letters * 2 + 4) / 5))
            return marked ? "[" + result + padding + "]" : result + padding
        case .rightToLeft:
            return marked ? "\u{200F}" + result + "\u{200F}" : result
        }
    }

    /// The pseudo-translation of a plural entry: its format's text and every variant, the
    /// whole text marked once (`[4 ƒîļéš ~~]`, not `[[4 ƒîļéš ~~]]`).
    public func transform(_ entry: PluralEntry) -> PluralEntry {
        var copy = entry
        copy.format = transform(entry.format)
        for (name, variable) in entry.variables {
            copy.variables[name]?.variants = variable.variants.mapValues { transform($0, marked: false) }
        }
        return copy
    }

    private enum Segment {
        case text(Substring)
        case placeholder(Substring)
    }

    /// Splits text into literal runs and what `FormatScanner` finds: specifiers, variables,
    /// `%%` and a `%` that starts no specifier all stay as written.
    private static func segments(_ text: String) -> [Segment] {
        FormatScanner.tokens(in: text).map { token, written in
            if case .literal = token.kind { return .text(written) }
            return .placeholder(written)
        }
    }

    /// Each word between right-to-left override and pop.
    private static func forceRightToLeft(_ text: Substring) -> String {
        var result = ""
        var word = ""
        func flush() {
            if !word.isEmpty { result += "\u{202E}" + word + "\u{202C}" }
            word = ""
        }
        for character in text {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }

    private static let accents: [Character: Character] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let accented = Array("åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, accented))
    }()
}
