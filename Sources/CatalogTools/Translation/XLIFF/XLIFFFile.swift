import Diagnostics
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XLIFF 1.2 file as read: its `<file>` elements and their `trans-unit`s, each with the
/// line it starts on. Read with Foundation's `XMLParser`; a file that is no well-formed XML
/// is a diagnostic at the parser's position.
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
        /// Where the `trans-unit` is.
        public var location: SourceLocation
    }

    /// The file read.
    public var path: String
    /// Its `<file>` elements, in order.
    public var sections: [Section]

    /// Reads a file from disk.
    public init(contentsOf url: URL) throws(Diagnostic) {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw Diagnostic("cannot read the file", path: url.path)
        }
        try self.init(data, path: url.path)
    }

    /// Reads XLIFF text; `path` names it in diagnostics.
    public init(_ data: Data, path: String) throws(Diagnostic) {
        self.path = path
        let parser = XMLParser(data: data)
        let collector = Collector(path: path, parser: parser)
        parser.delegate = collector
        if !parser.parse() {
            throw collector.problem
                ?? Diagnostic(
                    "not well-formed XML (\(parser.parserError.map { "\($0.localizedDescription)" } ?? "unknown error"))",
                    at: SourceLocation(path: path, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
                )
        }
        if let problem = collector.problem { throw problem }
        sections = collector.sections
    }

    /// The parser's delegate: collects sections and units, and the text of `source` and `target`.
    private final class Collector: NSObject, XMLParserDelegate {
        let path: String
        unowned let parser: XMLParser
        var sections: [Section] = []
        var unit: Unit?
        var text: String?
        var isMark = false
        var problem: Diagnostic?

        init(path: String, parser: XMLParser) {
            self.path = path
            self.parser = parser
        }

        var location: SourceLocation {
            SourceLocation(path: path, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
        }

        func fail(_ message: String) {
            if problem == nil { problem = Diagnostic(message, at: location) }
            parser.abortParsing()
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch name {
            case "file":
                guard let original = attributes["original"] else { return fail("a <file> without original") }
                sections.append(
                    Section(
                        original: original, sourceLanguage: attributes["source-language"],
                        targetLanguage: attributes["target-language"], productName: attributes["product-name"],
                        units: [], location: location))
            case "trans-unit":
                guard !sections.isEmpty else { return fail("a <trans-unit> outside <file>") }
                guard let id = attributes["id"] else { return fail("a <trans-unit> without id") }
                unit = Unit(id: id, location: location)
            case "source", "target", "note":
                guard unit != nil else { return }
                text = ""
                if name == "target" { unit?.state = attributes["state"] }
                isMark = name == "note" && attributes["from"] == XLIFFWriter.exportMarkAuthor
            default:
                if text != nil { fail("<\(name)> inside a text (FlavorKit writes plain text only)") }
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text? += string
        }

        func parser(
            _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
        ) {
            switch name {
            case "source":
                unit?.source = text
                text = nil
            case "target":
                unit?.target = text
                text = nil
            case "note" where isMark:
                unit?.exportMark = text
                text = nil
            case "note":
                unit?.note = text
                text = nil
            case "trans-unit":
                if let unit { sections[sections.count - 1].units.append(unit) }
                unit = nil
            default: break
            }
        }
    }
}
