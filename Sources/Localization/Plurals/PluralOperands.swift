#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The operands CLDR plural rules test, taken from a number as written:
/// `n` absolute value, `i` integer digits, `v` count of visible fraction digits (with
/// trailing zeros), `w` the same without trailing zeros, `f` visible fraction digits,
/// `t` the same without trailing zeros, `e` the exponent of compact notation (`1.2c6`).
/// `1.50` keeps `v = 2`: numbers are read as written.
public struct PluralOperands: Sendable, Hashable, CustomStringConvertible {
    /// `n`: the absolute value.
    public var n: Double
    /// `i`: the integer digits.
    public var i: Int
    /// `v`: how many fraction digits are written (trailing zeros included).
    public var v: Int
    /// `w`: the same without trailing zeros.
    public var w: Int
    /// `f`: the fraction digits as a number (trailing zeros included).
    public var f: Int
    /// `t`: the same without trailing zeros.
    public var t: Int
    /// `e`: the exponent of compact notation (`1.2c6` → 6).
    public var e: Int

    /// A whole number's `i`: its magnitude (`Int.min`'s, one past `Int.max`, kept at `Int.max`).
    static func integerDigits(of value: Int) -> Int {
        value.magnitude > UInt(Int.max) ? Int.max : Int(value.magnitude)
    }

    /// An integer: `v`, `w`, `f`, `t` and `e` are 0.
    public init(_ value: Int) {
        let magnitude = Self.integerDigits(of: value)
        n = Double(magnitude)
        i = magnitude
        v = 0
        w = 0
        f = 0
        t = 0
        e = 0
    }

    /// A floating-point value, as Swift writes it shortest (`1.5` → v = 1; `2.0` → an integer).
    public init(_ value: Double) {
        if value.rounded() == value, abs(value) < 1e15 {
            self.init(Int(value))
        } else {
            self = PluralOperands(String(abs(value))) ?? PluralOperands(0)
        }
    }

    /// A number as written: `-12`, `1.50`, `1.2c6` or `1.2e6`. Nil when it is not one.
    public init?(_ text: String) {
        var body = Substring(text)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        var exponent = 0
        if let marker = body.firstIndex(where: { $0 == "c" || $0 == "e" }) {
            guard let value = Int(body[body.index(after: marker)...]), value >= 0, value < 30 else { return nil }
            exponent = value
            body = body[..<marker]
        }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var integer = String(parts[0]), fraction = parts.count > 1 ? String(parts[1]) : ""
        guard !integer.isEmpty, integer.allSatisfy(\.isASCIIDigit), fraction.allSatisfy(\.isASCIIDigit),
            parts.count == 1 || !fraction.isEmpty
        else { return nil }
        // Compact notation moves the decimal point right.
        if exponent > 0 {
            let moved = fraction.prefix(exponent)
            integer += moved + String(repeating: "0", count: exponent - moved.count)
            fraction = String(fraction.dropFirst(exponent))
        }
        let trimmed = fraction.reversed().drop(while: { $0 == "0" }).reversed()
        let significantInteger = integer.drop(while: { $0 == "0" })
        i =
            significantInteger.count > 18
            ? Int.max : Int(significantInteger.isEmpty ? "0" : String(significantInteger)) ?? 0
        v = fraction.count
        w = trimmed.count
        f = fraction.isEmpty ? 0 : Int(fraction.prefix(18)) ?? 0
        t = trimmed.isEmpty ? 0 : Int(String(trimmed.prefix(18))) ?? 0
        e = exponent
        n = Double(integer + (fraction.isEmpty ? "" : "." + fraction)) ?? Double(i)
    }

    /// `n=1.5 i=1 v=1 w=1 f=5 t=5 e=0`.
    public var description: String {
        "n=\(DecimalDigits(n)?.description ?? "\(n)") i=\(i) v=\(v) w=\(w) f=\(f) t=\(t) e=\(e)"
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
