import Diagnostics
import FileFormats

/// One pass of `JSONReader` over a String Catalog's text that keeps everything: the tools'
/// reader behind `StringCatalog(_:path:)`. Malformed JSON, or a document that is not a String
/// Catalog, is the one error of the result; a value of the wrong shape inside an entry is an
/// error at its position, and the entry is left out.
struct StringCatalogReading {
    var shapes: CatalogShapeReader
    var positions: TextPositions
    let path: String
    var catalog: StringCatalog
    let wanted: Set<LanguageTag>?
    /// Each language code met: whether it is wanted, and whether it is known to have text.
    var codes: [(code: String, wanted: Bool, hasText: Bool)] = []
    /// How many localizations the entry read before this one kept.
    var localizationsBefore = 0
    /// The codes of languages not wanted that were read (not skipped) until they showed text.
    var probedCodes: Set<String> = []

    /// From how many bytes of `strings` on they are read in two parts (`readInTwoParts`).
    let twoPartsFrom: Int

    init(text: UnsafeBufferPointer<UInt8>, path: String, languages: Set<LanguageTag>?, twoPartsFrom: Int) {
        self.twoPartsFrom = twoPartsFrom
        shapes = CatalogShapeReader(JSONReader(text), keepsEverything: true)
        positions = TextPositions(text: text, path: path)
        self.path = path
        wanted = languages
        catalog = StringCatalog(sourceLanguage: "", version: nil, path: path)
        catalog.readLanguages = languages
    }

    mutating func read() -> StringCatalog {
        do {
            try readDocument()
        } catch {
            let location = positions.location(at: error.offset)
            let message = error.isSyntax ? "not valid JSON: \(error.message)" : "not a String Catalog: \(error.message)"
            catalog = StringCatalog(sourceLanguage: "", version: nil, path: path)
            catalog.record(Diagnostic(message, at: location))
            return catalog
        }
        for (name, offset) in shapes.unknown {
            catalog.record(unknown: name, at: positions.location(at: offset))
        }
        return catalog
    }

    var reader: JSONReader {
        get { shapes.reader }
        _modify { yield &shapes.reader }
    }

    private mutating func readDocument() throws(JSONReader.Failure) {
        let text = reader.text
        if text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF { reader.offset = 3 }
        guard try reader.kind() == .object else { throw shapes.shape("the top level must be an object") }
        try reader.beginObject()
        var first = true
        var sawSource = false, sawStrings = false
        while let key = try reader.nextKey(first: &first) {
            if reader.token(key, is: "sourceLanguage") {
                guard try reader.kind() == .string else { throw shapes.shape("\"sourceLanguage\" must be a string") }
                catalog.sourceLanguage = try reader.string()
                sawSource = true
            } else if reader.token(key, is: "strings") {
                guard try reader.kind() == .object else { throw shapes.shape("\"strings\" must be an object") }
                sawStrings = true
                try readStrings()
            } else if reader.token(key, is: "version") {
                guard try reader.kind() == .string else { throw shapes.shape("\"version\" must be a string") }
                catalog.version = try reader.string()
            } else {
                try shapes.other(key, in: "the catalog", into: &catalog.otherFields)
            }
        }
        try reader.end()
        guard sawSource else { throw shapes.shape("\"sourceLanguage\" is missing", at: 0) }
        guard sawStrings else { throw shapes.shape("\"strings\" is missing", at: 0) }
        catalog.endsWithLineBreak = StringCatalog.endsWithLineBreak(text)
    }

    /// The `strings` object: key → entry. An entry with a value of the wrong shape is
    /// reported and left out (the rest of it still checked as JSON), as the runtime leaves it out.
    private mutating func readStrings() throws(JSONReader.Failure) {
        try reader.beginObject()
        // A large catalog's second half is read on another core (`readInTwoParts`).
        if let second = reader.secondPartStart(from: twoPartsFrom) {
            try readInTwoParts(secondFrom: second)
        } else {
            _ = try readMembers(first: true, stoppingAt: nil)
        }
    }

    /// Reads the members of `strings` from the reader's offset (`first`: no `,` before the
    /// first one) until its `}` (true), or until the member whose key starts at `stop` is
    /// next (false; the reader then at that key).
    mutating func readMembers(first: Bool, stoppingAt stop: Int?) throws(JSONReader.Failure) -> Bool {
        var first = first
        while true {
            if let stop, reader.offset < stop, reader.reachesMember(at: stop) { return false }
            guard let token = try reader.nextKey(first: &first) else { return true }
            var entry = StringCatalog.Entry(key: reader.decode(token))
            entry.line = reader.line
            let (start, startLine) = (reader.offset, reader.line)
            do {
                try readEntry(&entry)
                catalog.append(entry)
            } catch  where !error.isSyntax {
                record(error, key: entry.key)
                reader.offset = start
                reader.line = startLine
                try reader.skipValue()
            }
        }
    }

    private mutating func readEntry(_ entry: inout StringCatalog.Entry) throws(JSONReader.Failure) {
        guard try reader.kind() == .object else { throw shapes.shape("an entry of \"strings\" must be an object") }
        try reader.beginObject()
        var first = true
        while let field = try reader.nextKey(first: &first) {
            if reader.token(field, is: "localizations") {
                guard try reader.kind() == .object else { throw shapes.shape("\"localizations\" must be an object") }
                try reader.beginObject()
                // As many as the entry before: most entries have the same languages.
                entry.localizations.reserveCapacity(localizationsBefore)
                defer {
                    entry.localizations.trimCapacity()
                    localizationsBefore = entry.localizations.count
                }
                var firstLanguage = true
                while let code = try reader.nextKey(first: &firstLanguage) {
                    let language = self.language(reader.decode(code))
                    if codes[language].wanted {
                        let localization = try shapes.localization(depth: 0)
                        if !codes[language].hasText { noteText(of: localization, language: language) }
                        entry.localizations.append(localization, for: codes[language].code)
                    } else if !codes[language].hasText {
                        probedCodes.insert(codes[language].code)
                        // Read until it shows it has text, then skipped.
                        noteText(of: try shapes.localization(depth: 0), language: language)
                    } else {
                        try reader.skipValue()
                    }
                }
            } else if reader.token(field, is: "comment") {
                entry.comment = try string("comment")
            } else if reader.token(field, is: "extractionState") {
                entry.extractionState = StringCatalog.ExtractionState(rawValue: try string("extractionState"))
            } else if reader.token(field, is: "shouldTranslate") {
                entry.shouldTranslate = try bool("shouldTranslate")
            } else if reader.token(field, is: "isCommentAutoGenerated") {
                entry.isCommentAutoGenerated = try bool("isCommentAutoGenerated")
            } else if reader.token(field, is: "generatesSymbol") {
                entry.generatesSymbol = try bool("generatesSymbol")
            } else {
                try shapes.other(field, in: "an entry", into: &entry.otherFields)
            }
        }
    }

    /// The index of a language code in `codes`, added on its first appearance.
    private mutating func language(_ code: String) -> Int {
        if let index = codes.firstIndex(where: { $0.code == code }) { return index }
        let isWanted = wanted.map { set in LanguageTag(code).map(set.contains) ?? false } ?? true
        codes.append((code, isWanted, false))
        return codes.count - 1
    }

    /// Notes that a language has text when the localization says something the program
    /// shows (what `XCStringsFile.unit` makes of it, as the runtime's reader decides), or has
    /// a string set.
    private mutating func noteText(of localization: StringCatalog.Localization, language: Int) {
        func name(_ code: String) -> String { LanguageTag(code)?.description ?? code }
        let isSource = name(codes[language].code) == name(catalog.sourceLanguage)
        let location = SourceLocation(path: path, line: localization.line, column: 1)
        let unit = try? XCStringsFile.unit(localization, location: location, isSource: isSource)
        guard unit ?? nil != nil || localization.stringSet != nil else { return }
        codes[language].hasText = true
        catalog.languagesWithText.insert(codes[language].code)
    }

    private mutating func string(_ name: StaticString) throws(JSONReader.Failure) -> String {
        guard try reader.kind() == .string else { throw shapes.shape("\"\(name)\" must be a string") }
        return try reader.string()
    }

    private mutating func bool(_ name: StaticString) throws(JSONReader.Failure) -> Bool {
        guard try reader.kind() == .bool else { throw shapes.shape("\"\(name)\" must be true or false") }
        return try reader.bool()
    }

    private mutating func record(_ failure: JSONReader.Failure, key: String) {
        catalog.record(
            Diagnostic(
                "\(failure.message) (key \"\(Diagnostic.quote(key))\")", at: positions.location(at: failure.offset)))
    }
}

extension StringCatalog {
    /// Whether a catalog's text ends with a line break after its closing brace (spaces, tabs
    /// and carriage returns after it aside).
    package static func endsWithLineBreak(_ text: some BidirectionalCollection<UInt8>) -> Bool {
        guard let last = text.lastIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return false }
        return text[last] == 0x0A
    }
}
