/// Numbers written as a language writes them (`1,234,567` in English, `1.234.567` in German,
/// `١٬٢٣٤` in Egyptian Arabic, `45 %` in Spanish): what Foundation's number and percent styles
/// write, from symbols taken from Foundation ahead of time (`NumberSymbols`), so that no ICU
/// formatter is made at run time. A test compares both in every locale Foundation knows.
public struct NumberFormat: Sendable {
    private let symbols: NumberSymbols

    /// The format of `language` (its parent's when it has none of its own, the root's for a
    /// language Foundation does not know).
    public init(language: LanguageTag) {
        symbols = NumberSymbols(language: language)
    }

    /// `1234567` → `1,234,567` (English).
    public func integer(_ value: Int) -> String {
        let magnitude = Array(String(value.magnitude).utf8).map { $0 - UInt8(ascii: "0") }
        let digits = DecimalDigits(isNegative: value < 0, integer: magnitude == [0] ? [] : magnitude, fraction: [])
        return signed(digits.isNegative, written(digits, symbols.grouping), number: true)
    }

    /// `value` with at most `maximumFractionDigits` fraction digits, rounded half to even, no
    /// trailing zeros: `1.29`, `51,2`.
    public func decimal(_ value: Double, maximumFractionDigits: Int) -> String {
        guard var digits = DecimalDigits(value) else { return signed(value < 0, nonFinite(value), number: true) }
        digits.round(toFractionDigits: maximumFractionDigits)
        return decimal(digits)
    }

    /// `digits` as they are (rounded already).
    func decimal(_ digits: DecimalDigits) -> String {
        signed(digits.isNegative, written(digits, symbols.grouping), number: true)
    }

    /// `fraction` as a whole percent: `0.456` → `46%` (English), `46 %` (German).
    public func percent(_ fraction: Double) -> String {
        guard var digits = DecimalDigits(fraction) else {
            return signed(fraction < 0, nonFinite(fraction), number: false)
        }
        digits.shift(by: 2)
        digits.round(toFractionDigits: 0)
        return signed(digits.isNegative, written(digits, symbols.percentGrouping), number: false)
    }

    /// `digits` with the locale's digits, separators and `grouping`.
    private func written(_ digits: DecimalDigits, _ grouping: NumberSymbols.Grouping) -> String {
        let integer = digits.integer.isEmpty ? [0] : digits.integer
        var text = ""
        for (index, digit) in integer.enumerated() {
            if grouping.separates(left: integer.count - index, of: integer.count) { text += symbols.groupingSeparator }
            text += symbols.digits[Int(digit)]
        }
        if !digits.fraction.isEmpty {
            text += symbols.decimalSeparator
            for digit in digits.fraction { text += symbols.digits[Int(digit)] }
        }
        return text
    }

    /// `body` between the prefix and suffix of a negative or positive number, or percent.
    private func signed(_ negative: Bool, _ body: String, number: Bool) -> String {
        switch (number, negative) {
        case (true, true): symbols.negativePrefix + body + symbols.negativeSuffix
        case (true, false): body
        case (false, true): symbols.negativePercentPrefix + body + symbols.negativePercentSuffix
        case (false, false): symbols.percentPrefix + body + symbols.percentSuffix
        }
    }

    private func nonFinite(_ value: Double) -> String { value.isNaN ? symbols.notANumber : symbols.infinity }
}
