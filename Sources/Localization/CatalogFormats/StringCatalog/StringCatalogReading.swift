import Diagnostics

/// One pass of `JSONReader` over a String Catalog's text that keeps everything: the tools'
/// reader behind `StringCatalog(_:path:)`. Malformed JSON, or a document that is not a String
/// Catalog, is the one error of the result; a value of the wrong shape inside an entry is an
/// error at its position, and the entry is left out.
struct StringCatalogReading {
    private var shapes: CatalogShapeReader
    private var positions: TextPositions
    private let path: String
    private var catalog: StringCatalog

    init(text: UnsafeBufferPointer<UInt8>, path: String) {
        shapes = CatalogShapeReader(JSONReader(text), keepsEverything: true)
        positions = TextPositions(text: text, path: path)
        self.path = path
        catalog = StringCatalog(sourceLanguage: "", version: nil, path: path)
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

    private var reader: JSONReader {
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
        var end = text.count
        while end > 0, text[end - 1] == 0x20 || text[end - 1] == 0x09 || text[end - 1] == 0x0D { end -= 1 }
        catalog.endsWithLineBreak = end > 0 && text[end - 1] == 0x0A
    }

    /// The `strings` object: key → entry. An entry with a value of the wrong shape is
    /// reported and left out (the rest of it still checked as JSON), as the runtime leaves it out.
    private mutating func readStrings() throws(JSONReader.Failure) {
        try reader.beginObject()
        var first = true
        while let token = try reader.nextKey(first: &first) {
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
                var firstLanguage = true
                while let code = try reader.nextKey(first: &firstLanguage) {
                    let language = reader.decode(code)
                    entry.localizations.append(try shapes.localization(depth: 0), for: language)
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
