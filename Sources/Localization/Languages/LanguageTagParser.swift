import Diagnostics

/// RFC 5646's grammar (section 2.1), subtag by subtag, with the forms catalogs and POSIX
/// environments add (see `LanguageTag`). Every refusal says which subtag is wrong and why.
enum LanguageTagParser {
    /// Grandfathered tags (RFC 5646 section 2.2.8) with the modern tag that replaces them;
    /// those without one are refused.
    static let grandfathered: [String: String?] = [
        "art-lojban": "jbo", "cel-gaulish": nil, "en-gb-oed": "en-GB-oxendict", "i-ami": "ami", "i-bnn": "bnn",
        "i-default": nil, "i-enochian": nil, "i-hak": "hak", "i-klingon": "tlh", "i-lux": "lb", "i-mingo": nil,
        "i-navajo": "nv", "i-pwn": "pwn", "i-tao": "tao", "i-tay": "tay", "i-tsu": "tsu", "no-bok": "nb",
        "no-nyn": "nn", "sgn-be-fr": "sfb", "sgn-be-nl": "vgt", "sgn-ch-de": "sgg", "zh-guoyu": "cmn",
        "zh-hakka": "hak", "zh-min": nil, "zh-min-nan": "nan", "zh-xiang": "hsn",
    ]

    /// POSIX modifiers that name a script or a variant; any other modifier is dropped.
    static let modifiers: [String: String] = [
        "latin": "Latn", "cyrillic": "Cyrl", "devanagari": "Deva", "valencia": "valencia",
    ]

    static func parse(_ text: String) throws(LanguageTag.ParseError) -> LanguageTag {
        if let common = common(text) { return common }
        func fail(_ reason: String) -> LanguageTag.ParseError { LanguageTag.ParseError(text: text, reason: reason) }
        guard !text.isEmpty else { throw fail("the tag is empty") }
        // POSIX: `language_REGION.codeset@modifier`.
        var body = Substring(text), modifier: Substring?
        if let at = body.firstIndex(of: "@") {
            modifier = body[body.index(after: at)...]
            body = body[..<at]
        }
        if let dot = body.firstIndex(of: ".") { body = body[..<dot] }
        if !body.utf8.allSatisfy(isAllowed),
            let character = body.unicodeScalars.first(where: { !$0.isASCII || !isAllowed(UInt8($0.value)) })
        {
            throw fail(
                "'\(Diagnostic.quote(String(character)))' cannot appear in a language tag (letters, digits and '-' only)"
            )
        }
        guard !body.isEmpty else { throw fail("no language before '.' or '@'") }
        // Split by hand (no Foundation): this runs for every folder name at start-up.
        var parts = body.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "_" }.map(String.init)
        // Grandfathered tags have two or three subtags, the first at most three letters.
        if parts.count <= 3, parts.count > 1, parts[0].utf8.count <= 3,
            let replacement = grandfathered[parts.joined(separator: "-").lowercased()]
        {
            guard let replacement else {
                throw fail("'\(Diagnostic.quote(body))' is a grandfathered tag with no modern equivalent")
            }
            return try parse(replacement)
        }
        if let empty = parts.firstIndex(of: "") {
            throw fail(
                empty == 0 || empty == parts.count - 1
                    ? "the tag starts or ends with a separator" : "two separators in a row make an empty subtag")
        }
        if let long = parts.first(where: { $0.utf8.count > 8 }) {
            throw fail("subtag '\(Diagnostic.quote(long))' is longer than 8 characters")
        }
        if let modifier, let mapped = modifiers[modifier.lowercased()] {
            // A modifier's script goes right after the language; its variant at the end.
            if mapped.utf8.count == 4 { parts.insert(mapped, at: 1) } else { parts.append(mapped) }
        }
        return try subtags(parts.map { $0.lowercased() }, written: parts, fail)
    }

    /// The tags nearly every folder name and setting holds, read without the whole grammar:
    /// a language of 2 or 3 letters (`fr`), alone or with a region of 2 letters or 3 digits
    /// (`pt-BR`, `es_419`); nil for any other text (none of these forms is a grandfathered tag).
    private static func common(_ text: String) -> LanguageTag? {
        let bytes = text.utf8
        let separator = bytes.firstIndex { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
        let language = bytes[..<(separator ?? bytes.endIndex)]
        guard (2...3).contains(language.count), language.allSatisfy(isLetter) else { return nil }
        let lowered = String(decoding: language.map { $0 | 0x20 }, as: UTF8.self)
        guard let separator else { return LanguageTag(language: lowered) }
        let region = bytes[bytes.index(after: separator)...]
        guard
            (region.count == 2 && region.allSatisfy(isLetter))
                || (region.count == 3 && region.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return LanguageTag(
            language: lowered,
            region: String(decoding: region.map { isLetter($0) ? $0 & ~0x20 : $0 }, as: UTF8.self))
    }

    /// An ASCII letter.
    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// An ASCII letter or digit, `-` or `_`.
    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }

    /// For subtags already checked to be ASCII letters and digits.
    private static func isLetters(_ text: String) -> Bool { text.utf8.allSatisfy { $0 > UInt8(ascii: "9") } }
    private static func isDigits(_ text: String) -> Bool { text.utf8.allSatisfy { $0 <= UInt8(ascii: "9") } }

    /// The subtags (lower case, each 1 to 8 letters and digits; `written` as given, for
    /// messages) in RFC 5646's order.
    private static func subtags(
        _ parts: [String], written: [String], _ fail: (String) -> LanguageTag.ParseError
    ) throws(LanguageTag.ParseError) -> LanguageTag {
        let language = parts[0]
        guard isLetters(language) else {
            throw fail("the tag must start with a language (letters), not '\(written[0])'")
        }
        switch language.utf8.count {
        case 2, 3: break
        case 1 where language == "x": throw fail("a private-use tag ('x-…') names no language")
        case 1: throw fail("language '\(written[0])' is too short (2 or 3 letters)")
        case 4: throw fail("language '\(written[0])' has 4 letters, a length BCP 47 reserves")
        default: throw fail("language '\(written[0])' is longer than 3 letters (5 to 8 are reserved for registration)")
        }
        var index = 1
        var extended: [String] = []
        while index < parts.count, parts[index].utf8.count == 3, isLetters(parts[index]) {
            guard extended.count < 3 else { throw fail("more than three extended languages ('\(written[index])')") }
            extended.append(parts[index])
            index += 1
        }
        var script: String?
        if index < parts.count, parts[index].utf8.count == 4, isLetters(parts[index]) {
            script = parts[index].prefix(1).uppercased() + parts[index].dropFirst()
            index += 1
        }
        var region: String?
        if index < parts.count,
            (parts[index].utf8.count == 2 && isLetters(parts[index]))
                || (parts[index].utf8.count == 3 && isDigits(parts[index]))
        {
            region = parts[index].uppercased()
            index += 1
        }
        var variants: [String] = []
        while index < parts.count, isVariant(parts[index]) {
            guard !variants.contains(parts[index]) else { throw fail("variant '\(written[index])' appears twice") }
            variants.append(parts[index])
            index += 1
        }
        var extensions: [String] = []
        var privateUse: [String] = []
        while index < parts.count {
            let singleton = parts[index]
            guard singleton.utf8.count == 1 else {
                throw fail(misplaced(written[index], after: written[index - 1], script: script, region: region))
            }
            var items: [String] = []
            index += 1
            let shortest = singleton == "x" ? 1 : 2
            while index < parts.count, parts[index].utf8.count >= shortest {
                items.append(parts[index])
                index += 1
            }
            guard !items.isEmpty else {
                throw fail(
                    singleton == "x"
                        ? "private use 'x' has no subtags after it" : "extension '\(singleton)' has no subtags after it"
                )
            }
            if singleton == "x" {
                privateUse = items
                break
            }
            guard !extensions.contains(where: { $0.hasPrefix(singleton + "-") }) else {
                throw fail("extension '\(written[index - items.count - 1])' appears twice")
            }
            extensions.append(([singleton] + items).joined(separator: "-"))
        }
        return LanguageTag(
            language: language, extendedLanguages: extended, script: script, region: region, variants: variants,
            extensions: extensions.sorted(), privateUse: privateUse)
    }

    /// `5*8alphanum / (DIGIT 3alphanum)`.
    private static func isVariant(_ subtag: String) -> Bool {
        subtag.utf8.count >= 5 || (subtag.utf8.count == 4 && ("0"..."9").contains(subtag.unicodeScalars.first!))
    }

    /// Why `subtag` cannot stand where it does, after `previous`.
    private static func misplaced(_ subtag: String, after previous: String, script: String?, region: String?) -> String
    {
        let quoted = "'\(Diagnostic.quote(subtag))'"
        if subtag.utf8.count == 4, isLetters(subtag) {
            return script != nil
                ? "a second script \(quoted) (the tag has \(script!))"
                : "script \(quoted) must come right after the language, before the region and variants"
        }
        if (subtag.utf8.count == 2 && isLetters(subtag)) || (subtag.utf8.count == 3 && isDigits(subtag)) {
            return region != nil
                ? "a second region \(quoted) (the tag has \(region!))"
                : "region \(quoted) must come before the variants"
        }
        if subtag.utf8.count == 3, isLetters(subtag) {
            return "extended language \(quoted) must come right after the language"
        }
        return "subtag \(quoted) after '\(previous)' is no script, region or variant "
            + "(variants are 5 to 8 letters and digits, or a digit and 3 more)"
    }
}
