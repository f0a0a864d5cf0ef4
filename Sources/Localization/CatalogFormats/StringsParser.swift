import Diagnostics

#if canImport(FoundationEssentials)
import FileFormats
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A reader for Apple's `.strings` format accepting everything CoreFoundation accepts:
/// `//` and `/* */` comments, quoted (`"…"`, `'…'`) and unquoted (`[A-Za-z0-9_$/:.-]+`)
/// tokens, the `"key";` shorthand, raw newlines inside quotes, the escapes
/// `\n \t \r \" \' \\ \a \b \f \v`, backslash-newline, `\U` with 1–4 hex digits (surrogate
/// pairs combine), octal `\NNN`, a top-level `{ … }`, and any text encoding `TextDecoding`
/// recognises.
///
/// Where CoreFoundation silently stops and returns what it had read so far (`;;`, a `#`,
/// a stray `}`, an unterminated comment, typographic quotes…), this reader throws a
/// `Diagnostic` with the line and column instead.
public enum StringsParser {
    /// Parses the bytes of a file (`Data`, `[UInt8]`); `path` names it in locations and
    /// errors. Comments are kept only when asked for (tools want them; the runtime does not).
    public static func parse(_ bytes: some ContiguousBytes, path: String, keepingComments: Bool = false)
        throws(Diagnostic) -> StringsFile
    {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(Diagnostic) -> StringsFile in
                try parse(buffer: raw.bindMemory(to: UInt8.self), path: path, keepingComments: keepingComments)
            }
        }
        return try result.get()
    }

    /// Parses text already in memory.
    public static func parse(_ text: String, path: String, keepingComments: Bool = false) throws(Diagnostic)
        -> StringsFile
    {
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(Diagnostic) -> StringsFile in
                try parse(buffer: bytes, path: path, keepingComments: keepingComments)
            }
        }
        return try result.get()
    }

    private static func parse(buffer bytes: UnsafeBufferPointer<UInt8>, path: String, keepingComments: Bool)
        throws(Diagnostic) -> StringsFile
    {
        if bytes.starts(with: "<?xml".utf8) || bytes.starts(with: "bplist".utf8) {
            return try parsePropertyList(Data(bytes), path: path)
        }
        return try TextDecoding.withUTF8(bytes, path: path) { text throws(Diagnostic) in
            var scanner = Scanner(text: text, path: path, keepingComments: keepingComments)
            return try scanner.parseFile()
        }
    }

    /// `.strings` files may also be property lists of string → string: XML ones are read by
    /// `PropertyListReader` (with line and column), binary ones by Foundation.
    private static func parsePropertyList(_ data: Data, path: String) throws(Diagnostic) -> StringsFile {
        let start = SourceLocation(path: path, line: 1, column: 1)
        guard !data.starts(with: Array("bplist".utf8)) else {
            guard case .success(let root) = PropertyList.binary(data), let members = root.members else {
                throw Diagnostic("not a valid property list of strings", at: start)
            }
            var table = StringTable()
            let file = table.addFile(path)
            for member in members {
                guard let value = member.value.string else {
                    throw Diagnostic("the value of key \"\(Diagnostic.quote(member.key))\" is not a string", at: start)
                }
                table.add(key: member.key, value: value, line: 1, column: 1, file: file)
            }
            return StringsFile(path: path, table: table)
        }
        let result = data.withUnsafeBytes { raw in
            Result { () throws(Diagnostic) -> StringsFile in
                try TextDecoding.withUTF8(raw.bindMemory(to: UInt8.self), path: path) { text throws(Diagnostic) in
                    try xmlPropertyList(text, path: path)
                }
            }
        }
        return try result.get()
    }

    private static func xmlPropertyList(_ text: UnsafeBufferPointer<UInt8>, path: String) throws(Diagnostic)
        -> StringsFile
    {
        var positions = TextPositions(text: text, path: path)
        let root: PropertyList
        do {
            root = try PropertyListReader.read(text)
        } catch {
            throw Diagnostic("not a valid property list: \(error.message)", at: positions.location(at: error.offset))
        }
        guard let members = root.members else {
            throw Diagnostic(
                "a property list .strings file must hold a dictionary, not \(root.kindDescription)",
                at: positions.location(at: root.offset))
        }
        var table = StringTable()
        let file = table.addFile(path)
        var duplicates: [SourceLocation] = []
        var duplicateCount = 0
        var seen = Set<String>()
        for member in members {
            let location = positions.location(at: member.keyOffset)
            guard let value = member.value.string else {
                throw Diagnostic(
                    "the value of key \"\(Diagnostic.quote(member.key))\" is \(member.value.kindDescription), not a string",
                    at: positions.location(at: member.value.offset))
            }
            table.add(key: member.key, value: value, line: location.line, column: location.column, file: file)
            if !seen.insert(member.key).inserted {
                duplicateCount += 1
                if duplicates.count < StringsFile.listedDuplicates { duplicates.append(location) }
            }
        }
        return StringsFile(path: path, table: table, duplicateLocations: duplicates, duplicateCount: duplicateCount)
    }
}

private let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), backslash = UInt8(ascii: "\\")
private let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), newline = UInt8(ascii: "\n")
private let semicolon = UInt8(ascii: ";"), equals = UInt8(ascii: "=")
private let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")

/// NeXTSTEP encoding bytes 0x80…0xFD as Unicode scalars (what CoreFoundation makes of octal
/// escapes above 127).
private let nextStepToUnicode: [UInt16] = [
    0x00A0, 0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C7, 0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD,
    0x00CE, 0x00CF, 0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D9, 0x00DA, 0x00DB, 0x00DC, 0x00DD,
    0x00DE, 0x00B5, 0x00D7, 0x00F7, 0x00A9, 0x00A1, 0x00A2, 0x00A3, 0x2044, 0x00A5, 0x0192, 0x00A7, 0x00A4, 0x2019,
    0x201C, 0x00AB, 0x2039, 0x203A, 0xFB01, 0xFB02, 0x00AE, 0x2013, 0x2020, 0x2021, 0x00B7, 0x00A6, 0x00B6, 0x2022,
    0x201A, 0x201E, 0x201D, 0x00BB, 0x2026, 0x2030, 0x00AC, 0x00BF, 0x00B9, 0x02CB, 0x00B4, 0x02C6, 0x02DC, 0x00AF,
    0x02D8, 0x02D9, 0x00A8, 0x00B2, 0x02DA, 0x00B8, 0x00B3, 0x02DD, 0x02DB, 0x02C7, 0x2014, 0x00B1, 0x00BC, 0x00BD,
    0x00BE, 0x00E0, 0x00E1, 0x00E2, 0x00E3, 0x00E4, 0x00E5, 0x00E7, 0x00E8, 0x00E9, 0x00EA, 0x00EB, 0x00EC, 0x00C6,
    0x00ED, 0x00AA, 0x00EE, 0x00EF, 0x00F0, 0x00F1, 0x0141, 0x00D8, 0x0152, 0x00BA, 0x00F2, 0x00F3, 0x00F4, 0x00F5,
    0x00F6, 0x00E6, 0x00F9, 0x00FA, 0x00FB, 0x0131, 0x00FC, 0x00FD, 0x0142, 0x00F8, 0x0153, 0x00DF, 0x00FE, 0x00FF,
]

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

/// The cursor over UTF-8 text. Writes keys and values, unescaped, straight into a
/// `StringTable`, and tracks the line as it goes so that every entry knows where it starts.
private struct Scanner {
    let text: UnsafeBufferPointer<UInt8>
    let path: String
    let keepingComments: Bool
    var offset = 0
    var line = 1
    var lineStart = 0
    /// The last column computed on this line and its offset: the next one is counted from
    /// there, so columns cost linear time overall however long the line.
    var columnMark = (offset: 0, column: 1)
    var table = StringTable()
    let file: UInt16
    /// The byte range of the last comment read, attached to the next key.
    var pendingComment: Range<Int>?
    /// The comments kept, when asked for.
    var comments = ReadComments()
    /// Where the last quoted token started, if it spanned lines: the likely culprit when
    /// the next token is unexpected.
    var lastMultilineString: SourceLocation?
    /// What will not show as written (`StringsFile.warnings`).
    var warnings: [Diagnostic] = []
    /// Whether the file holds a NUL byte, or an escape wrote one since the last entry: only
    /// then are an entry's bytes searched for it.
    let hasRawNUL: Bool
    var wroteNUL = false

    init(text: UnsafeBufferPointer<UInt8>, path: String, keepingComments: Bool) {
        self.text = text
        self.path = path
        self.keepingComments = keepingComments
        file = table.addFile(path)
        table.reserve(entries: text.count / 80, bytes: text.count)
        hasRawNUL = text.count > 0 && memchr(text.baseAddress!, 0, text.count) != nil
    }

    mutating func parseFile() throws(Diagnostic) -> StringsFile {
        var duplicates: [SourceLocation] = []
        var duplicateCount = 0
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
                return file(duplicates: duplicates, duplicateCount: duplicateCount)
            }
            let keyLine = line
            let keyColumn = column(at: offset)
            let comment = pendingComment
            pendingComment = nil
            let key = try readToken(expecting: "a key")
            try skipTrivia()
            guard offset < text.count else {
                throw error("expected '=' or ';' after the key, found the end of the file")
            }
            var value = key
            if text[offset] == equals {
                offset += 1
                try skipTrivia()
                value = try readToken(expecting: "a value after '='")
                try skipTrivia()
                guard offset < text.count, text[offset] == semicolon else {
                    throw offset < text.count
                        ? unexpected("(expected ';' after the value)")
                        : error("expected ';' after the value, found the end of the file")
                }
            } else if text[offset] != semicolon {
                throw unexpected("(expected '=' or ';' after the key)")
            }
            offset += 1
            if hasRawNUL || wroteNUL {
                wroteNUL = false
                if table.containsNUL(key) || table.containsNUL(value) {
                    warn(
                        "a NUL character in key \"\(Diagnostic.quote(table.string(key)))\" or its value; "
                            + "C APIs and terminals cut the text there",
                        at: SourceLocation(path: path, line: keyLine, column: keyColumn))
                }
            }
            let (record, isNew) = table.insert(
                keyStart: key.start, keyLength: key.length, valueStart: value.start,
                valueLength: value.length, line: keyLine, column: keyColumn, file: file)
            if let comment { keepComment(comment, forRecord: record) }
            if !isNew {
                duplicateCount += 1
                if duplicates.count < StringsFile.listedDuplicates {
                    duplicates.append(SourceLocation(path: path, line: keyLine, column: keyColumn))
                }
            }
            try skipTrivia()
        }
        if braced { throw error("expected '}' before the end of the file") }
        return file(duplicates: duplicates, duplicateCount: duplicateCount)
    }

    /// The file read, with its comments when they were kept.
    func file(duplicates: [SourceLocation], duplicateCount: Int) -> StringsFile {
        var comments = comments
        comments.keys = table
        return StringsFile(
            path: path, table: table, comments: keepingComments ? CommentTable(read: comments) : CommentTable(),
            duplicateLocations: duplicates, duplicateCount: duplicateCount, warnings: warnings)
    }

    /// Keeps the comment at `range` for the key of the table's record `record`, as bytes,
    /// without the white space `WhiteSpace.isSpaceOrNewline` accepts at either end.
    mutating func keepComment(_ range: Range<Int>, forRecord record: Int) {
        var start = range.lowerBound, end = range.upperBound
        while start < end, Self.isASCIISpace(text[start]) { start += 1 }
        while end > start, Self.isASCIISpace(text[end - 1]) { end -= 1 }
        guard start < end, text[start] >= 0x80 || text[end - 1] >= 0x80 else {
            comments.add(UnsafeBufferPointer(rebasing: text[start..<end]), record: record)
            return
        }
        // A scalar beyond ASCII at either end may be white space too (U+00A0, U+3000…).
        var trimmed = String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
            .trimming(WhiteSpace.isSpaceOrNewline)
        trimmed.withUTF8 { comments.add($0, record: record) }
    }

    /// The ASCII white space `WhiteSpace.isSpaceOrNewline` accepts: U+0009–U+000D and the space.
    static func isASCIISpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    // MARK: Tokens

    /// Reads a key or value into the table; returns where it lies there.
    mutating func readToken(expecting what: String) throws(Diagnostic) -> (start: UInt32, length: UInt32) {
        guard offset < text.count else { throw error("expected \(what), found the end of the file") }
        let byte = text[offset]
        if byte == quote || byte == apostrophe { return try readQuoted(byte) }
        if unquotedTable[Int(byte)] {
            let start = offset
            while offset < text.count, unquotedTable[Int(text[offset])] { offset += 1 }
            return (table.append(UnsafeBufferPointer(rebasing: text[start..<offset])), UInt32(offset - start))
        }
        throw unexpected("(expected \(what))")
    }

    mutating func readQuoted(_ delimiter: UInt8) throws(Diagnostic) -> (start: UInt32, length: UInt32) {
        let open = mark()
        defer { lastMultilineString = line == open.line ? nil : location(of: open) }
        offset += 1
        var runStart = offset
        let start = table.byteCount
        while offset < text.count {
            let byte = text[offset]
            if byte == delimiter {
                _ = table.append(UnsafeBufferPointer(rebasing: text[runStart..<offset]))
                offset += 1
                return (start, table.byteCount - start)
            }
            if byte == backslash {
                _ = table.append(UnsafeBufferPointer(rebasing: text[runStart..<offset]))
                try readEscape()
                runStart = offset
                continue
            }
            if byte == newline { noteNewline(at: offset) }
            offset += 1
        }
        throw Diagnostic("unterminated string (it starts here)", at: location(of: open))
    }

    /// Reads the escape at `offset` (a backslash) and appends what it means to the table.
    mutating func readEscape() throws(Diagnostic) {
        let escape = mark()
        offset += 1
        guard offset < text.count else {
            throw Diagnostic("unterminated string: a backslash ends the file", at: location(of: escape))
        }
        let byte = text[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "n"): table.append(byte: 0x0A)
        case UInt8(ascii: "t"): table.append(byte: 0x09)
        case UInt8(ascii: "r"): table.append(byte: 0x0D)
        case UInt8(ascii: "a"): table.append(byte: 0x07)
        case UInt8(ascii: "b"): table.append(byte: 0x08)
        case UInt8(ascii: "f"): table.append(byte: 0x0C)
        case UInt8(ascii: "v"): table.append(byte: 0x0B)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = UInt32(byte - UInt8(ascii: "0"))
            var digits = 1
            while digits < 3, offset < text.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(text[offset]) {
                value = value * 8 + UInt32(text[offset] - UInt8(ascii: "0"))
                offset += 1
                digits += 1
            }
            // As in CoreFoundation: bytes above 127 are NeXTSTEP-encoded; 0o376 and up are NUL.
            appendScalar(value < 0x80 ? value : value < 0xFE ? UInt32(nextStepToUnicode[Int(value - 0x80)]) : 0)
        case UInt8(ascii: "U"):
            // As in CoreFoundation: no digits mean NUL, an unpaired surrogate U+FFFD.
            let first = readHex() ?? 0
            if first & 0xFC00 == 0xD800, offset + 1 < text.count, text[offset] == backslash,
                text[offset + 1] == UInt8(ascii: "U")
            {
                let resume = offset
                offset += 2
                if let second = readHex(), second & 0xFC00 == 0xDC00 {
                    appendScalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                    return
                }
                offset = resume
            }
            if first & 0xF800 == 0xD800 {
                let written = "\\U" + String(first, radix: 16, uppercase: true)
                warn("\(written) is half of a surrogate pair; it reads as U+FFFD (\u{FFFD})", at: escape)
            }
            appendScalar(first)
        case newline:
            noteNewline(at: offset - 1)
            table.append(byte: newline)
        default:
            // `\"`, `\'`, `\\` and any other character stand for themselves, as in CoreFoundation.
            table.append(byte: byte)
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
        if value == 0 { wroteNUL = true }
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        for byte in UTF8.encode(scalar)! { table.append(byte: byte) }
    }

    /// Records a warning, the first `StringsFile.listedDuplicates` of them.
    mutating func warn(_ message: String, at location: SourceLocation) {
        guard warnings.count < StringsFile.listedDuplicates else { return }
        warnings.append(Diagnostic(message, at: location, severity: .warning))
    }

    /// The same at a mark, whose column is counted only for the warnings kept.
    mutating func warn(_ message: String, at mark: Mark) {
        guard warnings.count < StringsFile.listedDuplicates else { return }
        warn(message, at: location(of: mark))
    }

    // MARK: Whitespace and comments

    mutating func skipTrivia() throws(Diagnostic) {
        while offset < text.count {
            let byte = text[offset]
            switch byte {
            case 0x20, 0x09, 0x0D, 0x0B, 0x0C:
                offset += 1
            case newline:
                noteNewline(at: offset)
                offset += 1
            case slash where offset + 1 < text.count && text[offset + 1] == slash:
                // As in CoreFoundation, a line comment ends at \n, \r, U+2028 or U+2029.
                let start = offset + 2
                offset = start
                while offset < text.count, text[offset] != newline, text[offset] != 0x0D, !isLineSeparator(at: offset) {
                    offset += 1
                }
                if keepingComments { pendingComment = start..<offset }
            case slash where offset + 1 < text.count && text[offset + 1] == star:
                let open = mark()
                offset += 2
                let start = offset
                while true {
                    guard offset + 1 < text.count else {
                        throw Diagnostic("unterminated comment (it starts here)", at: location(of: open))
                    }
                    if text[offset] == star, text[offset + 1] == slash { break }
                    if text[offset] == newline { noteNewline(at: offset) }
                    offset += 1
                }
                if keepingComments { pendingComment = start..<offset }
                offset += 2
            case 0xE2 where isLineSeparator(at: offset):
                offset += 3  // U+2028 and U+2029, which CoreFoundation skips too (not U+00A0 or U+3000)
            default:
                return
            }
        }
    }

    /// Whether U+2028 (line separator) or U+2029 (paragraph separator) starts at `index`:
    /// with 0x09–0x0D and the space, the whitespace of CoreFoundation's `advanceToNonSpace`.
    func isLineSeparator(at index: Int) -> Bool {
        index + 2 < text.count && text[index] == 0xE2 && text[index + 1] == 0x80
            && (text[index + 2] == 0xA8 || text[index + 2] == 0xA9)
    }

    // MARK: Positions and errors

    mutating func noteNewline(at index: Int) {
        line += 1
        lineStart = index + 1
        columnMark = (lineStart, 1)
    }

    /// The 1-based column (in scalars) of `position` on the current line, counted on from the
    /// last one asked for when it lies before.
    mutating func column(at position: Int) -> Int {
        if columnMark.offset < lineStart || columnMark.offset > position { columnMark = (lineStart, 1) }
        let column =
            columnMark.column - 1
            + TextDecoding.scalarColumn(text, lineStart: columnMark.offset, offset: position)
        columnMark = (position, column)
        return column
    }

    /// A place in the text, cheap to take at every token; `location(of:)` counts its column
    /// only when a message needs it.
    struct Mark {
        let offset: Int
        let line: Int
        let lineStart: Int
    }

    func mark() -> Mark { Mark(offset: offset, line: line, lineStart: lineStart) }

    func location(of mark: Mark) -> SourceLocation {
        SourceLocation(
            path: path, line: mark.line,
            column: TextDecoding.scalarColumn(text, lineStart: mark.lineStart, offset: mark.offset))
    }

    mutating func here() -> SourceLocation {
        SourceLocation(path: path, line: line, column: column(at: offset))
    }

    mutating func error(_ message: String) -> Diagnostic {
        Diagnostic(message, at: here())
    }

    /// An error naming the character at the cursor, with a hint for the usual mistakes.
    mutating func unexpected(_ context: String) -> Diagnostic {
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
        if let string = lastMultilineString {
            hint += "; is a closing quote missing in the string at \(string.line):\(string.column)?"
        }
        return error("unexpected '\(Diagnostic.quote(character))' \(context)\(hint)")
    }
}
