#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether two runs of bytes are the same, compared in place.
package func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
}

/// Whether two runs of bytes are the same, compared in place.
package func sameBytes(_ a: some ContiguousBytes, _ b: some ContiguousBytes) -> Bool {
    a.withUnsafeBytes { a in
        b.withUnsafeBytes { b in sameBytes(a.bindMemory(to: UInt8.self), b.bindMemory(to: UInt8.self)) }
    }
}

extension String {
    /// Whether a UTF-8 byte of the string satisfies `predicate`: read in place when the
    /// string's storage allows (a native string's always does), faster than its UTF-8 view.
    /// Inlinable, so that the predicate is compiled into the loop of each caller's module.
    @inlinable package func containsByte(where predicate: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(where: predicate) } ?? utf8.contains(where: predicate)
    }

    /// Whether the string's UTF-8 starts with `prefix`'s, byte for byte (paths: no Unicode
    /// equivalence), compared in place: the UTF-8 view's `starts(with:)` takes some 50
    /// instructions a byte, and every file read checks its path so.
    package func hasBytePrefix(_ prefix: String) -> Bool {
        var (text, prefix) = (self, prefix)
        return text.withUTF8 { text in
            prefix.withUTF8 { prefix in
                text.count >= prefix.count && sameBytes(UnsafeBufferPointer(rebasing: text[..<prefix.count]), prefix)
            }
        }
    }

    /// Whether the two strings are the same UTF-8 bytes (paths: no Unicode equivalence).
    /// Compared in place, lengths first (a native string keeps its length beside its storage,
    /// so that most names that differ are told apart without reading either), neither copied:
    /// dictionaries keyed by `LiteralKey` compare names so on every probe.
    package func hasSameBytes(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let same = utf8.withContiguousStorageIfAvailable { text in
            other.utf8.withContiguousStorageIfAvailable { sameBytes(text, $0) }
        }
        return (same ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}

extension Sequence {
    /// The elements sorted by their keys (`key`) in `order` (Swift's `<`, by code point, unless
    /// given; Xcode's order for a String Catalog); keys `order` takes as equal, such as two
    /// spellings of one text (`é` as one scalar, or `e` and a combining accent), by their bytes,
    /// so that keys told apart by their bytes come out in one order, not the hashing's. Such
    /// runs are put in order after the sort: telling them apart in the sort would compare
    /// every other pair twice.
    @inlinable
    package func sorted(byKey key: (Element) -> String, in order: (String, String) -> Bool = (<)) -> [Element] {
        var sorted = self.sorted { order(key($0), key($1)) }
        func byBytes(_ run: Range<Int>) {
            guard run.count > 1 else { return }
            sorted[run].sort { key($0).utf8.lexicographicallyPrecedes(key($1).utf8) }
        }
        var start = 0
        for index in sorted.indices.dropFirst() where order(key(sorted[index - 1]), key(sorted[index])) {
            byBytes(start..<index)
            start = index
        }
        byBytes(start..<sorted.count)
        return sorted
    }
}

/// A string compared and hashed by its UTF-8 bytes, as JSON, Foundation's dictionaries and
/// the file systems tell keys apart: Swift's `String` equality takes two spellings of one
/// text (`é` as one scalar, or `e` and a combining accent) for the same key, so that a
/// dictionary keyed by `String` merges them.
package struct LiteralKey: Hashable, Sendable {
    package let string: String
    /// The hash of the string's bytes, made once: a name is looked up in several tables, and
    /// a probe that meets another name with another hash need not read that name's bytes.
    private let bytesHash: Int

    package init(_ string: String) {
        self.string = string
        var hasher = Hasher()
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        bytesHash = hasher.finalize()
    }

    package static func == (lhs: LiteralKey, rhs: LiteralKey) -> Bool {
        lhs.bytesHash == rhs.bytesHash && lhs.string.hasSameBytes(as: rhs.string)
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(bytesHash) }
}
