import Foundation
import Localization

/// Issue "Plurals, .stringsdict, String Catalogs": choosing categories, and loading plural
/// catalogs against the Foundation parser underneath.
struct PluralBenchmarks {
    func run() throws -> [Figure] {
        [categoryIntegers(), try categoryDecimals(), try stringsdict(), try xcstrings()]
    }

    /// Per call, for integers through Russian's rules (several relations each), next to a
    /// dictionary lookup.
    func categoryIntegers() -> Figure {
        let rules = PluralRules.rules(for: LanguageTag("ru")!)
        let numbers = (0..<10_000).map { $0 * 7 % 1_000 }
        var plain: [Int: PluralCategory] = [:]
        for number in numbers { plain[number] = rules.category(for: number) }
        var sink = 0
        let times = Measure.paired(
            rounds: 21,
            ours: {
                for number in numbers where rules.category(for: number) == .few { sink &+= 1 }
            },
            reference: {
                for number in numbers where plain[number] == .few { sink &+= 1 }
            })
        precondition(sink > 0)
        let count = Double(numbers.count)
        return Figure(
            name: "plural category of an integer (ru)", ours: times.ours / count, reference: 50e-9,
            referenceName: "the 50 ns budget", goal: .atMost(1),
            detail: String(format: "a [Int: Category] lookup: %.1f ns", times.reference / count * 1e9))
    }

    /// Per call, for decimals as written (`12.5`), through French's rules, operands included.
    func categoryDecimals() throws -> Figure {
        let rules = PluralRules.rules(for: LanguageTag("fr")!)
        let numbers = (0..<10_000).map { "\($0 % 500).\($0 % 10)" }
        let parsed = numbers.map { PluralOperands($0)! }
        var plain: [String: PluralCategory] = [:]
        for (text, operands) in zip(numbers, parsed) { plain[text] = rules.category(for: operands) }
        var sink = 0
        let times = Measure.paired(
            rounds: 21,
            ours: {
                for operands in parsed where rules.category(for: operands) == .one { sink &+= 1 }
            },
            reference: {
                for text in numbers where plain[text] == .one { sink &+= 1 }
            })
        precondition(sink > 0)
        let count = Double(numbers.count)
        return Figure(
            name: "plural category of a decimal (fr)", ours: times.ours / count, reference: 50e-9,
            referenceName: "the 50 ns budget", goal: .atMost(1),
            detail: String(format: "a [String: Category] lookup: %.1f ns", times.reference / count * 1e9))
    }

    /// Loading a 5,000-entry `.stringsdict`, against `PropertyListSerialization` alone.
    func stringsdict() throws -> Figure {
        var root: [String: Any] = [:]
        for index in 0..<5_000 {
            root["items.\(index)"] = [
                "NSStringLocalizedFormatKey": "%#@count@ in folder \(index)",
                "count": [
                    "NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d",
                    "one": "%d item", "few": "%d items (few)", "many": "%d items (many)", "other": "%d items",
                ],
            ]
        }
        let data = try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)
        var loaded = 0
        let times = try Measure.paired(
            rounds: 9,
            ours: {
                let result = StringsDictParser.parse(data, path: "bench.stringsdict")
                loaded = result.entries.count
            },
            reference: {
                _ = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            })
        precondition(loaded == 5_000)
        return Figure(
            name: "load a 5,000-entry .stringsdict", ours: times.ours, reference: times.reference,
            referenceName: "PropertyListSerialization alone", goal: .atMost(1.3),
            detail: String(format: "%.1f MB", Double(data.count) / 1e6))
    }

    /// Loading a 20,000-entry `.xcstrings` (three languages, a tenth plurals), against
    /// `JSONSerialization` alone.
    func xcstrings() throws -> Figure {
        var strings: [String: Any] = [:]
        for index in 0..<20_000 {
            var localizations: [String: Any] = [:]
            for language in ["en", "de", "ja"] {
                if index % 10 == 0 {
                    localizations[language] = [
                        "variations": [
                            "plural": [
                                "one": ["stringUnit": ["state": "translated", "value": "%lld file \(language)"]],
                                "other": ["stringUnit": ["state": "translated", "value": "%lld files \(language)"]],
                            ]
                        ]
                    ]
                } else {
                    localizations[language] = [
                        "stringUnit": ["state": "translated", "value": "Value \(index) in \(language): %@"]
                    ]
                }
            }
            strings["key.\(index)"] = ["localizations": localizations]
        }
        let data = try JSONSerialization.data(
            withJSONObject: ["sourceLanguage": "en", "strings": strings, "version": "1.0"],
            options: [.prettyPrinted, .sortedKeys])
        var loaded = 0
        let times = try Measure.paired(
            rounds: 7,
            ours: {
                let file = XCStringsFile(data, path: "bench.xcstrings")
                loaded = file.languages.count
            },
            reference: {
                _ = try JSONSerialization.jsonObject(with: data)
            })
        precondition(loaded == 3)
        return Figure(
            name: "load a 20,000-entry .xcstrings", ours: times.ours, reference: times.reference,
            referenceName: "JSONSerialization alone", goal: .atMost(1.5),
            detail: String(format: "%.1f MB", Double(data.count) / 1e6))
    }
}
