extension SwiftSource {
    /// `text` as a multi-line raw string literal whose value is exactly `text`, for source a
    /// person reads and reviews (an inline snapshot): `#"""`, a line of `indentation` and the
    /// text per line, then `indentation` and `"""#`. It has the fewest `#` its content needs
    /// (none when it holds no backslash and no `"""`). What a reader could not see or an editor
    /// would change is written as an escape (`\#u{1B}`): every character
    /// `Escaper.isHiddenInSwift` names but tab and line feed (a carriage return, ESC, DEL, the
    /// bidirectional controls), and the last space or tab of a line, which editors trim. An
    /// empty line is written empty, without indentation. The empty text is `""`.
    package static func multilineLiteral(_ text: String, indentation: String) -> String {
        guard !text.isEmpty else { return "\"\"" }
        let hashes = String(repeating: "#", count: rawDelimiterCount(for: text))
        let escape = "\\" + hashes
        var literal = hashes + "\"\"\"\n"
        // By scalars: a CRLF is one `Character`, whose CR must be escaped.
        for line in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.isEmpty { literal += indentation }
            let scalars = Array(line)
            for (index, scalar) in scalars.enumerated() {
                let isLast = index == scalars.count - 1
                if (scalar != "\t" && Escaper.isHiddenInSwift(scalar)) || (isLast && (scalar == " " || scalar == "\t"))
                {
                    literal += escape + "u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    literal.unicodeScalars.append(scalar)
                }
            }
            literal += "\n"
        }
        return literal + indentation + "\"\"\"" + hashes
    }

    /// The fewest `#` around a multi-line literal of `text`: none of its backslashes may start
    /// an escape and no `"""` in it may close the literal.
    package static func rawDelimiterCount(for text: String) -> Int {
        let bytes = Array(text.utf8)
        // The longest run of `#` after a backslash or after `"""`, or -1 when neither occurs.
        var longest = -1
        var index = 0
        while index < bytes.count {
            var end: Int?
            if bytes[index] == UInt8(ascii: "\\") {
                end = index + 1
            } else if index + 2 < bytes.count, bytes[index] == UInt8(ascii: "\""), bytes[index + 1] == bytes[index],
                bytes[index + 2] == bytes[index]
            {
                end = index + 3
            }
            if var run = end {
                while run < bytes.count, bytes[run] == UInt8(ascii: "#") { run += 1 }
                longest = max(longest, run - end!)
            }
            index += 1
        }
        return longest + 1
    }
}
