import Diagnostics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns the bytes of a catalog file into validated UTF-8, whatever encoding it was saved in:
/// UTF-8 with or without a byte-order mark, UTF-16 LE or BE with a byte-order mark. UTF-16
/// without one (recognised by its zero bytes) is an error saying so: CoreFoundation does not
/// read it either (it reports "No XML content found" or an unexpected character).
package enum TextDecoding {
    package enum Encoding: Equatable { case utf8, utf16LittleEndian, utf16BigEndian }

    /// The encoding the readers take `bytes` to be in, and the length of its byte-order mark.
    package static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> (Encoding, bomLength: Int) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return (.utf8, 3) }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE { return (.utf16LittleEndian, 2) }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { return (.utf16BigEndian, 2) }
        if bytes.count >= 2, bytes.count % 2 == 0 {
            if bytes[0] == 0, bytes[1] != 0 { return (.utf16BigEndian, 0) }
            if bytes[0] != 0, bytes[1] == 0 { return (.utf16LittleEndian, 0) }
        }
        return (.utf8, 0)
    }

    /// How an edited file is written back as it was saved: its encoding, and whether a
    /// byte-order mark starts it (UTF-16 is recognised by its mark only: without one, the
    /// readers refuse it anyway).
    package struct SavedForm: Equatable, Sendable {
        package var encoding: Encoding
        package var hasByteOrderMark: Bool

        /// The form of `data` (`Data`, `[UInt8]`): UTF-8 unless a byte-order mark says otherwise.
        package init(of data: some ContiguousBytes) {
            let (detected, bomLength) = data.withUnsafeBytes { TextDecoding.detect($0.bindMemory(to: UInt8.self)) }
            (encoding, hasByteOrderMark) = bomLength > 0 ? (detected, true) : (.utf8, false)
        }

        /// `UTF-8`, `UTF-16 (little-endian) with a byte-order mark`: for messages.
        package var description: String {
            let name =
                switch encoding {
                case .utf8: "UTF-8"
                case .utf16LittleEndian: "UTF-16 (little-endian)"
                case .utf16BigEndian: "UTF-16 (big-endian)"
                }
            return hasByteOrderMark ? name + " with a byte-order mark" : name
        }

        private var foundationEncoding: String.Encoding {
            switch encoding {
            case .utf8: .utf8
            case .utf16LittleEndian: .utf16LittleEndian
            case .utf16BigEndian: .utf16BigEndian
            }
        }

        private var byteOrderMark: [UInt8] {
            guard hasByteOrderMark else { return [] }
            switch encoding {
            case .utf8: return [0xEF, 0xBB, 0xBF]
            case .utf16LittleEndian: return [0xFF, 0xFE]
            case .utf16BigEndian: return [0xFE, 0xFF]
            }
        }

        /// `text` saved in this form: its byte-order mark, then its bytes; nil when it cannot be,
        /// or when the readers would take the bytes for another encoding (UTF-8 whose first or
        /// second byte is a NUL and whose length is even reads as UTF-16 without a mark).
        package func data(_ text: String) -> Data? {
            guard encoding != .utf8 else {
                var text = text
                return text.withUTF8(utf8Data)
            }
            return checked(text.data(using: foundationEncoding).map { Data(byteOrderMark) + $0 })
        }

        /// `data(_:)` of a text given as its UTF-8 bytes (no byte-order mark): the same `Data`
        /// when it is saved as UTF-8 without a mark.
        package func data(utf8 text: Data) -> Data? {
            guard encoding != .utf8 else {
                return hasByteOrderMark
                    ? text.withUnsafeBytes { utf8Data($0.bindMemory(to: UInt8.self)) } : checked(text)
            }
            return data(String(decoding: text, as: UTF8.self))
        }

        /// The mark and the text in one copy, checked.
        private func utf8Data(_ text: UnsafeBufferPointer<UInt8>) -> Data? {
            var data = Data(capacity: byteOrderMark.count + text.count)
            data.append(contentsOf: byteOrderMark)
            data.append(text)
            return checked(data)
        }

        /// `data`, unless the readers would take it for another encoding.
        private func checked(_ data: Data?) -> Data? {
            guard let data else { return nil }
            let read = data.withUnsafeBytes { TextDecoding.detect($0.bindMemory(to: UInt8.self)).0 }
            return read == encoding ? data : nil
        }
    }

    /// The file's text (no byte-order mark), as the readers decode it: what they refuse (a
    /// stray byte, UTF-16 without a mark) is an error at its line and column.
    package static func text(of data: some ContiguousBytes, path: String) throws(Diagnostic) -> String {
        let read = data.withUnsafeBytes { raw in
            Result { () throws(Diagnostic) in
                try withUTF8(raw.bindMemory(to: UInt8.self), path: path) { String(decoding: $0, as: UTF8.self) }
            }
        }
        return try read.get()
    }

    /// The file's text as UTF-8 bytes (no byte-order mark), decoded as `text(of:path:)`
    /// decodes it: `bytes` themselves when they are UTF-8 without a mark (no copy).
    package static func utf8(_ bytes: [UInt8], path: String) throws(Diagnostic) -> [UInt8] {
        let read = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(Diagnostic) in
                try withUTF8(buffer, path: path) { text in
                    // The same bytes, not only as many: UTF-16 may transcode to as many bytes.
                    text.baseAddress == buffer.baseAddress && text.count == buffer.count ? nil : Array(text)
                }
            }
        }
        return try read.get() ?? bytes
    }

    /// Calls `body` with the file's text as UTF-8 bytes (no byte-order mark).
    /// Invalid text is reported with the line and column where it goes wrong.
    package static func withUTF8<R>(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String,
        _ body: (UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> R
    ) throws(Diagnostic) -> R {
        let (encoding, bomLength) = detect(bytes)
        let text = UnsafeBufferPointer(rebasing: bytes[bomLength...])
        if encoding != .utf8, bomLength == 0 {
            throw Diagnostic(
                "the file looks like UTF-16 without a byte-order mark, which CoreFoundation does not read either; "
                    + "save it as UTF-8, or as UTF-16 with a byte-order mark",
                at: SourceLocation(path: path, line: 1, column: 1))
        }
        switch encoding {
        case .utf8:
            if let offset = firstInvalidUTF8(text) {
                throw Diagnostic(
                    "invalid UTF-8 (byte 0x\(String(text[offset], radix: 16, uppercase: true)))",
                    at: locate(offset: offset, in: text, path: path))
            }
            return try body(text)
        case .utf16LittleEndian, .utf16BigEndian:
            let utf8 = try transcodeUTF16(text, bigEndian: encoding == .utf16BigEndian, path: path)
            return try utf8.withUnsafeBufferPointer { buffer throws(Diagnostic) in try body(buffer) }
        }
    }

    /// The offset of the first byte that does not belong to valid UTF-8, or nil. Reads 32,
    /// then eight bytes at a time while they are ASCII; allocates nothing.
    static func firstInvalidUTF8(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = text.baseAddress else { return nil }
        let count = text.count
        var index = 0
        while index < count {
            let raw = UnsafeRawPointer(base + index)
            if index + 32 <= count,
                (raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)) & 0x8080_8080_8080_8080 == 0
            {
                index += 32
                continue
            }
            if index + 8 <= count,
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            let lead = text[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return index
            }
            guard index + length <= count, (lower...upper).contains(text[index + 1]) else { return index }
            for continuation in 2..<length where text[index + continuation] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }

    /// UTF-16 to UTF-8 in one pass. Unpaired surrogates are errors, not silently replaced.
    private static func transcodeUTF16(
        _ text: UnsafeBufferPointer<UInt8>, bigEndian: Bool, path: String
    ) throws(Diagnostic) -> [UInt8] {
        let count = text.count / 2
        @inline(__always) func unit(_ index: Int) -> UInt32 {
            let first = UInt32(text[2 * index]), second = UInt32(text[2 * index + 1])
            return bigEndian ? first << 8 | second : second << 8 | first
        }
        var badUnit: Int?
        let output = [UInt8](unsafeUninitializedCapacity: count * 3) { buffer, written in
            var index = 0, out = 0
            while index < count {
                let value = unit(index)
                if value < 0x80 {
                    buffer[out] = UInt8(value)
                    out += 1
                } else if value < 0x800 {
                    buffer[out] = UInt8(0xC0 | value >> 6)
                    buffer[out + 1] = UInt8(0x80 | value & 0x3F)
                    out += 2
                } else if value & 0xF800 != 0xD800 {
                    buffer[out] = UInt8(0xE0 | value >> 12)
                    buffer[out + 1] = UInt8(0x80 | value >> 6 & 0x3F)
                    buffer[out + 2] = UInt8(0x80 | value & 0x3F)
                    out += 3
                } else if value < 0xDC00, index + 1 < count, unit(index + 1) & 0xFC00 == 0xDC00 {
                    let scalar = 0x10000 + ((value - 0xD800) << 10) + (unit(index + 1) - 0xDC00)
                    buffer[out] = UInt8(0xF0 | scalar >> 18)
                    buffer[out + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                    buffer[out + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    buffer[out + 3] = UInt8(0x80 | scalar & 0x3F)
                    out += 4
                    index += 1
                } else {
                    badUnit = index
                    break
                }
                index += 1
            }
            written = out
        }
        if let badUnit {
            throw Diagnostic(
                "invalid UTF-16 (unpaired surrogate 0x\(String(unit(badUnit), radix: 16, uppercase: true)))",
                at: locateUnit(badUnit, count: count, unit: unit, path: path))
        }
        if text.count % 2 == 1 {
            throw Diagnostic(
                "invalid UTF-16 (odd number of bytes)", at: locateUnit(count, count: count, unit: unit, path: path))
        }
        return output
    }

    /// Line and column of the UTF-16 code unit at `index`.
    private static func locateUnit(_ index: Int, count: Int, unit: (Int) -> UInt32, path: String) -> SourceLocation {
        var line = 1, lineStart = 0
        for position in 0..<min(index, count) where unit(position) == 0x0A {
            line += 1
            lineStart = position + 1
        }
        return SourceLocation(path: path, line: line, column: index - lineStart + 1)
    }

    /// Line and column (in scalars) of a byte offset in UTF-8 text.
    package static func locate(offset: Int, in text: UnsafeBufferPointer<UInt8>, path: String) -> SourceLocation {
        var positions = TextPositions(text: text, path: path)
        return positions.location(at: offset)
    }

    /// 1-based column of `offset` counted in Unicode scalars from `lineStart`.
    package static func scalarColumn(_ text: UnsafeBufferPointer<UInt8>, lineStart: Int, offset: Int) -> Int {
        var column = 1
        var index = lineStart
        while index < offset {
            if text[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return column
    }
}
