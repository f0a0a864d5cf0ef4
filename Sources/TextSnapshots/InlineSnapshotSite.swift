import Diagnostics
import TextEscaping

/// Where an inline snapshot's expected text is written in a test's source: the string literal
/// of the `matches:` argument of the call at a line and column, or, when the call has none,
/// the place after its text argument where `, matches: ` and a literal go. Found by the
/// tokens of the file (`SwiftTokenizer`), so that a call's name in a comment or in a string
/// literal is never taken for the call.
package struct InlineSnapshotSite: Equatable, Sendable {
    /// The names of the calls that hold inline snapshots.
    package static let callNames: Set<String> = ["expectInlineSnapshot", "XCTAssertInlineSnapshot"]

    /// The bytes a new literal replaces: the literal, or an empty range where one is inserted.
    package var range: Range<Int>
    /// Whether the call has a `matches:` literal (else one is inserted).
    package var hasLiteral: Bool
    /// The indentation of the literal's lines: the line's where it starts, and four spaces
    /// (a tab, for a line indented with tabs).
    package var indentation: String
    /// Whether the line where the literal starts ends in CRLF: the literal's lines do too (a
    /// multi-line literal's line breaks are LF in its value either way).
    package var usesCRLF = false

    /// The bytes that replace `range` so that the call expects `text`.
    package func replacement(for text: String) -> [UInt8] {
        let bytes = Array(
            ((hasLiteral ? "" : ", matches: ") + SwiftSource.multilineLiteral(text, indentation: indentation)).utf8)
        guard usesCRLF else { return bytes }
        // The literal holds no line break but its own: CR and LF in the text are escapes.
        return bytes.flatMap { $0 == UInt8(ascii: "\n") ? [UInt8(ascii: "\r"), $0] : [$0] }
    }

    /// The site of the call whose argument list opens at `line` and `column` (where the
    /// compiler's `#column` puts a call; its name's column is taken too), whose shape says
    /// whether it has a literal (`hasLiteral`, when known). A call that is not there, not
    /// alone there, not closed, whose `matches:` is not one plain string literal (an
    /// interpolation, an expression), or a file that moves its lines (`#sourceLocation`) is an
    /// error that says which.
    package static func locate(
        in bytes: [UInt8], tokens: [SwiftToken], line: Int, column: Int, hasLiteral: Bool? = nil
    ) throws(Diagnostic) -> InlineSnapshotSite {
        func text(_ token: SwiftToken) -> Substring {
            Substring(decoding: bytes[token.range], as: UTF8.self)
        }
        func isPunctuation(_ index: Int, _ character: Character) -> Bool {
            index < tokens.count && tokens[index].kind == .punctuation && text(tokens[index]).first == character
        }
        if let index = tokens.indices.first(where: {
            tokens[$0].kind == .other && text(tokens[$0]) == "#" && $0 + 1 < tokens.count
                && text(tokens[$0 + 1]) == "sourceLocation"
        }) {
            throw Diagnostic(
                "the file moves its lines with #sourceLocation (line \(tokens[index].line)), so a call's "
                    + "place cannot be trusted")
        }
        let candidates = tokens.indices.filter { index in
            tokens[index].kind == .identifier && callNames.contains(String(text(tokens[index])))
                && isPunctuation(index + 1, "(")
                && (index == 0 || text(tokens[index - 1]) != "func")
                && ((tokens[index + 1].line == line && tokens[index + 1].column == column)
                    || (tokens[index].line == line && tokens[index].column == column))
        }
        guard let name = candidates.first else {
            throw Diagnostic(
                "no call of \(callNames.sorted().joined(separator: " or ")) starts here (a helper that passes its "
                    + "caller's place on, a macro, or a file changed since it was compiled?)")
        }
        guard candidates.count == 1 else { throw Diagnostic("more than one call starts here") }
        // The arguments: token ranges between the commas at the call's own depth.
        var arguments: [Range<Int>] = []
        var depth = 0
        var start = name + 2
        var index = start
        var closed = false
        while index < tokens.count {
            if tokens[index].kind == .punctuation, let character = text(tokens[index]).first {
                if "([{".contains(character) {
                    depth += 1
                } else if depth > 0, ")]}".contains(character) {
                    depth -= 1
                } else if character == ")" {
                    closed = true
                    break
                } else if depth == 0, character == "," {
                    arguments.append(start..<index)
                    start = index + 1
                }
            }
            index += 1
        }
        guard closed, tokens[(name + 2)..<index].allSatisfy(\.isClosed) else {
            throw Diagnostic("the call's argument list is not closed")
        }
        if start < index { arguments.append(start..<index) }
        guard let first = arguments.first, !first.isEmpty, !isPunctuation(first.lowerBound + 1, ":") else {
            throw Diagnostic("the call has no text argument first")
        }
        let matches = arguments.filter {
            $0.count >= 2 && tokens[$0.lowerBound].kind == .identifier && text(tokens[$0.lowerBound]) == "matches"
                && isPunctuation($0.lowerBound + 1, ":")
        }
        guard matches.count <= 1 else { throw Diagnostic("the call has more than one matches: argument") }
        let range: Range<Int>
        if let argument = matches.first {
            let value = argument.dropFirst(2)
            guard value.count == 1, tokens[value.lowerBound].kind == .string, tokens[value.lowerBound].isPlainLiteral
            else {
                throw Diagnostic(
                    "the call's matches: is not one string literal without interpolation, so it cannot be rewritten")
            }
            range = tokens[value.lowerBound].range
        } else {
            let end = tokens[first.upperBound - 1].range.upperBound
            range = end..<end
        }
        if range.upperBound < bytes.count, bytes[range.upperBound] == UInt8(ascii: "\"") {
            throw Diagnostic("a quote follows the call's text argument or literal directly")
        }
        if let hasLiteral, hasLiteral != !matches.isEmpty {
            throw Diagnostic(
                "the call here \(matches.isEmpty ? "has no" : "has a") matches: argument, but the one that ran "
                    + "\(hasLiteral ? "had" : "had not"): the file changed since it was compiled")
        }
        var end = range.lowerBound
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
        return InlineSnapshotSite(
            range: range, hasLiteral: !matches.isEmpty, indentation: Self.indentation(of: range.lowerBound, in: bytes),
            usesCRLF: end + 1 < bytes.count && bytes[end] == UInt8(ascii: "\r") && bytes[end + 1] == UInt8(ascii: "\n"))
    }

    /// The white space that starts the line holding `offset`, and one level more.
    private static func indentation(of offset: Int, in bytes: [UInt8]) -> String {
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n"), bytes[start - 1] != UInt8(ascii: "\r") { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        let leading = String(decoding: bytes[start..<end], as: UTF8.self)
        return leading + (leading.hasPrefix("\t") ? "\t" : "    ")
    }
}
