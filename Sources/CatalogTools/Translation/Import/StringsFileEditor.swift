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
        var scalars = Array(text.unicodeScalars)
        let lineStarts = Self.lineStarts(scalars)
        var replacements: [(range: Range<Int>, text: String)] = []
        var appended = ""
        for (key, value) in changes {
            guard let location = file?.table.entry(key)?.location else {
                if let comment = comments[key] {
                    appended += "/* \(comment.replacingOccurrences(of: "*/", with: "* /")) */\n"
                }
                appended += "\(StringsWriter.quoted(key)) = \(StringsWriter.quoted(value));\n"
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
                replacements.append((index..<index, " = \(StringsWriter.quoted(value))"))
                continue
            }
            guard index < scalars.count, scalars[index] == "=" else {
                throw Diagnostic("cannot find the value of \"\(Diagnostic.quote(key))\" again", at: location)
            }
            index += 1
            skipSpace(scalars, &index)
            let start = index
            try skipToken(scalars, &index, location)
            replacements.append((start..<index, StringsWriter.quoted(value)))
        }
        for replacement in replacements.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            scalars.replaceSubrange(replacement.range, with: Array(replacement.text.unicodeScalars))
        }
        var result = String(String.UnicodeScalarView(scalars))
        if !appended.isEmpty {
            if !result.isEmpty && !result.hasSuffix("\n") { result += "\n" }
            result += appended
        }
        return result
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
