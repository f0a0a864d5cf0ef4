import FileWriting
import Foundation
import Localization

// `swift run generate-number-data [PACKAGE-ROOT]`: asks Foundation how every locale it knows
// writes numbers (`NumberSymbols`: digits, separators, grouping, signs, percent) and byte
// counts (`ByteCountNames`: ByteCountFormatStyle's unit names, for numbers of every plural
// category), and writes Sources/Localization/Numbers/LocaleNumberData.swift. Run it on Linux
// with a new toolchain when LocalizationTests' comparisons with Foundation fail: the data then
// comes from the toolchain's ICU.

let root = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? FileManager.default.currentDirectoryPath)
let output = root.appendingPathComponent("Sources/Localization/Numbers/LocaleNumberData.swift")

struct Failure: Error, CustomStringConvertible {
    let description: String
}

/// `written` split around `inner`, which it must hold once.
func around(_ written: String, _ inner: String, _ localeID: String) throws -> (before: String, after: String) {
    let pieces = written.components(separatedBy: inner)
    guard pieces.count == 2 else {
        throw Failure(description: "\(localeID): \"\(written)\" does not hold \"\(inner)\" once")
    }
    return (pieces[0], pieces[1])
}

/// The grouping separator and sizes `write` uses, read off a ten-digit number (`1,234,567,890`:
/// 3 and 3; `1,23,45,67,890`: 3 and 2) and the shortest numbers that are grouped (`1234` is in
/// English, `12.345` in Spanish).
func grouping(_ localeID: String, digits: [String], _ write: (Int) -> String) throws -> (
    separator: String, sizes: NumberSymbols.Grouping
) {
    let long = write(1_234_567_890)
    let runs = long.split { !digits.contains(String($0)) }
    let separators = long.split { digits.contains(String($0)) }.map(String.init)
    // The percent sign, and a prefix or suffix, are runs of their own: count those inside the number.
    let inside = Array(separators.dropFirst(long.first.map { digits.contains(String($0)) } == true ? 0 : 1))
        .prefix(max(runs.count - 1, 0))
    guard runs.count > 1, let separator = inside.first else { return ("", .init(primary: 0, secondary: 0, minimum: 0)) }
    guard inside.allSatisfy({ $0 == separator }) else {
        throw Failure(description: "\(localeID): \"\(long)\" has separators \(separators)")
    }
    let primary = runs[runs.count - 1].count, secondary = runs[runs.count - 2].count
    let lengths = (primary + 1)...(primary + 6)
    // Grouped when longer than its digits and the affixes a one-digit number has.
    let affixes = write(1).count - 1
    let first = lengths.first { length in write(Int(String(repeating: "1", count: length))!).count > affixes + length }
    return (
        separator, .init(primary: primary, secondary: secondary, minimum: (first ?? lengths.upperBound + 1) - primary)
    )
}

/// How `localeID` writes numbers, read off Foundation's output for chosen values.
func symbols(_ localeID: String) throws -> NumberSymbols {
    let locale = Locale(identifier: localeID)
    func number(_ value: Int) -> String { value.formatted(.number.locale(locale)) }
    func percent(_ value: Double) -> String { value.formatted(.percent.precision(.fractionLength(0)).locale(locale)) }
    let digits = (0...9).map(number)
    guard digits.allSatisfy({ $0.count == 1 }) else { throw Failure(description: "\(localeID): digits \(digits)") }
    let decimal = try around(1.5.formatted(.number.locale(locale)), digits[1], localeID).after
    let decimalSeparator = try around(decimal, digits[5], localeID).before
    let numberGrouping = try grouping(localeID, digits: digits, number)
    let percentGrouping = try grouping(localeID, digits: digits) { percent(Double($0) / 100) }
    let negative = try around(number(-5), digits[5], localeID)
    let positivePercent = try around(percent(0.45), digits[4] + digits[5], localeID)
    let negativePercent = try around(percent(-0.45), digits[4] + digits[5], localeID)
    return NumberSymbols(
        digits: digits, decimalSeparator: decimalSeparator,
        groupingSeparator: numberGrouping.separator, grouping: numberGrouping.sizes,
        percentGrouping: percentGrouping.sizes, negativePrefix: negative.before,
        negativeSuffix: negative.after, percentPrefix: positivePercent.before, percentSuffix: positivePercent.after,
        negativePercentPrefix: negativePercent.before, negativePercentSuffix: negativePercent.after,
        notANumber: Double.nan.formatted(.number.locale(locale)),
        infinity: Double.infinity.formatted(.number.locale(locale)))
}

/// The numbers tried for each unit, as a count of its smallest shown step (1, 0.1 or 0.01):
/// every integer to 125 and a few beyond, which meets each residue CLDR's rules test, and
/// fractions of one and two digits.
func samples(_ unit: ByteCount.Unit) -> [Int64] {
    let step: Int64 = [1, 1, 10, 100, 100, 100][unit.rawValue]
    let integers = (unit == .byte ? 0 : 1)...125
    var steps = (Array(integers) + [200, 201, 202, 205, 211, 999]).map { Int64($0) * step }
    if step >= 10 { steps += [1, 5, 15, 21, 25, 37, 115, 1_015] }
    if step == 100 { steps += [1, 5, 12, 25, 101, 150, 1_025, 1_001] }
    return steps
}

/// How `localeID` names each unit, by plural category; throws when a name does not hold the
/// number exactly once, or when two numbers of one category (by CLDR's rules) get different
/// names.
func byteCountNames(_ localeID: String, language: LanguageTag) throws -> [[PluralCategory: String]] {
    let locale = Locale(identifier: localeID)
    let rules = PluralRules.rules(for: language)
    let style = ByteCountFormatStyle(style: .file, spellsOutZero: false).locale(locale)
    return try ByteCount.Unit.allCases.map { unit in
        let step = Int64([1, 1, 10, 100, 100, 100][unit.rawValue])
        var forms: [PluralCategory: String] = [:]
        for steps in samples(unit) {
            let count = steps * (unit.size / step)
            guard ByteCount.Unit(for: count) == unit else { continue }
            let value = Double(count) / Double(unit.size)
            let written = count.formatted(style)
            let number = value.formatted(.number.precision(.fractionLength(0...unit.fractionDigits)).locale(locale))
            guard !written.contains("\t"), !written.contains("|") else {
                throw Failure(description: "\(localeID): \"\(written)\" holds a tab or a bar")
            }
            let (before, after) = try around(written, number, localeID)
            let pattern = before + "{0}" + after
            let category = rules.category(for: ByteCount.operands(value, fractionDigits: unit.fractionDigits))
            if let known = forms[category], known != pattern {
                throw Failure(
                    description: "\(localeID): \(category) has \"\(known)\" and \"\(pattern)\" (\(written)): "
                        + "ICU's plural forms disagree with CLDR's rules here")
            }
            forms[category] = pattern
        }
        return forms
    }
}

/// A table of distinct sets and the language tags that use each, keeping only tags whose set
/// differs from the one their parents would give.
struct Table {
    var sets: [String] = []
    var locales: [String: Int] = [:]

    mutating func add(_ set: String, for tag: LanguageTag, key: String) {
        let known = locales
        let inherited = tag.withParents.dropFirst().lazy.compactMap { known[$0.description] }.first ?? known["root"]
        guard key == "root" || inherited.map({ sets[$0] }) != set else { return }
        if let index = sets.firstIndex(of: set) {
            locales[key] = index
        } else {
            locales[key] = sets.count
            sets.append(set)
        }
    }

    /// The table as the two Swift declarations `sets` and `locales`.
    func swift(_ what: String) -> String {
        var source = "    /// Each distinct set of \(what).\n    static let sets: [String] = [\n"
        for set in sets { source += "        \(literal(set)),\n" }
        source += "    ]\n\n    /// The set of each language tag whose \(what) differ from its parent's.\n"
        source += "    static let locales: [String: Int] = [\n"
        for (key, index) in locales.sorted(by: { $0.key < $1.key }) { source += "        \(literal(key)): \(index),\n" }
        return source + "    ]\n"
    }
}

/// `text` as a Swift literal; spaces other than U+0020, and invisible marks, written out
/// (`\u{A0}`), so that a reader sees them.
func literal(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\", "\"": literal += "\\\(scalar)"
        case "\t": literal += "\\t"
        case " ": literal += " "
        case _ where scalar.properties.isWhitespace || scalar.properties.generalCategory == .format:
            literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default: literal.unicodeScalars.append(scalar)
        }
    }
    return literal + "\""
}

do {
    // Every locale Foundation lists, and each language with a region but no script (`zh-TW`,
    // `sr-ME`), which ICU may complete with another script than its parent's: most specific
    // last, so that parents are settled before their children.
    var candidates: [String: LanguageTag] = ["root": LanguageTag("und")!]
    for id in Locale.availableIdentifiers {
        guard let tag = LanguageTag(id) else { continue }
        candidates[id] = tag
        if tag.script != nil, let region = tag.region, tag.variants.isEmpty {
            candidates["\(tag.language)_\(region)"] = LanguageTag(language: tag.language, region: region)
        }
    }
    func depth(_ id: String) -> Int { id == "root" ? 0 : candidates[id]!.withParents.count }
    var numbers = Table(), units = Table()
    for (id, tag) in candidates.sorted(by: { (depth($0.key), $0.key) < (depth($1.key), $1.key) }) {
        let key = id == "root" ? "root" : tag.description
        numbers.add(try symbols(id).encoded, for: tag, key: key)
        units.add(ByteCountNames.encode(try byteCountNames(id, language: tag)), for: tag, key: key)
    }
    let source = """
        // swift-format-ignore-file
        // Generated by `swift run generate-number-data`: do not edit. Source: Foundation on Linux
        // (ICU), \(candidates.count) locales: how each writes numbers, and ByteCountFormatStyle's
        // unit names. LocalizationTests compares `NumberFormat` and `ByteCount` with Foundation.

        extension NumberSymbols {
        \(numbers.swift("symbols"))}

        extension ByteCountNames {
        \(units.swift("names"))}

        """
    try AtomicFile.write(Data(source.utf8), to: output)
    print(
        "wrote \(output.path): \(numbers.sets.count) sets of symbols for \(numbers.locales.count) tags, "
            + "\(units.sets.count) sets of unit names for \(units.locales.count) tags")
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
