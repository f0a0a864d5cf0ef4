import Diagnostics
import Foundation

/// The lexing half of `KeyUseScanner`: a small Swift lexer that finds the key calls in one
/// file's bytes, with their labelled arguments, the translators' comments above them and the
/// member names code writes after a `.`.
extension KeyUseScanner {
    /// The argument labels whose string literal `extract` takes.
    enum Label: CaseIterable {
        case comment, defaultValue, table

        var bytes: [UInt8] {
            switch self {
            case .comment: Self.commentBytes
            case .defaultValue: Self.defaultValueBytes
            case .table: Self.tableBytes
            }
        }

        private static let commentBytes = Array("comment".utf8)
        private static let defaultValueBytes = Array("defaultValue".utf8)
        private static let tableBytes = Array("table".utf8)

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

        /// The length of the call (name and `(`) that starts a word here, if any.
        func callLength() -> Int? {
            guard startsCall[Int(bytes[index])], !Self.isIdentifier(at(index - 1)) else { return nil }
            return calls.first { bytes[index...].starts(with: $0) }?.count
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
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "("):
                    depth += 1
                    index += 1
                case UInt8(ascii: ")"):
                    index += 1
                    if insideInterpolation, depth == 0 { return }
                    if open.last?.depth == depth { open.removeLast() }
                    depth -= 1
                case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "/"):
                    lineComment()
                case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "*"):
                    skipBlockComment()
                case UInt8(ascii: "\""):
                    _ = scanString()
                case UInt8(ascii: "#") where startsString():
                    _ = scanString()
                case UInt8(ascii: "."):
                    index += 1
                    memberName()
                case UInt8(ascii: "\n"):
                    line += 1
                    index += 1
                    lineStart = index
                default:
                    guard Self.identifierBytes[Int(byte)] else {
                        index += 1
                        continue
                    }
                    if let call = open.last, call.depth == depth, let label = label() {
                        take(label, for: call.use)
                        continue
                    }
                    guard let length = callLength() else {
                        // The rest of the word starts no call.
                        repeat { index += 1 } while index < bytes.count && Self.identifierBytes[Int(bytes[index])]
                        continue
                    }
                    let callLine = line
                    index += length
                    depth += 1
                    skipWhitespace()
                    guard startsString() else { continue }
                    let quote = (line, index - lineStart + 1)
                    if let key = scanString(), !key.isMultiline, let text = key.decoded {
                        uses.append(
                            KeyUse(
                                key: text, location: SourceLocation(path: path, line: quote.0, column: quote.1),
                                comment: translatorsComment(above: callLine)))
                        open.append((uses.count - 1, depth))
                    }
                }
            }
        }

        /// Spaces, tabs and line breaks (a key or label's value may be on the next line, as
        /// a formatter breaks long calls).
        mutating func skipWhitespace() {
            while [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(at(index)) {
                advance()
            }
        }

        /// A `//` comment: skipped, and kept when it is alone on its line.
        mutating func lineComment() {
            let alone = bytes[lineStart..<index].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            let start = index + 2
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
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
        func translatorsComment(above line: Int) -> String? {
            let marker = Array("translators:".utf8)
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
            var end = index
            while end < bytes.count, Self.isIdentifier(bytes[end]) { end += 1 }
            guard end > index, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return }
            memberNames.insert(KeyUseScanner.hash(bytes[index..<end]))
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
            guard let value = scanString(), !value.isMultiline, let text = value.decoded else { return }
            switch label {
            case .comment: uses[use].comment = text
            case .defaultValue: uses[use].defaultValue = text
            case .table: uses[use].table = text
            }
        }

        /// A Swift string literal's text with its escapes decoded (in a raw literal, those
        /// written with its `#`s: `\#n`); nil for an escape Swift does not have.
        static func unescaped(_ text: String, hashes: Int = 0) -> String? {
            var result = ""
            var scalars = text.unicodeScalars.makeIterator()
            let marker = String(repeating: "#", count: hashes)
            var pending = ""
            while let scalar = scalars.next() {
                guard scalar == "\\" else {
                    result.unicodeScalars.append(scalar)
                    continue
                }
                // In a raw literal, a backslash without its `#`s is itself.
                pending = ""
                var next = scalars.next()
                while pending.unicodeScalars.count < hashes, next == "#" {
                    pending += "#"
                    next = scalars.next()
                }
                guard pending == marker else {
                    result += "\\" + pending
                    if let next { result.unicodeScalars.append(next) }
                    continue
                }
                switch next {
                case "n": result += "\n"
                case "t": result += "\t"
                case "r": result += "\r"
                case "0": result += "\0"
                case "\"": result += "\""
                case "'": result += "'"
                case "\\": result += "\\"
                case "u":
                    guard scalars.next() == "{" else { return nil }
                    var digits = ""
                    while let digit = scalars.next(), digit != "}" { digits.unicodeScalars.append(digit) }
                    guard let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value) else { return nil }
                    result.unicodeScalars.append(decoded)
                default: return nil
                }
            }
            return result
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

        /// A string literal read: its text as written between the quotes.
        struct Literal {
            var text: String
            /// Whether it holds a backslash escape (an interpolation makes it no literal).
            var hasEscapes: Bool
            var isMultiline: Bool
            /// The `#`s of a raw literal (`#"…"#`); 0 for a plain one.
            var hashes: Int

            /// The text it says: escapes decoded; nil for one Swift does not have.
            var decoded: String? { hasEscapes ? Lexer.unescaped(text, hashes: hashes) : text }
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
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\"), hasHashes(hashes, from: index + 1) {
                    escapes = true
                    index += 1 + hashes
                    if at(index) == UInt8(ascii: "(") {
                        plain = false
                        index += 1
                        scanCode(insideInterpolation: true)
                    } else if index < bytes.count {
                        advance()
                    }
                    continue
                }
                if byte == UInt8(ascii: "\n"), !multiline { return nil }
                if byte == UInt8(ascii: "\""),
                    !multiline || (at(index + 1) == UInt8(ascii: "\"") && at(index + 2) == UInt8(ascii: "\"")),
                    hasHashes(hashes, from: index + (multiline ? 3 : 1))
                {
                    let end = index
                    index += (multiline ? 3 : 1) + hashes
                    guard plain else { return nil }
                    return Literal(
                        text: String(decoding: bytes[start..<end], as: UTF8.self), hasEscapes: escapes,
                        isMultiline: multiline, hashes: hashes)
                }
                advance()
            }
            return nil
        }

        func hasHashes(_ count: Int, from position: Int) -> Bool {
            (0..<count).allSatisfy { at(position + $0) == UInt8(ascii: "#") }
        }

        /// Whether each byte value may be part of an identifier.
        static let identifierBytes: [Bool] = (0..<256).map { isIdentifier(UInt8($0)) }

        static func isIdentifier(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || byte >= 0x80
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }
}
