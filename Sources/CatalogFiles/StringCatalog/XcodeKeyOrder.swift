import Foundation

/// The order Xcode writes an object's keys in: Foundation's `sortedKeys`, a comparison with
/// the options `numeric`, `caseInsensitive` and `forcedOrdering` in the system locale's
/// collation. Foundation's comparison costs about 10 µs (it sets up a collator each time), and
/// placing 500 new keys among 20,000 takes some 12,000 of them; so the common case is
/// answered here first, where the collation's first difference is plain to see, and every
/// other pair goes to Foundation.
///
/// The common case: two keys of printable ASCII whose first difference, case ignored, is
/// between two letters (`a` < `B`: the collation's letters are alphabetical), between two
/// numbers (the digit runs around it, compared by value when the values differ), between a
/// number and a letter or the end (a number sorts before a letter, a shorter key before a
/// longer one; numbers of up to 18 digits). Punctuation, spaces and case alone are left to
/// Foundation, as is anything beyond ASCII. `XcodeKeyOrderTests` compares both on random keys.
package enum XcodeKeyOrder {
    /// Whether `lhs` comes before `rhs`.
    package static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        if let decided = primaryOrder(lhs, rhs) { return decided }
        return foundationOrder(lhs, rhs)
    }

    /// Foundation's answer, for every pair.
    package static func foundationOrder(_ lhs: String, _ rhs: String) -> Bool {
        lhs.compare(
            rhs, options: [.numeric, .caseInsensitive, .forcedOrdering], range: lhs.startIndex..<lhs.endIndex,
            locale: NSLocale.system) == .orderedAscending
    }

    /// The order the first difference of two printable ASCII keys decides, or nil when it
    /// is not one of the plain cases.
    package static func primaryOrder(_ lhs: String, _ rhs: String) -> Bool? {
        var lhs = lhs, rhs = rhs
        return lhs.withUTF8 { left in rhs.withUTF8 { right in primaryOrder(left, right) } }
    }

    private static func primaryOrder(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool? {
        var index = 0
        let common = min(left.count, right.count)
        while index < common, folded(left[index]) == folded(right[index]) {
            guard isPrintable(left[index]), isPrintable(right[index]) else { return nil }
            index += 1
        }
        guard left[index...].allSatisfy(isPrintable), right[index...].allSatisfy(isPrintable) else { return nil }
        // A number around the difference is compared whole, from the start of its digits.
        var start = index
        while start > 0, isDigit(left[start - 1]) { start -= 1 }
        let leftNumber = digits(left, from: start), rightNumber = digits(right, from: start)
        if leftNumber.count > index - start || rightNumber.count > index - start {
            // Numbers past 64 bits are left to Foundation, whatever it makes of them.
            guard leftNumber.count <= 18, rightNumber.count <= 18 else { return nil }
            if !leftNumber.isEmpty, !rightNumber.isEmpty {
                return compareValues(leftNumber, rightNumber)
            }
            // A number against what is not one: before a letter or after the end.
            let other = leftNumber.isEmpty ? left : right
            guard start == other.count || isLetter(other[start]) else { return nil }
            let numberFirst = start < other.count
            return leftNumber.isEmpty ? !numberFirst : numberFirst
        }
        switch (index < left.count ? left[index] : nil, index < right.count ? right[index] : nil) {
        case (nil, nil): return nil  // equal but for case: Foundation's tie-break
        case (nil, _): return true  // a key before the longer keys it starts
        case (_, nil): return false
        case (let l?, let r?) where isLetter(l) && isLetter(r): return folded(l) < folded(r)
        default: return nil
        }
    }

    /// The order of two different numbers' values, or nil when their values are equal
    /// (`007` and `7`: the collation then looks further).
    private static func compareValues(_ left: ArraySlice<UInt8>, _ right: ArraySlice<UInt8>) -> Bool? {
        let left = left.drop { $0 == 0x30 }, right = right.drop { $0 == 0x30 }
        if left.count != right.count { return left.count < right.count }
        if left.elementsEqual(right) { return nil }
        return left.lexicographicallyPrecedes(right)
    }

    /// The digits of `bytes` from `start` on, up to the first that is not one.
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> ArraySlice<UInt8> {
        var end = start
        while end < bytes.count, isDigit(bytes[end]) { end += 1 }
        return Array(bytes[start..<end])[...]
    }

    private static func isPrintable(_ byte: UInt8) -> Bool { (0x20...0x7E).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    private static func isLetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(folded(byte)) }
    /// Lowercase for an ASCII capital letter; any other byte as it is.
    private static func folded(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
}
