import Commands
import Diagnostics
import Testing

/// `Diagnostic.quote` and `Diagnostic.visible`, and the usage errors that quote words through them.
@Suite("Quoted input")
struct QuotedInputTests {
    @Test(
        "control characters, C1 controls and bidi overrides are made visible",
        arguments: [
            ("\u{1B}[2J", #"\u{1B}[2J"#),
            ("a\nb\r\tc", #"a\nb\r\tc"#),
            ("nul\u{0}", #"nul\u{0}"#),
            ("del\u{7F}c1\u{9B}", #"del\u{7F}c1\u{9B}"#),
            ("\u{202E}evil\u{2066}\u{200F}", #"\u{202E}evil\u{2066}\u{200F}"#),
            ("line\u{2028}sep", #"line\u{2028}sep"#),
            // A name that passes for another, or carries hidden text in tag characters.
            ("Fla\u{FEFF}vors\u{2060}\u{AD}", #"Fla\u{FEFF}vors\u{2060}\u{AD}"#),
            ("ok\u{E0001}\u{E0068}\u{E0069}", #"ok\u{E0001}\u{E0068}\u{E0069}"#),
            ("ไทย\u{200B}คำ 👨\u{200D}👩 ❤\u{FE0F}", "ไทย\u{200B}คำ 👨\u{200D}👩 ❤\u{FE0F}"),
            ("plain é 日本 \\ ok", "plain é 日本 \\ ok"),
        ])
    func visible(input: String, shown: String) {
        #expect(Diagnostic.quote(input) == shown)
        #expect(Diagnostic.visible(input) == shown)
    }

    @Test("long input is cut after the limit with an ellipsis, counted in scalars")
    func truncated() {
        let long = String(repeating: "k", count: 10_000_000)
        let quoted = Diagnostic.quote(long)
        #expect(quoted == String(repeating: "k", count: Diagnostic.quoteLimit) + "…")
        let combining = "e" + String(repeating: "\u{301}", count: 1_000)
        #expect(Diagnostic.quote(combining).unicodeScalars.count == Diagnostic.quoteLimit + 1)
        #expect(Diagnostic.quote(String(repeating: "k", count: Diagnostic.quoteLimit)).hasSuffix("k"))
    }

    @Test("a diagnostic prints on one line whatever its message and path hold")
    func oneLine() {
        let diagnostic = Diagnostic("bad \u{1B}]0;title\u{7}\nerror: forged", path: "a\nb.strings", line: 1, column: 2)
        #expect(diagnostic.description == #"a\nb.strings:1:2: error: bad \u{1B}]0;title\u{7}\nerror: forged"#)
    }

    @Test("usage errors quote the word shortened and visible")
    func usageErrors() {
        let word = "--\u{1B}[2J" + String(repeating: "x", count: 5_000)
        let error = UsageError(.unknownOption, word: word)
        #expect(error.description == "unknown option '--\\u{1B}[2J" + String(repeating: "x", count: 74) + "…'")
        #expect(!error.description.contains("\u{1B}"))
        #expect(error.description.count < 120)
    }
}
