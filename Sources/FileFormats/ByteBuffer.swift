#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Text being written, as UTF-8 bytes: the writers (Swift symbols, PO, XLIFF, JSON, the HTML
/// report) append thousands of small pieces, which a `String` takes about ten times longer
/// to append. The one byte buffer of the package.
package struct ByteBuffer: Sendable {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8] = []

    /// An empty buffer with room for `capacity` bytes.
    package init(reservingCapacity capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Makes room for `count` more bytes.
    package mutating func reserve(_ count: Int) { bytes.reserveCapacity(bytes.count + count) }

    /// Appends `text`, copied from its storage when it has one (faster than its UTF-8 view).
    package mutating func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes += text.utf8
        }
    }

    /// Appends `text`, copied from its storage when it has one.
    package mutating func append(_ text: Substring) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes += text.utf8
        }
    }

    /// Appends what `append` appends to the bytes (a writer of another module that writes
    /// bytes, such as `SwiftSource.appendLiteral`).
    package mutating func appending(_ append: (inout [UInt8]) -> Void) { append(&bytes) }

    /// Appends another buffer's bytes (a part written on another core).
    package mutating func append(_ other: ByteBuffer) { bytes += other.bytes }

    /// Appends `number` in decimal digits.
    package mutating func append(_ number: Int) { append(String(number)) }

    /// Whether nothing was written.
    package var isEmpty: Bool { bytes.isEmpty }

    /// Removes the last byte written (a separator written once too often).
    package mutating func removeLast() { bytes.removeLast() }

    /// The bytes, as `Data` to write to a file.
    package var data: Data { Data(bytes) }

    /// The buffers' bytes, one after another, copied once.
    package static func joined(_ buffers: [ByteBuffer]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(buffers.reduce(0) { $0 + $1.bytes.count })
        for piece in buffers { bytes += piece.bytes }
        return bytes
    }
}
