import Foundation
import Localization

/// Plural rules and a `PluralEntry`, both chosen by `data`. A flags byte (bit 0: ordinal,
/// bit 1: rules written in the input instead of CLDR's), two bytes picking a CLDR locale,
/// eight bytes of an integer, then lines: a number as written, the entry's format, its
/// variable's name, its value type, and variants for zero, one, two, few, many, other
/// (with bit 1, the one, few and many lines are also the rules' conditions).
public func fuzzPlural(_ data: Data) {
    var input = FuzzInput(data)
    let flags = input.byte()
    let kind: PluralRules.Kind = flags & 1 == 0 ? .cardinal : .ordinal
    let pick = Int(input.byte()) << 8 | Int(input.byte())
    let integer = Int(input.int64())
    let lines = input.lines()
    func line(_ index: Int) -> String { index < lines.count ? lines[index] : "" }
    let rules: PluralRules
    if flags & 2 != 0 {
        let written: [PluralCategory: String] = [.one: line(5), .few: line(7), .many: line(8)]
        guard let custom = try? PluralRules(written.filter { !$0.value.isEmpty }) else { return }
        rules = custom
    } else {
        let locales = PluralRules.locales(kind)
        guard !locales.isEmpty, let cldr = PluralRules.rules(forCLDRLocale: locales[pick % locales.count], kind: kind)
        else { return }
        rules = cldr
    }
    _ = rules.category(for: integer)
    if let operands = PluralOperands(line(0)) {
        _ = operands.description
        _ = rules.category(for: operands)
    }
    var variants: [PluralCategory: String] = [:]
    for (offset, category) in PluralCategory.allCases.enumerated() where !line(4 + offset).isEmpty {
        variants[category] = line(4 + offset)
    }
    let name = line(2).isEmpty ? "n" : line(2)
    let entry = PluralEntry(
        format: line(1),
        variables: [name: PluralEntry.Variable(valueType: line(3).isEmpty ? "d" : line(3), variants: variants)],
        location: .init(path: "fuzz.stringsdict", line: 1, column: 1))
    usePlural(entry, rules: rules, arguments: [.string(line(0)), .int(integer), .double(Double(integer) / 7)])
}
