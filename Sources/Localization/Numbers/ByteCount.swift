/// A size in bytes as file managers write it, with decimal units (1 kB = 1,000 bytes):
/// `1.29 GB` in English, `1,2 Mo` in French, `0 bytes`, `800 байт`. The text is what
/// Foundation's `ByteCountFormatStyle(style: .file, spellsOutZero: false)` writes, for a
/// fraction of its cost at start-up: the number is written by `NumberFormat`, and the units
/// of every locale were taken from Foundation's own output ahead of time (`ByteCountNames`,
/// by `swift run generate-number-data`), so that no ICU formatter is made at run time. A test
/// compares both in every locale Foundation knows.
public enum ByteCount {
    /// `count` written for `language`.
    public static func text(_ count: Int64, language: LanguageTag) -> String {
        let unit = Unit(for: count)
        let digits = shown(Double(count) / Double(unit.size), fractionDigits: unit.fractionDigits)
        let number = NumberFormat(language: language).decimal(digits)
        // The category of the number as shown (`PluralOperands` reads a sign and ignores it).
        let category = PluralRules.rules(for: language).category(
            for: PluralOperands(digits.description) ?? PluralOperands(0))
        return ByteCountNames.pattern(unit, category, language: language).replacing("{0}", with: number)
    }

    /// A unit a size is written in, with the limit of the counts it takes (beyond, the count
    /// would round up to 1,000 of it) and the fraction digits it shows.
    package enum Unit: Int, CaseIterable, Sendable {
        case byte, kilobyte, megabyte, gigabyte, terabyte, petabyte

        /// Bytes in one of the unit.
        package var size: Int64 {
            [1, 1_000, 1_000_000, 1_000_000_000, 1_000_000_000_000, 1_000_000_000_000_000][rawValue]
        }

        /// At most this many fraction digits: none for bytes and kB, one for MB, two above.
        package var fractionDigits: Int { [0, 0, 1, 2, 2, 2][rawValue] }

        /// The unit `count` is written in: the smallest it stays under the limit of (999 bytes is
        /// `1 kB`, as it is for Foundation).
        package init(for count: Int64) {
            let limits: [Double] = [999, 999_499, 999_949_999, 999_994_999_999, 999_994_999_999_999]
            let magnitude = Double(count.magnitude)
            self = Unit(rawValue: limits.firstIndex { magnitude < $0 } ?? 5)!
        }
    }

    /// The plural operands of `value` as shown with at most `fractionDigits` digits: ICU rounds
    /// a value's shortest decimal form half to even, and shows no trailing zeros.
    package static func operands(_ value: Double, fractionDigits: Int) -> PluralOperands {
        PluralOperands(shown(value.magnitude, fractionDigits: fractionDigits).description) ?? PluralOperands(0)
    }

    /// The digits of `value` as shown: rounded to at most `fractionDigits` (the units keep
    /// values finite, so there are always digits).
    private static func shown(_ value: Double, fractionDigits: Int) -> DecimalDigits {
        var digits = DecimalDigits(value) ?? DecimalDigits(isNegative: false, integer: [], fraction: [])
        digits.round(toFractionDigits: fractionDigits)
        return digits
    }
}
