/// Real-looking test sources for the inline snapshot tests: raw strings, interpolation and
/// comments that hold `expectInlineSnapshot(` where no call is.
enum InlineSources {
    /// A test file whose two real calls take `render(`; every other `expectInlineSnapshot(` is
    /// in a comment, a string, an interpolation or a regex.
    static let hostile = #####"""
        import Testing
        import TextSnapshotsTesting

        /* expectInlineSnapshot(decoy, matches: "no") /* nested expectInlineSnapshot(x) */ still
           a comment: expectInlineSnapshot(y) */
        let raw = #"expectInlineSnapshot(inRaw, matches: "no") \(notInterpolated)"#
        let multi = """
            expectInlineSnapshot(inMultiline, matches: "no")
            \(value("expectInlineSnapshot(", ")", "\("nested \(")")")"))
            """
        let rawMulti = ##"""
            "# not closed "#"""# still inside expectInlineSnapshot(
            \##(1 + (2 * 3)) "\(no)"
            """##
        // expectInlineSnapshot(lineComment, matches: "no")
        let regex = #/expectInlineSnapshot\("/#
        func expectInlineSnapshotHelper() {}

        @Test func screens() {
            let text = "\("expectInlineSnapshot(", ")")"
            expectInlineSnapshot(render("a\(x.map { "\($0)" }.joined(separator: ")"))"), matches: #"""
                old "# text
                """#, redactions: [])
            /* between */ expectInlineSnapshot(render([1, (2)], "\\"))
        }
        """#####

    /// The first real call's place (where its argument list opens) and its literal.
    static let firstCall = "expectInlineSnapshot(render(\"a"
    static let firstLiteral = "#\"\"\"\n        old \"# text\n        \"\"\"#"
    /// The second call, which has no literal, and where its text argument ends.
    static let secondCall = "expectInlineSnapshot(render([1"
    static let secondArgumentEnd = "\"\\\\\"))"

    /// The 1-based line and byte column of the `(` after the call name that starts `needle`
    /// in `source`, and the byte offset of `needle`.
    static func place(of needle: String, in source: String) -> (line: Int, column: Int, offset: Int) {
        let bytes = Array(source.utf8), offset = offset(of: needle, in: source)
        let parenthesis = offset + "expectInlineSnapshot".utf8.count
        var line = 1, lineStart = 0, index = 0
        while index < parenthesis {
            if bytes[index] == UInt8(ascii: "\r") || bytes[index] == UInt8(ascii: "\n") {
                if bytes[index] == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                    index += 1
                }
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return (line, parenthesis - lineStart + 1, offset)
    }

    /// The byte offset of the first `needle` in `source`.
    static func offset(of needle: String, in source: String) -> Int {
        let bytes = Array(source.utf8), needleBytes = Array(needle.utf8)
        return (0...(bytes.count - needleBytes.count)).first {
            Array(bytes[$0..<($0 + needleBytes.count)]) == needleBytes
        }!
    }
}
