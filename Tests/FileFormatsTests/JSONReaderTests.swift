import FileFormats
import Foundation
import TestSupport
import Testing

@Suite("The JSON pull reader")
struct JSONReaderTests {
    /// A JSON value as the tests build and compare it.
    indirect enum Value: Equatable {
        case object([(String, Value)])
        case array([Value])
        case string(String)
        case integer(Int)
        case double(Double)
        case bool(Bool)
        case null

        static func == (left: Value, right: Value) -> Bool {
            switch (left, right) {
            case (.object(let a), .object(let b)):
                a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
            case (.array(let a), .array(let b)): a == b
            case (.string(let a), .string(let b)): a == b
            case (.integer(let a), .integer(let b)): a == b
            case (.double(let a), .double(let b)): a == b
            case (.bool(let a), .bool(let b)): a == b
            case (.null, .null): true
            default: false
            }
        }

        /// The value as Foundation's `JSONSerialization` takes it.
        var foundation: Any {
            switch self {
            case .object(let members):
                Dictionary(members.map { ($0.0, $0.1.foundation) }, uniquingKeysWith: { first, _ in first })
            case .array(let elements): elements.map(\.foundation)
            case .string(let string): string
            case .integer(let integer): integer
            case .double(let double): double
            case .bool(let bool): bool
            case .null: NSNull()
            }
        }
    }

    /// Reads `document` whole through the reader's API, the way the catalog readers walk it.
    static func read(_ document: String) throws(JSONReader.Failure) -> Value {
        var bytes = Array(document.utf8)
        return try bytes.withUnsafeMutableBufferPointer { buffer throws(JSONReader.Failure) in
            var reader = JSONReader(UnsafeBufferPointer(buffer))
            let value = try value(&reader)
            try reader.end()
            return value
        }
    }

    static func value(_ reader: inout JSONReader) throws(JSONReader.Failure) -> Value {
        switch try reader.kind() {
        case .object:
            try reader.beginObject()
            var members: [(String, Value)] = []
            var first = true
            while let key = try reader.nextKey(first: &first) {
                members.append((reader.decode(key), try value(&reader)))
            }
            return .object(members)
        case .array:
            try reader.beginArray()
            var elements: [Value] = []
            var first = true
            while try reader.nextElement(first: &first) { elements.append(try value(&reader)) }
            return .array(elements)
        case .string: return .string(try reader.string())
        case .number:
            let number = try reader.number()
            if let integer = number as? Int { return .integer(integer) }
            return .double(number as? Double ?? .nan)
        case .bool: return .bool(try reader.bool())
        case .null:
            guard reader.null() else { throw reader.unexpected("expected a value") }
            return .null
        }
    }

    /// Skips `document` whole (`skipValue`, then `end`): the failure, or nil when it is JSON.
    static func skipFailure(_ document: String, nestingAtMost depth: Int = .max) -> JSONReader.Failure? {
        var bytes = Array(document.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            var reader = JSONReader(UnsafeBufferPointer(buffer))
            do throws(JSONReader.Failure) {
                try reader.skipValue(nestingAtMost: depth)
                try reader.end()
                return nil
            } catch {
                return error
            }
        }
    }

    @Test("a document of every kind of value reads as written")
    func readsEveryKind() throws {
        let document = #"""
            { "name" : "caf\u00e9 \"quoted\" \\ \/ \b\f\n\r\t \ud83d\ude00",
              "count": -12, "ratio": 2.5e-1, "big": 1E3, "on": true, "off": false, "none": null,
              "list": [ [], {}, [1, [2, [3]]], "x" ] }
            """#
        let expected = Value.object([
            ("name", .string("café \"quoted\" \\ / \u{8}\u{C}\n\r\t 😀")), ("count", .integer(-12)),
            ("ratio", .double(0.25)), ("big", .double(1000)), ("on", .bool(true)), ("off", .bool(false)),
            ("none", .null),
            (
                "list",
                .array([
                    .array([]), .object([]), .array([.integer(1), .array([.integer(2), .array([.integer(3)])])]),
                    .string("x"),
                ])
            ),
        ])
        #expect(try Self.read(document) == expected)
        #expect(Self.skipFailure(document) == nil)
    }

    @Test(
        "malformed JSON fails with what is wrong and the byte offset where, in both walks",
        arguments: [
            ("", "expected a value, found the end of the file", 0),
            ("   ", "expected a value, found the end of the file", 3),
            (#"{"a" 1}"#, "expected ':' after a key, found '1'", 5),
            (#"{"a":1,}"#, "expected a key (a string in double quotes), found '}'", 7),
            (#"{"a":1 "b":2}"#, "expected ',' or '}' after a member of an object, found '\"'", 7),
            (#"{"a":1"#, "expected ',' or '}' after a member of an object, found the end of the file", 6),
            ("[1 2]", "expected ',' or ']' after an element of an array, found '2'", 3),
            ("[1,", "expected a value, found the end of the file", 3),
            (#"{1:2}"#, "expected a key (a string in double quotes), found '1'", 1),
            (#""abc"#, "unterminated string (it starts here)", 0),
            ("\"a\u{1}\"", "a control character (U+0001) in a string; write it as an escape", 2),
            (#""\q""#, #"unknown escape in a string (JSON knows \" \\ \/ \b \f \n \r \t \uXXXX)"#, 1),
            (#""\u12""#, #"\u must be followed by four hexadecimal digits"#, 1),
            (#""\uD800""#, #"\uD800 is half of a surrogate pair, and its other half is missing"#, 1),
            (#""\uD800\u0041""#, #"\uD800 is not followed by the low half of a surrogate pair"#, 1),
            (#""\uDC00""#, #"\uDC00 is the low half of a surrogate pair, without its high half"#, 1),
            (#""\"#, "unterminated string: a backslash ends the file", 1),
            ("01", "a number cannot start with 0 followed by digits", 0),
            ("1.", "a number needs digits after '.'", 0),
            ("1e+", "a number needs digits after its exponent", 0),
            ("-", "a number needs digits", 0),
            ("nul", "expected a value, found 'n'", 0),
            ("+1", "expected a value, found '+'", 0),
            ("{} x", "expected the end of the file after the top-level value, found 'x'", 3),
            ("[] é", "expected the end of the file after the top-level value, found 'é'", 3),
        ])
    func refuses(document: String, message: String, offset: Int) {
        let skipped = Self.skipFailure(document)
        #expect(skipped?.message == message && skipped?.offset == offset, "skipValue: \(String(describing: skipped))")
        #expect(skipped?.isSyntax == true)
        do {
            _ = try Self.read(document)
            Issue.record("\(document) was read")
        } catch {
            #expect(error.message == message && error.offset == offset, "walk: \(error)")
        }
    }

    @Test("the quote, backslash and control ending a string are found at every place in the eight-byte steps")
    func stringEndsAtEveryOffset() throws {
        for length in 0..<24 {
            let body = String((0..<length).map { Character(Unicode.Scalar(UInt8(0x61 + $0 % 26))) })
            #expect(try Self.read("\"\(body)\"") == .string(body))
            #expect(try Self.read("[\"\(body)é\", 1]") == .array([.string(body + "é"), .integer(1)]))
            #expect(try Self.read("\"\(body)\\n\(body)\"") == .string("\(body)\n\(body)"))
            let control = Self.skipFailure("\"\(body)\u{1F}\(body)\"")
            #expect(control?.offset == 1 + length && control?.message.contains("U+001F") == true)
        }
    }

    @Test("a word that only starts like true or false is refused where it starts")
    func literals() {
        #expect(Self.skipFailure("[tru]")?.message == "expected a value, found 't'")
        #expect(Self.skipFailure("[tru]")?.offset == 1)
        #expect(throws: JSONReader.Failure.self) { try Self.read("[fals]") }
        #expect(Self.skipFailure("[true,false,null]") == nil)
    }

    @Test("nesting is followed without recursion, to any depth, and bounded when asked")
    func nesting() {
        let deep = 200_000
        #expect(Self.skipFailure(String(repeating: "[", count: deep) + String(repeating: "]", count: deep)) == nil)
        // Objects and arrays alternating past the first 64 levels, where the reader keeps
        // which is which in words allocated on demand.
        let opening = String(repeating: #"{"k":["#, count: 100)
        let closing = String(repeating: "]}", count: 100)
        #expect(Self.skipFailure(opening + "1" + closing) == nil)
        let wrong = Self.skipFailure(opening + "1" + "]]" + closing.dropFirst(2))
        #expect(wrong?.message == "expected ',' or '}' after a member of an object, found ']'")
        #expect(wrong?.offset == opening.utf8.count + 2)
        #expect(Self.skipFailure("[[[1]]]", nestingAtMost: 3) == nil)
        let tooDeep = Self.skipFailure("[[[[1]]]]", nestingAtMost: 3)
        #expect(tooDeep?.message == "arrays and objects nest too deeply" && tooDeep?.offset == 3)
        #expect(Self.skipFailure("[[[[]]]]", nestingAtMost: 4) == nil)
    }

    @Test(
        "a whole number reads as an Int however it is written; others are refused with their text",
        arguments: [("3", 3), ("-0", 0), ("3.0", 3), ("3e0", 3), ("25E-1", nil), ("3.5", nil), ("1e30", nil)]
            as [(String, Int?)])
    func integers(written: String, value: Int?) {
        var bytes = Array(written.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            var reader = JSONReader(UnsafeBufferPointer(buffer))
            do throws(JSONReader.Failure) {
                let read = try reader.integer()
                #expect(read == value)
            } catch {
                #expect(value == nil)
                #expect(error.message == "expected a whole number, found \(written)" && error.offset == 0)
            }
        }
    }

    @Test("lines are counted as whitespace is skipped: after nextKey, the key's line")
    func lines() throws {
        var bytes = Array("{\n\n  \"first\": 1,\r\n\t\"second\":\n\n[\n]\n}\n".utf8)
        try bytes.withUnsafeMutableBufferPointer { buffer throws(JSONReader.Failure) in
            var reader = JSONReader(UnsafeBufferPointer(buffer))
            try reader.beginObject()
            var first = true
            var seen: [(String, Int)] = []
            while let key = try reader.nextKey(first: &first) {
                seen.append((reader.decode(key), reader.line))
                try reader.skipValue()
            }
            try reader.end()
            #expect(seen.map(\.0) == ["first", "second"] && seen.map(\.1) == [3, 4])
            #expect(reader.line == 9)
        }
    }

    @Test("a key compares to a literal without decoding, and never equals one it only looks like")
    func tokenComparison() throws {
        var bytes = Array(#"{"state":1,"stat":2,"st\u0061te":3}"#.utf8)
        try bytes.withUnsafeMutableBufferPointer { buffer throws(JSONReader.Failure) in
            var reader = JSONReader(UnsafeBufferPointer(buffer))
            try reader.beginObject()
            var first = true
            var matches: [Bool] = []
            while let key = try reader.nextKey(first: &first) {
                matches.append(reader.token(key, is: "state"))
                try reader.skipValue()
            }
            // The escaped spelling decodes to "state" but is not the literal as written.
            #expect(matches == [true, false, false])
        }
    }

    /// A generator of values with a fixed seed, so that a failure names a case to rerun.
    struct Generator: RandomNumberGenerator {
        var seeded: SeededGenerator
        init(state: UInt64) { seeded = SeededGenerator(seed: state) }
        mutating func next() -> UInt64 { seeded.next() }

        mutating func string() -> String {
            let pool: [Unicode.Scalar] = [
                "a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}",
                "é", "\u{2028}", "\u{FEFF}", "😀", "\u{10FFFF}", "中",
            ]
            return String(
                String.UnicodeScalarView(
                    (0..<Int.random(in: 0..<12, using: &self)).map { _ in
                        pool.randomElement(using: &self)!
                    }))
        }

        mutating func value(depth: Int) -> Value {
            switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &self) {
            case 0: return .string(string())
            case 1: return .integer(Int.random(in: -1_000_000...1_000_000, using: &self))
            case 2: return .double([0.5, -2.25, 1e-3, 12345.678][Int.random(in: 0..<4, using: &self)])
            case 3: return .bool(Bool.random(using: &self))
            case 4: return .null
            case 5:
                var keys = Set<String>()
                return .object(
                    (0..<Int.random(in: 0..<5, using: &self)).compactMap { _ in
                        let key = string()
                        return keys.insert(key).inserted ? (key, value(depth: depth + 1)) : nil
                    })
            default: return .array((0..<Int.random(in: 0..<5, using: &self)).map { _ in value(depth: depth + 1) })
            }
        }
    }

    @Test("what Foundation's JSONSerialization writes reads back as the same values", arguments: 0..<8)
    func readsFoundationsJSON(seed: UInt64) throws {
        var generator = Generator(state: seed)
        for _ in 0..<50 {
            let written = generator.value(depth: 0)
            let data = try JSONSerialization.data(withJSONObject: written.foundation, options: [.fragmentsAllowed])
            let text = try #require(String(data: data, encoding: .utf8))
            let read = try Self.read(text)
            // JSONSerialization orders members as it likes: compare objects as sets of members.
            #expect(Self.sorted(read) == Self.sorted(written), "\(text)")
            #expect(Self.skipFailure(text) == nil)
        }
    }

    static func sorted(_ value: Value) -> Value {
        switch value {
        case .object(let members): .object(members.map { ($0.0, sorted($0.1)) }.sorted { $0.0 < $1.0 })
        case .array(let elements): .array(elements.map(sorted))
        default: value
        }
    }
}
