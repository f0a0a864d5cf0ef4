import Testing

@testable import TextEscaping

@Suite("The one escaper per medium")
struct EscaperTests {
    @Test(
        "each medium writes what it cannot hold as its escape, and text that needs nothing as it is",
        arguments: [
            (Escaper.terminal, "a\u{1B}]0;t\u{7}\n\t\\ \u{9B}\u{202E}é", #"a\u{1B}]0;t\u{7}\n\t\ \u{9B}\u{202E}é"#),
            (.xmlText, "a & <b> \"c\" \r\n\t", "a &amp; &lt;b&gt; \"c\" &#13;\n\t"),
            (.xmlAttribute, "a & \"c\" \r\n\t", "a &amp; &quot;c&quot; &#13;&#10;&#9;"),
            (.html, "<a href=\"x\">\u{1B}[31m\u{7F}", "&lt;a href=&quot;x&quot;&gt;\u{241B}[31m\u{2421}"),
            (.json, "\"\\\n\r\t\u{8}\u{C}\u{1}\u{1F}\u{7F}é", #"\"\\\n\r\t\b\f\u0001\u001f"# + "\u{7F}é"),
            (.swiftLiteral, "\"\\\n\u{0}\u{2028}\u{200B}\u{E000}é", #"\"\\\n\u{0}\u{2028}\u{200B}\u{E000}"# + "é"),
            (.swiftComment, "*/ \\ \n\r\u{202E}", #"*/ \ \n\r\u{202E}"#),
            (.json, "plain text", "plain text"), (.terminal, "naïve 日本", "naïve 日本"),
        ])
    func escapes(escaper: Escaper, text: String, written: String) {
        #expect(escaper.escaped(text) == written)
        #expect(escaper.needsEscaping(text) == (text != written))
        // Appended to bytes already written, as the writers that build bytes append it.
        var bytes = Array("x".utf8)
        escaper.append(text, to: &bytes)
        #expect(bytes == Array(("x" + written).utf8))
        var fromSubstring: [UInt8] = []
        escaper.append(("<" + text + ">").dropFirst().dropLast(), to: &fromSubstring)
        #expect(fromSubstring == Array(written.utf8))
    }

    @Test(
        "every ASCII character, alone or amid other text and in a substring, needs escaping exactly when it has an escape",
        arguments: [Escaper.terminal, .xmlText, .xmlAttribute, .html, .json, .swiftLiteral, .swiftComment])
    func everyASCIICharacter(escaper: Escaper) {
        for value in UInt8(0)..<0x80 {
            let scalar = Unicode.Scalar(value)
            let text = "abc" + String(scalar) + "xyz"
            #expect(escaper.needsEscaping(String(scalar)) == (escaper.escape(of: scalar) != nil), "\(value)")
            #expect(escaper.needsEscaping(text) == (escaper.escape(of: scalar) != nil), "\(value)")
            #expect(escaper.needsEscaping(text.dropFirst(3).prefix(1)) == (escaper.escape(of: scalar) != nil))
        }
    }

    @Test("what a terminal would act on, or a reader could not see, is invisible; the rest is not")
    func invisible() {
        for value in [
            0x0, 0x1B, 0x7F, 0x85, 0x9B, 0x61C, 0x200E, 0x200F, 0x2028, 0x202E, 0x2066, 0x2069,
            0xAD, 0x34F, 0x115F, 0x180E, 0x2060, 0x2064, 0x206F, 0x3164, 0xFEFF, 0xFFA0, 0xE0001, 0xE0041, 0xE007F,
        ] {
            #expect(Escaper.isInvisible(Unicode.Scalar(UInt32(value))!), "U+\(String(value, radix: 16))")
        }
        // Running text needs these: Thai word breaks, Persian's non-joiner, emoji's joiner and selectors.
        for scalar: Unicode.Scalar in [
            "a", " ", "é", "\u{A0}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{FE0F}", "\u{E0100}", "日",
        ] {
            #expect(!Escaper.isInvisible(scalar))
        }
        #expect(
            Escaper.isHiddenInSwift("\u{200B}") && Escaper.isHiddenInSwift("\u{FEFF}") && !Escaper.isHiddenInSwift("é"))
    }
}
