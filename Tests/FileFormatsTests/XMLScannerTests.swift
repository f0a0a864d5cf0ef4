import FileFormats
import Testing

@Suite("The XML scanner")
struct XMLScannerTests {
    /// The text of the document's one element, or the scanner's failure message.
    static func content(_ document: String) -> Result<String, XMLScanner.Failure> {
        var bytes = Array(document.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            var scanner = XMLScanner(UnsafeBufferPointer(buffer))
            return Result { () throws(XMLScanner.Failure) in
                try scanner.skipMisc()
                let tag = try scanner.openTag()
                return try scanner.content(of: tag)
            }
        }
    }

    @Test(
        "text with the five entities, character references, CDATA, comments and line ends reads as it says",
        arguments: [
            ("<a>plain</a>", "plain"), ("<a>&lt;&gt;&amp;&quot;&apos;</a>", "<>&\"'"),
            ("<a>caf&#233; caf&#xE9; &#x1F600;</a>", "café café 😀"),
            ("<a><![CDATA[<b>&amp;</b>]]></a>", "<b>&amp;</b>"),
            ("<a>x<!-- a comment -->y</a>", "xy"), ("<a>one\r\ntwo\rthree</a>", "one\ntwo\nthree"), ("<a/>", ""),
            ("<?xml version=\"1.0\"?>\n<!DOCTYPE a>\n<a>t</a>", "t"), ("<a>&#9;&#xA;&#xD;</a>", "\t\n\r"),
        ])
    func reads(document: String, text: String) throws {
        #expect(try Self.content(document).get() == text)
    }

    /// U+FFFE once went from an XLIFF into a `.strings` file.
    @Test(
        "a character reference to what XML 1.0 does not allow, an unknown entity or a bare & is an error at its offset",
        arguments: [
            ("<a>x&#xFFFE;</a>", "&#xFFFE; is not a character XML 1.0 allows", 4),
            ("<a>&#xFFFF;</a>", "&#xFFFF; is not a character XML 1.0 allows", 3),
            ("<a>&#1;</a>", "&#1; is not a character XML 1.0 allows", 3),
            ("<a>&#0;</a>", "&#0; is not a character XML 1.0 allows", 3),
            ("<a>&#x1B;</a>", "&#x1B; is not a character XML 1.0 allows", 3),
            ("<a>&#xD800;</a>", "&#xD800; is not a character", 3),
            ("<a>&#x110000;</a>", "&#x110000; is not a character", 3),
            ("<a>&nbsp;</a>", "unknown entity &nbsp;", 3), ("<a>a & b</a>", "'&' starts no entity", 5),
            ("<a>x<b/></a>", "<a> holds an element; it may hold only text", 4),
            ("<a>open", "<a> is not closed (it starts here)", 0),
            ("<!DOCTYPE a [<!ENTITY e \"x\">]><a>&e;</a>", "the DOCTYPE declares an entity", 13),
        ])
    func refuses(document: String, message: String, offset: Int) {
        switch Self.content(document) {
        case .success(let text): Issue.record("read as \(text)")
        case .failure(let failure):
            #expect(failure.message.hasPrefix(message), "\(failure.message)")
            #expect(failure.offset == offset)
        }
    }
}
