import Diagnostics

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

/// A pull reader over JSON text (RFC 8259) held as valid UTF-8 bytes: the caller walks the
/// document value by value, turns into Swift values only what it wants and skips the rest
/// (still checked, but without building anything). Errors carry the byte offset where the
/// text goes wrong; `TextPositions` turns it into a line and column.
package struct JSONReader {
    /// What the next value is, from its first byte.
    package enum Kind: Equatable {
        case object, array, string, number, bool, null
    }

    /// Malformed JSON: what is wrong and the byte offset where.
    package struct Failure: Error {
        package var message: String
        package var offset: Int
        /// False for a document that is JSON but not of the shape its reader wants.
        package var isSyntax: Bool

        package init(message: String, offset: Int, isSyntax: Bool = true) {
            self.message = message
            self.offset = offset
            self.isSyntax = isSyntax
        }
    }

    /// A string as written: the bytes between its quotes, and whether they hold escapes.
    package struct StringToken {
        package var start: Int
        package var end: Int
        package var hasEscapes: Bool
    }

    package let text: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    package var offset: Int
    /// The 1-based line of `offset`, counted as whitespace is skipped (JSON has newlines
    /// nowhere else): right after `nextKey`, the line of the key. Set it when moving `offset`
    /// by hand.
    package var line = 1

    package init(_ text: UnsafeBufferPointer<UInt8>) {
        self.text = text
        offset = 0
    }

    // MARK: Structure

    /// Skips whitespace and names the next value, without reading it.
    @inline(__always)
    package mutating func kind() throws(Failure) -> Kind {
        skipWhitespace()
        guard offset < text.count else {
            throw Failure(message: "expected a value, found the end of the file", offset: offset)
        }
        switch text[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: throw unexpected("expected a value")
        }
    }

    /// Reads the `{` of an object; then `nextKey` gives its keys one by one.
    package mutating func beginObject() throws(Failure) {
        try expect(UInt8(ascii: "{"), "expected an object ('{')")
    }

    /// The next key of the object begun (its `:` read, the value next), or nil after its `}`.
    /// `first` is true before the first key and is kept up to date.
    @inline(__always)
    package mutating func nextKey(first: inout Bool) throws(Failure) -> StringToken? {
        skipWhitespace()
        if offset < text.count, text[offset] == UInt8(ascii: "}") {
            offset += 1
            return nil
        }
        if !first { try expect(UInt8(ascii: ","), Self.afterMember(true)) }
        first = false
        return try memberKey()
    }

    /// Reads the `[` of an array; then `nextElement` tells whether an element follows.
    package mutating func beginArray() throws(Failure) {
        try expect(UInt8(ascii: "["), "expected an array ('[')")
    }

    /// Whether another element of the array begun follows (its `,` read); false after its `]`.
    /// `first` is true before the first element and is kept up to date.
    package mutating func nextElement(first: inout Bool) throws(Failure) -> Bool {
        skipWhitespace()
        if offset < text.count, text[offset] == UInt8(ascii: "]") {
            offset += 1
            return false
        }
        if !first { try expect(UInt8(ascii: ","), Self.afterMember(false)) }
        first = false
        return true
    }

    /// After the top-level value: only whitespace may follow.
    package mutating func end() throws(Failure) {
        skipWhitespace()
        if offset < text.count { throw unexpected("expected the end of the file after the top-level value") }
    }

    // MARK: Values

    /// Reads a string and decodes it.
    package mutating func string() throws(Failure) -> String {
        skipWhitespace()
        guard offset < text.count, text[offset] == UInt8(ascii: "\"") else { throw unexpected("expected a string") }
        return decode(try stringToken())
    }

    /// Reads a number that is a whole value fitting an `Int` (`3`, `3.0`, `3e0`, as
    /// `JSONDecoder` reads an `Int`).
    package mutating func integer() throws(Failure) -> Int {
        skipWhitespace()
        let start = offset
        let written = try numberText()
        if let value = Int(written) { return value }
        guard let double = Double(written), double.rounded() == double, let value = Int(exactly: double) else {
            throw Failure(message: "expected a whole number, found \(written)", offset: start)
        }
        return value
    }

    /// Reads a number as written: an `Int` when it is a whole one that fits, else a `Double`.
    package mutating func number() throws(Failure) -> Any {
        let written = try numberText()
        if let integer = Int(written) { return integer }
        return Double(written) ?? 0
    }

    /// Reads a number and gives it as written (`-0.5e3`), checked.
    package mutating func numberText() throws(Failure) -> String {
        skipWhitespace()
        let start = offset
        try skipNumber()
        return String(decoding: UnsafeBufferPointer(rebasing: text[start..<offset]), as: UTF8.self)
    }

    /// Reads `true` or `false`.
    package mutating func bool() throws(Failure) -> Bool {
        skipWhitespace()
        if literal("true") {
            offset += 4
            return true
        }
        guard literal("false") else { throw unexpected("expected true or false") }
        offset += 5
        return false
    }

    /// Reads a `null` if one is next.
    package mutating func null() -> Bool {
        skipWhitespace()
        guard literal("null") else { return false }
        offset += 4
        return true
    }

    /// Reads the next value whatever it is, checking it and building nothing: one loop over
    /// its bytes, with the errors `nextKey` and `kind` give. Nesting is followed with a stack
    /// of bits, not recursion: any depth is safe, and an object or array more than
    /// `maximumDepth` deep (the value itself one deep) is an error.
    package mutating func skipValue(nestingAtMost maximumDepth: Int = .max) throws(Failure) {
        // One bit per open container, set for an object: the first 64 levels in a word, any
        // deeper ones in an array allocated only then.
        var low: UInt64 = 0
        var deeper: [UInt64] = []
        var depth = 0
        @inline(__always) func isObject(_ depth: Int) -> Bool {
            (depth < 64 ? low : deeper[depth >> 6 - 1]) & 1 << UInt64(depth & 63) != 0
        }
        @inline(__always) func push(object: Bool) {
            depth += 1
            let bit: UInt64 = 1 << UInt64(depth & 63)
            if depth < 64 {
                low = object ? low | bit : low & ~bit
                return
            }
            let word = depth >> 6 - 1
            if word >= deeper.count { deeper.append(0) }
            deeper[word] = object ? deeper[word] | bit : deeper[word] & ~bit
        }
        let count = text.count
        while true {
            // A value.
            skipWhitespace()
            guard offset < count else {
                throw Failure(message: "expected a value, found the end of the file", offset: offset)
            }
            let byte = text[offset]
            if byte == UInt8(ascii: "\"") {
                _ = try stringToken()
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                guard depth < maximumDepth else {
                    throw Failure(message: "arrays and objects nest too deeply", offset: offset)
                }
                offset += 1
                skipWhitespace()
                let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if offset < count, text[offset] == close {
                    offset += 1
                } else {
                    push(object: byte == UInt8(ascii: "{"))
                    if byte == UInt8(ascii: "{") { _ = try memberKey() }
                    continue
                }
            } else if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                try skipNumber()
            } else if byte == UInt8(ascii: "t"), literal("true") {
                offset += 4
            } else if byte == UInt8(ascii: "f"), literal("false") {
                offset += 5
            } else if byte == UInt8(ascii: "n"), literal("null") {
                offset += 4
            } else {
                throw unexpected("expected a value")
            }
            // After a value: close the containers that end, then on to the next value.
            while true {
                guard depth > 0 else { return }
                let object = isObject(depth)
                skipWhitespace()
                guard offset < count else {
                    throw Failure(message: "\(Self.afterMember(object)), found the end of the file", offset: offset)
                }
                let byte = text[offset]
                if byte == UInt8(ascii: ",") {
                    offset += 1
                    if object { _ = try memberKey() }
                    break
                }
                guard byte == (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw unexpected(Self.afterMember(object))
                }
                offset += 1
                depth -= 1
            }
        }
    }

    /// What may follow a member of an object or an element of an array.
    private static func afterMember(_ object: Bool) -> String {
        object ? "expected ',' or '}' after a member of an object" : "expected ',' or ']' after an element of an array"
    }

    /// A key and its `:`, after an object's `{` or `,`.
    @inline(__always)
    private mutating func memberKey() throws(Failure) -> StringToken {
        skipWhitespace()
        guard offset < text.count, text[offset] == UInt8(ascii: "\"") else {
            throw offset < text.count
                ? unexpected("expected a key (a string in double quotes)")
                : Failure(message: "expected a key, found the end of the file", offset: offset)
        }
        let key = try stringToken()
        try expect(UInt8(ascii: ":"), "expected ':' after a key")
        return key
    }

    // MARK: Strings

    /// Reads a string (the cursor on its opening quote), checking its escapes and that it
    /// holds no raw control characters; decodes nothing.
    package mutating func stringToken() throws(Failure) -> StringToken {
        let open = offset
        offset += 1
        let start = offset
        var hasEscapes = false
        let count = text.count
        while true {
            // Eight bytes at a time while none is a quote, a backslash or a control character.
            while offset + 8 <= count {
                let word = UnsafeRawPointer(text.baseAddress! + offset).loadUnaligned(as: UInt64.self)
                let found = Self.specialBytes(word)
                if found != 0 {
                    // The lowest flagged byte is exact (borrows only run upwards).
                    offset += found.trailingZeroBitCount >> 3
                    break
                }
                offset += 8
            }
            guard offset < count else {
                throw Failure(message: "unterminated string (it starts here)", offset: open)
            }
            let byte = text[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return StringToken(start: start, end: offset - 1, hasEscapes: hasEscapes)
            }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try skipEscape()
                continue
            }
            if byte < 0x20 {
                throw Failure(
                    message: "a control character (U+\(hex(byte))) in a string; write it as an escape", offset: offset)
            }
            offset += 1
        }
    }

    /// The high bit of each byte of a word (little-endian) that may be a `"`, a `\` or a
    /// byte below 0x20: the classic "has a zero byte" test on the word xor each, and on the
    /// word minus 0x20. The lowest bit set marks the first such byte exactly.
    @inline(__always)
    private static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22), backslashes = word ^ (ones &* 0x5C)
        let zeroQuote = (quotes &- ones) & ~quotes
        let zeroBackslash = (backslashes &- ones) & ~backslashes
        let control = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | control) & highs
    }

    private mutating func skipEscape() throws(Failure) {
        let escape = offset
        guard offset + 1 < text.count else {
            throw Failure(message: "unterminated string: a backslash ends the file", offset: escape)
        }
        switch text[offset + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            offset += 2
        case UInt8(ascii: "u"):
            offset += 2
            let unit = try hexUnit(escape: escape)
            if unit & 0xFC00 == 0xD800 {
                guard offset + 1 < text.count, text[offset] == UInt8(ascii: "\\"), text[offset + 1] == UInt8(ascii: "u")
                else {
                    throw Failure(
                        message: "\\u\(hex16(unit)) is half of a surrogate pair, and its other half is missing",
                        offset: escape)
                }
                offset += 2
                let low = try hexUnit(escape: offset - 2)
                guard low & 0xFC00 == 0xDC00 else {
                    throw Failure(
                        message: "\\u\(hex16(unit)) is not followed by the low half of a surrogate pair", offset: escape
                    )
                }
            } else if unit & 0xFC00 == 0xDC00 {
                throw Failure(
                    message: "\\u\(hex16(unit)) is the low half of a surrogate pair, without its high half",
                    offset: escape)
            }
        default:
            throw Failure(
                message: "unknown escape in a string (JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)",
                offset: escape)
        }
    }

    private mutating func hexUnit(escape: Int) throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < text.count, let digit = Self.hexValue(text[offset]) else {
                throw Failure(message: "\\u must be followed by four hexadecimal digits", offset: escape)
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// The text of a string read by `stringToken` (already checked: escapes are well formed).
    package func decode(_ token: StringToken) -> String {
        let raw = UnsafeBufferPointer(rebasing: text[token.start..<token.end])
        guard token.hasEscapes else { return String(decoding: raw, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: raw.count) { buffer in
            var out = 0, index = 0
            func put(_ byte: UInt8) {
                buffer[out] = byte
                out += 1
            }
            while index < raw.count {
                let byte = raw[index]
                guard byte == UInt8(ascii: "\\") else {
                    put(byte)
                    index += 1
                    continue
                }
                let code = raw[index + 1]
                index += 2
                switch code {
                case UInt8(ascii: "b"): put(0x08)
                case UInt8(ascii: "f"): put(0x0C)
                case UInt8(ascii: "n"): put(0x0A)
                case UInt8(ascii: "r"): put(0x0D)
                case UInt8(ascii: "t"): put(0x09)
                case UInt8(ascii: "u"):
                    var scalar = Self.hex4(raw, at: index)
                    index += 4
                    if scalar & 0xFC00 == 0xD800 {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (Self.hex4(raw, at: index + 2) - 0xDC00)
                        index += 6
                    }
                    // A `\u` escape of n bytes (6, or 12 for a pair) never encodes to more.
                    for byte in UTF8.encode(Unicode.Scalar(scalar)!)! { put(byte) }
                default: put(code)
                }
            }
            return out
        }
    }

    private static func hex4(_ raw: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 4 | hexValue(raw[index + $1])! }
    }

    /// Whether a string read by `stringToken` is exactly `literal` (ASCII, no escapes).
    package func token(_ token: StringToken, is literal: StaticString) -> Bool {
        token.end - token.start == literal.utf8CodeUnitCount && !token.hasEscapes
            && memcmp(text.baseAddress! + token.start, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }

    // MARK: Numbers and literals

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func skipNumber() throws(Failure) {
        let start = offset
        func digits() -> Int {
            let from = offset
            while offset < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[offset]) { offset += 1 }
            return offset - from
        }
        if offset < text.count, text[offset] == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        let integerDigits = digits()
        guard integerDigits > 0 else { throw Failure(message: "a number needs digits", offset: start) }
        if integerDigits > 1, text[integerStart] == UInt8(ascii: "0") {
            throw Failure(message: "a number cannot start with 0 followed by digits", offset: start)
        }
        if offset < text.count, text[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { throw Failure(message: "a number needs digits after '.'", offset: start) }
        }
        if offset < text.count, text[offset] == UInt8(ascii: "e") || text[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < text.count, text[offset] == UInt8(ascii: "+") || text[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard digits() > 0 else {
                throw Failure(message: "a number needs digits after its exponent", offset: start)
            }
        }
    }

    private func literal(_ word: StaticString) -> Bool {
        offset + word.utf8CodeUnitCount <= text.count
            && memcmp(text.baseAddress! + offset, word.utf8Start, word.utf8CodeUnitCount) == 0
    }

    // MARK: Bytes

    /// Skips spaces, tabs, carriage returns and line feeds, counting lines. A byte is tested
    /// against a mask, not by cases (a compiled `switch` jumps through a table, mispredicted
    /// on every byte), and the indentation after it is skipped eight bytes at a time.
    @inline(__always)
    package mutating func skipWhitespace() {
        let count = text.count
        // Bits 0x09, 0x0A, 0x0D and 0x20.
        let whitespace: UInt64 = 1 << 0x09 | 1 << 0x0A | 1 << 0x0D | 1 << 0x20
        while offset < count {
            let byte = text[offset]
            guard byte <= 0x20, whitespace >> UInt64(byte) & 1 != 0 else { return }
            line &+= byte == 0x0A ? 1 : 0
            offset += 1
            // The spaces that follow, eight bytes at a time: the lowest byte that is not a
            // space ends the run (none: 64 trailing zeros, all eight skipped).
            while offset + 8 <= count {
                let other =
                    UnsafeRawPointer(text.baseAddress! + offset).loadUnaligned(as: UInt64.self)
                    ^ 0x2020_2020_2020_2020
                offset += other.trailingZeroBitCount >> 3
                if other != 0 { break }
            }
        }
    }

    @inline(__always)
    /// Reads `byte`, after whitespace; `message` (made only on failure) says what was expected.
    private mutating func expect(_ byte: UInt8, _ message: @autoclosure () -> String) throws(Failure) {
        skipWhitespace()
        guard offset < text.count else {
            throw Failure(message: "\(message()), found the end of the file", offset: offset)
        }
        guard text[offset] == byte else { throw unexpected(message()) }
        offset += 1
    }

    /// A failure naming the character at the cursor.
    package func unexpected(_ message: String) -> Failure {
        let rest = UnsafeBufferPointer(rebasing: text[offset...])
        let character = String(decoding: rest.prefix(4), as: UTF8.self).unicodeScalars.first.map(String.init) ?? "?"
        return Failure(message: "\(message), found '\(Diagnostic.quote(character))'", offset: offset)
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    private func hex16(_ unit: UInt32) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
