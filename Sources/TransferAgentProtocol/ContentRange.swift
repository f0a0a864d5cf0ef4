/// A `Content-Range` header's value (RFC 9110, 14.4): `bytes FIRST-LAST/SIZE`,
/// `bytes FIRST-LAST/*` or `bytes */SIZE`.
///
/// Read by plain Swift, without Foundation, so that a fuzz target can call it. Every value
/// that is kept is one a download can compute with: the numbers are decimal digits that fit
/// an `Int64`, a range does not run backwards, ends before `Int64.max` (its `end` fits) and,
/// when the size is known, inside the file. Anything else is not a range.
package struct ContentRange: Equatable, Sendable {
    /// The first byte sent; nil in a 416's `bytes */SIZE`.
    package var first: Int64?
    /// The last byte sent (never `Int64.max`); nil in a 416's `bytes */SIZE`.
    package var last: Int64?
    /// The whole representation's size; nil when the server does not know it (`*`).
    package var size: Int64?

    /// The range `first`–`last` of a file of `size` bytes (nil: unknown).
    package init(first: Int64, last: Int64, size: Int64?) {
        self.first = first
        self.last = last
        self.size = size
    }

    /// The range `value` names; nil when it names none a download can use.
    package init?(_ value: some StringProtocol) {
        let text = Self.trimmed(Substring(value))
        guard let space = text.firstIndex(where: { $0 == " " || $0 == "\t" }),
            text[..<space].lowercased() == "bytes"
        else { return nil }
        let rest = Self.trimmed(text[space...])
        let halves = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        if halves[1] != "*" {
            guard let size = Self.number(halves[1]) else { return nil }
            self.size = size
        }
        if halves[0] == "*" {
            // `bytes */*` says nothing at all.
            guard size != nil else { return nil }
            return
        }
        let bounds = halves[0].split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Self.number(bounds[0]), let last = Self.number(bounds[1]),
            first <= last, last < Int64.max, size.map({ last < $0 }) ?? true
        else { return nil }
        self.first = first
        self.last = last
    }

    /// Where the range ends: the offset just past its last byte.
    package var end: Int64? { last.map { $0 + 1 } }

    /// Decimal digits only (no sign, no space) that fit an `Int64`.
    private static func number(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        return Int64(text)
    }

    /// `text` without spaces and tabs at either end (a header's optional white space).
    private static func trimmed(_ text: Substring) -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !blank($0) }), let end = text.lastIndex(where: { !blank($0) })
        else { return "" }
        return text[start...end]
    }
}
