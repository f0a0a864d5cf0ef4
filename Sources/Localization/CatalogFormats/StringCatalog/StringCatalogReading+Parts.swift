import Diagnostics
import Dispatch
import FileFormats
import Synchronization

/// A large String Catalog's `strings` read in two parts at once, one per core.
///
/// Where the second part starts is a guess: the first key, past the middle of the text, at
/// the indentation of the first entry's key (Xcode writes one member a line). JSON has no
/// line break inside a string, so the guess is at least outside any string; but it may be
/// a key deeper down. The first part, read from the true start, settles it: the guess is
/// right only when that part reaches it exactly as the next member of `strings`. Then the
/// second part's entries, errors and findings follow the first's, as one pass would have
/// them. Otherwise the first part reads on to the end as one pass would, and the second
/// part's work is dropped.
extension StringCatalogReading {
    /// From this many bytes of `strings` on, they are read in two parts; below, the second
    /// thread would cost more than it saves.
    static let twoPartsFrom = 4 << 20

    /// Where a second part may start: the offset of its first key's `"`; nil for a small
    /// catalog, or one not laid out a member a line. The reader is just after `strings`' `{`.
    func secondPartStart() -> Int? {
        let text = reader.text
        let start = reader.offset
        guard text.count - start >= twoPartsFrom else { return nil }
        var probe = reader
        probe.skipWhitespace()
        let firstKey = probe.offset
        guard firstKey < text.count, text[firstKey] == UInt8(ascii: "\"") else { return nil }
        // The first key's indentation: the spaces and tabs after the line break before it.
        var lineStart = firstKey
        while lineStart > start, text[lineStart - 1] == 0x20 || text[lineStart - 1] == 0x09 { lineStart -= 1 }
        guard lineStart > start, text[lineStart - 1] == 0x0A else { return nil }
        let indentation = firstKey - lineStart
        // The first line past the middle indented the same, with a key; looked for within 1 MB.
        var index = start + (text.count - start) / 2
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

    /// Reads the members of `strings` up to `secondStart` here and from it on another core;
    /// see the type's comment.
    mutating func readInTwoParts(secondFrom secondStart: Int) throws(JSONReader.Failure) {
        let text = SharedText(bytes: reader.text)
        let (path, wanted, sourceLanguage) = (path, wanted, catalog.sourceLanguage)
        let secondPart = Mutex<SecondPart?>(nil)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            var second = StringCatalogReading(text: text.bytes, path: path, languages: wanted, twoPartsFrom: .max)
            second.catalog.sourceLanguage = sourceLanguage
            second.reader.offset = secondStart
            second.reader.line = second.positions.line(at: secondStart)
            let read = Result { () throws(JSONReader.Failure) in
                _ = try second.readMembers(first: true, stoppingAt: nil)
            }
            let part = SecondPart(
                read: read, entries: second.catalog.entries, errors: second.catalog.errors,
                languagesWithText: second.catalog.languagesWithText, unknown: second.shapes.unknown,
                end: (second.reader.offset, second.reader.line))
            secondPart.withLock { $0 = part }
        }
        let firstRead = Result { () throws(JSONReader.Failure) in try readMembers(first: true, stoppingAt: secondStart)
        }
        group.wait()
        // Read to the end here: the guess was wrong (or an error came first), and this part was the one pass.
        guard try firstRead.get() == false, let second = secondPart.withLock({ $0.take() }) else { return }
        try second.read.get()
        catalog.append(contentsOf: second.entries)
        second.errors.forEach { catalog.record($0) }
        catalog.languagesWithText.formUnion(second.languagesWithText)
        shapes.unknown += second.unknown
        (reader.offset, reader.line) = second.end
    }
}

/// What the second part read.
private struct SecondPart: Sendable {
    let read: Result<Void, JSONReader.Failure>
    let entries: [StringCatalog.Entry]
    let errors: [Diagnostic]
    let languagesWithText: Set<String>
    let unknown: [(name: String, offset: Int)]
    /// The reader's offset and line after `strings`' `}`.
    let end: (offset: Int, line: Int)
}

/// The catalog's bytes, read by both parts: only read, and alive until both are done
/// (`readInTwoParts` waits for the second).
private struct SharedText: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
}
