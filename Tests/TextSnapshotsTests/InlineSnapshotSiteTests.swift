import Diagnostics
import Testing

@testable import TextSnapshots

@Suite("Finding an inline snapshot's call and literal in a test's source")
struct InlineSnapshotSiteTests {
    /// The hostile source as written, with CRLF line breaks, and indented with tabs.
    static let sources = [
        InlineSources.hostile, InlineSources.hostile.replacingOccurrences(of: "\n", with: "\r\n"),
        InlineSources.hostile.replacingOccurrences(of: "    ", with: "\t"),
    ]

    static func locate(_ source: String, _ needle: String, hasLiteral: Bool? = nil) throws -> InlineSnapshotSite {
        let bytes = Array(source.utf8)
        let place = InlineSources.place(of: needle, in: source)
        return try InlineSnapshotSite.locate(
            in: bytes, tokens: SwiftTokenizer.tokens(of: bytes), line: place.line, column: place.column,
            hasLiteral: hasLiteral)
    }

    @Test("the call's matches: literal is found past raw strings, interpolation and comments", arguments: sources)
    func literal(source: String) throws {
        let site = try Self.locate(source, InlineSources.firstCall, hasLiteral: true)
        let bytes = Array(source.utf8)
        let literal = String(decoding: bytes[site.range], as: UTF8.self)
        #expect(literal.hasPrefix("#\"\"\"") && literal.hasSuffix("\"\"\"#") && literal.contains("old \"# text"))
        #expect(site.hasLiteral)
        #expect(site.indentation == (source.contains("\t") ? "\t\t" : "        "))
    }

    @Test("a call without matches: gets one after its text argument", arguments: sources)
    func insertion(source: String) throws {
        let site = try Self.locate(source, InlineSources.secondCall, hasLiteral: false)
        let end = InlineSources.offset(of: InlineSources.secondArgumentEnd, in: source) + 5
        #expect(site.range == end..<end)
        #expect(!site.hasLiteral)
        let replacement = String(decoding: site.replacement(for: "x\ny"), as: UTF8.self)
        #expect(replacement.hasPrefix(", matches: \"\"\""))
        // A CRLF file's literal breaks its lines with CRLF too.
        let lineBreaks = replacement.utf8.filter { $0 == UInt8(ascii: "\n") }.count
        let crlf = source.contains("\r\n")
        #expect(replacement.components(separatedBy: "\r\n").count - 1 == (crlf ? lineBreaks : 0))
    }

    @Test("the tokens of the hostile source: no call in a comment, a literal, an interpolation or a regex")
    func onlyRealCalls() {
        let bytes = Array(InlineSources.hostile.utf8)
        let calls = SwiftTokenizer.tokens(of: bytes).filter {
            $0.kind == .identifier && String(decoding: bytes[$0.range], as: UTF8.self) == "expectInlineSnapshot"
        }
        #expect(calls.map(\.line) == [21, 24])
    }

    @Test(
        "literals of every kind are one token, plain when closed and not interpolated",
        arguments: [
            (#"x = "a\"b""#, true), (##"x = #"a"b\(c)"#"##, true), (#"x = "\(a("(")))""#, false),
            (##"x = #"\#(a)"#"##, false), ("x = \"\"\"\n  a \"\" \\\"\"\"\n  \"\"\"", true), (#"x = "open"#, false),
            ("x = \"no\nend\"", false), (###"x = ##"a"#b"##"###, true),
        ])
    func literals(source: String, plain: Bool) {
        let bytes = Array(source.utf8)
        let strings = SwiftTokenizer.tokens(of: bytes).filter { $0.kind == .string }
        #expect(strings.first?.range.lowerBound == 4)
        #expect(strings.first?.isPlainLiteral == plain)
    }

    @Test(
        "a call that is not found alone at its place, or whose literal cannot be rewritten, is an error saying why",
        arguments: [
            ("f()\nexpectInlineSnapshot(a, matches: b)\n", 2, 21, "not one string literal"),
            ("expectInlineSnapshot(a, matches: \"\\(b)\")", 1, 21, "not one string literal"),
            ("expectInlineSnapshot(a, matches: \"x\" + y)", 1, 21, "not one string literal"),
            ("expectInlineSnapshot(a, matches: \"x\", matches: \"y\")", 1, 21, "more than one matches"),
            ("expectInlineSnapshot(a, matches: \"x\"", 1, 21, "not closed"),
            ("expectInlineSnapshot(a)", 1, 5, "no call of"),
            ("expectInlineSnapshot(a)", 2, 21, "no call of"),
            ("// expectInlineSnapshot(a)", 1, 24, "no call of"),
            ("helper(a)", 1, 7, "no call of"),
            ("#sourceLocation(file: \"x\", line: 1)\nexpectInlineSnapshot(a)", 2, 21, "#sourceLocation"),
            ("expectInlineSnapshot(redactions: [])", 1, 21, "no text argument"),
            // Found by fuzzing: a name whose backtick a line break ends swallows what is inserted.
            ("expectInlineSnapshot(`a\n)", 1, 21, "not closed"),
        ])
    func refused(source: String, line: Int, column: Int, reason: String) {
        let bytes = Array(source.utf8)
        #expect {
            try InlineSnapshotSite.locate(
                in: bytes, tokens: SwiftTokenizer.tokens(of: bytes), line: line, column: column)
        } throws: { error in
            (error as? Diagnostic)?.message.contains(reason) == true
        }
    }

    @Test("a call whose shape is not the one that ran (the file changed) is refused", arguments: [true, false])
    func shape(hasLiteral: Bool) {
        let source = hasLiteral ? "expectInlineSnapshot(a)" : "expectInlineSnapshot(a, matches: \"\")"
        let bytes = Array(source.utf8)
        #expect(throws: Diagnostic.self) {
            try InlineSnapshotSite.locate(
                in: bytes, tokens: SwiftTokenizer.tokens(of: bytes), line: 1, column: 21, hasLiteral: hasLiteral)
        }
    }

    @Test("the place is where the compiler puts it: the column of the call's ( or of its name")
    func columns() throws {
        let source = "  M.expectInlineSnapshot(a); XCTAssertInlineSnapshot (b, matches: \"\")"
        let bytes = Array(source.utf8), tokens = SwiftTokenizer.tokens(of: bytes)
        for column in [5, 25] {
            #expect(try InlineSnapshotSite.locate(in: bytes, tokens: tokens, line: 1, column: column).range == 26..<26)
        }
        #expect(try InlineSnapshotSite.locate(in: bytes, tokens: tokens, line: 1, column: 30).hasLiteral)
    }

    @Test("nesting deeper than the limit ends the tokens instead of the stack")
    func deepNesting() {
        let source = String(repeating: "\"\\(", count: 10_000) + "x = 1"
        let tokens = SwiftTokenizer.tokens(of: Array(source.utf8))
        #expect(tokens.count == 1 && !tokens[0].isPlainLiteral)
    }
}
