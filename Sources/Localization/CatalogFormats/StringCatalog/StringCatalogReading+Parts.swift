import Diagnostics
import FileFormats

/// A large String Catalog's `strings` read in two parts at once (`JSONReader.inTwoParts`,
/// where the guess and its check are described). When the guess holds, the second part's
/// entries, errors and findings follow the first's, as one pass would have them.
extension StringCatalogReading {
    /// From this many bytes of `strings` on, they are read in two parts; below, the second
    /// thread would cost more than it saves.
    static let twoPartsFrom = 4 << 20

    /// Reads the members of `strings` up to `secondStart` here and from it on another core.
    mutating func readInTwoParts(secondFrom secondStart: Int) throws(JSONReader.Failure) {
        let (path, wanted, sourceLanguage) = (path, wanted, catalog.sourceLanguage)
        let (firstRead, second) = reader.inTwoParts(
            { Result { () throws(JSONReader.Failure) in try readMembers(first: true, stoppingAt: secondStart) } },
            { text in
                var second = StringCatalogReading(text: text, path: path, languages: wanted, twoPartsFrom: .max)
                second.catalog.sourceLanguage = sourceLanguage
                second.reader.offset = secondStart
                second.reader.line = second.positions.line(at: secondStart)
                let read = Result { () throws(JSONReader.Failure) in
                    _ = try second.readMembers(first: true, stoppingAt: nil)
                }
                return SecondPart(
                    read: read, entries: second.catalog.entries, errors: second.catalog.errors,
                    languagesWithText: second.catalog.languagesWithText, unknown: second.shapes.unknown,
                    probedCodes: second.probedCodes, end: (second.reader.offset, second.reader.line))
            })
        // Read to the end here: the guess was wrong (or an error came first), and this part was the one pass.
        guard try firstRead.get() == false else { return }
        // The second part cannot know which languages the first found text in: it reads a
        // language not wanted until it shows text, where one pass skips it. That read is
        // the same as skipping unless it found something (an error, a field not known); then,
        // and when the second part failed, read on here as one pass.
        let probedKnown = second.probedCodes.contains { code in codes.contains { $0.code == code && $0.hasText } }
        guard case .success = second.read, !(probedKnown && !(second.errors.isEmpty && second.unknown.isEmpty))
        else {
            _ = try readMembers(first: true, stoppingAt: nil)
            return
        }
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
    /// The codes of languages not wanted that it read until they showed text.
    let probedCodes: Set<String>
    /// The reader's offset and line after `strings`' `}`.
    let end: (offset: Int, line: Int)
}
