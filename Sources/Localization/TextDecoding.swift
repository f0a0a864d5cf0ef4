/// Turns the bytes of a catalog file into validated UTF-8, whatever encoding it was saved in:
/// UTF-8 with or without a byte-order mark, UTF-16 LE or BE with a byte-order mark, and
/// UTF-16 without one (recognised by its zero bytes, as CoreFoundation does).
enum TextDecoding {
    enum Encoding: Equatable { case utf8, utf16LittleEndian, utf16BigEndian }

    static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> (Encoding, bomLength: Int) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return (.utf8, 3) }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE { return (.utf16LittleEndian, 2) }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { return (.utf16BigEndian, 2) }
        if bytes.count >= 2, bytes.count % 2 == 0 {
            if bytes[0] == 0, bytes[1] != 0 { return (.utf16BigEndian, 0) }
            if bytes[0] != 0, bytes[1] == 0 { return (.utf16LittleEndian, 0) }
        }
        return (.utf8, 0)
    }

    /// Calls `body` with the file's text as UTF-8 bytes (no byte-order mark).
    /// Invalid text is reported with the line and column where it goes wrong.
    static func withUTF8<R>(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String,
        _ body: (UnsafeBufferPointer<UInt8>) throws(CatalogError) -> R
    ) throws(CatalogError) -> R {
        let (encoding, bomLength) = detect(bytes)
        let text = UnsafeBufferPointer(rebasing: bytes[bomLength...])
        switch encoding {
        case .utf8:
            if let offset = firstInvalidUTF8(text) {
                throw CatalogError("invalid UTF-8 (byte 0x\(String(text[offset], radix: 16, uppercase: true)))",
                                   at: locate(offset: offset, in: text, path: path))
            }
            return try body(text)
        case .utf16LittleEndian, .utf16BigEndian:
            let utf8 = try transcodeUTF16(text, bigEndian: encoding == .utf16BigEndian, path: path)
            return try utf8.withUnsafeBufferPointer { buffer throws(CatalogError) in try body(buffer) }
        }
    }

    /// The offset of the first byte that does not belong to valid UTF-8, or nil.
    static func firstInvalidUTF8(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        // Fast path: the standard library's validator.
        if String(validating: text, as: UTF8.self) != nil { return nil }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = text.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    private static func transcodeUTF16(
        _ text: UnsafeBufferPointer<UInt8>, bigEndian: Bool, path: String
    ) throws(CatalogError) -> [UInt8] {
        let count = text.count / 2
        var units = [UInt16](repeating: 0, count: count)
        for index in 0..<count {
            let first = UInt16(text[2 * index]), second = UInt16(text[2 * index + 1])
            units[index] = bigEndian ? first << 8 | second : second << 8 | first
        }
        // Lone surrogates are errors, not silently replaced characters.
        var index = 0
        var line = 1, lineStart = 0
        while index < count {
            let unit = units[index]
            if unit == 0x0A { line += 1; lineStart = index + 1 }
            if unit & 0xFC00 == 0xD800, index + 1 < count, units[index + 1] & 0xFC00 == 0xDC00 {
                index += 2
                continue
            }
            if unit & 0xF800 == 0xD800 {
                throw CatalogError("invalid UTF-16 (unpaired surrogate 0x\(String(unit, radix: 16, uppercase: true)))",
                                   at: SourceLocation(path: path, line: line, column: index - lineStart + 1))
            }
            index += 1
        }
        if text.count % 2 == 1 {
            throw CatalogError("invalid UTF-16 (odd number of bytes)",
                               at: SourceLocation(path: path, line: line, column: count - lineStart + 1))
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    /// Line and column (in scalars) of a byte offset in UTF-8 text.
    static func locate(offset: Int, in text: UnsafeBufferPointer<UInt8>, path: String) -> SourceLocation {
        var line = 1, lineStart = 0
        for index in 0..<min(offset, text.count) where text[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return SourceLocation(path: path, line: line, column: scalarColumn(text, lineStart: lineStart, offset: offset))
    }

    /// 1-based column of `offset` counted in Unicode scalars from `lineStart`.
    static func scalarColumn(_ text: UnsafeBufferPointer<UInt8>, lineStart: Int, offset: Int) -> Int {
        var column = 1
        var index = lineStart
        while index < offset {
            if text[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return column
    }
}
