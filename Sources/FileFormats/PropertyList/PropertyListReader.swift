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

/// A reader for XML property lists (Apple's `plist` DTD) over UTF-8 bytes, on the package's
/// XML reader (`XMLScanner`): the XML declaration, a DOCTYPE, comments and processing
/// instructions around the value; `plist`, `dict`, `key`, `string`, `integer`, `real`,
/// `true`, `false`, `array`, `date` and `data` elements (empty ones written `<string/>` too);
/// the five named entities and character references (`&#233;`, `&#xE9;`) and CDATA sections
/// in text. Anything else is an error at its byte offset (`TextPositions` gives its line and
/// column). Nesting is bounded, so no input can exhaust the stack.
package struct PropertyListReader {
    /// Malformed XML, or a property list element it does not know: what and where.
    package typealias Failure = XMLScanner.Failure

    /// How deeply arrays and dictionaries may nest.
    package static let maximumNesting = 64

    private var scanner: XMLScanner
    /// Strings returned as they are when an element's plain text equals one of them,
    /// rather than built again: keys and values a format repeats in every entry.
    private let sharedStrings: [String]

    package init(_ text: UnsafeBufferPointer<UInt8>, sharing sharedStrings: [String] = []) {
        scanner = XMLScanner(text)
        self.sharedStrings = sharedStrings
    }

    /// Reads the whole document: one value, inside `<plist>` or alone.
    package static func read(_ text: UnsafeBufferPointer<UInt8>) throws(Failure) -> PropertyList {
        var reader = PropertyListReader(text)
        return try reader.document(streaming: false) { _ in }
    }

    /// Reads the whole document; when its value is a dictionary, hands each member to `body`
    /// as soon as it is read and returns the dictionary empty, so that a caller converting
    /// members one by one never holds the whole tree. Text equal to one of `sharedStrings`
    /// is that string (sharing its storage), not a new one.
    package static func read(
        _ text: UnsafeBufferPointer<UInt8>, sharing sharedStrings: [String] = [],
        eachMember body: (PropertyList.Member) -> Void
    ) throws(Failure) -> PropertyList {
        var reader = PropertyListReader(text, sharing: sharedStrings)
        return try reader.document(streaming: true, body)
    }

    private mutating func document(
        streaming: Bool, _ body: (PropertyList.Member) -> Void
    ) throws(Failure) -> PropertyList {
        try scanner.skipMisc()
        guard !scanner.isAtEnd else { throw Failure(message: "no property list in the file", offset: scanner.offset) }
        guard scanner.isStartTag() else { throw scanner.unexpected("(expected a value element)") }
        let value: PropertyList
        let tag = try scanner.openTag()
        if Element(tag) == .plist {
            guard !tag.isEmpty else { throw Failure(message: "<plist/> holds no value", offset: tag.offset) }
            try scanner.skipMisc()
            guard scanner.isStartTag() else {
                value = try self.value(depth: 0)
                try scanner.skipMisc()
                try closeTag(.plist, openedAt: tag.offset)
                try scanner.skipMisc()
                if !scanner.isAtEnd { throw scanner.unexpected("after the property list") }
                return value
            }
            value = try self.value(try scanner.openTag(), depth: 0, streaming: streaming, eachMember: body)
            try scanner.skipMisc()
            try closeTag(.plist, openedAt: tag.offset)
        } else {
            value = try self.value(tag, depth: 0, streaming: streaming, eachMember: body)
        }
        try scanner.skipMisc()
        if !scanner.isAtEnd { throw scanner.unexpected("after the property list") }
        return value
    }

    // MARK: Values

    private mutating func value(depth: Int) throws(Failure) -> PropertyList {
        guard !scanner.isAtEnd else {
            throw Failure(message: "expected a value, found the end of the file", offset: scanner.offset)
        }
        guard scanner.isStartTag() else { throw scanner.unexpected("(expected a value element)") }
        return try value(try scanner.openTag(), depth: depth)
    }

    private mutating func value(
        _ tag: XMLScanner.Tag, depth: Int, streaming: Bool = false,
        eachMember body: (PropertyList.Member) -> Void = { _ in }
    ) throws(Failure) -> PropertyList {
        let start = tag.offset
        guard let element = Element(tag) else {
            throw Failure(
                message: "<\(Diagnostic.quote(tag.name.string))> is not a property list element", offset: start)
        }
        switch element {
        case .string:
            let text = try scanner.content(of: tag, sharing: sharedStrings)
            return PropertyList(value: .string(text), offset: start, end: scanner.offset)
        case .key:
            throw Failure(message: "<key> outside a <dict>", offset: start)
        case .integer, .real, .date, .data:
            let written = try scanner.content(of: tag)
            let trimmed = written.trimming(WhiteSpace.isSpaceOrNewline)
            switch element {
            case .integer:
                guard Self.isInteger(trimmed) else {
                    throw Failure(
                        message: "<integer> holds \"\(Diagnostic.quote(trimmed))\", not an integer", offset: start)
                }
                return PropertyList(value: .integer(trimmed), offset: start, end: scanner.offset)
            case .real:
                guard Double(trimmed) != nil || ["nan", "inf", "+inf", "-inf"].contains(trimmed.lowercased()) else {
                    throw Failure(message: "<real> holds \"\(Diagnostic.quote(trimmed))\", not a number", offset: start)
                }
                return PropertyList(value: .real(trimmed), offset: start, end: scanner.offset)
            case .date:
                guard Self.isDate(trimmed) else {
                    throw Failure(
                        message: "<date> holds \"\(Diagnostic.quote(trimmed))\", not a date (2020-01-31T12:00:00Z)",
                        offset: start)
                }
                return PropertyList(value: .date(trimmed), offset: start, end: scanner.offset)
            default:
                // Foundation writes data on lines of its own, indented: white space anywhere.
                // Its decoder refuses text that is white space only: the digits are checked alone.
                let digits = String(
                    String.UnicodeScalarView(written.unicodeScalars.filter { !$0.properties.isWhitespace }))
                guard digits.unicodeScalars.allSatisfy(Self.isBase64),
                    digits.isEmpty || Data(base64Encoded: digits) != nil
                else { throw Failure(message: "<data> holds what is not base64", offset: start) }
                return PropertyList(value: .data(written), offset: start, end: scanner.offset)
            }
        case .true, .false:
            if !tag.isEmpty { try closeTag(element, openedAt: start) }
            return PropertyList(value: .bool(element == .true), offset: start, end: scanner.offset)
        case .array:
            guard depth < Self.maximumNesting else {
                throw Failure(message: "arrays and dictionaries nest too deeply", offset: start)
            }
            var elements: [PropertyList] = []
            if !tag.isEmpty {
                while true {
                    try scanner.skipMisc()
                    if scanner.isCloseTag() {
                        try closeTag(.array, openedAt: start)
                        break
                    }
                    elements.append(try value(depth: depth + 1))
                }
            }
            return PropertyList(value: .array(elements), offset: start, end: scanner.offset)
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
                    try scanner.skipMisc()
                    if scanner.isCloseTag() {
                        try closeTag(.dict, openedAt: start)
                        break
                    }
                    let keyStart = scanner.offset
                    guard !scanner.isAtEnd else {
                        throw Failure(message: "<dict> is not closed (it starts here)", offset: start)
                    }
                    guard scanner.isStartTag() else { throw scanner.unexpected("(expected <key> in a <dict>)") }
                    let keyTag = try scanner.openTag()
                    guard Element(keyTag) == .key else {
                        throw Failure(
                            message: "expected <key> in a <dict>, found <\(Diagnostic.quote(keyTag.name.string))>",
                            offset: keyStart)
                    }
                    let key = try scanner.content(of: keyTag, sharing: sharedStrings)
                    try scanner.skipMisc()
                    if scanner.isCloseTag() {
                        throw Failure(message: "<key>\(Diagnostic.quote(key))</key> has no value", offset: keyStart)
                    }
                    let member = PropertyList.Member(key: key, keyOffset: keyStart, value: try value(depth: depth + 1))
                    if streaming { body(member) } else { members.append(member) }
                }
            }
            return PropertyList(value: .dictionary(members), offset: start, end: scanner.offset)
        case .plist:
            throw Failure(message: "<plist> is not a property list element", offset: start)
        }
    }

    /// Whether `text` is a property list's date: `YYYY-MM-DDTHH:MM:SSZ`, each field in its
    /// range (the day in its month's).
    private static func isDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: "Z")
        else { return false }
        func number(_ range: Range<Int>) -> Int? {
            guard bytes[range].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
            return bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), hour < 24, minute < 60, second < 60, year > 0
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    private static func isBase64(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "+/=".unicodeScalars.contains(scalar))
    }

    /// A sign, then ASCII decimal digits or `0x` and ASCII hexadecimal ones: checked as bytes
    /// (a digit with a combining mark is not ASCII).
    private static func isInteger(_ text: String) -> Bool {
        let (digits, hexadecimal) = PropertyListValues.integerDigits(text)
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard hexadecimal else { return !digits.isEmpty && digits.allSatisfy(isDigit) }
        return !digits.isEmpty
            && digits.allSatisfy { isDigit($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0 | 0x20) }
    }

    // MARK: Tags

    /// The elements of Apple's property-list DTD, recognised by their bytes: no tag's name
    /// is decoded into a `String` unless a message needs it.
    private enum Element {
        case key, string, dict, integer, `true`, `false`, array, real, date, data, plist

        package var name: StaticString {
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
        package init?(packed: UInt64) {
            guard let found = Self.packedNames.first(where: { $0.packed == packed }) else { return nil }
            self = found.element
        }

        /// The element a tag opens, or nil for one outside the DTD (a longer name packs to
        /// an integer with a non-zero top byte, which no element of the DTD has).
        package init?(_ tag: XMLScanner.Tag) {
            guard tag.name.written.count < 8 else { return nil }
            self.init(packed: tag.name.packed)
        }
    }

    /// Reads `</name>`, which must close `element` (opened at `start`).
    private mutating func closeTag(_ element: Element, openedAt start: Int) throws(Failure) {
        // Written as it was opened, the usual case: compared in place.
        let written = element.name
        if scanner.skipCloseTag(
            named: UnsafeRawBufferPointer(start: written.utf8Start, count: written.utf8CodeUnitCount))
        {
            return
        }
        guard scanner.isCloseTag() else {
            throw !scanner.isAtEnd
                ? scanner.unexpected("(expected </\(element.name)>)")
                : Failure(message: "<\(element.name)> is not closed (it starts here)", offset: start)
        }
        let tagStart = scanner.offset
        let name = try scanner.closeTag()
        guard name.written.count < 8, Element(packed: name.packed) == element else {
            throw Failure(
                message:
                    "expected </\(element.name)> to close the <\(element.name)> at the start, found </\(Diagnostic.quote(name.string))>",
                offset: tagStart)
        }
    }
}
