import Testing

@testable import TextEscaping

@Suite("Multi-line literals for inline snapshots")
struct MultilineLiteralTests {
    @Test(
        "the fewest # the content needs: none without a backslash or \"\"\", one more than it holds after either",
        arguments: [
            ("plain text\n", 0), ("a \"quoted\" word", 0), ("\"\"", 0), ("back\\slash", 1), ("\"\"\"", 1),
            ("\\#(x)", 2), ("\"\"\"#", 2), ("\"#", 0), ("\\##n and \"\"\"#", 3), ("####", 0),
        ])
    func delimiters(text: String, count: Int) {
        #expect(SwiftSource.rawDelimiterCount(for: text) == count)
    }

    @Test("lines indented, empty lines empty, invisible characters and a line's last blank as escapes")
    func shape() {
        #expect(SwiftSource.multilineLiteral("", indentation: "    ") == "\"\"")
        #expect(SwiftSource.multilineLiteral("one\n\ntwo", indentation: "  ") == "\"\"\"\n  one\n\n  two\n  \"\"\"")
        #expect(SwiftSource.multilineLiteral("end\n", indentation: "\t") == "\"\"\"\n\tend\n\n\t\"\"\"")
        #expect(
            SwiftSource.multilineLiteral("a\\b \u{1B}[1m\r\n\tx \t", indentation: "")
                == "#\"\"\"\na\\b \\#u{1B}[1m\\#u{D}\n\tx \\#u{9}\n\"\"\"#")
        #expect(SwiftSource.multilineLiteral("trail  ", indentation: "") == "\"\"\"\ntrail \\u{20}\n\"\"\"")
        #expect(SwiftSource.multilineLiteral("\u{202E}é 日本", indentation: "") == "\"\"\"\n\\u{202E}é 日本\n\"\"\"")
    }
}
