import Diagnostics
import Foundation

/// The lexing half of `KeyUseScanner`: a small Swift lexer that finds the key calls in one
/// file's bytes, with their labelled arguments, the translators' comments above them and the
/// member names code writes after a `.`.
extension KeyUseScanner {
    /// The argument labels whose string literal `extract` takes.
    enum Label: CaseIterable {
        case comment, defaultValue, table

        /// The label's bytes: a literal's, never counted references that every core scanning
        /// at once would wait on.
        var bytes: String.UTF8View {
            switch self {
            case .comment: "comment".utf8
            case .defaultValue: "defaultValue".utf8
            case .table: "table".utf8
            }
        }

        /// The label that may start with `byte`.
        static func starting(with byte: UInt8) -> Label? {
            switch byte {
            case UInt8(ascii: "c"): .comment
            case UInt8(ascii: "d"): .defaultValue
            case UInt8(ascii: "t"): .table
            default: nil
            }
        }
    }

    /// The key calls' names as the lexer looks for them.
    struct CallNames {
        /// Each call's name followed by `(`, as bytes.
        let names: [[UInt8]]
        /// Whether a call starts with this byte, by byte value.
        let startsCall: [Bool]

        init(_ calls: [String]) {
            names = calls.map { Array(($0 + "(").utf8) }
            var starts = [Bool](repeating: false, count: 256)
            for call in names { starts[Int(call[0])] = true }
            startsCall = starts
        }
    }

    /// A small Swift lexer: code, comments (nested), string literals (single-line,
    /// multi-line, raw with `#`), and code again inside `\(…)`.
    struct Lexer {
        let bytes: UnsafeBufferPointer<UInt8>
        let path: String
        var index = 0, line = 1, lineStart = 0
        var uses: [KeyUse] = []
        var memberNames: Set<UInt64> = []
        /// What kept a key from being read, or the file from being scanned to its end.
        var problems: [Diagnostic] = []
        /// How many string interpolations the index is inside.
        private var nesting = 0
        /// The translators' comment made for the key calls of one line, made once.
        private var lineTranslatorsComment: (line: Int, text: String?) = (0, nil)
        /// The hashes of member names lately added to `memberNames`, each at the slot its low
        /// six bits name; at first, in each slot a value whose low bits name another.
        private var recentMemberNames = (0..<64).map { ~UInt64($0) }
        /// The comment lines last seen alone on their lines: the last one's line, and the
        /// bytes of each after its `//`.
        var commentBlock: (lastLine: Int, lines: [Range<Int>]) = (0, [])
        /// Each call's name followed by `(`, as bytes.
        let calls: [[UInt8]]
        /// Whether a call starts with this byte, by byte value.
        let startsCall: [Bool]

        init(bytes: UnsafeBufferPointer<UInt8>, path: String, calls: CallNames) {
            self.bytes = bytes
            self.path = path
            self.calls = calls.names
            startsCall = calls.startsCall
        }

        /// The length of the call (name and `(`) that starts a word at `position`, if any.
        func callLength(at position: Int) -> Int? {
            guard startsCall[Int(bytes[position])], !Self.isIdentifier(at(position - 1)) else { return nil }
            for call in calls where position + call.count <= bytes.count {
                let matches = call.withUnsafeBytes {
                    memcmp(bytes.baseAddress! + position, $0.baseAddress!, $0.count) == 0
                }
                if matches { return call.count }
            }
            return nil
        }

        func at(_ offset: Int) -> UInt8 { offset >= 0 && offset < bytes.count ? bytes[offset] : 0 }

        mutating func advance() {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }

        /// Code until the end, or past the `)` closing an interpolation.
        mutating func scanCode(insideInterpolation: Bool) {
            var depth = 0
            /// The key calls whose arguments are being read: the use and the depth inside
            /// the call's parentheses.
            var open: [(use: Int, depth: Int)] = []
            // The loop moves a cursor of its own over the most common bytes; `index` is set
            // from it before any other step, which reads and moves `index`.
            var cursor = index
            defer { index = cursor }
            while cursor < bytes.count {
                let byte = bytes[cursor]
                // Spaces and words first: most bytes of code are, and a branch each is cheaper
                // than the switch's jump.
                if byte == UInt8(ascii: " ") {
                    cursor += 1
                    while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
                    continue
                }
                if Self.isIdentifier(byte) {
                    guard open.last?.depth == depth || (startsCall[Int(byte)] && callLength(at: cursor) != nil) else {
                        // The word is no label and starts no call.
                        cursor = endOfWord(from: cursor + 1)
                        continue
                    }
                    index = cursor
                    word(open: &open, depth: &depth)
                    cursor = index
                    continue
                }
                // The rest by how common they are, each a branch of its own.
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    cursor += 1
                    lineStart = cursor
                } else if byte == UInt8(ascii: "(") {
                    depth += 1
                    cursor += 1
                } else if byte == UInt8(ascii: ")") {
                    cursor += 1
                    if insideInterpolation, depth == 0 { return }
                    if open.last?.depth == depth { open.removeLast() }
                    depth -= 1
                } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\"")
                    || byte == UInt8(ascii: "#")
                {
                    index = cursor
                    punctuation(byte)
                    cursor = index
                } else {
                    cursor += 1
                }
            }
        }

        /// The word at the index: a label of the key call `open.last` reads (its value taken),
        /// a key call (its key noted, and the call pushed on `open`), or else skipped.
        private mutating func word(open: inout [(use: Int, depth: Int)], depth: inout Int) {
            if let call = open.last, call.depth == depth, let label = label() {
                take(label, for: call.use)
                return
            }
            guard let length = callLength(at: index) else {
                index = endOfWord(from: index + 1)
                return
            }
            let callLine = line
            index += length
            depth += 1
            skipWhitespace()
            guard startsString() else { return }
            let quote = SourceLocation(path: path, line: line, column: index - lineStart + 1)
            guard let key = scanString(), !key.isMultiline else { return }
            switch decoded(key) {
            case .success(let text):
                uses.append(KeyUse(key: text, location: quote, comment: translatorsComment(above: callLine)))
                open.append((uses.count - 1, depth))
            case .failure(let problem):
                problems.append(Diagnostic("the key is \(problem.rawValue); it is not read", at: quote))
            }
        }

        /// `/` (a comment, or else an operator), `"` and `#` (a string literal, or else a
        /// directive), `.` (a member's name) at the index.
        private mutating func punctuation(_ byte: UInt8) {
            switch byte {
            case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "/"): lineComment()
            case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "*"): skipBlockComment()
            case UInt8(ascii: "\""): _ = scanString()
            case UInt8(ascii: "#"):
                // A run of `#`s, looked through once: a raw literal, or else code.
                var end = index
                while end < bytes.count, bytes[end] == UInt8(ascii: "#") { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "\"") { _ = scanString() } else { index = end }
            case UInt8(ascii: "."):
                index += 1
                memberName()
            default: index += 1
            }
        }

        /// Spaces, tabs and line breaks (a key or label's value may be on the next line, as
        /// a formatter breaks long calls).
        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
                case UInt8(ascii: "\n"): advance()
                default: return
                }
            }
        }

        /// A `//` comment: skipped, and kept when it is alone on its line.
        mutating func lineComment() {
            let alone = bytes[lineStart..<index].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            let start = index + 2
            index = endOfLine(from: index)
            guard alone else { return }
            if commentBlock.lastLine == line - 1 {
                commentBlock.lastLine = line
                commentBlock.lines.append(start..<index)
            } else {
                commentBlock = (line, [start..<index])
            }
        }

        /// The comment lines ending right above `line`, when the first begins with
        /// `translators:` (in any case), joined with spaces.
        mutating func translatorsComment(above line: Int) -> String? {
            // Every call of a line shares one comment, made once: a block of comment lines is
            // neither joined nor kept again for each.
            if lineTranslatorsComment.line == line { return lineTranslatorsComment.text }
            let text = joinedTranslatorsComment(above: line)
            lineTranslatorsComment = (line, text)
            return text
        }

        private func joinedTranslatorsComment(above line: Int) -> String? {
            let marker = "translators:".utf8
            guard commentBlock.lastLine == line - 1, let first = commentBlock.lines.first else { return nil }
            let firstText = trimmed(first)
            guard firstText.count >= marker.count,
                zip(bytes[firstText.prefix(marker.count)], marker).allSatisfy({ $0 | 0x20 == $1 | 0x20 })
            else { return nil }
            let ranges = [firstText.dropFirst(marker.count)] + commentBlock.lines.dropFirst()
            let lines = ranges.map { String(decoding: bytes[trimmed($0)], as: UTF8.self) }.filter { !$0.isEmpty }
            return lines.isEmpty ? nil : lines.joined(separator: " ")
        }

        /// `range` without the spaces and tabs (and a carriage return) at its ends.
        func trimmed(_ range: Range<Int>) -> Range<Int> {
            let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == 0x0D }
            var (lower, upper) = (range.lowerBound, range.upperBound)
            while lower < upper, blank(bytes[lower]) { lower += 1 }
            while upper > lower, blank(bytes[upper - 1]) { upper -= 1 }
            return lower..<upper
        }

        /// Notes the name after a `.` by its hash, leaving the index at it (it may start a
        /// call: `localizer.text(`).
        mutating func memberName() {
            let end = endOfWord(from: index)
            guard end > index, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return }
            // Most names recur (`.int`, `.map`): one seen lately is not hashed into the set again.
            let hash = KeyUseScanner.hash(bytes[index..<end])
            let slot = Int(truncatingIfNeeded: hash & 63)
            guard recentMemberNames[slot] != hash else { return }
            recentMemberNames[slot] = hash
            memberNames.insert(hash)
        }

        /// The label `extract` reads that starts a word here, followed by `:` and a string
        /// literal (the index then at the literal); nil, the index unmoved, otherwise.
        mutating func label() -> Label? {
            guard let label = Label.starting(with: bytes[index]), !Self.isIdentifier(at(index - 1)) else { return nil }
            let name = label.bytes
            guard index + name.count <= bytes.count, bytes[index..<index + name.count].elementsEqual(name),
                !Self.isIdentifier(at(index + name.count))
            else { return nil }
            let (start, startLine, startLineStart) = (index, line, lineStart)
            index += name.count
            skipWhitespace()
            if at(index) == UInt8(ascii: ":") {
                index += 1
                skipWhitespace()
                if at(index) == UInt8(ascii: "\"") { return label }
            }
            (index, line, lineStart) = (start, startLine, startLineStart)
            return nil
        }

        /// The string literal at the index, as the value of `label` for the use.
        mutating func take(_ label: Label, for use: Int) {
            let location = SourceLocation(path: path, line: line, column: index - lineStart + 1)
            guard let value = scanString(), !value.isMultiline else { return }
            let text: String
            switch decoded(value) {
            case .success(let decoded): text = decoded
            case .failure(let problem):
                problems.append(Diagnostic("the \(label)'s text is \(problem.rawValue); it is not read", at: location))
                return
            }
            switch label {
            case .comment: uses[use].comment = text
            case .defaultValue: uses[use].defaultValue = text
            case .table: uses[use].table = text
            }
        }

        /// The text of the literal at `range` with its escapes decoded (in a raw literal, those
        /// written with its `#`s: `\#n`; a backslash without them is itself); a failure for an
        /// escape Swift does not have, or for text that is not UTF-8.
        func unescaped(_ range: Range<Int>, hashes: Int) -> Result<String, LiteralProblem> {
            var result: [UInt8] = []
            result.reserveCapacity(range.count)
            var position = range.lowerBound
            while position < range.upperBound {
                let byte = bytes[position]
                guard byte == UInt8(ascii: "\\"), hasHashes(hashes, from: position + 1) else {
                    result.append(byte)
                    position += 1
                    continue
                }
                position += 1 + hashes
                guard position < range.upperBound else { return .failure(.unknownEscape) }
                let escaped = bytes[position]
                position += 1
                switch escaped {
                case UInt8(ascii: "n"): result.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): result.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "r"): result.append(UInt8(ascii: "\r"))
                case UInt8(ascii: "0"): result.append(0)
                case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"): result.append(escaped)
                case UInt8(ascii: "u"):
                    // `\u{…}`: one to eight hexadecimal digits naming a scalar.
                    guard position < range.upperBound, bytes[position] == UInt8(ascii: "{"),
                        let close = bytes[position..<range.upperBound].firstIndex(of: UInt8(ascii: "}")),
                        (1...8).contains(close - position - 1),
                        bytes[position + 1..<close].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
                        let value = UInt32(String(decoding: bytes[position + 1..<close], as: UTF8.self), radix: 16),
                        let scalar = Unicode.Scalar(value)
                    else { return .failure(.unknownEscape) }
                    result.append(contentsOf: String(scalar).utf8)
                    position = close + 1
                default: return .failure(.unknownEscape)
                }
            }
            return Self.text(result)
        }

        /// Whether a string literal starts here: `"`, or `#…"` (a raw string).
        func startsString() -> Bool {
            var cursor = index
            while at(cursor) == UInt8(ascii: "#") { cursor += 1 }
            return at(cursor) == UInt8(ascii: "\"")
        }

        mutating func skipBlockComment() {
            var depth = 0
            repeat {
                if at(index) == UInt8(ascii: "/"), at(index + 1) == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else if at(index) == UInt8(ascii: "*"), at(index + 1) == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                } else {
                    advance()
                }
            } while depth > 0 && index < bytes.count
        }

        /// A string literal read: where its text is written, between the quotes.
        struct Literal {
            var text: Range<Int>
            /// Whether it holds a backslash escape (an interpolation makes it no literal).
            var hasEscapes: Bool
            var isMultiline: Bool
            /// The `#`s of a raw literal (`#"…"#`); 0 for a plain one.
            var hashes: Int
        }

        /// The text `literal` says: escapes decoded; nil for one Swift does not have.
        func decoded(_ literal: Literal) -> Result<String, LiteralProblem> {
            literal.hasEscapes ? unescaped(literal.text, hashes: literal.hashes) : Self.text(bytes[literal.text])
        }

        /// Why a literal's text is not read.
        enum LiteralProblem: String, Error {
            case unknownEscape = "written with an escape Swift does not have"
            case notUTF8 = "not UTF-8 text"
        }

        /// `utf8` as text, when it is UTF-8 (else its bytes would be read as replacement
        /// characters, and keys that differ would be one).
        static func text(_ utf8: some Collection<UInt8>) -> Result<String, LiteralProblem> {
            let text = String(decoding: utf8, as: UTF8.self)
            return text.utf8.elementsEqual(utf8) ? .success(text) : .failure(.notUTF8)
        }

        /// Skips a string literal (raw ones too: `#"…"#`); returns it unless it interpolates or
        /// is not closed on its line.
        mutating func scanString() -> Literal? {
            var hashes = 0
            while at(index) == UInt8(ascii: "#") {
                hashes += 1
                index += 1
            }
            let multiline = at(index + 1) == UInt8(ascii: "\"") && at(index + 2) == UInt8(ascii: "\"")
            index += multiline ? 3 : 1
            let start = index
            var plain = true
            var escapes = false
            while index < bytes.count {
                // Most of a literal is text, run through at once.
                var next = index
                while next < bytes.count, !Self.endsText(bytes[next]) { next += 1 }
                index = next
                guard index < bytes.count else { break }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\"), hasHashes(hashes, from: index + 1) {
                    escapes = true
                    index += 1 + hashes
                    if at(index) == UInt8(ascii: "(") {
                        plain = false
                        index += 1
                        // Each interpolation is read by a call inside this one: a limit keeps a
                        // file of nested `"\(` from overflowing the stack.
                        guard nesting < Self.nestingLimit else {
                            problems.append(
                                Diagnostic(
                                    "string interpolations nested more than \(Self.nestingLimit) deep; the file is not "
                                        + "scanned past here",
                                    at: SourceLocation(path: path, line: line, column: index - lineStart)))
                            index = bytes.count
                            return nil
                        }
                        nesting += 1
                        scanCode(insideInterpolation: true)
                        nesting -= 1
                    } else if index < bytes.count {
                        advance()
                    }
                    continue
                }
                if byte == UInt8(ascii: "\n") {
                    guard multiline else { return nil }
                    advance()
                    continue
                }
                if byte == UInt8(ascii: "\""),
                    !multiline || (at(index + 1) == UInt8(ascii: "\"") && at(index + 2) == UInt8(ascii: "\"")),
                    hasHashes(hashes, from: index + (multiline ? 3 : 1))
                {
                    let end = index
                    index += (multiline ? 3 : 1) + hashes
                    guard plain else { return nil }
                    return Literal(text: start..<end, hasEscapes: escapes, isMultiline: multiline, hashes: hashes)
                }
                index += 1
            }
            return nil
        }

        /// How deep string interpolations may nest: far past any written by hand.
        static let nestingLimit = 64

        /// Whether `byte` may end a run of a string literal's text: a quote, a backslash, a
        /// line break.
        @inline(__always)
        static func endsText(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\n")
        }

        /// Where the line that goes on at `start` ends: its line break, or the end.
        func endOfLine(from start: Int) -> Int {
            guard start < bytes.count,
                let found = memchr(bytes.baseAddress! + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
            else { return bytes.count }
            return bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }

        func hasHashes(_ count: Int, from position: Int) -> Bool {
            (0..<count).allSatisfy { at(position + $0) == UInt8(ascii: "#") }
        }

        /// Where the word (identifier bytes) that goes on at `start` ends.
        func endOfWord(from start: Int) -> Int {
            var end = start
            while end < bytes.count, Self.isIdentifier(bytes[end]) { end += 1 }
            return end
        }

        /// Whether `byte` may be part of an identifier: a letter, a digit, `_`, or a byte of
        /// a character outside ASCII.
        @inline(__always)
        static func isIdentifier(_ byte: UInt8) -> Bool {
            byte >= 0x80 || (byte < 64 ? identifierLow : identifierHigh) >> (byte & 63) & 1 != 0
        }

        /// The ASCII bytes of identifiers, as bits: byte `b` below 64 (the digits) is bit `b`
        /// of `identifierLow`; from 64 (letters and `_`), bit `b - 64` of `identifierHigh`.
        private static let identifierLow: UInt64 = 0x3FF << 48
        private static let identifierHigh: UInt64 = 0x3FF_FFFF << 1 | 1 << 31 | 0x3FF_FFFF << 33
    }
}
