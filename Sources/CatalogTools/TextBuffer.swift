import Foundation

/// Text being written, as UTF-8 bytes: the writers of translators' files append thousands of
/// small pieces, which a `String` takes about ten times longer to append.
struct TextBuffer {
    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: Substring) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ number: Int) {
        append(String(number))
    }

    var data: Data { Data(bytes) }
}
