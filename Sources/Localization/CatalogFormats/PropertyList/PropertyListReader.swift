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

/// A reader for XML property lists (Apple's `plist` DTD) over UTF-8 bytes: the XML
/// declaration, a DOCTYPE, comments and processing instructions around the value; `plist`,
/// `dict`, `key`, `string`, `integer`, `real`, `true`, `false`, `array`, `date` and `data`
/// elements (empty ones written `<string/>` too); the five named entities and character
/// references (`&#233;`, `&#xE9;`) and CDATA sections in text. Anything else is an error at
/// its byte offset (`TextPositions` gives its line and column). Nesting is bounded, so no
/// input can exhaust the stack.
struct PropertyListReader {
    /// Malformed XML, or a property list element it does not know: what and where.
    struct Failure: Error {
        var message: String
        var offset: Int
    }

    /// How deeply arrays and dictionaries may nest.
    static let maximumNesting = 64

    private let text: UnsafeBufferPointer<UInt8>
    private var offset = 0
    /// Text of the element being read, when it needs unescaping.
    private var scratch: [UInt8] = []
    /// Strings returned as they are when an element's plain text equals one of them,
    /// rather than built again: keys and values a format repeats in every entry.
    private let sharedStrings: [String]

    init(_ text: UnsafeBufferPointer<UInt8>, sharing sharedStrings: [String] = []) {
        self.text = text
        self.sharedStrings = sharedStrings
    }

    /// Reads the whole document: one value, inside `<plist>` or alone.
    static func read(_ text: UnsafeBufferPointer<UInt8>) throws(Failure) -> PropertyList {
        var reader = PropertyListReader(text)
        return try reader.document(streaming: false) { _ in }
    }

    /// Reads the whole document; when its value is a dictionary, hands each member to `body`
    /// as soon as it is read and returns the dictionary empty, so that a caller converting
    /// members one by one never holds the whole tree. Text equal to one of `sharedStrings`
    /// is that string (sharing its storage), not a new one.
    static func read(
        _ text: UnsafeBufferPointer<UInt8>, sharing sharedStrings: [String] = [],
        eachMember body: (PropertyList.Member) -> Void
    ) throws(Failure) -> PropertyList {
        var reader = PropertyListReader(text, sharing: sharedStrings)
        return try reader.document(streaming: true, body)
    }

    private mutating func document(
        streaming: Bool, _ body: (PropertyList.Member) -> Void
    ) throws(Failure) -> PropertyList {
        if text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF { offset = 3 }
        try skipMisc()
        guard offset < text.count else { throw Failure(message: "no property list in the file", offset: offset) }
        let value: PropertyList
        let tagStart = offset
        let tag = try openTag()
        if tag.element == .plist {
            guard !tag.isEmpty else { throw Failure(message: "<plist/> holds no value", offset: tagStart) }
            try skipMisc()
            guard offset < text.count, text[offset] == UInt8(ascii: "<"), !isCloseTag() else {
                value = try self.value(depth: 0)
                try skipMisc()
                try closeTag(.plist, openedAt: tagStart)
                try skipMisc()
                if offset < text.count { throw unexpected("after the property list") }
                return value
            }
            let valueStart = offset
            value = try self.value(try openTag(), at: valueStart, depth: 0, streaming: streaming, eachMember: body)
            try skipMisc()
            try closeTag(.plist, openedAt: tagStart)
        } else {
            value = try self.value(tag, at: tagStart, depth: 0, streaming: streaming, eachMember: body)
        }
        try skipMisc()
        if offset < text.count { throw unexpected("after the property list") }
        return value
    }

    // MARK: Values

    private mutating func value(depth: Int) throws(Failure) -> PropertyList {
        guard offset < text.count else {
            throw Failure(message: "expected a value, found the end of the file", offset: offset)
        }
        let start = offset
        guard text[offset] == UInt8(ascii: "<") else { throw unexpected("(expected a value element)") }
        let tag = try openTag()
        return try value(tag, at: start, depth: depth)
    }

    private mutating func value(
        _ tag: Tag, at start: Int, depth: Int, streaming: Bool = false,
        eachMember body: (PropertyList.Member) -> Void = { _ in }
    ) throws(Failure) -> PropertyList {
        guard let element = tag.element else {
            throw Failure(message: "<\(Diagnostic.quote(tag.name))> is not a property list element", offset: start)
        }
        switch element {
        case .string:
            return PropertyList(value: .string(tag.isEmpty ? "" : try content(of: .string, at: start)), offset: start)
        case .key:
            throw Failure(message: "<key> outside a <dict>", offset: start)
        case .integer, .real, .date, .data:
            let written = tag.isEmpty ? "" : try content(of: element, at: start)
            let trimmed = written.trimming(WhiteSpace.isSpaceOrNewline)
            switch element {
            case .integer:
                guard Self.isInteger(trimmed) else {
                    throw Failure(
                        message: "<integer> holds \"\(Diagnostic.quote(trimmed))\", not an integer", offset: start)
                }
                return PropertyList(value: .integer(trimmed), offset: start)
            case .real: return PropertyList(value: .real(trimmed), offset: start)
            case .date: return PropertyList(value: .date(trimmed), offset: start)
            default: return PropertyList(value: .data(written), offset: start)
            }
        case .true, .false:
            if !tag.isEmpty { try closeTag(element, openedAt: start) }
            return PropertyList(value: .bool(element == .true), offset: start)
        case .array:
            guard depth < Self.maximumNesting else {
                throw Failure(message: "arrays and dictionaries nest too deeply", offset: start)
            }
            var elements: [PropertyList] = []
            if !tag.isEmpty {
                while true {
                    try skipMisc()
                    if isCloseTag() {
                        try closeTag(.array, openedAt: start)
                        break
                    }
                    elements.append(try value(depth: depth + 1))
                }
            }
            return PropertyList(value: .array(elements), offset: start)
        case .dict:
            guard depth < Self.maximumNesting else {
                throw Failure(message: "arrays and dictionaries nest too deeply", offset: start)
            }
            var members: [PropertyList.Member] = []
            if !tag.isEmpty {
                // Room for a `.stringsdict` variable's keys (two format keys, up to six
                // categories) at once: growing one by one would allocate four times.
                members.reserveCapacity(8)
                while true {
                    try skipMisc()
                    if isCloseTag() {
                        try closeTag(.dict, openedAt: start)
                        break
                    }
                    let keyStart = offset
                    guard offset < text.count else {
                        throw Failure(message: "<dict> is not closed (it starts here)", offset: start)
                    }
                    guard text[offset] == UInt8(ascii: "<") else { throw unexpected("(expected <key> in a <dict>)") }
                    let keyTag = try openTag()
                    guard keyTag.element == .key else {
                        throw Failure(
                            message: "expected <key> in a <dict>, found <\(Diagnostic.quote(keyTag.name))>",
                            offset: keyStart)
                    }
                    let key = keyTag.isEmpty ? "" : try content(of: .key, at: keyStart)
                    try skipMisc()
                    if isCloseTag() {
                        throw Failure(message: "<key>\(Diagnostic.quote(key))</key> has no value", offset: keyStart)
                    }
                    let member = PropertyList.Member(key: key, keyOffset: keyStart, value: try value(depth: depth + 1))
                    if streaming { body(member) } else { members.append(member) }
                }
            }
            return PropertyList(value: .dictionary(members), offset: start)
        case .plist:
            throw Failure(message: "<plist> is not a property list element", offset: start)
        }
    }

    private static func isInteger(_ text: String) -> Bool {
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            return digits.count > 2 && digits.dropFirst(2).allSatisfy(\.isHexDigit)
        }
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    // MARK: Tags

    /// The elements of Apple's property-list DTD, recognised by their bytes: no tag's name
    /// is decoded into a `String` unless a message needs it.
    private enum Element {
        case key, string, dict, integer, `true`, `false`, array, real, date, data, plist

        var name: StaticString {
            switch self {
            case .key: "key"
            case .string: "string"
            case .dict: "dict"
            case .integer: "integer"
            case .true: "true"
            case .false: "false"
            case .array: "array"
            case .real: "real"
            case .date: "date"
            case .data: "data"
            case .plist: "plist"
            }
        }

        /// Each element with its packed name (see `Name`), in the order tried: the most
        /// frequent first.
        static let packedNames: [(packed: UInt64, element: Element)] = [
            Element.key, .string, .dict, .integer, .true, .false, .array, .real, .date, .data, .plist,
        ].map { element in
            let name = element.name
            var packed: UInt64 = 0
            for index in 0..<name.utf8CodeUnitCount { packed |= UInt64(name.utf8Start[index]) << (8 * index) }
            return (packed, element)
        }

        /// The element whose packed name is `packed`, or nil.
        init?(packed: UInt64) {
            guard let found = Self.packedNames.first(where: { $0.packed == packed }) else { return nil }
            self = found.element
        }
    }

    /// An element name as written, and its first eight bytes as one integer, the first byte
    /// lowest: the DTD's names are shorter, hold no zero byte, and so pack to distinct integers
    /// with a zero top byte, which no longer name has.
    private struct Name {
        var written: UnsafeBufferPointer<UInt8>
        var packed: UInt64
    }

    /// Moves past the element name at the cursor (perhaps empty).
    private mutating func name() -> Name {
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

    /// An opening (or empty-element) tag: its element (nil for one outside the DTD) and its
    /// name as written.
    private struct Tag {
        var element: Element?
        var written: UnsafeBufferPointer<UInt8>
        var isEmpty: Bool

        /// The name as written, for messages.
        var name: String { String(decoding: written, as: UTF8.self) }
    }

    /// Reads `<name attributes…>` or `<name …/>`, the cursor on its `<`.
    private mutating func openTag() throws(Failure) -> Tag {
        let start = offset
        offset += 1
        let name = name()
        guard !name.written.isEmpty else { throw unexpected("(expected an element name after '<')") }
        let written = name.written
        let element = Element(packed: name.packed)
        // Attributes are skipped; quoted values may hold '>'.
        while offset < text.count {
            switch text[offset] {
            case UInt8(ascii: ">"):
                offset += 1
                return Tag(element: element, written: written, isEmpty: false)
            case UInt8(ascii: "/"):
                guard offset + 1 < text.count, text[offset + 1] == UInt8(ascii: ">") else {
                    throw unexpected("in the tag <\(Diagnostic.quote(String(decoding: written, as: UTF8.self)))>")
                }
                offset += 2
                return Tag(element: element, written: written, isEmpty: true)
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let quote = text[offset]
                offset += 1
                while offset < text.count, text[offset] != quote { offset += 1 }
                offset += 1
            default:
                offset += 1
            }
        }
        throw Failure(
            message: "the tag <\(Diagnostic.quote(String(decoding: written, as: UTF8.self)))> is not closed with '>'",
            offset: start)
    }

    private func isCloseTag() -> Bool {
        offset + 1 < text.count && text[offset] == UInt8(ascii: "<") && text[offset + 1] == UInt8(ascii: "/")
    }

    /// Reads `</name>` (whitespace allowed before `>`).
    private mutating func closeTag(_ element: Element, openedAt start: Int) throws(Failure) {
        guard isCloseTag() else {
            throw offset < text.count
                ? unexpected("(expected </\(element.name)>)")
                : Failure(message: "<\(element.name)> is not closed (it starts here)", offset: start)
        }
        let tagStart = offset
        offset += 2
        let name = name()
        while offset < text.count, Self.isSpace(text[offset]) { offset += 1 }
        guard Element(packed: name.packed) == element, offset < text.count, text[offset] == UInt8(ascii: ">") else {
            let found = String(decoding: name.written, as: UTF8.self)
            throw Failure(
                message:
                    "expected </\(element.name)> to close the <\(element.name)> at the start, found </\(Diagnostic.quote(found))>",
                offset: tagStart)
        }
        offset += 1
    }

    // MARK: Text

    /// The text of a `<name>` element up to its `</name>`: character data, references and
    /// CDATA sections (comments skipped); no child elements.
    private mutating func content(of element: Element, at start: Int) throws(Failure) -> String {
        let runStart = offset
        // Fast path: plain text up to `</`, eight bytes at a time while none is '<', '&' or '\r'.
        var carriageReturn = false
        var index = offset
        let count = text.count
        while index < count {
            if index + 8 <= count, !Self.hasMarkupByte(UnsafeRawPointer(text.baseAddress! + index)) {
                index += 8
                continue
            }
            let byte = text[index]
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") { break }
            if byte == 0x0D { carriageReturn = true }
            index += 1
        }
        offset = index
        if offset < text.count, isCloseTag() {
            let run = UnsafeBufferPointer(rebasing: text[runStart..<offset])
            try closeTag(element, openedAt: start)
            // Shorter strings are stored inline, allocating nothing anyway.
            if run.count > 15, let known = sharedStrings.first(where: { Self.equal(run, $0) }) { return known }
            let plain = String(decoding: run, as: UTF8.self)
            return carriageReturn ? Self.normalizingNewlines(plain) : plain
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<offset]))
        while true {
            guard offset < text.count else {
                throw Failure(message: "<\(element.name)> is not closed (it starts here)", offset: start)
            }
            let byte = text[offset]
            if byte == UInt8(ascii: "&") {
                try reference()
            } else if byte == UInt8(ascii: "<") {
                if isCloseTag() {
                    try closeTag(element, openedAt: start)
                    let text = String(decoding: scratch, as: UTF8.self)
                    return scratch.contains(0x0D) ? Self.normalizingNewlines(text) : text
                } else if starts(with: "<![CDATA[") {
                    let sectionStart = offset
                    offset += 9
                    guard let end = find("]]>") else {
                        throw Failure(message: "unterminated CDATA section (it starts here)", offset: sectionStart)
                    }
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[offset..<end]))
                    offset = end + 3
                } else if starts(with: "<!--") {
                    try skipComment()
                } else {
                    throw Failure(message: "<\(element.name)> holds an element; it may hold only text", offset: offset)
                }
            } else {
                scratch.append(byte)
                offset += 1
            }
        }
    }

    /// XML reads `\r\n` and a lone `\r` as `\n`.
    private static func normalizingNewlines(_ text: String) -> String {
        return text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
    }

    /// Appends what the reference at the cursor (`&…;`) stands for to `scratch`.
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
                throw Failure(message: "unknown entity &\(Diagnostic.quote(name));", offset: start)
            }
            digits = digits.dropFirst()
            if digits.first == "x" {
                radix = 16
                digits = digits.dropFirst()
            }
            guard !digits.isEmpty, digits.allSatisfy({ $0.isHexDigit }), let value = UInt32(digits, radix: radix),
                let scalar = Unicode.Scalar(value), value != 0
            else {
                throw Failure(message: "&\(Diagnostic.quote(name)); is not a character", offset: start)
            }
            scratch.append(contentsOf: UTF8.encode(scalar)!)
        }
    }

    // MARK: Around the value

    /// Skips whitespace, comments, processing instructions (the XML declaration) and a
    /// DOCTYPE.
    private mutating func skipMisc() throws(Failure) {
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
                let start = offset
                offset += 9
                var brackets = 0
                while offset < text.count {
                    let byte = text[offset]
                    offset += 1
                    if byte == UInt8(ascii: "[") { brackets += 1 }
                    if byte == UInt8(ascii: "]") { brackets -= 1 }
                    if byte == UInt8(ascii: ">"), brackets <= 0 { break }
                    if offset == text.count {
                        throw Failure(message: "unterminated DOCTYPE (it starts here)", offset: start)
                    }
                }
            } else {
                return
            }
        }
    }

    private mutating func skipComment() throws(Failure) {
        let start = offset
        offset += 4
        guard let end = find("-->") else {
            throw Failure(message: "unterminated comment (it starts here)", offset: start)
        }
        offset = end + 3
    }

    // MARK: Bytes

    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ string: String) -> Bool {
        string.utf8.count == bytes.count
            && string.utf8.withContiguousStorageIfAvailable {
                memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0
            } ?? false
    }

    private func starts(with literal: StaticString) -> Bool {
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

    /// Whether one of the eight bytes at `word` is '<', '&' or '\r': `x` (the bytes xor one of
    /// those repeated) has a zero byte exactly where it matched, and `(x - 0x01…) & ~x & 0x80…`
    /// is non-zero exactly when `x` has a zero byte.
    private static func hasMarkupByte(_ word: UnsafeRawPointer) -> Bool {
        let bytes = word.loadUnaligned(as: UInt64.self)
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highBits != 0 }
        return hasZero(bytes ^ (ones &* 0x3C)) || hasZero(bytes ^ (ones &* 0x26)) || hasZero(bytes ^ (ones &* 0x0D))
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
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
    private func unexpected(_ context: String) -> Failure {
        let rest = UnsafeBufferPointer(rebasing: text[offset...])
        let character = String(decoding: rest.prefix(4), as: UTF8.self).unicodeScalars.first.map(String.init) ?? "?"
        return Failure(message: "unexpected '\(Diagnostic.quote(character))' \(context)", offset: offset)
    }
}
