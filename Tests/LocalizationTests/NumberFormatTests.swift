import Foundation
import Localization
import Testing

/// `NumberFormat` against what it stands in for, Foundation's number and percent styles: the
/// same text in every locale Foundation knows, for integers, decimals and percents of every
/// shape (grouping edges, ties that round to even, signs, infinity, NaN).
@Suite("Numbers")
struct NumberFormatTests {
    /// The symbols were taken from Foundation on Linux (its ICU); Apple's systems carry their
    /// own ICU data.
    static let symbolsAreFoundations: Bool = {
        #if os(Linux)
        true
        #else
        false
        #endif
    }()

    static let integers: [Int] = [
        0, 1, 5, -5, 12, 999, 1_000, 1_234, 9_999, 10_000, 12_345, 99_999, 100_000, 123_456, 1_234_567, 12_345_678,
        1_234_567_890, -1_234_567, Int.max, Int.min,
    ]
    static let decimals: [(Double, Int)] = [
        (0, 2), (0.5, 0), (1.5, 0), (2.5, 0), (1.005, 2), (1.015, 2), (2.675, 2), (1.25, 1), (0.25, 2), (12.5, 1),
        (1_234.5, 1), (12_345.678, 2), (999.995, 2), (-1.5, 1), (-0.001, 2), (1e-7, 2), (1e20, 2), (-0.0, 0),
        (.infinity, 2), (-.infinity, 2), (.nan, 2), (9_223_372_036_854_775_808, 2),
    ]
    static let percents: [Double] = [
        0, 0.001, 0.005, 0.015, 0.45, 0.455, 0.445, 1, 12.34, 123.456, -0.45, -0.001, 1e-9, .infinity, .nan,
    ]

    /// Every locale Foundation knows, in four parts that run side by side.
    static let localeParts: [[String]] = {
        let all = Locale.availableIdentifiers.sorted()
        return (0..<4).map { part in all.indices.filter { $0 % 4 == part }.map { all[$0] } }
    }()

    @Test(
        "the same text as Foundation's number and percent styles, in every locale",
        .enabled(if: symbolsAreFoundations), arguments: 0..<4)
    func sameAsFoundation(part: Int) {
        var checked = 0
        for id in Self.localeParts[part] {
            guard let language = LanguageTag(id) else { continue }
            let locale = Locale(identifier: id), format = NumberFormat(language: language)
            var differences: [String] = []
            func compare(_ what: String, _ written: String, _ expected: String) {
                if written != expected { differences.append("\(what): \"\(written)\", Foundation \"\(expected)\"") }
                checked += 1
            }
            for value in Self.integers {
                compare("\(value)", format.integer(value), value.formatted(.number.locale(locale)))
            }
            for (value, digits) in Self.decimals {
                compare(
                    "\(value) (\(digits))", format.decimal(value, maximumFractionDigits: digits),
                    value.formatted(.number.precision(.fractionLength(0...digits)).locale(locale)))
            }
            for value in Self.percents {
                compare(
                    "\(value) %", format.percent(value),
                    value.formatted(.percent.precision(.fractionLength(0)).locale(locale)))
            }
            #expect(differences.isEmpty, "\(id): \(differences.prefix(3).joined(separator: "; "))")
        }
        #expect(checked > 10_000)
    }

    @Test(
        "languages the app ships",
        arguments: [
            ("en", 1_234_567, "1,234,567"), ("de", 1_234_567, "1.234.567"), ("es", 1_234, "1234"),
            ("es", 12_345, "12.345"), ("ru", 12_345, "12\u{A0}345"), ("ar", -5, "\u{200E}-5"),
            ("ar-EG", 1_234, "١٬٢٣٤"), ("hi", 1_234_567, "12,34,567"),
        ])
    func shipped(language: String, value: Int, text: String) throws {
        #expect(NumberFormat(language: try #require(LanguageTag(language))).integer(value) == text)
    }

    @Test(
        "digits move and round half to even on the shortest decimal form",
        arguments: [
            (0.1, 0, 0, "0"), (0.1, 2, 1, "10"), (2.675, 0, 2, "2.68"), (1.005, 0, 2, "1"), (0.455, 2, 0, "46"),
            (0.445, 2, 0, "44"), (9.995, 0, 2, "10"), (99.5, 0, 0, "100"), (1e-7, 0, 2, "0"),
            (1e20, 0, 0, "100000000000000000000"),
            (-1.25, 0, 1, "-1.2"),
        ])
    func digits(value: Double, shift: Int, places: Int, shown: String) throws {
        var digits = try #require(DecimalDigits(value))
        digits.shift(by: shift)
        digits.round(toFractionDigits: places)
        #expect(digits.description == shown)
    }

    @Test("a language Foundation does not know writes as the root locale does")
    func unknownLanguage() throws {
        #expect(NumberFormat(language: try #require(LanguageTag("qaa"))).integer(1_234_567) == "1,234,567")
        #expect(NumberFormat(language: try #require(LanguageTag("qaa"))).percent(0.5) == "50%")
    }
}
