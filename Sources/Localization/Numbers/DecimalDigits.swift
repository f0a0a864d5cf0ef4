/// A number as decimal digits, the way ICU takes a `Double` before it writes it: the shortest
/// decimal form that reads back as the same value (`0.1`, not `0.1000000000000000055…`),
/// moved by powers of ten exactly (a percent is the number × 100) and rounded half to even.
package struct DecimalDigits: Equatable, Sendable {
    /// Whether a minus sign is written (negative values, and -0).
    package var isNegative: Bool
    /// The integer part's digits, 0 to 9, without leading zeros (none for zero).
    package var integer: [UInt8]
    /// The fraction's digits, 0 to 9, without trailing zeros.
    package var fraction: [UInt8]

    /// The digits given.
    package init(isNegative: Bool, integer: [UInt8], fraction: [UInt8]) {
        self.isNegative = isNegative
        self.integer = integer
        self.fraction = fraction
    }

    /// The digits of `value`; nil for infinity and NaN.
    package init?(_ value: Double) {
        guard value.isFinite else { return nil }
        isNegative = value.sign == .minus
        // Swift writes the shortest form, with an exponent when large or small: `1.5`,
        // `1e-05`, `9.223372036854776e+18`.
        let text = Array("\(value.magnitude)".utf8)
        let exponentAt = text.firstIndex { $0 == UInt8(ascii: "e") }
        let mantissa = text[..<(exponentAt ?? text.endIndex)]
        var exponent = 0
        if let exponentAt {
            exponent = Int(String(decoding: text[(exponentAt + 1)...], as: UTF8.self)) ?? 0
        }
        let point = mantissa.firstIndex(of: UInt8(ascii: ".")) ?? mantissa.endIndex
        let whole = mantissa[..<point].map { $0 - UInt8(ascii: "0") }
        let after = point < mantissa.endIndex ? mantissa[(point + 1)...].map { $0 - UInt8(ascii: "0") } : []
        integer = whole
        fraction = after
        shift(by: exponent)
    }

    /// Multiplies by 10^`places` (divides, when negative), exactly.
    package mutating func shift(by places: Int) {
        var digits = integer + fraction
        var pointAt = integer.count + places
        if pointAt < 0 {
            digits = Array(repeating: 0, count: -pointAt) + digits
            pointAt = 0
        }
        if pointAt > digits.count { digits += Array(repeating: 0, count: pointAt - digits.count) }
        integer = Array(digits[..<pointAt])
        fraction = Array(digits[pointAt...])
        normalize()
    }

    /// Rounds to at most `places` fraction digits, half to even.
    package mutating func round(toFractionDigits places: Int) {
        guard fraction.count > places else { return }
        let first = fraction[places]
        let beyond = fraction[(places + 1)...].contains { $0 != 0 }
        var digits = integer + fraction[..<places]
        let lastIsOdd = (digits.last ?? 0) % 2 == 1
        fraction.removeSubrange(places...)
        if first > 5 || (first == 5 && (beyond || lastIsOdd)) {
            var index = digits.count - 1
            while index >= 0 && digits[index] == 9 {
                digits[index] = 0
                index -= 1
            }
            if index >= 0 { digits[index] += 1 } else { digits.insert(1, at: 0) }
            let fractionCount = fraction.count
            integer = Array(digits[..<(digits.count - fractionCount)])
            fraction = Array(digits[(digits.count - fractionCount)...])
        }
        normalize()
    }

    /// The digits as ASCII, `-12.5`: what `PluralOperands` reads.
    package var description: String {
        let digits = (integer.isEmpty ? [0] : integer).map { Character(Unicode.Scalar($0 + UInt8(ascii: "0"))) }
        let fractional = fraction.map { Character(Unicode.Scalar($0 + UInt8(ascii: "0"))) }
        return (isNegative ? "-" : "") + String(digits) + (fractional.isEmpty ? "" : "." + String(fractional))
    }

    private mutating func normalize() {
        while integer.first == 0 { integer.removeFirst() }
        while fraction.last == 0 { fraction.removeLast() }
    }
}
