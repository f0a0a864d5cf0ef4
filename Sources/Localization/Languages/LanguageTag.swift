/// A BCP 47 language tag reduced to what catalogs use: language, optional script, optional
/// region (`es`, `es-MX`, `zh-Hant-TW`, `en-XA`). Normalised on creation: `pt_br` → `pt-BR`,
/// `zh-hant-tw` → `zh-Hant-TW`; POSIX locale names lose their codeset and modifier
/// (`es_ES.UTF-8@euro` → `es-ES`).
public struct LanguageTag: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let language: String
    public let script: String?
    public let region: String?

    /// Parses a tag or a POSIX locale name; nil when it is not one
    /// (anything but letters, digits, `-`, `_`, `.`, `@`, or a malformed subtag).
    public init?(_ raw: String) {
        guard !raw.isEmpty, raw.utf8.allSatisfy(Self.isAllowed) else { return nil }
        var text = Substring(raw)
        if let at = text.firstIndex(of: "@") { text = text[..<at] }
        if let dot = text.firstIndex(of: ".") { text = text[..<dot] }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(\.isLetter) else { return nil }
        var script: String?
        var region: String?
        for part in parts.dropFirst() {
            if part.count == 4, part.allSatisfy(\.isLetter), script == nil, region == nil {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if region == nil,
                (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber))
            {
                region = part.uppercased()
            } else {
                return nil
            }
        }
        self.language = first.lowercased()
        self.script = script
        self.region = region
    }

    public init(language: String, script: String? = nil, region: String? = nil) {
        self.language = language
        self.script = script
        self.region = region
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
            UInt8(ascii: "."), UInt8(ascii: "@"):
            return true
        default:
            return false
        }
    }

    /// `zh-Hant-TW`.
    public var description: String {
        [language, script, region].compactMap { $0 }.joined(separator: "-")
    }

    /// The tag without its last subtag: `zh-Hant-TW` → `zh-Hant` → `zh` → nil.
    public var parent: LanguageTag? {
        if region != nil { return LanguageTag(language: language, script: script) }
        if script != nil { return LanguageTag(language: language) }
        return nil
    }

    /// The tag followed by its parents: `es-MX` → [`es-MX`, `es`].
    public var withParents: [LanguageTag] {
        var chain = [self]
        while let next = chain.last?.parent { chain.append(next) }
        return chain
    }

    public static func < (lhs: LanguageTag, rhs: LanguageTag) -> Bool { lhs.description < rhs.description }
}
