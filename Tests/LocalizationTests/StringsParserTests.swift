import Diagnostics
import Foundation
import Localization
import Testing

@Suite("Strings reader")
struct StringsParserTests {
    static func parse(_ text: String) throws -> [String: String] {
        try StringsParser.parse(text, path: "t.strings").dictionary
    }

    @Test(
        "every construct of the grammar",
        arguments: [
            (#""a" = "b";"#, ["a": "b"]),
            ("'a' = 'b';", ["a": "b"]),
            ("a = b;", ["a": "b"]),
            ("a.b-c/d:e$f_9 = x.y;", ["a.b-c/d:e$f_9": "x.y"]),
            (#""shorthand";"#, ["shorthand": "shorthand"]),
            ("bare;", ["bare": "bare"]),
            (#"// line comment"# + "\n" + #""a" = "b"; // trailing"#, ["a": "b"]),
            (#"/* block */ "a" /* between */ = /* and */ "b" /* here */ ;"#, ["a": "b"]),
            (#"/* multi"# + "\n" + #"line */ "a" = "b";"#, ["a": "b"]),
            ("\"a\" = \"raw\nnewline\";", ["a": "raw\nnewline"]),
            (#""a" = "\n\t\r\"\'\\\a\b\f\v";"#, ["a": "\n\t\r\"'\\\u{07}\u{08}\u{0C}\u{0B}"]),
            ("\"a\" = \"one\\\ntwo\";", ["a": "one\ntwo"]),
            (#""a" = "\U00e9\U20AC\UE9\U41";"#, ["a": "é€éA"]),
            (#""a" = "\UD83D\UDE00";"#, ["a": "😀"]),
            (#""a" = "\101\060\7";"#, ["a": "A0\u{07}"]),
            (#""a" = "\351\240";"#, ["a": "Ø©"]),
            (#""a" = "\q";"#, ["a": "q"]),
            (#"{ "a" = "b"; "c" = "d"; }"#, ["a": "b", "c": "d"]),
            (#""" = "empty key";"#, ["": "empty key"]),
            (#""a" = "";"#, ["a": ""]),
            ("", [:]),
            ("  \n /* only a comment */ \n", [:]),
            (#""日本" = "こんにちは %1$@";"#, ["日本": "こんにちは %1$@"]),
            (#""a" = "b"; "a" = "c";"#, ["a": "c"]),
        ])
    func grammar(text: String, expected: [String: String]) throws {
        #expect(try Self.parse(text) == expected)
    }

    @Test(
        "what we accept, Foundation reads the same way",
        arguments: [
            #""a" = "b";"#, "a = b; c;", #""k" = "\UD83D\UDE00 \101\n\q";"#, #"{ "a" = "b"; }"#,
            #""a" = "\U00e9\U20AC\351";"#, "\"a\" = \"line1\\\nline2\";", #""a" = "\U";"#, #""a" = "\UD800x";"#,
            #""a" = "\U12345";"#, #""a" = "\777\376";"#, "a\n=b;", #""a" = "b" /*c*/ ;"#,
            (0o200...0o377).map { "\"k\($0)\" = \"\\\(String($0, radix: 8))\";" }.joined(separator: "\n"),
        ])
    func matchesFoundation(text: String) throws {
        let foundation = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
        #expect(try Self.parse(text) == foundation as? [String: String])
    }

    @Test(
        "where CoreFoundation silently stops, we report the line and column",
        arguments: [
            (#""a" = "b";;"# + "\n" + #""c" = "d";"#, 1, 11, "unexpected ';'"),
            (#""a" = "b";"# + "\n# note\n" + #""c" = "d";"#, 2, 1, "unexpected '#'"),
            (#""a" = "b"; }"#, 1, 12, "unexpected '}'"),
            (#""a" = "b";"# + "\n  /* open", 2, 3, "unterminated comment"),
            (#""a" = "b";"# + "\n“c” = “d”;", 2, 1, "typographic quotes"),
            (#""a" = “b”;"#, 1, 7, "typographic quotes"),
            (#""a" = "b""#, 1, 10, "expected ';' after the value"),
            (#""a" "b";"#, 1, 5, "expected '=' or ';' after the key"),
            (#""a" = ;"#, 1, 7, "expected a value"),
            ("\"a\" = \"b;\n\"c\" = \"d\";", 2, 2, "is a closing quote missing in the string at 1:7?"),
            (#""a" = "b"; "c" = "unterminated"#, 1, 18, "unterminated string"),
            (#"{ "a" = "b";"#, 1, 13, "expected '}'"),
            (#"{ "a" = "b"; } x"#, 1, 16, "after the closing '}'"),
            ("\"a\" = \"é\";\n\"b\" = \"日本\" x;", 2, 12, "unexpected 'x'"),
        ])
    func silentTruncationIsAnError(text: String, line: Int, column: Int, message: String) {
        do {
            let file = try StringsParser.parse(text, path: "t.strings")
            Issue.record("expected an error, read \(file.entries)")
        } catch {
            #expect(error.location == SourceLocation(path: "t.strings", line: line, column: column))
            #expect(error.message.contains(message), "\(error)")
            #expect(error.description.hasPrefix("t.strings:\(line):\(column): error: "))
        }
    }

    @Test("invalid UTF-8 is an error at its position, not a crash")
    func invalidUTF8() {
        var bytes = Array("\"a\" = \"b\";\n\"c\" = \"".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("\";".utf8)
        #expect(throws: Diagnostic("invalid UTF-8 (byte 0xC3)", at: SourceLocation(path: "t", line: 2, column: 8))) {
            try StringsParser.parse(Data(bytes), path: "t")
        }
    }

    @Test(
        "invalid UTF-8 of every kind is found where it starts",
        arguments: [
            [0x80], [0xC0, 0x80], [0xC3], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82], [0xFF],
        ] as [[UInt8]])
    func invalidSequences(bad: [UInt8]) {
        let prefix = Array("\"k\" = \"abcdefghijklmnop".utf8)
        let data = Data(prefix + bad + Array("\";".utf8))
        do {
            _ = try StringsParser.parse(data, path: "t")
            Issue.record("expected an error")
        } catch {
            #expect(error.location == SourceLocation(path: "t", line: 1, column: prefix.count + 1))
        }
        let valid = Data(prefix + Array("é€😀\";".utf8))
        #expect(throws: Never.self) { try StringsParser.parse(valid, path: "t") }
    }

    static let sample = "/* Greeting */\n\"hello\" = \"Hola, %@ 😀\";\n\"日本\" = \"語\\n\";\nbare;\n"

    static func utf16(_ text: String, bigEndian: Bool, bom: Bool) -> Data {
        var data = Data()
        if bom { data += bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE] }
        for unit in text.utf16 {
            data += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        return data
    }

    @Test(
        "every encoding reads like its UTF-8 twin",
        arguments: [
            ("UTF-8 with BOM", Data([0xEF, 0xBB, 0xBF]) + Data(sample.utf8)),
            ("UTF-16 LE with BOM", utf16(sample, bigEndian: false, bom: true)),
            ("UTF-16 BE with BOM", utf16(sample, bigEndian: true, bom: true)),
        ])
    func encodings(name: String, data: Data) throws {
        let twin = try StringsParser.parse(Self.sample, path: "t")
        let file = try StringsParser.parse(data, path: "t", keepingComments: true)
        #expect(file.entries == twin.entries, "\(name)")
        #expect(file.comments == ["hello": "Greeting"])
        #expect(twin.comments.isEmpty, "comments are kept only when asked for")
    }

    /// CoreFoundation reads neither ("Unexpected character", "No XML content found"); the
    /// pending fuzz reproducer `09 00` was read as UTF-16 LE with no entries.
    @Test(
        "UTF-16 without a byte-order mark is an error that says so, as CoreFoundation rejects it",
        arguments: [
            utf16(sample, bigEndian: false, bom: false), utf16(sample, bigEndian: true, bom: false),
            Data([0x09, 0x00]),
        ])
    func utf16WithoutBOM(data: Data) {
        #expect(throws: Diagnostic.self) { try StringsParser.parse(data, path: "t") }
        #expect((try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) == nil)
        do {
            _ = try StringsParser.parse(data, path: "t")
        } catch {
            #expect(error.description.hasPrefix("t:1:1: error: the file looks like UTF-16 without a byte-order mark"))
        }
    }

    @Test("an unpaired surrogate in UTF-16 is an error")
    func badUTF16() {
        var data = Self.utf16("\"a\" = \"", bigEndian: false, bom: true)
        data += [0x00, 0xD8]
        data += Self.utf16("\";", bigEndian: false, bom: false)
        #expect(throws: Diagnostic.self) { try StringsParser.parse(data, path: "t") }
    }

    @Test("entries keep their position; duplicates are reported, the last replaces the earlier")
    func positionsAndDuplicates() throws {
        let file = try StringsParser.parse("\"a\" = \"1\";\n  \"b\" = \"2\";\n\"a\" = \"3\";", path: "p")
        #expect(
            file.entries.map(\.location) == [
                SourceLocation(path: "p", line: 3, column: 1), SourceLocation(path: "p", line: 2, column: 3),
            ])
        #expect(file.duplicates.map(\.location.line) == [3])
        #expect(file.dictionary == ["a": "3", "b": "2"])
    }

    @Test("XML property lists are read too")
    func xmlPlist() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["k": "v"], format: .xml, options: 0)
        #expect(try StringsParser.parse(data, path: "p").dictionary == ["k": "v"])
    }
}

@Suite("Strings reader regressions found by fuzzing")
struct StringsParserFuzzRegressionTests {
    /// The comment of a key defined again was read from bytes the table had already reclaimed.
    @Test("a comment before a duplicate key is kept, not read from reclaimed bytes")
    func commentBeforeDuplicate() throws {
        let text = "\"hello\" = \"Hello\";\n/* again */\n\"hello\" = \"Hi\";\n\"bye\" = \"Bye\";"
        let file = try StringsParser.parse(text, path: "d", keepingComments: true)
        #expect(file.dictionary == ["hello": "Hi", "bye": "Bye"])
        #expect(file.comments == ["hello": "again"])
    }
}
