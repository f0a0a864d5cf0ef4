import Foundation
import Localization
import Testing

@Suite("CLDR plural rules")
struct PluralRulesTests {
    /// CLDR's files of rules beside this file: each file, its key and the kind of rules in it.
    static let dataFiles: [(String, String, PluralRules.Kind)] = [
        ("plurals.json", "plurals-type-cardinal", .cardinal), ("ordinals.json", "plurals-type-ordinal", .ordinal),
    ]

    /// CLDR's JSON, copied beside this file.
    static func cldr(_ file: String, _ key: String) throws -> [String: [String: String]] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("CLDR/\(file)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let supplemental = json?["supplemental"] as? [String: Any]
        return try #require(supplemental?[key] as? [String: [String: String]])
    }

    /// Every sample of a rule: `@integer 0, 3~5, 1c6, … @decimal 0.0~1.5` → the numbers as written.
    static func samples(_ rule: String) -> [String] {
        var result: [String] = []
        for section in rule.components(separatedBy: "@").dropFirst() {
            let items = section.split(separator: " ", maxSplits: 1).dropFirst().first ?? ""
            for item in items.split(separator: ",") {
                let sample = item.trimmingCharacters(in: .whitespaces)
                guard !sample.isEmpty, sample != "…" else { continue }
                let bounds = sample.components(separatedBy: "~")
                guard bounds.count == 2 else {
                    result.append(sample)
                    continue
                }
                // A range steps by one unit of its last digit: 0.0~1.5 is 0.0, 0.1, … 1.5.
                let digits = bounds[0].split(separator: ".").dropFirst().first?.count ?? 0
                let scale = pow(10.0, Double(digits))
                let low = Int((Double(bounds[0])! * scale).rounded()),
                    high = Int((Double(bounds[1])! * scale).rounded())
                for value in low...high {
                    result.append(digits == 0 ? String(value) : String(format: "%.\(digits)f", Double(value) / scale))
                }
            }
        }
        return result
    }

    @Test(
        "every CLDR sample maps to its category",
        arguments: dataFiles)
    func everySample(file: String, key: String, kind: PluralRules.Kind) throws {
        let data = try Self.cldr(file, key)
        var checked = 0
        for (locale, rules) in data {
            let compiled = try #require(PluralRules.rules(forCLDRLocale: locale, kind: kind), "no rules for \(locale)")
            #expect(
                Set(compiled.categories.map(\.rawValue))
                    == Set(rules.keys.map { $0.replacingOccurrences(of: "pluralRule-count-", with: "") }))
            for (name, rule) in rules {
                let category = try #require(
                    PluralCategory(rawValue: name.replacingOccurrences(of: "pluralRule-count-", with: "")))
                for sample in Self.samples(rule) {
                    let operands = try #require(PluralOperands(sample), "\(locale): cannot read \(sample)")
                    #expect(compiled.category(for: operands) == category, "\(locale) \(sample) [\(operands)]")
                    checked += 1
                }
            }
        }
        #expect(checked > (kind == .cardinal ? 5_000 : 1_000))
    }

    @Test(
        "a whole number's category, taken by its fast path, is that of its operands, in every CLDR locale",
        arguments: dataFiles)
    func wholeNumbers(file: String, key: String, kind: PluralRules.Kind) throws {
        let numbers = Array(-3...2_100) + [10_000, 100_000, 1_000_000, 1_000_001, 2_000_000, Int.max, Int.min]
        for locale in try Self.cldr(file, key).keys.sorted() {
            let rules = try #require(PluralRules.rules(forCLDRLocale: locale, kind: kind))
            for number in numbers {
                #expect(
                    rules.category(for: number) == rules.category(for: PluralOperands(number)), "\(locale) \(number)")
            }
        }
    }

    @Test("the compiled rules are what the generator makes of the data, byte for byte")
    func generatedFileMatchesTheData() throws {
        let generated = try PluralRuleGenerator.swiftSource(
            cardinal: Self.cldr("plurals.json", "plurals-type-cardinal"),
            ordinal: Self.cldr("ordinals.json", "plurals-type-ordinal"))
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/Localization/Plurals/CLDRPluralRules.swift").standardized
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written == generated, "run `swift run generate-plural-rules` and commit the result")
    }

    @Test(
        "operands are read as written",
        arguments: [
            ("1", "n=1 i=1 v=0 w=0 f=0 t=0 e=0"),
            ("1.50", "n=1.5 i=1 v=2 w=1 f=50 t=5 e=0"),
            ("-0.010", "n=0.01 i=0 v=3 w=2 f=10 t=1 e=0"),
            ("1.2c6", "n=1200000 i=1200000 v=0 w=0 f=0 t=0 e=6"),
            ("1.0000001c6", "n=1000000.1 i=1000000 v=1 w=1 f=1 t=1 e=6"),
            ("123c2", "n=12300 i=12300 v=0 w=0 f=0 t=0 e=2"),
        ])
    func operands(text: String, expected: String) throws {
        #expect(try #require(PluralOperands(text)).description == expected)
    }

    @Test("not numbers", arguments: ["", "x", "1.", ".5", "1..2", "1e", "1c-3", "١٢"])
    func notNumbers(text: String) {
        #expect(PluralOperands(text) == nil)
    }

    @Test(
        "the examples translators use",
        arguments: [
            ("ru", "21", PluralCategory.one), ("ru", "22", .few), ("ru", "25", .many), ("ru", "1.5", .other),
            ("ar", "0", .zero), ("ar", "2", .two), ("ar", "3", .few), ("ar", "11", .many), ("ar", "100", .other),
            ("fr", "1.5", .one), ("fr", "0", .one), ("fr", "1000000", .many), ("en", "1.0", .other),
            ("pt-PT", "0", .other),
            ("pt-BR", "0", .one), ("zh-Hant-TW", "1", .other), ("xx", "1", .other),
        ])
    func examples(language: String, number: String, category: PluralCategory) throws {
        let rules = PluralRules.rules(for: try #require(LanguageTag(language)))
        #expect(rules.category(for: try #require(PluralOperands(number))) == category)
    }

    @Test("a malformed rule is a syntax error", arguments: ["n = ", "x = 1", "n % 0 = 1", "n = 3..1", "n ~ 1", " "])
    func syntaxErrors(rule: String) {
        #expect(throws: PluralRules.SyntaxError.self) { try PluralRules([.one: rule]) }
    }

    @Test("rules written by hand work like CLDR's")
    func handWritten() throws {
        let rules = try PluralRules([.one: "i = 1 and v = 0", .few: "n % 10 = 2..4 and n % 100 != 12..14"])
        #expect(rules.category(for: 1) == .one && rules.category(for: 23) == .few && rules.category(for: 13) == .other)
        #expect(rules.categories == [.one, .few, .other])
    }
}
