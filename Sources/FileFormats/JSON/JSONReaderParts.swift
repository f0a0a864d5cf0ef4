/// A large JSON object's members read in two parts at once, one per core: what the String
/// Catalog readers do with `strings`.
///
/// Where the second part starts is a guess: the first key, past the middle of the text, at
/// the indentation of the object's first key (one member a line, as Xcode writes). JSON has
/// no line break inside a string, so the guess is at least outside any string; but it may
/// be a key deeper down. The first part, read from the true start, settles it: the guess is
/// right only when that part reaches it exactly as its next member
/// (`reachesMember(at:)`). Otherwise the first part reads on to the end as one pass would,
/// and the second part's work is dropped.
extension JSONReader {
    /// Where a second part may start on the members of the object being read (the reader
    /// just after its `{`): the offset of its first key's `"`. Nil when fewer than
    /// `minimumBytes` follow, or when the object is not laid out one member a line.
    package func secondPartStart(from minimumBytes: Int) -> Int? {
        let start = offset
        guard text.count - start >= minimumBytes else { return nil }
        var probe = self
        probe.skipWhitespace()
        let firstKey = probe.offset
        guard firstKey < text.count, text[firstKey] == UInt8(ascii: "\"") else { return nil }
        // The first key's indentation: the spaces and tabs after the line break before it.
        var lineStart = firstKey
        while lineStart > start, text[lineStart - 1] == 0x20 || text[lineStart - 1] == 0x09 { lineStart -= 1 }
        guard lineStart > start, text[lineStart - 1] == 0x0A else { return nil }
        let indentation = firstKey - lineStart
        // The first line indented the same, with a key, past the middle and a twentieth more:
        // the second part first counts the first part's lines, about a tenth of the cost of
        // reading them. Looked for within 1 MB.
        var index = start + (text.count - start) * 21 / 40
        let limit = min(text.count, index + 1 << 20)
        while index < limit {
            guard text[index] == 0x0A else {
                index += 1
                continue
            }
            let key = index + 1 + indentation
            if key < text.count, text[key] == UInt8(ascii: "\""),
                (0..<indentation).allSatisfy({ text[index + 1 + $0] == text[lineStart + $0] })
            {
                return key
            }
            index += 1
        }
        return nil
    }

    /// Whether only white space and a `,` lie between the reader and `offset`, the start of
    /// a member of the object being read; the reader then moves there.
    package mutating func reachesMember(at memberStart: Int) -> Bool {
        var probe = self
        probe.skipWhitespace()
        guard probe.offset < memberStart, probe.text[probe.offset] == UInt8(ascii: ",") else { return false }
        probe.offset += 1
        probe.skipWhitespace()
        guard probe.offset == memberStart else { return false }
        self = probe
        return true
    }

    /// Runs `second` on another thread, given the text, while `first` runs on this one; both
    /// results once both are done (the text stays alive until then).
    package func inTwoParts<First, Second: Sendable>(
        _ first: () -> First, _ second: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Second
    ) -> (First, Second) {
        let text = SharedText(bytes: text)
        return alongside(first, { second(text.bytes) })
    }
}

/// The text both parts read: only read, and alive until both are done (`inTwoParts` waits
/// for the second).
private struct SharedText: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
}
