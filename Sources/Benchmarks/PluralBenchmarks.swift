import Foundation
import Localization

/// Issue "Plurals, .stringsdict, String Catalogs": choosing categories (loading plural
/// catalogs is in `ReaderBenchmarks`).
struct PluralBenchmarks {
    func run() throws -> [Figure] {
        [categoryIntegers(), try categoryDecimals()]
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
}
