import Diagnostics

/// The user's preferred languages, most wanted first, from the command line or the POSIX
/// environment, in gettext's order:
/// `--lang` (a tag or a colon list) wins; otherwise `LANGUAGE` (a colon list), `LC_ALL`,
/// `LC_MESSAGES`, `LANG`. `C`, `POSIX` and empty values skip to the next source.
public enum LanguagePreferences {
    /// The environment variables read, in order.
    public static let variables = ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]

    /// A `--lang` value or an environment value that is not a language tag.
    public struct InvalidLanguage: Error, Equatable, CustomStringConvertible {
        /// Where the value came from: `--lang`, `LANG`, …
        public let source: String
        /// The item of the list that is no tag, as given.
        public let value: String
        /// What is wrong with it (`LanguageTag.ParseError.reason`).
        public let reason: String

        /// An error about `value`, an item of `source`'s list, and why it is no tag.
        public init(source: String, value: String, reason: String) {
            self.source = source
            self.value = value
            self.reason = reason
        }

        /// `source: 'value' is not a language tag: reason`.
        public var description: String {
            "\(source): '\(Diagnostic.quote(value))' is not a language tag: \(reason)"
        }
    }

    /// Resolves the preference list. An invalid `--lang` is an error; an invalid environment
    /// value is skipped like `C` (environments are not ours to reject).
    public static func resolve(
        lang: String?, environment: [String: String]
    ) throws(InvalidLanguage) -> [LanguageTag] {
        if let lang {
            let tags = try parseList(lang, source: "--lang")
            if !tags.isEmpty { return tags }
        }
        for name in variables {
            guard let value = environment[name] else { continue }
            if let tags = try? parseList(value, source: name), !tags.isEmpty { return tags }
        }
        return []
    }

    /// Parses a colon list with `LanguageTag(parsing:)` (the one parser of tags, shared by
    /// `--lang`, the environment, folder names, lint and export), dropping `C`, `POSIX` and
    /// empty items and repeated tags.
    public static func parseList(_ value: String, source: String) throws(InvalidLanguage) -> [LanguageTag] {
        var tags: [LanguageTag] = []
        for item in value.split(separator: ":", omittingEmptySubsequences: true) {
            let text = String(item)
            let base = text.split(separator: ".").first.map(String.init) ?? text
            if base == "C" || base == "POSIX" { continue }
            do {
                let tag = try LanguageTag(parsing: text)
                if !tags.contains(tag) { tags.append(tag) }
            } catch {
                throw InvalidLanguage(source: source, value: text, reason: error.reason)
            }
        }
        return tags
    }
}
