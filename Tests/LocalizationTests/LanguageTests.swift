import Localization
import Testing

@Suite("Language tags and preferences")
struct LanguageTests {
    @Test(
        "tags are normalised",
        arguments: [
            ("es", "es"), ("pt_br", "pt-BR"), ("PT-br", "pt-BR"), ("zh-hant-tw", "zh-Hant-TW"), ("zh_Hans", "zh-Hans"),
            ("es_ES.UTF-8@euro", "es-ES"), ("de_DE.UTF-8", "de-DE"), ("en-XA", "en-XA"), ("es-419", "es-419"),
            ("sr_RS@latin", "sr-RS"),
        ])
    func normalised(raw: String, tag: String) {
        #expect(LanguageTag(raw)?.description == tag)
    }

    @Test(
        "non-tags are rejected",
        arguments: ["", "../../etc", "e", "es/MX", "es MX", "es-MX-XX", "english-US", "a;b", "ja\u{0}"])
    func rejected(raw: String) {
        #expect(LanguageTag(raw) == nil)
    }

    @Test(
        "parents",
        arguments: [("es-MX", ["es-MX", "es"]), ("zh-Hant-TW", ["zh-Hant-TW", "zh-Hant", "zh"]), ("ja", ["ja"])])
    func parents(tag: String, chain: [String]) throws {
        #expect(try #require(LanguageTag(tag)).withParents.map(\.description) == chain)
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
}
