/// A BCP 47 language tag (RFC 5646): language, extended languages, script, region, variants,
/// extensions and private use (`ca-ES-valencia`, `de-CH-1996`, `sr-Latn`, `zh-Hant-TW`,
/// `en-US-u-ca-gregory`, `de-x-formal`), in canonical case: script in title case, region in
/// upper case, everything else in lower case; extensions ordered by their singleton.
///
/// The one parser (`init(parsing:)`) reads folder names, `--lang`, the POSIX environment,
/// lint's and export's languages alike: `_` separates like `-` (`pt_br` → `pt-BR`), a POSIX
/// locale name loses its codeset and modifier (`es_ES.UTF-8@euro` → `es-ES`; the modifiers
/// `@latin`, `@cyrillic` and `@valencia` become the script or variant they name), and a
/// grandfathered tag with a modern equivalent becomes it (`i-klingon` → `tlh`).
public struct LanguageTag: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The primary language subtag, 2 or 3 letters: `ca`.
    public let language: String
    /// Extended language subtags (`zh-yue` → `["yue"]`), usually none.
    public let extendedLanguages: [String]
    /// The script, four letters in title case: `Latn`.
    public let script: String?
    /// The region, two letters or three digits: `ES`, `419`.
    public let region: String?
    /// Registered variants in order: `valencia`, `1996`.
    public let variants: [String]
    /// Extensions, each its singleton and subtags (`u-ca-gregory`), ordered by singleton.
    public let extensions: [String]
    /// The private-use subtags after `x` (`de-x-formal` → `["formal"]`).
    public let privateUse: [String]

    /// A tag from parts given in canonical case (no check is made).
    public init(
        language: String, extendedLanguages: [String] = [], script: String? = nil, region: String? = nil,
        variants: [String] = [], extensions: [String] = [], privateUse: [String] = []
    ) {
        self.language = language
        self.extendedLanguages = extendedLanguages
        self.script = script
        self.region = region
        self.variants = variants
        self.extensions = extensions
        self.privateUse = privateUse
    }

    /// Parses a tag, a folder-name form or a POSIX locale name; the error says what is wrong
    /// (`subtag 'toolongsubtag' is longer than 8 characters`).
    public init(parsing text: String) throws(ParseError) {
        self = try LanguageTagParser.parse(text)
    }

    /// The tag `init(parsing:)` reads, or nil when it is none.
    public init?(_ raw: String) {
        guard let tag = try? LanguageTag(parsing: raw) else { return nil }
        self = tag
    }

    /// Why a text is not a language tag: `reason` names the subtag at fault.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        /// The text as given.
        public let text: String
        /// What is wrong, quoting the input through `Diagnostic.quote`.
        public let reason: String
        /// The reason.
        public var description: String { reason }

        /// The error for `text`, with what is wrong.
        public init(text: String, reason: String) {
            self.text = text
            self.reason = reason
        }
    }

    /// The subtags in order, in canonical case: `ca-ES-valencia` → `["ca", "ES", "valencia"]`.
    public var subtags: [String] {
        var result = [language] + extendedLanguages
        if let script { result.append(script) }
        if let region { result.append(region) }
        result += variants
        for item in extensions { result += item.split(separator: "-").map(String.init) }
        if !privateUse.isEmpty { result += ["x"] + privateUse }
        return result
    }

    /// `zh-Hant-TW`.
    public var description: String {
        guard extendedLanguages.isEmpty, variants.isEmpty, extensions.isEmpty, privateUse.isEmpty else {
            return subtags.joined(separator: "-")
        }
        // Most tags (`de`, `pt-BR`, `zh-Hant`), spelled without a list of subtags: catalogs
        // look languages up by this text for every key.
        guard script != nil || region != nil else { return language }
        var text = language
        if let script { text += "-" + script }
        if let region { text += "-" + region }
        return text
    }

    /// The next tag of an RFC 4647 lookup: the last subtag dropped, and a singleton left
    /// dangling at the end with it (`ca-ES-valencia` → `ca-ES` → `ca` → nil;
    /// `en-US-u-ca-gregory` → `en-US-u-ca` → `en-US`).
    public var parent: LanguageTag? {
        var parts = subtags
        guard parts.count > 1 else { return nil }
        parts.removeLast()
        while parts.count > 1, parts[parts.count - 1].utf8.count == 1 { parts.removeLast() }
        return LanguageTag(parts.joined(separator: "-"))
    }

    /// The tag followed by its parents, the order of an RFC 4647 lookup:
    /// `ca-ES-valencia` → [`ca-ES-valencia`, `ca-ES`, `ca`].
    public var withParents: [LanguageTag] {
        var chain = [self]
        while let next = chain.last?.parent { chain.append(next) }
        return chain
    }

    /// Orders tags by their canonical text.
    public static func < (lhs: LanguageTag, rhs: LanguageTag) -> Bool { lhs.description < rhs.description }
}
