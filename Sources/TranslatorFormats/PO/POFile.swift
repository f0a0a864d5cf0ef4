import Diagnostics
import FileFormats
import Foundation

/// A gettext PO file as read: its header fields and its messages, each with where it is.
/// Obsolete messages (`#~`) and comments are skipped; `#, fuzzy` and the previous `msgid`
/// (`#| msgid`) are kept.
public struct POFile: Sendable {
    /// One message.
    public struct Message: Sendable, Hashable {
        /// `msgctxt`, when there is one.
        public var context: String?
        /// `msgid`.
        public var id: String
        /// `msgid_plural`, for a plural message.
        public var idPlural: String?
        /// `msgstr` is form 0; `msgstr[k]` form k.
        public var strings: [Int: String]
        /// Whether `#, fuzzy` marks it.
        public var isFuzzy: Bool
        /// The `#.` lines before it (the developer's comment), joined by line breaks.
        public var extractedComment: String?
        /// The export marks of its forms (`#. flavorkit-exported: …`), when the export wrote them.
        public var exportMarks: [String]?
        /// The `msgid` it was translated from, when `msgmerge` kept it (`#| msgid "…"`) on
        /// marking the message fuzzy.
        public var previousID: String?
        /// Where the message starts (its first keyword).
        public var location: SourceLocation
        /// Where each form's `msgstr` keyword is.
        public var stringLocations: [Int: SourceLocation]
    }

    /// The file read.
    public var path: String
    /// `Name: value` lines of the header (the message with an empty `msgid` and no context).
    public var header: [String: String]
    /// Every message but the header, in order.
    public var messages: [Message]

    /// Reads a file; a file that is no PO file is a diagnostic at its first problem.
    public init(contentsOf url: URL) throws(Diagnostic) {
        try self.init(try InputFile.read(url, limit: InputFile.textLimit), path: url.path)
    }

    /// Reads PO text (UTF-8); `path` names it in diagnostics.
    public init(_ data: Data, path: String) throws(Diagnostic) {
        guard let text = String(data: data, encoding: .utf8) else {
            throw Diagnostic("not UTF-8 text (FlavorKit reads PO files in UTF-8)", path: path)
        }
        self.path = path
        var reader = Reader(path: path)
        // Lines end with LF or CRLF, as gettext reads them. Read as Unicode scalars, never as
        // characters: a quote followed by a combining mark is one Character, and not a quote.
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            try reader.read(line.last == "\r" ? line.dropLast() : line, number: index + 1)
        }
        try reader.finish()
        messages = reader.messages
        // A message is given once, as msgfmt requires (FlavorKit's msgctxt names a unit): told
        // apart by bytes, as keys are (`café` spelled two ways is two keys).
        var seen: [LiteralKey: SourceLocation] = [:]
        for message in messages {
            let identity = LiteralKey(message.context.map { "c\u{0}\($0)" } ?? "i\u{0}\(message.id)")
            if let first = seen[identity] {
                let what =
                    message.context.map { "msgctxt \"\(Diagnostic.quote($0))\"" }
                    ?? "msgid \"\(Diagnostic.quote(message.id))\""
                throw Diagnostic(
                    "\(what) is given twice (first at line \(first.line)); a message is given once",
                    at: message.location)
            }
            seen[identity] = message.location
        }
        header = [:]
        if let first = messages.first, first.context == nil, first.id.isEmpty {
            messages.removeFirst()
            for field in (first.strings[0] ?? "").split(separator: "\n") {
                guard let colon = field.firstIndex(of: ":") else { continue }
                header[String(field[..<colon])] = field[field.index(after: colon)...].trimmingCharacters(
                    in: .whitespaces)
            }
        }
    }

    /// Line by line, as Unicode scalars: keywords, continued strings, flags.
    private struct Reader {
        typealias Line = Substring.UnicodeScalarView

        enum Field: Equatable { case context, id, idPlural, string(Int) }
        let path: String
        var messages: [Message] = []
        var current: Message?
        var field: Field?
        var fuzzy = false
        var extracted: [String] = []
        var marks: [String]?
        /// The previous `msgid` (`#| msgid "…"`, continued by `#| "…"`), and whether the
        /// last `#|` line was part of it.
        var previous: String?
        var inPreviousID = false

        init(path: String) { self.path = path }

        /// Whether `line` starts with `prefix`.
        static func starts(_ line: Line, with prefix: String) -> Bool {
            line.starts(with: prefix.unicodeScalars)
        }

        /// `line` without its leading spaces and tabs.
        static func trimmed(_ line: Line) -> Line {
            line.drop { $0 == " " || $0 == "\t" }
        }

        mutating func read(_ line: Line, number: Int) throws(Diagnostic) {
            let trimmed = Self.trimmed(line)
            let column = line.count - trimmed.count + 1
            if trimmed.isEmpty {
                try finish()
                return
            }
            if Self.starts(trimmed, with: "#") {
                if Self.starts(trimmed, with: "#|") {
                    try readPrevious(Self.trimmed(trimmed.dropFirst(2)), number, column + 2)
                    return
                }
                inPreviousID = false
                if Self.starts(trimmed, with: "#,") && String(trimmed).contains("fuzzy") { fuzzy = true }
                if Self.starts(trimmed, with: "#.") {
                    var comment = trimmed.dropFirst(2)
                    if Self.starts(comment, with: " ") { comment = comment.dropFirst() }
                    if Self.starts(comment, with: POWriter.exportMarkPrefix) {
                        marks = comment.dropFirst(POWriter.exportMarkPrefix.unicodeScalars.count).split(separator: " ")
                            .map { String(String.UnicodeScalarView($0)) }
                    } else {
                        extracted.append(String(comment))
                    }
                }
                return
            }
            if Self.starts(trimmed, with: "\"") {
                guard let field else { throw error("a string with no keyword before it", number, column) }
                append(try string(trimmed, number, column), to: field)
                return
            }
            let keywordScalars = trimmed.prefix { !$0.properties.isWhitespace && $0 != "\"" }
            let keyword = String(keywordScalars)
            let rest = Self.trimmed(trimmed.dropFirst(keywordScalars.count))
            let restColumn = column + (trimmed.count - rest.count)
            let location = SourceLocation(path: path, line: number, column: column)
            let next: Field
            switch keyword {
            case "msgctxt": next = .context
            case "msgid": next = .id
            case "msgid_plural": next = .idPlural
            case "msgstr": next = .string(0)
            case _ where keyword.hasPrefix("msgstr[") && keyword.hasSuffix("]"):
                guard let form = Int(keyword.dropFirst(7).dropLast()), form >= 0, form < 1000 else {
                    throw error("\"\(Diagnostic.quote(keyword))\" has no valid form number", number, column)
                }
                next = .string(form)
            default:
                throw error(
                    "unknown keyword \"\(Diagnostic.quote(keyword))\" (msgctxt, msgid, msgid_plural, msgstr, msgstr[N])",
                    number, column)
            }
            let startsMessage =
                current == nil || next == .context || (next == .id && field != .context)
            if startsMessage {
                try finish()
                current = Message(
                    context: nil, id: "", idPlural: nil, strings: [:], isFuzzy: fuzzy,
                    extractedComment: extracted.isEmpty ? nil : extracted.joined(separator: "\n"), exportMarks: marks,
                    previousID: previous, location: location, stringLocations: [:])
                fuzzy = false
                extracted = []
                marks = nil
                previous = nil
                inPreviousID = false
            }
            if case .string(let form) = next {
                guard current?.strings[form] == nil else { throw error("form \(form) given twice", number, column) }
                current?.stringLocations[form] = location
                current?.strings[form] = ""
            }
            guard Self.starts(rest, with: "\"") else {
                throw error("expected a quoted string after \(Diagnostic.quote(keyword))", number, restColumn)
            }
            field = next
            append(try string(rest, number, restColumn), to: next)
        }

        /// A `#|` line: `msgid "…"` starts the previous `msgid`, `"…"` continues it; the
        /// previous `msgctxt` and `msgid_plural` are not kept.
        mutating func readPrevious(_ rest: Line, _ number: Int, _ column: Int) throws(Diagnostic) {
            if Self.starts(rest, with: "\"") {
                if inPreviousID { previous = (previous ?? "") + (try string(rest, number, column)) }
                return
            }
            let keyword = rest.prefix { !$0.properties.isWhitespace }
            inPreviousID = String(keyword) == "msgid"
            guard inPreviousID else { return }
            let value = Self.trimmed(rest.dropFirst(keyword.count))
            guard Self.starts(value, with: "\"") else {
                throw error("expected a quoted string after #| msgid", number, column)
            }
            previous = try string(value, number, column + (rest.count - value.count))
        }

        mutating func append(_ text: String, to field: Field) {
            guard var message = current else { return }
            switch field {
            case .context: message.context = (message.context ?? "") + text
            case .id: message.id += text
            case .idPlural: message.idPlural = (message.idPlural ?? "") + text
            case .string(let form): message.strings[form, default: ""] += text
            }
            current = message
        }

        mutating func finish() throws(Diagnostic) {
            defer { (current, field) = (nil, nil) }
            guard let message = current else { return }
            guard !message.strings.isEmpty else {
                throw Diagnostic("a message without msgstr", at: message.location)
            }
            messages.append(message)
        }

        /// One quoted string and nothing after it but white space or a `#` comment. As gettext
        /// reads it, an octal (`\303`, three digits at most) or hexadecimal (`\xC3`, every digit
        /// that follows) escape is a byte of the text's UTF-8: `\303\251` is `é`. A value past
        /// one byte, which gettext cuts to its last byte, is an error.
        func string(_ text: Line, _ line: Int, _ column: Int) throws(Diagnostic) -> String {
            var bytes: [UInt8] = []
            var scalars = Array(text.dropFirst())
            var index = 0
            var offset: Int { column + 1 + index }
            func append(_ scalar: Unicode.Scalar) { UTF8.encode(scalar) { bytes.append($0) } }
            /// The value of the ASCII digits of `radix` from `index`, at most `limit` of them
            /// (past `0xFFFF`, kept there: more than a byte either way).
            func number(radix: UInt32, limit: Int) -> UInt32? {
                func digit(_ scalar: Unicode.Scalar) -> UInt32? {
                    let value: UInt32? =
                        switch scalar {
                        case "0"..."9": scalar.value - 48
                        case "a"..."f": scalar.value - 87
                        case "A"..."F": scalar.value - 55
                        default: nil
                        }
                    return value.flatMap { $0 < radix ? $0 : nil }
                }
                var value: UInt32 = 0
                var digits = 0
                while digits < limit, index < scalars.count, let digit = digit(scalars[index]) {
                    value = min(value * radix + digit, 0xFFFF)
                    index += 1
                    digits += 1
                }
                return digits == 0 ? nil : value
            }
            while true {
                guard index < scalars.count else { throw error("the string does not end on its line", line, column) }
                let scalar = scalars[index]
                index += 1
                if scalar == "\"" { break }
                guard scalar == "\\" else {
                    append(scalar)
                    continue
                }
                guard index < scalars.count else { throw error("the string does not end on its line", line, column) }
                let escape = scalars[index]
                index += 1
                let escapeColumn = offset - 2
                switch escape {
                case "n": bytes.append(0x0A)
                case "t": bytes.append(0x09)
                case "r": bytes.append(0x0D)
                case "a": bytes.append(0x07)
                case "b": bytes.append(0x08)
                case "f": bytes.append(0x0C)
                case "v": bytes.append(0x0B)
                case "\\", "\"", "'", "?": append(escape)
                case "0"..."7":
                    index -= 1
                    // Three octal digits at most, as in C; past 0o377 is no byte.
                    guard let value = number(radix: 8, limit: 3), value <= 0xFF else {
                        throw error("an octal escape past \\377 is no byte", line, escapeColumn)
                    }
                    bytes.append(UInt8(value))
                case "x":
                    guard let value = number(radix: 16, limit: .max) else {
                        throw error("\\x without hexadecimal digits", line, escapeColumn)
                    }
                    guard value <= 0xFF else {
                        throw error("a hexadecimal escape past \\xff is no byte", line, escapeColumn)
                    }
                    bytes.append(UInt8(value))
                default:
                    throw error("unknown escape \"\\\(Diagnostic.quote(String(escape)))\"", line, escapeColumn)
                }
            }
            scalars.removeFirst(index)
            let after = scalars.drop { $0 == " " || $0 == "\t" }
            guard after.isEmpty || after.first == "#" else {
                throw error("unexpected text after the string", line, offset)
            }
            // Bytes that are not UTF-8 come back changed (U+FFFD) when decoded.
            let result = String(decoding: bytes, as: UTF8.self)
            guard result.utf8.elementsEqual(bytes) else {
                throw error("its escaped bytes are not UTF-8", line, column)
            }
            return result
        }

        func error(_ message: String, _ line: Int, _ column: Int) -> Diagnostic {
            Diagnostic(message, at: SourceLocation(path: path, line: line, column: column))
        }
    }
}
