import Foundation

/// A reader for Apple's `.strings` format accepting everything CoreFoundation accepts:
/// `//` and `/* */` comments, quoted (`"…"`, `'…'`) and unquoted (`[A-Za-z0-9_$/:.-]+`)
/// tokens, the `"key";` shorthand, raw newlines inside quotes, the escapes
/// `\n \t \r \" \' \\ \a \b \f \v`, backslash-newline, `\U` with 1–4 hex digits (surrogate
/// pairs combine), octal `\NNN`, a top-level `{ … }`, and any text encoding `TextDecoding`
/// recognises.
///
/// Where CoreFoundation silently stops and returns what it had read so far (`;;`, a `#`,
/// a stray `}`, an unterminated comment, typographic quotes…), this reader throws a
/// `CatalogError` with the line and column instead.
public enum StringsParser {
    /// Parses the bytes of a file; `path` names it in locations and errors.
    public static func parse(_ data: Data, path: String) throws(CatalogError) -> StringsFile {
        let head = data.prefix(8)
        if head.starts(with: Array("<?xml".utf8)) || head.starts(with: Array("bplist".utf8)) {
            return try parsePropertyList(data, path: path)
        }
        let result = data.withUnsafeBytes { raw in
            Result { () throws(CatalogError) -> StringsFile in
                try TextDecoding.withUTF8(raw.bindMemory(to: UInt8.self), path: path) { text throws(CatalogError) in
                    var scanner = Scanner(text: text, path: path)
                    return try scanner.parseFile()
                }
            }
        }
        return try result.get()
    }

    /// Parses text already in memory.
    public static func parse(_ text: String, path: String) throws(CatalogError) -> StringsFile {
        try parse(Data(text.utf8), path: path)
    }

    /// `.strings` files may also be XML or binary property lists of string → string.
    private static func parsePropertyList(_ data: Data, path: String) throws(CatalogError) -> StringsFile {
        let start = SourceLocation(path: path, line: 1, column: 1)
        guard let object = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
              let dictionary = object as? [String: Any]
        else { throw CatalogError("not a valid property list of strings", at: start) }
        var entries: [StringsEntry] = []
        for key in dictionary.keys.sorted() {
            guard let value = dictionary[key] as? String else {
                throw CatalogError("the value of key \"\(key)\" is not a string", at: start)
            }
            entries.append(StringsEntry(key: key, value: value, location: start))
        }
        return StringsFile(path: path, entries: entries)
    }
}

private let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), backslash = UInt8(ascii: "\\")
private let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), newline = UInt8(ascii: "\n")
private let semicolon = UInt8(ascii: ";"), equals = UInt8(ascii: "=")
private let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")

/// Whether a byte may appear in an unquoted token, as in CoreFoundation.
private let unquotedTable: [Bool] = (0..<256).map { byte in
    switch UInt8(byte) {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
         UInt8(ascii: "0")...UInt8(ascii: "9"):
        return true
    case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"),
         UInt8(ascii: "."), UInt8(ascii: "-"):
        return true
    default:
        return false
    }
}

/// The cursor over UTF-8 text. Tracks the line as it goes so that every entry knows where
/// it starts without a second pass.
private struct Scanner {
    let text: UnsafeBufferPointer<UInt8>
    let path: String
    var offset = 0
    var line = 1
    var lineStart = 0
    /// The last comment read, attached to the next key.
    var pendingComment: Substring?
    /// Reused storage for tokens with escapes.
    var scratch: [UInt8] = []

    init(text: UnsafeBufferPointer<UInt8>, path: String) {
        self.text = text
        self.path = path
    }

    mutating func parseFile() throws(CatalogError) -> StringsFile {
        var entries: [StringsEntry] = []
        var comments: [String: String] = [:]
        entries.reserveCapacity(text.count / 64)
        try skipTrivia()
        var braced = false
        if offset < text.count, text[offset] == openBrace {
            braced = true
            offset += 1
            try skipTrivia()
        }
        while offset < text.count {
            if braced, text[offset] == closeBrace {
                offset += 1
                try skipTrivia()
                if offset < text.count { throw unexpected("after the closing '}'") }
                return StringsFile(path: path, entries: entries, comments: comments)
            }
            let keyLocation = here()
            let comment = pendingComment
            pendingComment = nil
            let key = try readToken(expecting: "a key")
            try skipTrivia()
            guard offset < text.count else { throw error("expected '=' or ';' after the key, found the end of the file") }
            let value: String
            if text[offset] == semicolon {
                value = key
            } else if text[offset] == equals {
                offset += 1
                try skipTrivia()
                value = try readToken(expecting: "a value after '='")
                try skipTrivia()
                guard offset < text.count, text[offset] == semicolon else {
                    throw offset < text.count
                        ? unexpected("(expected ';' after the value)")
                        : error("expected ';' after the value, found the end of the file")
                }
            } else {
                throw unexpected("(expected '=' or ';' after the key)")
            }
            offset += 1
            entries.append(StringsEntry(key: key, value: value, location: keyLocation))
            if let comment { comments[key] = Self.tidy(comment) }
            try skipTrivia()
        }
        if braced { throw error("expected '}' before the end of the file") }
        return StringsFile(path: path, entries: entries, comments: comments)
    }

    // MARK: Tokens

    mutating func readToken(expecting what: String) throws(CatalogError) -> String {
        guard offset < text.count else { throw error("expected \(what), found the end of the file") }
        let byte = text[offset]
        if byte == quote || byte == apostrophe { return try readQuoted(byte) }
        if unquotedTable[Int(byte)] {
            let start = offset
            while offset < text.count, unquotedTable[Int(text[offset])] { offset += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: text[start..<offset]), as: UTF8.self)
        }
        throw unexpected("(expected \(what))")
    }

    mutating func readQuoted(_ delimiter: UInt8) throws(CatalogError) -> String {
        let openLocation = here()
        offset += 1
        let start = offset
        // Fast path: no escapes.
        while offset < text.count {
            let byte = text[offset]
            if byte == delimiter {
                let token = String(decoding: UnsafeBufferPointer(rebasing: text[start..<offset]), as: UTF8.self)
                offset += 1
                return token
            }
            if byte == backslash { break }
            if byte == newline { noteNewline(at: offset) }
            offset += 1
        }
        guard offset < text.count else { throw CatalogError("unterminated string (it starts here)", at: openLocation) }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<offset]))
        while offset < text.count {
            let byte = text[offset]
            if byte == delimiter {
                offset += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == backslash {
                try readEscape()
                continue
            }
            if byte == newline { noteNewline(at: offset) }
            scratch.append(byte)
            offset += 1
        }
        throw CatalogError("unterminated string (it starts here)", at: openLocation)
    }

    /// Reads the escape at `offset` (a backslash) and appends what it means to `scratch`.
    mutating func readEscape() throws(CatalogError) {
        let escapeLocation = here()
        offset += 1
        guard offset < text.count else { throw CatalogError("a backslash ends the file", at: escapeLocation) }
        let byte = text[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "a"): scratch.append(0x07)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "v"): scratch.append(0x0B)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = UInt32(byte - UInt8(ascii: "0"))
            var digits = 1
            while digits < 3, offset < text.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(text[offset]) {
                value = value * 8 + UInt32(text[offset] - UInt8(ascii: "0"))
                offset += 1
                digits += 1
            }
            appendScalar(value)
        case UInt8(ascii: "U"):
            let first = readHex()
            guard let first else { throw CatalogError("\\U must be followed by 1 to 4 hex digits", at: escapeLocation) }
            if first & 0xFC00 == 0xD800 {
                // A high surrogate must be followed by an escaped low surrogate.
                if offset + 1 < text.count, text[offset] == backslash, text[offset + 1] == UInt8(ascii: "U") {
                    offset += 2
                    if let second = readHex(), second & 0xFC00 == 0xDC00 {
                        appendScalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                        return
                    }
                }
                throw CatalogError("unpaired surrogate \\U\(String(first, radix: 16, uppercase: true))", at: escapeLocation)
            }
            if first & 0xFC00 == 0xDC00 {
                throw CatalogError("unpaired surrogate \\U\(String(first, radix: 16, uppercase: true))", at: escapeLocation)
            }
            appendScalar(first)
        case newline:
            noteNewline(at: offset - 1)
            scratch.append(newline)
        default:
            // `\"`, `\'`, `\\` and any other character stand for themselves, as in CoreFoundation.
            scratch.append(byte)
        }
    }

    mutating func readHex() -> UInt32? {
        var value: UInt32 = 0
        var digits = 0
        while digits < 4, offset < text.count, let digit = Self.hexValue(text[offset]) {
            value = value * 16 + digit
            offset += 1
            digits += 1
        }
        return digits == 0 ? nil : value
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    mutating func appendScalar(_ value: UInt32) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        scratch.append(contentsOf: UTF8.encode(scalar)!)
    }

    // MARK: Whitespace and comments

    mutating func skipTrivia() throws(CatalogError) {
        while offset < text.count {
            let byte = text[offset]
            switch byte {
            case 0x20, 0x09, 0x0D, 0x0B, 0x0C:
                offset += 1
            case newline:
                noteNewline(at: offset)
                offset += 1
            case slash where offset + 1 < text.count && text[offset + 1] == slash:
                let start = offset + 2
                while offset < text.count, text[offset] != newline { offset += 1 }
                pendingComment = Substring(decoding: UnsafeBufferPointer(rebasing: text[start..<offset]), as: UTF8.self)
            case slash where offset + 1 < text.count && text[offset + 1] == star:
                let openLocation = here()
                offset += 2
                let start = offset
                while true {
                    guard offset + 1 < text.count else {
                        throw CatalogError("unterminated comment (it starts here)", at: openLocation)
                    }
                    if text[offset] == star, text[offset + 1] == slash { break }
                    if text[offset] == newline { noteNewline(at: offset) }
                    offset += 1
                }
                pendingComment = Substring(decoding: UnsafeBufferPointer(rebasing: text[start..<offset]), as: UTF8.self)
                offset += 2
            case 0xC2 where offset + 1 < text.count && text[offset + 1] == 0xA0:
                offset += 2  // no-break space
            default:
                return
            }
        }
    }

    static func tidy(_ comment: Substring) -> String {
        comment.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: Positions and errors

    mutating func noteNewline(at index: Int) {
        line += 1
        lineStart = index + 1
    }

    func here() -> SourceLocation {
        SourceLocation(path: path, line: line,
                       column: TextDecoding.scalarColumn(text, lineStart: lineStart, offset: offset))
    }

    func error(_ message: String) -> CatalogError {
        CatalogError(message, at: here())
    }

    /// An error naming the character at the cursor, with a hint for the usual mistakes.
    func unexpected(_ context: String) -> CatalogError {
        let rest = UnsafeBufferPointer(rebasing: text[offset...])
        let character = String(decoding: rest.prefix(4), as: UTF8.self).unicodeScalars.first.map(String.init) ?? "?"
        var hint = ""
        switch character {
        case "\u{201C}", "\u{201D}", "\u{2018}", "\u{2019}", "\u{00AB}", "\u{00BB}":
            hint = "; typographic quotes do not delimit strings, use a straight \" instead"
        case ";": hint = "; is there a ';' too many?"
        case "#": hint = "; comments are written // or /* */"
        case "}": hint = "; there is no '{' to close"
        default: break
        }
        return error("unexpected '\(character)' \(context)\(hint)")
    }
}
