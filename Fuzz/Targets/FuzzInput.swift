import Foundation

/// A fuzzer's bytes read front to back as the small choices a target makes; once they are
/// used up every read gives zeros, so any input is a valid one.
struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ data: Data) { bytes = Array(data) }

    /// The next byte.
    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// The next eight bytes, little-endian, as any `Int64` (`Int64.min` and `max` included).
    mutating func int64() -> Int64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) { value |= UInt64(byte()) << UInt64(shift) }
        return Int64(bitPattern: value)
    }

    /// Up to `count` next bytes.
    mutating func bytes(_ count: Int) -> ArraySlice<UInt8> {
        let end = min(bytes.count, offset + count)
        defer { offset = max(offset, end) }
        return bytes[min(offset, end)..<end]
    }

    /// The bytes not read yet.
    mutating func rest() -> ArraySlice<UInt8> { bytes(bytes.count) }

    /// The bytes not read yet as lines (split at `\n`, empty lines kept), decoded as UTF-8.
    mutating func lines() -> [String] {
        rest().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
    }
}
