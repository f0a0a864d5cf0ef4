import Diagnostics
import FileFormats
import Foundation
import Localization

/// Changes values in a `.strings` file's text in place: each changed value's quoted string
/// is replaced where it stands (keys, comments, order, spacing and every other byte are
/// kept); keys the file lacks are appended at its end (inside the braces of a file written
/// as `{ … }`), each after its comment. A `.strings` file written as a property list is not
/// edited, and neither is one whose edit would not read back.
package enum StringsFileEditor {
    /// `text`: the file's content; `file`: it parsed (for the keys' positions). Keys are told
    /// apart by their bytes, as in the file (`café` spelled two ways is two keys), in
    /// `comments` too: the comment of each key appended.
    package static func apply(
        _ changes: [(key: String, value: String)], comments: CommentTable, to text: String, file: StringsFile?
    ) throws(Diagnostic) -> String {
        String(decoding: try apply(changes, comments: comments, to: Array(text.utf8), file: file), as: UTF8.self)
    }

    /// `apply(_:comments:to:file:)` on the text's UTF-8 bytes (no byte-order mark), for a
    /// large file read as bytes: no copy of it is made as a `String`, and the result is the
    /// `Data` to save.
    package static func apply(
        _ changes: [(key: String, value: String)], comments: CommentTable, to bytes: [UInt8], file: StringsFile?
    ) throws(Diagnostic) -> Data {
        try apply(
            located: changes.map { change -> (key: String, value: String, location: SourceLocation?) in
                (change.key, change.value, file?.table.location(ofKey: change.key))
            }, comments: comments,
            to: bytes, file: file)
    }

    /// `apply(_:comments:to:file:)` with each change's place already known: where `file`
    /// defines its key (`StringTable.location(ofKey:)`), or nil for a key it lacks (appended).
    /// For a caller that found the keys in the table itself, so that each is not looked up again.
    package static func apply(
        located changes: [(key: String, value: String, location: SourceLocation?)], comments: CommentTable,
        to bytes: [UInt8], file: StringsFile?
    ) throws(Diagnostic) -> Data {
        // A .strings file written as a property list has no place for a `"key" = "value";`.
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, bytes[start] < 0x80, space(bytes, at: start) == 1 { start += 1 }
        if bytes[start...].starts(with: "<?xml".utf8) || bytes[start...].starts(with: "bplist".utf8) {
            throw Diagnostic(
                "a .strings file written as a property list is not edited in place; write it as text first",
                path: file?.table.files.first)
        }
        var offsets = Offsets(bytes: bytes)
        // By where each value starts: a key changed twice takes its last value.
        var replacements: [Int: (range: Range<Int>, text: [UInt8])] = [:]
        // Built as bytes, as the file is: a string per entry joined costs more than the edit.
        var appended: [UInt8] = []
        // New lines end as the file's last line does (they follow it): CRLF in a file written so.
        let lineEnd: [UInt8] =
            bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 > 0 && bytes[$0 - 1] == UInt8(ascii: "\r") } == true
            ? [0x0D, 0x0A] : [0x0A]
        var located: [(order: Int, key: String, value: String, location: SourceLocation)] = []
        for (order, (key, value, location)) in changes.enumerated() {
            guard let location else {
                appendEntry(key, value, comment: comments[key], lineEnd: lineEnd, to: &appended)
                continue
            }
            located.append((order, key, value, location))
        }
        // In the text's order, so that finding each takes a walk from the last on its line.
        located.sort {
            ($0.location.line, $0.location.column, $0.order) < ($1.location.line, $1.location.column, $1.order)
        }
        for (_, key, value, location) in located {
            var index = try offsets.offset(of: location)
            try skipToken(bytes, &index, location)
            skipSpace(bytes, &index)
            if index < bytes.count, bytes[index] == UInt8(ascii: ";") {
                // `"key";` reads as "key" = "key".
                var text = Array(" = ".utf8)
                StringsWriter.appendQuoted(value, to: &text)
                replacements[index] = (index..<index, text)
                continue
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw Diagnostic("cannot find the value of \"\(Diagnostic.quote(key))\" again", at: location)
            }
            index += 1
            skipSpace(bytes, &index)
            let start = index
            try skipToken(bytes, &index, location)
            var text: [UInt8] = []
            StringsWriter.appendQuoted(value, to: &text)
            replacements[start] = (start..<index, text)
        }
        return rebuilt(
            bytes, replacing: replacements.values.map { ($0.range, $0.text) }, appending: appended, lineEnd: lineEnd)
    }

    /// A new entry, after its comment, each line ended by `lineEnd`, appended to `bytes`.
    private static func appendEntry(
        _ key: String, _ value: String, comment: String?, lineEnd: [UInt8], to bytes: inout [UInt8]
    ) {
        if let comment {
            // A comment's own `*/` would end it early (looked for only in a comment with a star).
            let safe =
                comment.utf8.contains(UInt8(ascii: "*")) ? comment.replacingOccurrences(of: "*/", with: "* /") : comment
            bytes.append(contentsOf: "/* ".utf8)
            bytes.append(contentsOf: safe.utf8)
            bytes.append(contentsOf: " */".utf8)
            bytes.append(contentsOf: lineEnd)
        }
        StringsWriter.appendQuoted(key, to: &bytes)
        bytes.append(contentsOf: " = ".utf8)
        StringsWriter.appendQuoted(value, to: &bytes)
        bytes.append(UInt8(ascii: ";"))
        bytes.append(contentsOf: lineEnd)
    }

    /// The most times `removing` looks for a key defined again: a key defined more often than
    /// that is not removed (the edit is refused) rather than read again and again.
    static let removalRounds = 16

    /// `text` without the entries of `keys` (`file`: it parsed), every definition of each: a
    /// key defined twice would otherwise come back with its other value. Each entry goes with
    /// its line; the comment right above it goes too when nothing but a blank line, a comment
    /// or the end follows the entry (a comment heading several entries stays). Keys are told
    /// apart by their bytes, as in the file.
    package static func removing(_ keys: some Sequence<String>, from text: String, file: StringsFile)
        throws(Diagnostic) -> String
    {
        let removed = Set(keys.lazy.map(LiteralKey.init))
        var (keys, text, edited) = (removed, text, file)
        for _ in 0..<removalRounds {
            (text, edited) = try removingOnce(keys, from: text, file: edited)
            keys = keys.filter { edited.table.entry($0.string) != nil }
            guard keys.isEmpty else { continue }
            // A net under the editor: a result that lost or changed any entry but those removed
            // is refused, not written.
            guard keepsEveryOtherEntry(of: file.table, in: edited.table, removed: removed) else {
                throw Diagnostic(
                    "removing \(Self.named(removed)) would take other entries with it; nothing was removed",
                    path: file.table.files.first)
            }
            return text
        }
        throw Diagnostic(
            "\(Self.named(keys)) \(keys.count == 1 ? "is" : "are") defined more than \(removalRounds) times; "
                + "nothing was removed", path: file.table.files.first)
    }

    /// The keys, quoted, for a message: three at most.
    private static func named(_ keys: Set<LiteralKey>) -> String {
        let sorted = keys.map(\.string).sorted(byKey: { $0 })
        let shown = sorted.prefix(3).map { "\"\(Diagnostic.quote($0))\"" }.joined(separator: ", ")
        return (keys.count == 1 ? "key " : "keys ") + shown + (sorted.count > 3 ? " and \(sorted.count - 3) more" : "")
    }

    /// Whether `result` holds each entry of `original` but `removed` with the same value, and
    /// nothing else.
    package static func keepsEveryOtherEntry(
        of original: StringTable, in result: StringTable, removed: Set<LiteralKey>
    ) -> Bool {
        guard result.count == original.count - removed.filter({ original.contains($0.string) }).count else {
            return false
        }
        var intact = true
        original.forEachEntry(pairedWith: result) { record, value, kept in
            guard intact else { return }
            guard let kept else {
                intact = removed.contains(LiteralKey(original.keyAndValue(atRecord: record).key))
                return
            }
            intact = sameBytes(value, kept)
        }
        return intact
    }

    /// `text` without one definition of each of `keys` (the one `file` gives it), and the
    /// result read back.
    private static func removingOnce(_ keys: Set<LiteralKey>, from text: String, file: StringsFile)
        throws(Diagnostic) -> (String, StringsFile)
    {
        let bytes = Array(text.utf8)
        var offsets = Offsets(bytes: bytes)
        let comments = StringsBlockComments(bytes)
        var ranges: [Range<Int>] = []
        let located = keys.compactMap { key in file.table.entry(key.string).map { (key.string, $0.location) } }
            .sorted { ($0.1.line, $0.1.column) < ($1.1.line, $1.1.column) }
        for (key, location) in located {
            let keyStart = try offsets.offset(of: location)
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
            ranges.append(entryRange(keyStart..<index + 1, in: bytes, comments: comments))
        }
        let result = String(decoding: rebuilt(bytes, replacing: ranges.map { ($0, []) }), as: UTF8.self)
        // A result that no longer reads is refused, not written.
        do throws(Diagnostic) {
            return (result, try StringsParser.parse(result, path: file.table.files.first ?? ""))
        } catch {
            throw Diagnostic(
                "removing \(keys.count == 1 ? "an entry" : "entries") would leave the file unreadable "
                    + "(\(error.message)); nothing was removed", path: file.table.files.first)
        }
    }

    // MARK: The text's bytes
    //
    // The editor works on the text's UTF-8, as the reader does: the marks it looks for
    // (quotes, `=`, `;`, line feeds, comments, white space) are ASCII, which no byte of a longer
    // character can be, or U+2028 and U+2029, found by their three bytes. Only a location's
    // column, counted in Unicode scalars, needs characters' lengths.

    /// `bytes` with each range replaced, in one pass: copied once in order, not shifted for
    /// each range (which made changing many values of a large file quadratic). Ranges that
    /// overlap count as their union, replaced by the first one's text. `appended` goes at the
    /// end, on a line of its own (ended by `lineEnd` when the file's last line lacks an end).
    private static func rebuilt(
        _ bytes: [UInt8], replacing replacements: [(range: Range<Int>, with: [UInt8])],
        appending appended: [UInt8] = [],
        lineEnd: [UInt8] = [0x0A]
    ) -> Data {
        // Data, as files are written: the result is not copied again to be saved.
        var result = Data(
            capacity: bytes.count + appended.count + 2 + replacements.reduce(0) { $0 + $1.with.count })
        bytes.withUnsafeBufferPointer { bytes in
            var position = 0
            for replacement in replacements.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                if replacement.range.lowerBound >= position {
                    result.append(UnsafeBufferPointer(rebasing: bytes[position..<replacement.range.lowerBound]))
                    result.append(contentsOf: replacement.with)
                }
                position = max(position, replacement.range.upperBound)
            }
            result.append(UnsafeBufferPointer(rebasing: bytes[position...]))
        }
        guard !appended.isEmpty else { return result }
        // Entries go at the end, or before the closing brace of a file written as `{ … }`.
        var end = result.count
        while end > 0, result[end - 1] == 0x20 || (0x09...0x0D).contains(result[end - 1]) { end -= 1 }
        let closing = end > 0 && result[end - 1] == UInt8(ascii: "}") ? end - 1 : result.count
        var inserted: [UInt8] = []
        if closing > 0, result[closing - 1] != UInt8(ascii: "\n") { inserted.append(contentsOf: lineEnd) }
        inserted.append(contentsOf: appended)
        result.replaceSubrange(closing..<closing, with: inserted)
        return result
    }

    /// An entry's range grown to its whole lines, and to the comment right above it when the
    /// entry ends a paragraph.
    private static func entryRange(_ entry: Range<Int>, in bytes: [UInt8], comments: StringsBlockComments)
        -> Range<Int>
    {
        let (newline, carriageReturn, slash, star) = (
            UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "/"), UInt8(ascii: "*")
        )
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var start = entry.lowerBound
        while start > 0, isBlank(bytes[start - 1]) { start -= 1 }
        guard start == 0 || bytes[start - 1] == newline else { return entry }
        var end = entry.upperBound
        while end < bytes.count, isBlank(bytes[end]) { end += 1 }
        if end + 1 < bytes.count, bytes[end] == carriageReturn, bytes[end + 1] == newline { end += 1 }
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
        guard let open = comments.open(closingAt: close) else { return start..<end }
        var commentStart = open
        while commentStart > 0, isBlank(bytes[commentStart - 1]) { commentStart -= 1 }
        guard commentStart == 0 || bytes[commentStart - 1] == newline else { return start..<end }
        // A paragraph of its own after a blank line (LF or CRLF) takes that blank line with it.
        let blankBefore =
            commentStart >= 2 && bytes[commentStart - 2] == newline
            ? 1
            : commentStart >= 3 && bytes[commentStart - 2] == carriageReturn && bytes[commentStart - 3] == newline
                ? 2 : 0
        let nothingAfter = next == bytes.count || bytes[next] == newline || bytes[next] == carriageReturn
        return (nothingAfter ? commentStart - blankBefore : commentStart)..<end
    }

    /// Byte offsets of locations (a line, a column in Unicode scalars), lines counted as the
    /// reader counts them: after each line feed only. Each is found walking on from the last
    /// one asked for on its line, so locations asked for in the text's order cost one pass.
    private struct Offsets {
        let bytes: [UInt8]
        /// Where each line starts.
        let lineStarts: [Int]
        /// The last location found.
        var mark = (line: 0, column: 1, offset: 0)

        init(bytes: [UInt8]) {
            self.bytes = bytes
            var starts = [0]
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                var from = 0
                while from < buffer.count, let found = memchr(base + from, 0x0A, buffer.count - from) {
                    from = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                    starts.append(from)
                }
            }
            lineStarts = starts
        }

        mutating func offset(of location: SourceLocation) throws(Diagnostic) -> Int {
            guard location.line >= 1, location.line - 1 < lineStarts.count else {
                throw Diagnostic("cannot find the key again", at: location)
            }
            let column = max(location.column, 1)
            if mark.line != location.line || mark.column > column {
                mark = (location.line, 1, lineStarts[location.line - 1])
            }
            var index = mark.offset
            for _ in mark.column..<column where index < bytes.count { index += scalarLength(bytes[index]) }
            mark = (location.line, column, index)
            return index
        }
    }

    /// How many bytes the UTF-8 sequence that starts with `lead` takes.
    private static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// How many bytes of white space as the reader reads it start at `index` (one character):
    /// 0x09–0x0D, the space, U+2028 and U+2029, as CoreFoundation; 0 for anything else.
    private static func space(_ bytes: [UInt8], at index: Int) -> Int {
        let byte = bytes[index]
        if byte == 0x20 || (0x09...0x0D).contains(byte) { return 1 }
        return isLineSeparator(bytes, at: index) ? 3 : 0
    }

    /// Whether U+2028 or U+2029 starts at `index`.
    private static func isLineSeparator(_ bytes: [UInt8], at index: Int) -> Bool {
        index + 2 < bytes.count && bytes[index] == 0xE2 && bytes[index + 1] == 0x80
            && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
    }

    /// Moves past a quoted string (`"…"` or `'…'` with backslash escapes) or an unquoted word.
    private static func skipToken(_ bytes: [UInt8], _ index: inout Int, _ location: SourceLocation)
        throws(Diagnostic)
    {
        guard index < bytes.count else { throw Diagnostic("cannot find the entry again", at: location) }
        let quote = bytes[index]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            while index < bytes.count, bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ";"),
                space(bytes, at: index) == 0
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
            let skipped = space(bytes, at: index)
            if skipped > 0 {
                index += skipped
            } else if bytes[index] == slash, index + 1 < bytes.count, bytes[index + 1] == star {
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == star && bytes[index + 1] == slash) { index += 1 }
                index += 2
            } else if bytes[index] == slash, index + 1 < bytes.count, bytes[index + 1] == slash {
                // A line comment ends as the reader ends it: at \n, \r, U+2028 or U+2029.
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D,
                    !isLineSeparator(bytes, at: index)
                {
                    index += 1
                }
            } else {
                return
            }
        }
    }
}
