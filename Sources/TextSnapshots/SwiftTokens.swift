/// A token of Swift source, as narrow as finding an inline snapshot's call and its literal
/// needs: identifiers, the punctuation of argument lists, string literals whole (with their
/// interpolations), and everything else one byte or one word at a time. Comments and white
/// space make no token.
package struct SwiftToken: Equatable, Sendable {
    /// What a token is.
    package enum Kind: Equatable, Sendable {
        /// A name (`expectInlineSnapshot`, `matches`, `` `default` ``).
        case identifier
        /// One of `( ) [ ] { } , : .`.
        case punctuation
        /// A string literal of any kind, whole.
        case string
        /// Anything else: a number, an operator, a `#` not opening a raw literal, a regex.
        case other
    }

    /// What the token is.
    package var kind: Kind
    /// Its bytes in the source.
    package var range: Range<Int>
    /// The 1-based line and byte column where it starts (the compiler's `#line`, `#column`).
    package var line: Int, column: Int
    /// For a string: closed, and without interpolation, so that its value is what it says.
    package var isPlainLiteral = false
    /// False for a string, or a name in backticks, that a line break or the end of the file
    /// ended before its delimiter.
    package var isClosed = true
}

/// The tokens of a Swift source, in one pass over its bytes, by Swift's own rules for what
/// matters here: comments (`//`, and `/* */` nested), string literals (`"…"`, `"""…"""`, raw
/// `#"…"#` with any number of `#`, escapes, interpolation `\(…)` holding code, comments and
/// literals of its own), extended regex literals (`#/…/#`), and line breaks (LF, CR, CRLF).
/// Any bytes give tokens: an unclosed literal or comment runs to the end of the file (a literal
/// so is not plain), and interpolation nested deeper than `maximumNesting` ends the file.
package struct SwiftTokenizer {
    /// How deep interpolations may nest in literals in interpolations before the rest of the
    /// file is taken as one unclosed literal.
    package static let maximumNesting = 32

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var tokens: [SwiftToken] = []

    /// The tokens of `bytes`.
    package static func tokens(of bytes: [UInt8]) -> [SwiftToken] {
        var tokenizer = SwiftTokenizer(bytes: bytes)
        _ = tokenizer.code(nesting: 0)
        return tokenizer.tokens
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func byte(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    /// Code up to the end, or (`nesting` > 0: inside an interpolation) up to and over the `)`
    /// that closes it. Tokens are kept at the top level only. Returns whether it was closed.
    private mutating func code(nesting: Int) -> Bool {
        var depth = 0
        while let current = byte() {
            let start = index, column = index - lineStart + 1
            func token(_ kind: SwiftToken.Kind, string: (closed: Bool, interpolated: Bool) = (true, false)) {
                guard nesting == 0 else { return }
                tokens.append(
                    SwiftToken(
                        kind: kind, range: start..<index, line: line, column: column,
                        isPlainLiteral: kind == .string && string.closed && !string.interpolated,
                        isClosed: string.closed))
            }
            switch current {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                newline()
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C, 0:
                index += 1
            case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "/"):
                while let next = byte(), next != UInt8(ascii: "\n"), next != UInt8(ascii: "\r") { index += 1 }
            case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "*"):
                blockComment()
            case UInt8(ascii: "\""):
                let literal = string(hashes: 0, nesting: nesting)
                token(.string, string: literal)
            case UInt8(ascii: "#"):
                var hashes = 0
                while byte(hashes) == UInt8(ascii: "#") { hashes += 1 }
                if byte(hashes) == UInt8(ascii: "\"") {
                    index += hashes
                    let literal = string(hashes: hashes, nesting: nesting)
                    token(.string, string: literal)
                } else if byte(hashes) == UInt8(ascii: "/") {
                    index += hashes + 1
                    regex(hashes: hashes)
                    token(.other)
                } else {
                    index += hashes
                    token(.other)
                }
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                index += 1
                token(.punctuation)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                index += 1
                if nesting > 0, current == UInt8(ascii: ")"), depth == 0 { return true }
                depth = max(depth - 1, 0)
                token(.punctuation)
            case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "."):
                index += 1
                token(.punctuation)
            case UInt8(ascii: "`"):
                index += 1
                while let next = byte(), next != UInt8(ascii: "`"), next != UInt8(ascii: "\n"),
                    next != UInt8(ascii: "\r")
                {
                    index += 1
                }
                // A name a line break ends before its closing backtick is no name: a call
                // holding one is refused, as one holding an unclosed string is.
                let closed = byte() == UInt8(ascii: "`")
                if closed { index += 1 }
                token(.identifier, string: (closed, false))
            default:
                if Self.isWordByte(current) {
                    while let next = byte(), Self.isWordByte(next) { index += 1 }
                    token(Self.isDigit(current) ? .other : .identifier)
                } else {
                    index += 1
                    token(.other)
                }
            }
        }
        return false
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// A byte of a name or a number: ASCII letters and digits, `_`, `$`, and every byte of a
    /// character beyond ASCII.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// Over a line break (CRLF is one), counting the line.
    private mutating func newline() {
        if byte() == UInt8(ascii: "\r"), byte(1) == UInt8(ascii: "\n") { index += 1 }
        index += 1
        line += 1
        lineStart = index
    }

    /// Over a `/* */` comment, nested ones included, from its `/*`.
    private mutating func blockComment() {
        var depth = 0
        while let current = byte() {
            if current == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if current == UInt8(ascii: "*"), byte(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else if current == UInt8(ascii: "\n") || current == UInt8(ascii: "\r") {
                newline()
            } else {
                index += 1
            }
        }
    }

    /// Over an extended regex literal, from after its `#…#/` to after its `/#…#`.
    private mutating func regex(hashes: Int) {
        while let current = byte() {
            if current == UInt8(ascii: "/"), (0..<hashes).allSatisfy({ byte(1 + $0) == UInt8(ascii: "#") }) {
                index += 1 + hashes
                return
            }
            if current == UInt8(ascii: "\n") || current == UInt8(ascii: "\r") { newline() } else { index += 1 }
        }
    }

    /// Over a string literal from its first `"` (after the `#`s of a raw one) to after its
    /// closing delimiter; a single-line one also ends, unclosed, before a line break. Returns
    /// whether it is closed and whether it has an interpolation.
    private mutating func string(hashes: Int, nesting: Int) -> (closed: Bool, interpolated: Bool) {
        let quote = UInt8(ascii: "\"")
        let multiline = byte(1) == quote && byte(2) == quote
        let quotes = multiline ? 3 : 1
        index += quotes
        var interpolated = false
        func closes(at offset: Int) -> Bool {
            (0..<quotes).allSatisfy { byte(offset + $0) == quote }
                && (0..<hashes).allSatisfy { byte(offset + quotes + $0) == UInt8(ascii: "#") }
        }
        while let current = byte() {
            switch current {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                guard multiline else { return (false, interpolated) }
                newline()
            case UInt8(ascii: "\\") where (0..<hashes).allSatisfy({ byte(1 + $0) == UInt8(ascii: "#") }):
                index += 1 + hashes
                if byte() == UInt8(ascii: "(") {
                    index += 1
                    interpolated = true
                    guard nesting < Self.maximumNesting else {
                        index = bytes.count
                        return (false, true)
                    }
                    guard code(nesting: nesting + 1) else { return (false, true) }
                } else if let next = byte(), next != UInt8(ascii: "\n"), next != UInt8(ascii: "\r") {
                    index += 1
                }
            case quote where closes(at: 0):
                index += quotes + hashes
                return (true, interpolated)
            default:
                index += 1
            }
        }
        return (false, interpolated)
    }
}
