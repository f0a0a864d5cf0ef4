import Diagnostics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The package's one XML reader, below the formats that use it (property lists, XLIFF): the
/// XML declaration, comments and processing instructions around elements; a DOCTYPE (one that
/// declares entities is refused: no entity but the five predefined ones and character
/// references is ever expanded, so no text can come from outside the file or grow without
/// bound); start, end and empty-element tags with their attributes; text with references
/// and CDATA sections, line ends normalised as XML says. It works over UTF-8 bytes checked
/// beforehand (`TextDecoding.withUTF8`), reads no more than it is asked to, and reports what
/// is wrong at its byte offset (`TextPositions` gives the line and column). It sets no limit
/// on a file's size.
package struct XMLScanner {
    /// Malformed XML: what and where.
    package struct Failure: Error {
        package var message: String
        package var offset: Int

        package init(message: String, offset: Int) {
            self.message = message
            self.offset = offset
        }
    }

    /// An element name as written, and its first eight bytes as one integer, the first byte
    /// lowest (names a format knows compare as one integer: no string is made).
    package struct Name {
        package var written: UnsafeBufferPointer<UInt8>
        package var packed: UInt64

        /// The name, for messages and formats that compare strings.
        package var string: String { String(decoding: written, as: UTF8.self) }

        /// Whether it is `literal`.
        /// Whether `other` is the same name: the first eight bytes compared at once (a name
        /// byte is never 0, so that they also say the length up to eight), the rest by `memcmp`.
        package func matches(_ other: Name) -> Bool {
            packed == other.packed && written.count == other.written.count
                && (written.count <= 8
                    || memcmp(written.baseAddress! + 8, other.written.baseAddress! + 8, written.count - 8) == 0)
        }

        package func `is`(_ literal: StaticString) -> Bool {
            written.count == literal.utf8CodeUnitCount
                && (written.isEmpty || memcmp(written.baseAddress!, literal.utf8Start, written.count) == 0)
        }
    }

    /// A start or empty-element tag: its name, where its attributes are, and whether it is empty.
    package struct Tag {
        package var name: Name
        /// Where it starts (its `<`).
        package var offset: Int
        /// The bytes between the name and `>` or `/>`.
        package var attributeBytes: Range<Int>
        package var isEmpty: Bool
    }

    package let text: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    package var offset = 0
    /// Text of the element being read, when it needs unescaping.
    private var scratch: [UInt8] = []

    package init(_ text: UnsafeBufferPointer<UInt8>) {
        self.text = text
        if text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF { offset = 3 }
    }

    package var isAtEnd: Bool { offset >= text.count }

    // MARK: Around elements

    /// Skips whitespace, comments, processing instructions (the XML declaration) and a
    /// DOCTYPE; one that declares entities is an error.
    package mutating func skipMisc() throws(Failure) {
        while offset < text.count {
            let byte = text[offset]
            if Self.isSpace(byte) {
                offset += 1
            } else if byte != UInt8(ascii: "<") || offset + 1 == text.count
                || (text[offset + 1] != UInt8(ascii: "!") && text[offset + 1] != UInt8(ascii: "?"))
            {
                return  // not markup to skip: an element, or text the caller reports
            } else if starts(with: "<!--") {
                try skipComment()
            } else if starts(with: "<?") {
                let start = offset
                guard let end = find("?>") else {
                    throw Failure(message: "unterminated processing instruction (it starts here)", offset: start)
                }
                offset = end + 2
            } else if starts(with: "<!DOCTYPE") {
                try skipDoctype()
            } else {
                return
            }
        }
    }

    /// A DOCTYPE, its internal subset included; an entity declaration in it is refused.
    private mutating func skipDoctype() throws(Failure) {
        let start = offset
        offset += 9
        var brackets = 0
        var quote: UInt8?
        while offset < text.count {
            let byte = text[offset]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "<"), starts(with: "<!ENTITY") {
                throw Failure(
                    message: "the DOCTYPE declares an entity; entities other than &lt; &gt; &amp; &quot; &apos; "
                        + "and character references are not read", offset: offset)
            } else if byte == UInt8(ascii: "<"), starts(with: "<!--") {
                try skipComment()
                continue
            } else if byte == UInt8(ascii: "[") {
                brackets += 1
            } else if byte == UInt8(ascii: "]") {
                brackets -= 1
            } else if byte == UInt8(ascii: ">"), brackets <= 0 {
                offset += 1
                return
            }
            offset += 1
        }
        throw Failure(message: "unterminated DOCTYPE (it starts here)", offset: start)
    }

    private mutating func skipComment() throws(Failure) {
        let start = offset
        offset += 4
        guard let end = find("-->") else {
            throw Failure(message: "unterminated comment (it starts here)", offset: start)
        }
        offset = end + 3
    }

    // MARK: Tags

    /// Moves past the element name at the cursor (perhaps empty).
    package mutating func name() -> Name {
        let start = offset
        var index = start, packed: UInt64 = 0
        while index < text.count, Self.isNameByte(text[index]) {
            let position = index &- start
            if position < 8 { packed |= UInt64(text[index]) &<< (8 &* position) }
            index &+= 1
        }
        offset = index
        return Name(written: UnsafeBufferPointer(rebasing: text[start..<index]), packed: packed)
    }

    /// Whether a start (or empty-element) tag is at the cursor: `<` and a name's first byte.
    package func isStartTag() -> Bool {
        offset + 1 < text.count && text[offset] == UInt8(ascii: "<") && Self.isNameByte(text[offset + 1])
    }

    /// Reads `<name attributes…>` or `<name …/>`, the cursor on its `<`.
    package mutating func openTag() throws(Failure) -> Tag {
        let start = offset
        offset += 1
        let name = name()
        guard !name.written.isEmpty else { throw unexpected("(expected an element name after '<')") }
        let attributesStart = offset
        // Quoted attribute values may hold '>'.
        while offset < text.count {
            switch text[offset] {
            case UInt8(ascii: ">"):
                offset += 1
                return Tag(name: name, offset: start, attributeBytes: attributesStart..<offset - 1, isEmpty: false)
            case UInt8(ascii: "/"):
                guard offset + 1 < text.count, text[offset + 1] == UInt8(ascii: ">") else {
                    throw unexpected("in the tag <\(Diagnostic.quote(name.string))>")
                }
                offset += 2
                return Tag(name: name, offset: start, attributeBytes: attributesStart..<offset - 2, isEmpty: true)
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let quote = text[offset]
                offset += 1
                while offset < text.count, text[offset] != quote { offset += 1 }
                offset += 1
            default:
                offset += 1
            }
        }
        throw Failure(message: "the tag <\(Diagnostic.quote(name.string))> is not closed with '>'", offset: start)
    }

    /// A tag's attributes, name → value (references expanded); a malformed one is an error.
    package mutating func attributes(of tag: Tag) throws(Failure) -> [(name: String, value: String)] {
        let saved = offset
        defer { offset = saved }
        offset = tag.attributeBytes.lowerBound
        let end = tag.attributeBytes.upperBound
        var found: [(name: String, value: String)] = []
        while true {
            while offset < end, Self.isSpace(text[offset]) { offset += 1 }
            guard offset < end else { return found }
            let nameStart = offset
            let name = self.name()
            guard !name.written.isEmpty else {
                throw unexpected("in the attributes of <\(Diagnostic.quote(tag.name.string))>")
            }
            while offset < end, Self.isSpace(text[offset]) { offset += 1 }
            guard offset < end, text[offset] == UInt8(ascii: "=") else {
                throw Failure(
                    message: "the attribute \(Diagnostic.quote(name.string)) has no value ('=' and a quoted value)",
                    offset: nameStart)
            }
            offset += 1
            while offset < end, Self.isSpace(text[offset]) { offset += 1 }
            guard offset < end, text[offset] == UInt8(ascii: "\"") || text[offset] == UInt8(ascii: "'") else {
                throw unexpected("(expected a quoted value for the attribute \(Diagnostic.quote(name.string)))")
            }
            let quote = text[offset]
            offset += 1
            scratch.removeAll(keepingCapacity: true)
            while offset < end, text[offset] != quote {
                let byte = text[offset]
                if byte == UInt8(ascii: "&") {
                    try reference()
                } else if byte == UInt8(ascii: "<") {
                    throw unexpected("in the value of the attribute \(Diagnostic.quote(name.string))")
                } else {
                    // Attribute values normalise whitespace characters to spaces.
                    scratch.append(byte == 0x09 || byte == 0x0A || byte == 0x0D ? 0x20 : byte)
                    offset += 1
                }
            }
            guard offset < end else {
                throw Failure(
                    message: "the value of the attribute \(Diagnostic.quote(name.string)) is not closed",
                    offset: nameStart)
            }
            offset += 1
            let attributeName = name.string
            if found.contains(where: { $0.name == attributeName }) {
                throw Failure(
                    message: "the attribute \(Diagnostic.quote(attributeName)) is given twice", offset: nameStart)
            }
            found.append((attributeName, String(decoding: scratch, as: UTF8.self)))
        }
    }

    /// Whether an end tag (`</`) is at the cursor.
    package func isCloseTag() -> Bool {
        offset + 1 < text.count && text[offset] == UInt8(ascii: "<") && text[offset + 1] == UInt8(ascii: "/")
    }

    /// Reads the end tag at the cursor (whitespace allowed before `>`) and returns its name;
    /// the caller checks it closes what it should.
    package mutating func closeTag() throws(Failure) -> Name {
        let tagStart = offset
        offset += 2
        let name = name()
        while offset < text.count, Self.isSpace(text[offset]) { offset += 1 }
        guard offset < text.count, text[offset] == UInt8(ascii: ">") else {
            throw Failure(
                message: "the end tag </\(Diagnostic.quote(name.string))> is not closed with '>'", offset: tagStart)
        }
        offset += 1
        return name
    }

    /// Reads `</name>` at the cursor when it is there, written so (no space before `>`): an end
    /// tag compared in place, its name not scanned. False, the cursor where it was, otherwise.
    package mutating func skipCloseTag(named name: UnsafeRawBufferPointer) -> Bool {
        let closing = offset + 2 + name.count
        guard closing < text.count, isCloseTag(), text[closing] == UInt8(ascii: ">"),
            name.isEmpty || memcmp(text.baseAddress! + offset + 2, name.baseAddress!, name.count) == 0
        else { return false }
        offset = closing + 1
        return true
    }

    /// Reads the end tag at the cursor, which must close `tag`.
    package mutating func close(_ tag: Tag) throws(Failure) {
        if skipCloseTag(named: UnsafeRawBufferPointer(tag.name.written)) { return }
        guard isCloseTag() else {
            throw offset < text.count
                ? unexpected("(expected </\(Diagnostic.quote(tag.name.string))>)")
                : Failure(
                    message: "<\(Diagnostic.quote(tag.name.string))> is not closed (it starts here)", offset: tag.offset
                )
        }
        let closeStart = offset
        let name = try closeTag()
        guard name.matches(tag.name) else {
            throw Failure(
                message:
                    "expected </\(Diagnostic.quote(tag.name.string))> to close the <\(Diagnostic.quote(tag.name.string))> at the start, found </\(Diagnostic.quote(name.string))>",
                offset: closeStart)
        }
    }

    /// Skips the rest of an element whose start tag was just read: its content, any nested
    /// elements (followed with a stack of names, so any depth is safe) and its end tag.
    package mutating func skipElement(_ tag: Tag) throws(Failure) {
        guard !tag.isEmpty else { return }
        var open = [tag]
        while let current = open.last {
            guard let next = find("<") else {
                throw Failure(
                    message: "<\(Diagnostic.quote(current.name.string))> is not closed (it starts here)",
                    offset: current.offset)
            }
            offset = next
            if isCloseTag() {
                try close(current)
                open.removeLast()
            } else if starts(with: "<!--") {
                try skipComment()
            } else if starts(with: "<![CDATA[") {
                guard let end = find("]]>") else {
                    throw Failure(message: "unterminated CDATA section (it starts here)", offset: offset)
                }
                offset = end + 3
            } else if starts(with: "<?") {
                guard let end = find("?>") else {
                    throw Failure(message: "unterminated processing instruction (it starts here)", offset: offset)
                }
                offset = end + 2
            } else {
                let child = try openTag()
                if !child.isEmpty { open.append(child) }
            }
        }
    }

    /// Skips what lies between elements (text, references, CDATA sections, comments,
    /// processing instructions) up to the next start or end tag, or the end of the text.
    package mutating func skipToTag() throws(Failure) {
        while offset < text.count {
            guard let next = find("<") else {
                offset = text.count
                return
            }
            offset = next
            if isStartTag() || isCloseTag() { return }
            if starts(with: "<!--") {
                try skipComment()
            } else if starts(with: "<![CDATA[") {
                let start = offset
                guard let end = find("]]>") else {
                    throw Failure(message: "unterminated CDATA section (it starts here)", offset: start)
                }
                offset = end + 3
            } else if starts(with: "<?") {
                let start = offset
                guard let end = find("?>") else {
                    throw Failure(message: "unterminated processing instruction (it starts here)", offset: start)
                }
                offset = end + 2
            } else {
                throw unexpected("(expected an element, text or an end tag)")
            }
        }
    }

    // MARK: Text

    /// The text of an element whose start tag was just read, up to its end tag (read too):
    /// character data, references and CDATA sections (comments skipped); a child element is
    /// an error naming the element. Plain text equal to one of `shared` is that string,
    /// sharing its storage.
    package mutating func content(of tag: Tag, sharing shared: [String] = []) throws(Failure) -> String {
        guard !tag.isEmpty else { return "" }
        let runStart = offset
        // Fast path: plain text up to `</`, eight bytes at a time while none is '<', '&' or '\r'.
        var carriageReturn = false
        var index = offset
        let count = text.count
        while index < count {
            if index + 8 <= count {
                // The first markup byte of the word, if any: the rest of the text before it is plain.
                let markup = Self.markupBytes(UnsafeRawPointer(text.baseAddress! + index))
                guard markup != 0 else {
                    index += 8
                    continue
                }
                index += markup.trailingZeroBitCount / 8
            }
            let byte = text[index]
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") { break }
            if byte == 0x0D { carriageReturn = true }
            index += 1
        }
        offset = index
        if offset < text.count, isCloseTag() {
            let run = UnsafeBufferPointer(rebasing: text[runStart..<offset])
            try close(tag)
            // Shorter strings are stored inline, allocating nothing anyway; a run with a
            // carriage return is not the text it reads as (its line ends are normalised).
            if run.count > 15, !carriageReturn, let known = shared.first(where: { Self.equal(run, $0) }) {
                return known
            }
            let plain = String(decoding: run, as: UTF8.self)
            return carriageReturn ? Self.normalizingNewlines(plain) : plain
        }
        // Line ends in the text are normalised as they are copied; a character reference
        // (`&#xD;`) stays what it says.
        scratch.removeAll(keepingCapacity: true)
        appendNormalizingLineEnds(runStart..<offset)
        while true {
            guard offset < text.count else {
                throw Failure(
                    message: "<\(Diagnostic.quote(tag.name.string))> is not closed (it starts here)", offset: tag.offset
                )
            }
            let byte = text[offset]
            if byte == UInt8(ascii: "&") {
                try reference()
            } else if byte == UInt8(ascii: "<") {
                if isCloseTag() {
                    try close(tag)
                    return String(decoding: scratch, as: UTF8.self)
                } else if starts(with: "<![CDATA[") {
                    let sectionStart = offset
                    offset += 9
                    guard let end = find("]]>") else {
                        throw Failure(message: "unterminated CDATA section (it starts here)", offset: sectionStart)
                    }
                    appendNormalizingLineEnds(offset..<end)
                    offset = end + 3
                } else if starts(with: "<!--") {
                    try skipComment()
                } else {
                    throw Failure(
                        message: "<\(Diagnostic.quote(tag.name.string))> holds an element; it may hold only text",
                        offset: offset)
                }
            } else {
                appendNormalizingLineEnds(offset..<offset + 1)
                offset += 1
            }
        }
    }

    /// Appends the bytes of `range` to `scratch`, `\r\n` and a lone `\r` as `\n`.
    private mutating func appendNormalizingLineEnds(_ range: Range<Int>) {
        var start = range.lowerBound
        for index in range where text[index] == 0x0D {
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index]))
            // A `\r` before a `\n` is dropped, one before anything else becomes `\n`.
            if index + 1 >= text.count || text[index + 1] != 0x0A { scratch.append(0x0A) }
            start = index + 1
        }
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<range.upperBound]))
    }

    /// XML reads `\r\n` and a lone `\r` as `\n`.
    private static func normalizingNewlines(_ text: String) -> String {
        return text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
    }

    /// Appends what the reference at the cursor (`&…;`) stands for to `scratch`: one of the
    /// five predefined entities or a character reference; any other is an error.
    private mutating func reference() throws(Failure) {
        let start = offset
        guard let end = findByte(UInt8(ascii: ";"), within: 12) else {
            throw Failure(message: "'&' starts no entity (write &amp; for '&')", offset: start)
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: text[start + 1..<end]), as: UTF8.self)
        offset = end + 1
        switch name {
        case "lt": scratch.append(UInt8(ascii: "<"))
        case "gt": scratch.append(UInt8(ascii: ">"))
        case "amp": scratch.append(UInt8(ascii: "&"))
        case "quot": scratch.append(UInt8(ascii: "\""))
        case "apos": scratch.append(UInt8(ascii: "'"))
        default:
            var digits = Substring(name)
            var radix = 10
            guard digits.first == "#" else {
                throw Failure(
                    message:
                        "unknown entity &\(Diagnostic.quote(name)); (only &lt; &gt; &amp; &quot; &apos; and character references are read)",
                    offset: start)
            }
            digits = digits.dropFirst()
            if digits.first == "x" {
                radix = 16
                digits = digits.dropFirst()
            }
            guard !digits.isEmpty, digits.allSatisfy({ $0.isHexDigit }), let value = UInt32(digits, radix: radix),
                let scalar = Unicode.Scalar(value)
            else {
                throw Failure(message: "&\(Diagnostic.quote(name)); is not a character", offset: start)
            }
            // XML 1.0's Char: tab, line ends, and U+0020 up, but surrogates, U+FFFE and U+FFFF.
            switch value {
            case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: break
            default:
                throw Failure(
                    message: "&\(Diagnostic.quote(name)); is not a character XML 1.0 allows", offset: start)
            }
            scratch.append(contentsOf: UTF8.encode(scalar)!)
        }
    }

    // MARK: Bytes

    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ string: String) -> Bool {
        string.utf8.count == bytes.count
            && string.utf8.withContiguousStorageIfAvailable {
                memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0
            } ?? false
    }

    /// Whether `literal` is at the cursor.
    package func starts(with literal: StaticString) -> Bool {
        offset + literal.utf8CodeUnitCount <= text.count
            && memcmp(text.baseAddress! + offset, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }

    /// The offset of the next `literal` from the cursor.
    private func find(_ literal: StaticString) -> Int? {
        let first = Int32(literal.utf8Start[0])
        var index = offset
        while index < text.count, let found = memchr(text.baseAddress! + index, first, text.count - index) {
            let position = text.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if position + literal.utf8CodeUnitCount <= text.count,
                memcmp(text.baseAddress! + position, literal.utf8Start, literal.utf8CodeUnitCount) == 0
            {
                return position
            }
            index = position + 1
        }
        return nil
    }

    private func findByte(_ byte: UInt8, within limit: Int) -> Int? {
        var index = offset + 1
        while index < text.count, index <= offset + limit {
            if text[index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// Where the eight bytes at `word` hold '<', '&' or '\r': `x` (the bytes xor one of those
    /// repeated) has a zero byte exactly where it matched, and `(x - 0x01…) & ~x & 0x80…` sets
    /// the high bit of its first zero byte (and perhaps of later ones, never of an earlier one):
    /// zero when there is none, else the lowest set bit marks the first markup byte.
    private static func markupBytes(_ word: UnsafeRawPointer) -> UInt64 {
        let bytes = word.loadUnaligned(as: UInt64.self)
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
        // The high bit of each zero byte; a borrow may also mark bytes above the first, never below.
        func zeros(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highBits }
        return zeros(bytes ^ (ones &* 0x3C)) | zeros(bytes ^ (ones &* 0x26)) | zeros(bytes ^ (ones &* 0x0D))
    }

    package static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Letters, digits, `_ - . :` and every byte of a multi-byte character. The ASCII ones
    /// are bits of two masks, for bytes 0–63 and 64–127: cheaper than comparing ranges.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        let punctuationAndDigits: UInt64 = 1 << 45 | 1 << 46 | 0x3FF << 48 | 1 << 58  // - . 0-9 :
        let letters: UInt64 = 0x3FF_FFFF << 1 | 1 << 31 | 0x3FF_FFFF << 33  // A-Z _ a-z
        return (byte < 64 ? punctuationAndDigits : letters) &>> UInt64(byte & 63) & 1 != 0
    }

    /// A failure naming the character at the cursor.
    package func unexpected(_ context: String) -> Failure {
        let rest = UnsafeBufferPointer(rebasing: text[min(offset, text.count)...])
        let character = String(decoding: rest.prefix(4), as: UTF8.self).unicodeScalars.first.map(String.init) ?? "?"
        return Failure(message: "unexpected '\(Diagnostic.quote(character))' \(context)", offset: offset)
    }
}
