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
        let scalars = Array(text.unicodeScalars)
        let lineStarts = Self.lineStarts(scalars)
        // By where each value starts: a key changed twice takes its last value.
        var replacements: [Int: (range: Range<Int>, text: String)] = [:]
        var appended = ""
        for (key, value) in changes {
            guard let location = file?.table.entry(key)?.location else {
                appended += entry(key, value, comment: comments[key])
                continue
            }
            guard location.line - 1 < lineStarts.count else {
                throw Diagnostic("cannot find the key again", at: location)
            }
            var index = lineStarts[location.line - 1] + location.column - 1
            try skipToken(scalars, &index, location)
            skipSpace(scalars, &index)
            if index < scalars.count, scalars[index] == ";" {
                // `"key";` reads as "key" = "key".
                replacements[index] = (index..<index, " = \(StringsWriter.quoted(value))")
                continue
            }
            guard index < scalars.count, scalars[index] == "=" else {
                throw Diagnostic("cannot find the value of \"\(Diagnostic.quote(key))\" again", at: location)
            }
            index += 1
            skipSpace(scalars, &index)
            let start = index
            try skipToken(scalars, &index, location)
            replacements[start] = (start..<index, StringsWriter.quoted(value))
        }
        var result = rebuilt(scalars, replacing: replacements.values.map { ($0.range, $0.text.unicodeScalars) })
        if !appended.isEmpty {
            if !result.isEmpty && !result.hasSuffix("\n") { result += "\n" }
            result += appended
        }
        return result
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
        let scalars = Array(text.unicodeScalars)
        let lineStarts = Self.lineStarts(scalars)
        var ranges: [Range<Int>] = []
        for key in keys {
            guard let location = file.table.entry(key)?.location else { continue }
            guard location.line - 1 < lineStarts.count else {
                throw Diagnostic("cannot find the key again", at: location)
            }
            let keyStart = lineStarts[location.line - 1] + location.column - 1
            var index = keyStart
            try skipToken(scalars, &index, location)
            skipSpace(scalars, &index)
            if index < scalars.count, scalars[index] == "=" {
                index += 1
                skipSpace(scalars, &index)
                try skipToken(scalars, &index, location)
                skipSpace(scalars, &index)
            }
            guard index < scalars.count, scalars[index] == ";" else {
                throw Diagnostic("cannot find the end of \"\(Diagnostic.quote(key))\" again", at: location)
            }
            ranges.append(entryRange(keyStart..<index + 1, in: scalars))
        }
        return rebuilt(scalars, replacing: ranges.map { ($0, "".unicodeScalars) })
    }

    /// `scalars` with each range replaced, in one pass: copied once in order, not shifted
    /// for each range (which made changing many values of a large file quadratic). Ranges
    /// that overlap count as their union, replaced by the first one's scalars.
    private static func rebuilt(
        _ scalars: [Unicode.Scalar], replacing replacements: [(range: Range<Int>, with: String.UnicodeScalarView)]
    ) -> String {
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(scalars.count)
        var position = 0
        for replacement in replacements.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            if replacement.range.lowerBound >= position {
                result.append(contentsOf: scalars[position..<replacement.range.lowerBound])
                result.append(contentsOf: replacement.with)
            }
            position = max(position, replacement.range.upperBound)
        }
        result.append(contentsOf: scalars[position...])
        return String(String.UnicodeScalarView(result))
    }

    /// An entry's range grown to its whole lines, and to the comment right above it when the
    /// entry ends a paragraph.
    private static func entryRange(_ entry: Range<Int>, in scalars: [Unicode.Scalar]) -> Range<Int> {
        func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }
        var start = entry.lowerBound
        while start > 0, isBlank(scalars[start - 1]) { start -= 1 }
        guard start == 0 || scalars[start - 1] == "\n" else { return entry }
        var end = entry.upperBound
        while end < scalars.count, isBlank(scalars[end]) { end += 1 }
        guard end == scalars.count || scalars[end] == "\n" else { return entry }
        if end < scalars.count { end += 1 }
        // What follows: a blank line, a comment or the end closes the paragraph.
        var next = end
        while next < scalars.count, isBlank(scalars[next]) { next += 1 }
        let endsParagraph =
            next == scalars.count || scalars[next] == "\n" || scalars[next] == "\r"
            || (scalars[next] == "/" && next + 1 < scalars.count && "*/".unicodeScalars.contains(scalars[next + 1]))
        guard endsParagraph, start >= 3, scalars[start - 1] == "\n" else { return start..<end }
        // A `/* … */` ending the line above, starting a line of its own.
        var close = start - 2
        while close > 0, isBlank(scalars[close]) || scalars[close] == "\r" { close -= 1 }
        guard close >= 1, scalars[close] == "/", scalars[close - 1] == "*" else { return start..<end }
        var open = close - 2
        while open >= 0, !(scalars[open] == "/" && open + 1 < scalars.count && scalars[open + 1] == "*") { open -= 1 }
        guard open >= 0 else { return start..<end }
        var commentStart = open
        while commentStart > 0, isBlank(scalars[commentStart - 1]) { commentStart -= 1 }
        guard commentStart == 0 || scalars[commentStart - 1] == "\n" else { return start..<end }
        // A paragraph of its own after a blank line takes that blank line with it.
        let blankBefore = commentStart >= 2 && scalars[commentStart - 2] == "\n"
        let nothingAfter = next == scalars.count || scalars[next] == "\n" || scalars[next] == "\r"
        return (blankBefore && nothingAfter ? commentStart - 1 : commentStart)..<end
    }

    /// Where each line starts, counted as the reader counts lines (a line feed, a carriage
    /// return, or both together end a line).
    private static func lineStarts(_ scalars: [Unicode.Scalar]) -> [Int] {
        var starts = [0]
        for (index, scalar) in scalars.enumerated() {
            if scalar == "\n" || (scalar == "\r" && (index + 1 == scalars.count || scalars[index + 1] != "\n")) {
                starts.append(index + 1)
            }
        }
        return starts
    }

    /// Moves past a quoted string (`"…"` or `'…'` with backslash escapes) or an unquoted word.
    private static func skipToken(_ scalars: [Unicode.Scalar], _ index: inout Int, _ location: SourceLocation)
        throws(Diagnostic)
    {
        guard index < scalars.count else { throw Diagnostic("cannot find the entry again", at: location) }
        let quote = scalars[index]
        guard quote == "\"" || quote == "'" else {
            while index < scalars.count, scalars[index] != "=", scalars[index] != ";",
                !scalars[index].properties.isWhitespace
            {
                index += 1
            }
            return
        }
        index += 1
        while index < scalars.count, scalars[index] != quote {
            index += scalars[index] == "\\" ? 2 : 1
        }
        guard index < scalars.count else { throw Diagnostic("cannot find the entry again", at: location) }
        index += 1
    }

    /// White space and comments.
    private static func skipSpace(_ scalars: [Unicode.Scalar], _ index: inout Int) {
        while index < scalars.count {
            if scalars[index].properties.isWhitespace {
                index += 1
            } else if scalars[index] == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                index += 2
                while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") { index += 1 }
                index += 2
            } else if scalars[index] == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            } else {
                return
            }
        }
    }
}
