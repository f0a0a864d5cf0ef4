import Foundation

/// A `Content-Range` header's value: `bytes FIRST-LAST/SIZE`, `bytes FIRST-LAST/*` or
/// `bytes */SIZE` (RFC 9110, 14.4).
struct ContentRange: Equatable {
    /// The first and last byte sent; nil in a 416's `bytes */SIZE`.
    var first: Int64?
    var last: Int64?
    /// The whole representation's size; nil when the server does not know it (`*`).
    var size: Int64?

    init?(_ value: String) {
        let parts = value.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bytes" else { return nil }
        let halves = parts[1].split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        if halves[1] != "*" {
            guard let size = Int64(halves[1]) else { return nil }
            self.size = size
        }
        if halves[0] != "*" {
            let bounds = halves[0].split(separator: "-", omittingEmptySubsequences: false)
            guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first <= last
            else { return nil }
            self.first = first
            self.last = last
        }
    }
}
