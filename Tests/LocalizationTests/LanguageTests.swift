import Localization
import Testing

@Suite("Language tags and preferences")
struct LanguageTests {
    @Test(
        "valid tags and their canonical form",
        arguments: [
            ("es", "es"), ("pt_br", "pt-BR"), ("PT-br", "pt-BR"), ("zh-hant-tw", "zh-Hant-TW"), ("zh_Hans", "zh-Hans"),
            ("es_ES.UTF-8@euro", "es-ES"), ("de_DE.UTF-8", "de-DE"), ("en-XA", "en-XA"), ("es-419", "es-419"),
            ("sr_RS@latin", "sr-Latn-RS"), ("ca_ES.UTF-8@valencia", "ca-ES-valencia"),
            ("ca-ES-valencia", "ca-ES-valencia"),
            ("CA-es-VALENCIA", "ca-ES-valencia"), ("de-CH-1996", "de-CH-1996"), ("sr-Latn", "sr-Latn"),
            ("sl-rozaj-biske", "sl-rozaj-biske"), ("zh-yue-HK", "zh-yue-HK"),
            ("en-US-u-ca-gregory", "en-US-u-ca-gregory"),
            ("en-t-de-u-nu-latn", "en-t-de-u-nu-latn"), ("en-u-nu-latn-t-de", "en-t-de-u-nu-latn"),
            ("de-x-formal", "de-x-formal"), ("en-a-bbb-x-a-ccc", "en-a-bbb-x-a-ccc"), ("i-klingon", "tlh"),
            ("zh-min-nan", "nan"), ("en-GB-oed", "en-GB-oxendict"), ("hy-Latn-IT-arevela", "hy-Latn-IT-arevela"),
            ("EN", "en"), ("Fil", "fil"), ("es_mx", "es-MX"), ("en-001", "en-001"), ("no-bok", "nb"),
            ("no-nyn", "nn"),
        ])
    func canonical(raw: String, tag: String) throws {
        #expect(try LanguageTag(parsing: raw).description == tag)
    }

    /// The common forms (a language, or a language and a region) are read by a shortcut: each
    /// part lands where the whole grammar puts it.
    @Test(
        "a language and a region read as their parts",
        arguments: [
            ("fr", LanguageTag(language: "fr")), ("FIL", LanguageTag(language: "fil")),
            ("pt_br", LanguageTag(language: "pt", region: "BR")),
            ("es-419", LanguageTag(language: "es", region: "419")),
            ("sr-Latn", LanguageTag(language: "sr", script: "Latn")),
        ])
    func commonParts(raw: String, tag: LanguageTag) throws {
        #expect(try LanguageTag(parsing: raw) == tag)
    }

    @Test(
        "invalid tags and what is wrong with them",
        arguments: [
            ("", "the tag is empty"),
            ("../../etc", "no language before '.' or '@'"),
            ("es/../x", "'/' cannot appear in a language tag (letters, digits and '-' only)"),
            ("es/MX", "'/' cannot appear in a language tag (letters, digits and '-' only)"),
            ("es MX", "' ' cannot appear in a language tag (letters, digits and '-' only)"),
            ("ja\u{0}", "'\\u{0}' cannot appear in a language tag (letters, digits and '-' only)"),
            ("e", "language 'e' is too short (2 or 3 letters)"),
            ("engl", "language 'engl' has 4 letters, a length BCP 47 reserves"),
            ("english-US", "language 'english' is longer than 3 letters (5 to 8 are reserved for registration)"),
            ("ca-ES-toolongsubtag", "subtag 'toolongsubtag' is longer than 8 characters"),
            ("es-MX-XX", "a second region 'XX' (the tag has MX)"),
            ("en-US-Latn", "script 'Latn' must come right after the language, before the region and variants"),
            ("es--MX", "two separators in a row make an empty subtag"),
            ("es-", "the tag starts or ends with a separator"),
            ("123", "the tag must start with a language (letters), not '123'"),
            ("x-private", "a private-use tag ('x-…') names no language"),
            ("de-1996-1996", "variant '1996' appears twice"),
            ("en-u", "extension 'u' has no subtags after it"),
            ("en-u-ca-u-nu", "extension 'u' appears twice"),
            ("en-x", "private use 'x' has no subtags after it"),
            ("de-CH-abc", "extended language 'abc' must come right after the language"),
            (
                "de-DE-1a",
                "subtag '1a' after 'DE' is no script, region or variant "
                    + "(variants are 5 to 8 letters and digits, or a digit and 3 more)"
            ),
            ("i-default", "'i-default' is a grandfathered tag with no modern equivalent"),
            ("e1", "the tag must start with a language (letters), not 'e1'"),
            (
                "en-1a",
                "subtag '1a' after 'en' is no script, region or variant "
                    + "(variants are 5 to 8 letters and digits, or a digit and 3 more)"
            ),
            (".UTF-8", "no language before '.' or '@'"),
        ])
    func invalid(raw: String, reason: String) {
        #expect(throws: LanguageTag.ParseError(text: raw, reason: reason)) { try LanguageTag(parsing: raw) }
        #expect(LanguageTag(raw) == nil)
    }

    @Test(
        "parents follow an RFC 4647 lookup",
        arguments: [
            ("es-MX", ["es-MX", "es"]), ("zh-Hant-TW", ["zh-Hant-TW", "zh-Hant", "zh"]), ("ja", ["ja"]),
            ("ca-ES-valencia", ["ca-ES-valencia", "ca-ES", "ca"]), ("de-CH-1996", ["de-CH-1996", "de-CH", "de"]),
            ("en-US-u-ca-gregory", ["en-US-u-ca-gregory", "en-US-u-ca", "en-US", "en"]),
            ("de-x-formal", ["de-x-formal", "de"]),
        ])
    func parents(tag: String, chain: [String]) throws {
        #expect(try #require(LanguageTag(tag)).withParents.map(\.description) == chain)
    }

    @Test("folder names accept the same tags", arguments: ["ca-ES-valencia", "de-CH-1996", "sr-Latn", "zh-Hant-TW"])
    func folderNames(tag: String) throws {
        #expect(CatalogFolderLayout.language(ofFolderNamed: "\(tag).lproj")?.description == tag)
    }

    @Test(
        "precedence of --lang and the environment",
        arguments: [
            (nil, [:], []),
            ("es", ["LANGUAGE": "de", "LANG": "ja_JP.UTF-8"], ["es"]),
            ("pt-BR:es", [:], ["pt-BR", "es"]),
            (nil, ["LANGUAGE": "xx:ja", "LC_ALL": "de_DE.UTF-8"], ["xx", "ja"]),
            (nil, ["LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "ja_JP", "LANG": "es_ES"], ["de-DE"]),
            (nil, ["LC_MESSAGES": "ja_JP", "LANG": "es_ES"], ["ja-JP"]),
            (nil, ["LANG": "es_ES.UTF-8@euro"], ["es-ES"]),
            (nil, ["LANGUAGE": "", "LC_ALL": "C", "LC_MESSAGES": "POSIX", "LANG": "de_DE.UTF-8"], ["de-DE"]),
            (nil, ["LANG": "C.UTF-8"], []),
            (nil, ["LANGUAGE": "C:POSIX", "LANG": "ja"], ["ja"]),
            (nil, ["LANG": "POSIX"], []),
            (nil, ["LANGUAGE": "../x", "LANG": "de"], ["de"]),
            ("", ["LANG": "de"], ["de"]),
            ("C", ["LANG": "de"], ["de"]),
        ] as [(String?, [String: String], [String])])
    func precedence(lang: String?, environment: [String: String], expected: [String]) throws {
        #expect(try LanguagePreferences.resolve(lang: lang, environment: environment).map(\.description) == expected)
    }

    @Test("an invalid --lang is a usage error and never a path", arguments: ["../../etc", "es/../../x", "a b"])
    func invalidLang(lang: String) {
        #expect(throws: LanguagePreferences.InvalidLanguage.self) {
            try LanguagePreferences.resolve(lang: lang, environment: [:])
        }
    }

    @Test("an invalid item of a list names itself and what is wrong")
    func invalidListItem() {
        #expect(
            throws: LanguagePreferences.InvalidLanguage(
                source: "--lang", value: "ca-ES-toolongsubtag",
                reason: "subtag 'toolongsubtag' is longer than 8 characters")
        ) {
            try LanguagePreferences.parseList("de:ca-ES-toolongsubtag", source: "--lang")
        }
    }
}
