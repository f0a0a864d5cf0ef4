import Diagnostics
import FileFormats
import Foundation
import Localization

/// An XLIFF 1.2 file as read: its `<file>` elements and their `trans-unit`s (in `<body>`,
/// or in `<group>`s inside it), each with the line it starts on. Read with the package's own
/// XML reader (`XMLScanner`): no size limit; text that is not UTF-8, an entity other than the
/// five predefined ones and character references, a DTD declaring entities, or an element
/// inside a `source`, `target` or `note` (FlavorKit reads and writes plain text only) is an
/// error at its line and column, never text dropped. Elements FlavorKit does not use
/// (`header`, `alt-trans`, …) are skipped.
public struct XLIFFFile: Sendable {
    /// One `<file>` element.
    public struct Section: Sendable, Hashable {
        /// The development language's file, relative to the catalog folder.
        public var original: String
        /// `source-language`.
        public var sourceLanguage: String?
        /// `target-language`: the language of the targets.
        public var targetLanguage: String?
        /// `product-name`, which FlavorKit writes for a flavor.
        public var productName: String?
        /// Its trans-units, in order.
        public var units: [Unit]
        /// Where the `<file>` element is.
        public var location: SourceLocation
    }

    /// One `trans-unit`.
    public struct Unit: Sendable, Hashable {
        /// The `id` attribute.
        public var id: String
        /// False for `translate="no"` (a text not to be translated, as Xcode marks one).
        public var isTranslatable = true
        /// The `<source>` text.
        public var source: String?
        /// The `<target>` text, when there is one.
        public var target: String?
        /// The target's `state` (`translated`, `needs-review-l10n`, …).
        public var state: String?
        /// The `<note>`: the developer's comment.
        public var note: String?
        /// The export mark (`<note from="flavorkit-exported">`), when the export wrote one.
        public var exportMark: String?
        /// The development text a translation to review was made from
        /// (`<note from="flavorkit-previous-source">`), when the export wrote one.
        public var previousSource: String?
        /// Where the `trans-unit` is.
        public var location: SourceLocation
    }

    /// The file read.
    public var path: String
    /// Its `<file>` elements, in order.
    public var sections: [Section]

    /// Reads a file from disk: a regular file (see `InputFile`).
    public init(contentsOf url: URL) throws(Diagnostic) {
        try self.init(try InputFile.read(url, limit: InputFile.textLimit), path: url.path)
    }

    /// Reads XLIFF text (UTF-8, or UTF-16 with a byte-order mark); `path` names it in diagnostics.
    public init(_ data: Data, path: String) throws(Diagnostic) {
        self.path = path
        let read = data.withUnsafeBytes { raw in
            Result { () throws(Diagnostic) -> [Section] in
                try TextDecoding.withUTF8(raw.bindMemory(to: UInt8.self), path: path) { text throws(Diagnostic) in
                    var reading = XLIFFReading(text: text, path: path)
                    do throws(XMLScanner.Failure) {
                        return try reading.document()
                    } catch {
                        throw Diagnostic(error.message, at: reading.location(at: error.offset))
                    }
                }
            }
        }
        sections = try read.get()
    }
}

/// One pass of `XMLScanner` over an XLIFF document, collecting what `XLIFFFile` holds.
private struct XLIFFReading {
    private var scanner: XMLScanner
    private var positions: TextPositions
    private var sections: [XLIFFFile.Section] = []
    /// How deeply `<group>`s may nest.
    private static let maximumGroups = 32

    init(text: UnsafeBufferPointer<UInt8>, path: String) {
        scanner = XMLScanner(text)
        positions = TextPositions(text: text, path: path)
    }

    mutating func location(at offset: Int) -> SourceLocation { positions.location(at: offset) }

    mutating func document() throws(XMLScanner.Failure) -> [XLIFFFile.Section] {
        try scanner.skipMisc()
        guard scanner.isStartTag() else {
            throw scanner.isAtEnd
                ? XMLScanner.Failure(message: "no XLIFF in the file", offset: scanner.offset)
                : scanner.unexpected("(expected the <xliff> element)")
        }
        let root = try scanner.openTag()
        guard root.name.is("xliff") else {
            throw XMLScanner.Failure(
                message: "not XLIFF: the document is <\(Diagnostic.quote(root.name.string))>, not <xliff>",
                offset: root.offset)
        }
        try children(of: root) { reading, tag throws(XMLScanner.Failure) in
            if tag.name.is("file") { try reading.file(tag) } else { try reading.scanner.skipElement(tag) }
        }
        try scanner.skipMisc()
        if !scanner.isAtEnd { throw scanner.unexpected("after the <xliff> element") }
        return sections
    }

    /// Calls `body` with each child element of `tag` (its start tag just read), skipping what
    /// lies between them, then reads `tag`'s end tag.
    private mutating func children(
        of tag: XMLScanner.Tag, _ body: (inout XLIFFReading, XMLScanner.Tag) throws(XMLScanner.Failure) -> Void
    ) throws(XMLScanner.Failure) {
        guard !tag.isEmpty else { return }
        while true {
            try scanner.skipToTag()
            if scanner.isCloseTag() || scanner.isAtEnd {
                try scanner.close(tag)
                return
            }
            try body(&self, try scanner.openTag())
        }
    }

    private mutating func attributes(of tag: XMLScanner.Tag) throws(XMLScanner.Failure) -> [String: String] {
        Dictionary(try scanner.attributes(of: tag).map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    private mutating func file(_ tag: XMLScanner.Tag) throws(XMLScanner.Failure) {
        let attributes = try attributes(of: tag)
        guard let original = attributes["original"] else {
            throw XMLScanner.Failure(message: "a <file> without original", offset: tag.offset)
        }
        sections.append(
            XLIFFFile.Section(
                original: original, sourceLanguage: attributes["source-language"],
                targetLanguage: attributes["target-language"], productName: attributes["product-name"],
                units: [], location: positions.location(at: tag.offset)))
        try children(of: tag) { reading, child throws(XMLScanner.Failure) in
            if child.name.is("body") {
                try reading.units(in: child, depth: 0)
            } else {
                try reading.scanner.skipElement(child)
            }
        }
    }

    /// The trans-units of a `<body>` or `<group>`.
    private mutating func units(in tag: XMLScanner.Tag, depth: Int) throws(XMLScanner.Failure) {
        guard depth < Self.maximumGroups else {
            throw XMLScanner.Failure(message: "<group>s nest too deeply", offset: tag.offset)
        }
        try children(of: tag) { reading, child throws(XMLScanner.Failure) in
            if child.name.is("trans-unit") {
                try reading.unit(child)
            } else if child.name.is("group") {
                try reading.units(in: child, depth: depth + 1)
            } else {
                try reading.scanner.skipElement(child)
            }
        }
    }

    private mutating func unit(_ tag: XMLScanner.Tag) throws(XMLScanner.Failure) {
        let attributes = try attributes(of: tag)
        guard let id = attributes["id"] else {
            throw XMLScanner.Failure(message: "a <trans-unit> without id", offset: tag.offset)
        }
        var unit = XLIFFFile.Unit(id: id, location: positions.location(at: tag.offset))
        unit.isTranslatable = attributes["translate"] != "no"
        try children(of: tag) { reading, child throws(XMLScanner.Failure) in
            if child.name.is("source") {
                unit.source = try reading.scanner.content(of: child)
            } else if child.name.is("target") {
                unit.state = try reading.attributes(of: child)["state"]
                unit.target = try reading.scanner.content(of: child)
            } else if child.name.is("note") {
                let from = try reading.attributes(of: child)["from"]
                let text = try reading.scanner.content(of: child)
                if from == XLIFFWriter.exportMarkAuthor {
                    unit.exportMark = text
                } else if from == XLIFFWriter.previousSourceAuthor {
                    unit.previousSource = text
                } else {
                    unit.note = text
                }
            } else {
                try reading.scanner.skipElement(child)
            }
        }
        sections[sections.count - 1].units.append(unit)
    }
}
