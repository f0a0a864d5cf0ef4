/// Where each `/* … */` comment of a `.strings` file's text opens, by where it closes: found
/// in one pass that reads the text as the reader does (quoted strings with their escapes, line
/// comments to the end of their line, unquoted words), so that a `*/` inside a string or a
/// line comment, or a `/*` inside a comment, is never taken for a comment's edge.
struct StringsBlockComments {
    /// The offset of each comment's `/*`, by the offset of the `/` of its `*/`.
    private var opens: [Int: Int] = [:]

    init(_ bytes: [UInt8]) {
        let (slash, star, backslash) = (UInt8(ascii: "/"), UInt8(ascii: "*"), UInt8(ascii: "\\"))
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                index += 1
                while index < bytes.count, bytes[index] != byte { index += bytes[index] == backslash ? 2 : 1 }
                index += 1
            } else if byte == slash, index + 1 < bytes.count, bytes[index + 1] == star {
                let open = index
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == star && bytes[index + 1] == slash) { index += 1 }
                guard index + 1 < bytes.count else { return }
                opens[index + 1] = open
                index += 2
            } else if byte == slash, index + 1 < bytes.count, bytes[index + 1] == slash {
                // As the reader ends it: at \n, \r, U+2028 or U+2029.
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D,
                    !(index + 2 < bytes.count && bytes[index] == 0xE2 && bytes[index + 1] == 0x80
                        && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9))
                {
                    index += 1
                }
            } else if Self.isUnquoted(byte) {
                // A word such as `a/b//c` is one token, its slashes no comment.
                while index < bytes.count, Self.isUnquoted(bytes[index]) { index += 1 }
            } else {
                index += 1
            }
        }
    }

    /// Where the comment whose `*/` ends at `close` (the offset of its `/`) opens, if one does.
    func open(closingAt close: Int) -> Int? { opens[close] }

    /// A byte of an unquoted token, as the reader has them: `[A-Za-z0-9_$/:.-]`.
    private static func isUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"),
            UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }
}
