import Diagnostics
import Foundation
import Localization

/// Changes values in a `.strings` file's text in place: each changed value's quoted string
/// is replaced where it stands (keys, comments, order, spacing and every other byte are
/// kept); keys the file lacks are appended at its end, each after its comment.
package enum StringsFileEditor {
    /// `text`: the file's content; `file`: it parsed (for the keys' positions).
    package static func apply(
        _ changes: [(key: String, value: String)], comments: [String: String], to text: String, file: StringsFile?
    ) throws(Diagnostic) -> String {
        // Only keys to append: the text is kept as it is, not rebuilt.
        if !changes.contains(where: { file?.table.contains($0.key) == true }) {
            var result = text
            var appended = ""
            for (key, value) in changes { appended += entry(key, value, comment: comments[key]) }
            if !appended.isEmpty, !result.isEmpty, !result.hasSuffix("\n") { result += "\n" }
            return result + appended
        }
        let bytes = Array(text.utf8)
        let lineStarts = Self.lineStarts(bytes)
        // By where each value starts: a key changed twice takes its last value.
        var replacements: [Int: (range: Range<Int>, text: String)] = [:]
        var appended = ""
        for (key, value) in changes {
            guard let location = file?.table.entry(key)?.location else {
                appended += entry(key, value, comment: comments[key])
                continue
            }
            var index = try offset(of: location, in: bytes, lineStarts: lineStarts)
            try skipToken(bytes, &index, location)
            skipSpace(bytes, &index)
            if index < bytes.count, bytes[index] == UInt8(ascii: ";") {
                // `"key";` reads as "key" = "key".
                replacements[index] = (index..<index, " = \(StringsWriter.quoted(value))")
                continue
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw Diagnostic("cannot find the value of \"\(Diagnostic.quote(key))\" again", at: location)
            }
            index += 1
            skipSpace(bytes, &index)
            let start = index
            try skipToken(bytes, &index, location)
            replacements[start] = (start..<index, StringsWriter.quoted(value))
        }
        return rebuilt(bytes, replacing: replacements.values.map { ($0.range, $0.text) }, appending: appended)
    }

    /// A new entry, after its comment.
    private static func entry(_ key: String, _ value: String, comment: String?) -> String {
        let quoted = "\(StringsWriter.quoted(key)) = \(StringsWriter.quoted(value));\n"
        guard let comment else { return quoted }
        return "/* \(comment.replacingOccurrences(of: "*/", with: "* /")) */\n" + quoted
    }

    /// `text` without the entries of `keys` (`file`: it parsed). Each entry goes with its
    /// line; the comment right above it goes too when nothing but a blank line, a comment or
    /// the end follows the entry (a comment heading several entries stays).
    package static func removing(_ keys: Set<String>, from text: String, file: StringsFile) throws(Diagnostic)
        -> String
    {
        let bytes = Array(text.utf8)
        let lineStarts = Self.lineStarts(bytes)
        var ranges: [Range<Int>] = []
        for key in keys {
            guard let location = file.table.entry(key)?.location else { continue }
            let keyStart = try offset(of: location, in: bytes, lineStarts: lineStarts)
            var index = keyStart
            try skipToken(bytes, &index, location)
            skipSpace(bytes, &index)
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                skipSpace(bytes, &index)
                try skipToken(bytes, &index, location)
                skipSpace(bytes, &index)
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
                throw Diagnostic("cannot find the end of \"\(Diagnostic.quote(key))\" again", at: location)
            }
            ranges.append(entryRange(keyStart..<index + 1, in: bytes))
        }
        return rebuilt(bytes, replacing: ranges.map { ($0, "") })
    }

    // MARK: The text's bytes
    //
    // The editor works on the text's UTF-8: the marks it looks for (quotes, `=`, `;`, line
    // ends, comments, white space: the reader's are all ASCII) no byte of a longer character
    // can be. Only a location's column, counted in Unicode scalars, needs characters' lengths.

    /// `bytes` with each range replaced, in one pass: copied once in order, not shifted for
    /// each range (which made changing many values of a large file quadratic). Ranges that
    /// overlap count as their union, replaced by the first one's text. `appended` goes at the
    /// end, on a line of its own.
    private static func rebuilt(
        _ bytes: [UInt8], replacing replacements: [(range: Range<Int>, with: String)], appending appended: String = ""
    ) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(
            bytes.count + appended.utf8.count + 1 + replacements.reduce(0) { $0 + $1.with.utf8.count })
        var position = 0
        for replacement in replacements.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            if replacement.range.lowerBound >= position {
                result.append(contentsOf: bytes[position..<replacement.range.lowerBound])
                result.append(contentsOf: replacement.with.utf8)
            }
            position = max(position, replacement.range.upperBound)
        }
        result.append(contentsOf: bytes[position...])
        if !appended.isEmpty {
            if let last = result.last, last != UInt8(ascii: "\n") { result.append(UInt8(ascii: "\n")) }
            result.append(contentsOf: appended.utf8)
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// An entry's range grown to its whole lines, and to the comment right above it when the
    /// entry ends a paragraph.
    private static func entryRange(_ entry: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        let (newline, carriageReturn, slash, star) = (
            UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "/"), UInt8(ascii: "*")
        )
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var start = entry.lowerBound
        while start > 0, isBlank(bytes[start - 1]) { start -= 1 }
        guard start == 0 || bytes[start - 1] == newline else { return entry }
        var end = entry.upperBound
        while end < bytes.count, isBlank(bytes[end]) { end += 1 }
        guard end == bytes.count || bytes[end] == newline else { return entry }
        if end < bytes.count { end += 1 }
        // What follows: a blank line, a comment or the end closes the paragraph.
        var next = end
        while next < bytes.count, isBlank(bytes[next]) { next += 1 }
        let endsParagraph =
            next == bytes.count || bytes[next] == newline || bytes[next] == carriageReturn
            || (bytes[next] == slash && next + 1 < bytes.count && (bytes[next + 1] == star || bytes[next + 1] == slash))
        guard endsParagraph, start >= 3, bytes[start - 1] == newline else { return start..<end }
        // A `/* … */` ending the line above, starting a line of its own.
        var close = start - 2
        while close > 0, isBlank(bytes[close]) || bytes[close] == carriageReturn { close -= 1 }
        guard close >= 1, bytes[close] == slash, bytes[close - 1] == star else { return start..<end }
        var open = close - 2
        while open >= 0, !(bytes[open] == slash && open + 1 < bytes.count && bytes[open + 1] == star) { open -= 1 }
        guard open >= 0 else { return start..<end }
        var commentStart = open
        while commentStart > 0, isBlank(bytes[commentStart - 1]) { commentStart -= 1 }
        guard commentStart == 0 || bytes[commentStart - 1] == newline else { return start..<end }
        // A paragraph of its own after a blank line takes that blank line with it.
        let blankBefore = commentStart >= 2 && bytes[commentStart - 2] == newline
        let nothingAfter = next == bytes.count || bytes[next] == newline || bytes[next] == carriageReturn
        return (blankBefore && nothingAfter ? commentStart - 1 : commentStart)..<end
    }

    /// Where each line starts, counted as the reader counts lines (a line feed, a carriage
    /// return, or both together end a line).
    private static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = buffer.count
            // Most files end lines with line feeds alone: found by memchr.
            guard memchr(base, 0x0D, count) != nil else {
                var from = 0
                while from < count, let found = memchr(base + from, 0x0A, count - from) {
                    from = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                    starts.append(from)
                }
                return
            }
            for index in 0..<count {
                let byte = buffer[index]
                if byte == 0x0A || (byte == 0x0D && (index + 1 == count || buffer[index + 1] != 0x0A)) {
                    starts.append(index + 1)
                }
            }
        }
        return starts
    }

    /// The byte offset of `location` (its column counted in Unicode scalars).
    private static func offset(of location: SourceLocation, in bytes: [UInt8], lineStarts: [Int]) throws(Diagnostic)
        -> Int
    {
        guard location.line >= 1, location.line - 1 < lineStarts.count else {
            throw Diagnostic("cannot find the key again", at: location)
        }
        var index = lineStarts[location.line - 1]
        for _ in 1..<max(location.column, 1) where index < bytes.count { index += scalarLength(bytes[index]) }
        return index
    }

    /// How many bytes the UTF-8 sequence that starts with `lead` takes.
    private static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// Whether `byte` is white space as the reader reads it (ASCII only).
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    /// Moves past a quoted string (`"…"` or `'…'` with backslash escapes) or an unquoted word.
    private static func skipToken(_ bytes: [UInt8], _ index: inout Int, _ location: SourceLocation)
        throws(Diagnostic)
    {
        guard index < bytes.count else { throw Diagnostic("cannot find the entry again", at: location) }
        let quote = bytes[index]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            while index < bytes.count, bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ";"),
                !isSpace(bytes[index])
            {
                index += 1
            }
            return
        }
        index += 1
        // An escaped character may take several bytes: those after the first are never a quote.
        while index < bytes.count, bytes[index] != quote {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index < bytes.count else { throw Diagnostic("cannot find the entry again", at: location) }
        index += 1
    }

    /// White space and comments.
    private static func skipSpace(_ bytes: [UInt8], _ index: inout Int) {
        let (slash, star) = (UInt8(ascii: "/"), UInt8(ascii: "*"))
        while index < bytes.count {
            if isSpace(bytes[index]) {
                index += 1
            } else if bytes[index] == slash, index + 1 < bytes.count, bytes[index + 1] == star {
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == star && bytes[index + 1] == slash) { index += 1 }
                index += 2
            } else if bytes[index] == slash, index + 1 < bytes.count, bytes[index + 1] == slash {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else {
                return
            }
        }
    }
}
