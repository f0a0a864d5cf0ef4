import Diagnostics
import FileFormats

/// A large String Catalog's `strings` read in two parts at once by the runtime's reader
/// (`JSONReader.inTwoParts`, where the guess and its check are described). When the guess
/// holds, each language's second part is laid over its first (later definitions winning, as
/// in one pass), and the pending units, errors and languages with text are added up.
extension XCStringsReading {
    /// From this many bytes of `strings` on, they are read in two parts; below, the second
    /// thread would cost more than it saves.
    static let twoPartsFrom = 4 << 20

    /// Reads the members of `strings` up to `secondStart` here and from it on another core.
    mutating func readInTwoParts(secondFrom secondStart: Int) throws(JSONReader.Failure) {
        let (path, wanted, sourceLanguage) = (path, wanted, sourceLanguage)
        let (firstRead, second) = shapes.reader.inTwoParts(
            { Result { () throws(JSONReader.Failure) in try readMembers(first: true, stoppingAt: secondStart) } },
            { text in
                var second = XCStringsReading(text: text, path: path, wanted: wanted, twoPartsFrom: .max)
                second.sourceLanguage = sourceLanguage
                second.sourceKeysKept = []
                second.shapes.reader.offset = secondStart
                second.shapes.reader.line = second.positions.line(at: secondStart)
                let read = Result { () throws(JSONReader.Failure) in
                    _ = try second.readMembers(first: true, stoppingAt: nil)
                }
                return SecondPart(
                    read: read, plans: second.plans, content: second.content,
                    sourceKeysKept: second.sourceKeysKept ?? [],
                    end: (second.shapes.reader.offset, second.shapes.reader.line))
            })
        // Read to the end here: the guess was wrong (or an error came first), and this part was the one pass.
        guard try firstRead.get() == false else { return }
        // Read on here, as one pass does, where the second part's reading may differ from
        // it: a failure (it read fully a language one pass may skip); a key given in both
        // parts, a plural in either; a key kept as its own source text in the second part
        // that the first part's source language has (one pass keeps the first).
        guard case .success = second.read, !second.plans.contains(where: sharesPluralKey),
            !second.sourceKeysKept.contains(where: hasSourceText)
        else {
            _ = try readMembers(first: true, stoppingAt: nil)
            return
        }
        for later in second.plans {
            let index = plan(named: later.name, code: later.code)
            plans[index].usable = plans[index].usable || later.usable
            plans[index].part.lay(later.part)
        }
        content.errors += second.content.errors
        content.pending += second.content.pending
        content.usableLanguages.formUnion(second.content.usableLanguages)
        resume(at: second.end.offset, line: second.end.line)
    }

    /// Whether the first part's source language has a text or plural entry for `key`.
    private func hasSourceText(_ key: String) -> Bool {
        guard let sourcePlan else { return false }
        return plans[sourcePlan].part.text.contains(key) || plans[sourcePlan].part.plurals[key] != nil
    }

    /// Whether the first part's language of `later` has a key `later` has too, as a plural
    /// entry in one part or the other.
    private func sharesPluralKey(_ later: LanguagePlan) -> Bool {
        guard let earlier = plans.first(where: { $0.name == later.name })?.part else { return false }
        return later.part.plurals.keys.contains { earlier.text.contains($0) || earlier.plurals[$0] != nil }
            || earlier.plurals.keys.contains { later.part.text.contains($0) }
    }
}

/// What the second part read.
private struct SecondPart: Sendable {
    let read: Result<Void, JSONReader.Failure>
    let plans: [XCStringsReading.LanguagePlan]
    let content: XCStringsContent
    /// Keys it kept as their own source-language text.
    let sourceKeysKept: [String]
    /// The reader's offset and line after `strings`' `}`.
    let end: (offset: Int, line: Int)
}
