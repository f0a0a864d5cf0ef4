import Synchronization

/// How a locale writes numbers, as Foundation (ICU) writes them: its digits, separators,
/// grouping, signs and percent. The data (`LocaleNumberData.swift`) is generated from
/// Foundation's own output by `swift run generate-number-data`; this is how it is laid out
/// and read.
///
/// A set of symbols is one string of tab-separated fields: the ten digits; the decimal and
/// grouping separators; the grouping sizes `primary,secondary,minimum` of numbers, then of
/// percents (`3,3,1`; `3,2,1` in India; `0,0,0` for none); what comes before and after a
/// negative number; before and after a percent, then a negative percent; NaN; infinity.
package struct NumberSymbols: Equatable, Sendable {
    /// `0` to `9` as the locale writes them.
    package var digits: [String]
    package var decimalSeparator: String
    package var groupingSeparator: String
    /// How digits are grouped in numbers, and in percents (which may group otherwise).
    package var grouping: Grouping
    package var percentGrouping: Grouping
    package var negativePrefix: String
    package var negativeSuffix: String
    package var percentPrefix: String
    package var percentSuffix: String
    package var negativePercentPrefix: String
    package var negativePercentSuffix: String
    package var notANumber: String
    package var infinity: String

    /// The sizes of digit groups.
    package struct Grouping: Equatable, Sendable {
        /// Digits in the group nearest the decimal separator (0: no grouping).
        package var primary: Int
        /// Digits in each group further left.
        package var secondary: Int
        /// Grouping starts once the integer part has `primary + minimum` digits.
        package var minimum: Int

        package init(primary: Int, secondary: Int, minimum: Int) {
            self.primary = primary
            self.secondary = secondary
            self.minimum = minimum
        }

        /// Whether a separator goes before the digit that has `left` digits from it to the
        /// decimal separator, in an integer part of `count` digits.
        func separates(left: Int, of count: Int) -> Bool {
            primary > 0 && count >= primary + minimum && left < count && left >= primary
                && (left - primary) % secondary == 0
        }
    }

    /// The symbols `language` writes numbers with: its own, else its parent's (`pt-BR`, then
    /// `pt`), else the root locale's.
    package init(language: LanguageTag) {
        let index = Self.table.set(for: language)
        if let known = Self.decoded.withLock({ $0[index] }) {
            self = known
            return
        }
        self = Self.decode(Self.sets[index]) ?? Self.decode(Self.sets[0])!
        Self.decoded.withLock { [self] in $0[index] = self }
    }

    /// Each set decoded so far, by its index: a screen writes many numbers.
    private static let decoded = Mutex<[Int: NumberSymbols]>([:])

    /// The set of each language, by `locales`.
    private static let table = LocaleTable(locales)

    /// The symbols given field by field.
    package init(
        digits: [String], decimalSeparator: String, groupingSeparator: String, grouping: Grouping,
        percentGrouping: Grouping, negativePrefix: String, negativeSuffix: String,
        percentPrefix: String, percentSuffix: String, negativePercentPrefix: String, negativePercentSuffix: String,
        notANumber: String, infinity: String
    ) {
        self.digits = digits
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.grouping = grouping
        self.percentGrouping = percentGrouping
        self.negativePrefix = negativePrefix
        self.negativeSuffix = negativeSuffix
        self.percentPrefix = percentPrefix
        self.percentSuffix = percentSuffix
        self.negativePercentPrefix = negativePercentPrefix
        self.negativePercentSuffix = negativePercentSuffix
        self.notANumber = notANumber
        self.infinity = infinity
    }

    /// The symbols as one string of `sets` (see above).
    package var encoded: String {
        [
            digits.joined(), decimalSeparator, groupingSeparator,
            [grouping, percentGrouping].map { "\($0.primary),\($0.secondary),\($0.minimum)" }.joined(separator: ","),
            negativePrefix, negativeSuffix,
            percentPrefix, percentSuffix, negativePercentPrefix, negativePercentSuffix, notANumber, infinity,
        ].joined(separator: "\t")
    }

    /// The symbols one string of `sets` holds; nil when it holds none.
    package static func decode(_ text: String) -> NumberSymbols? {
        let fields = text.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        let grouping = fields.count == 12 ? fields[3].split(separator: ",").compactMap { Int($0) } : []
        guard grouping.count == 6, fields[0].count == 10 else { return nil }
        return NumberSymbols(
            digits: fields[0].map(String.init), decimalSeparator: fields[1], groupingSeparator: fields[2],
            grouping: Grouping(primary: grouping[0], secondary: grouping[1], minimum: grouping[2]),
            percentGrouping: Grouping(primary: grouping[3], secondary: grouping[4], minimum: grouping[5]),
            negativePrefix: fields[4], negativeSuffix: fields[5], percentPrefix: fields[6], percentSuffix: fields[7],
            negativePercentPrefix: fields[8], negativePercentSuffix: fields[9], notANumber: fields[10],
            infinity: fields[11])
    }
}

/// Finds a language's entry in a table of locale data generated from Foundation: the tag,
/// else its parents (RFC 4647 lookup), else `root`, which every table has. What it found for
/// a language is kept (a screen writes many numbers in one language), for at most
/// `remembered` languages.
final class LocaleTable: Sendable {
    /// Locale name → index of its set.
    let locales: [String: Int]
    private let found = Mutex<[LanguageTag: Int]>([:])
    /// The most languages whose set is kept; past them, each lookup walks the parents again.
    static let remembered = 256

    init(_ locales: [String: Int]) {
        self.locales = locales
    }

    /// The index of the set `language` takes.
    func set(for language: LanguageTag) -> Int {
        if let index = found.withLock({ $0[language] }) { return index }
        let index = language.withParents.lazy.compactMap { self.locales[$0.description] }.first ?? locales["root"] ?? 0
        found.withLock { if $0.count < Self.remembered { $0[language] = index } }
        return index
    }
}
