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

    /// Walks `document` as the XLIFF reader does: the prolog, the root's attributes, then
    /// every element skipped (`skipToTag`, `skipElement`); the attributes of the root, or the
    /// failure.
    static func walk(_ document: String) -> Result<[String], XMLScanner.Failure> {
        var bytes = Array(document.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            var scanner = XMLScanner(UnsafeBufferPointer(buffer))
            return Result { () throws(XMLScanner.Failure) in
                try scanner.skipMisc()
                let root = try scanner.openTag()
                let attributes = try scanner.attributes(of: root).map { "\($0.name)=\($0.value)" }
                guard !root.isEmpty else { return attributes }
                while true {
                    try scanner.skipToTag()
                    guard scanner.isStartTag() else {
                        try scanner.close(root)
                        return attributes
                    }
                    let child = try scanner.openTag()
                    try scanner.skipElement(child)
                }
            }
        }
    }

    @Test(
        "a prolog, attributes and elements skipped whole, with text, CDATA, comments and instructions between",
        arguments: [
            (
                "<?xml version=\"1.0\"?><!-- c --><!DOCTYPE r [<!ELEMENT r ANY><!-- in --><!ATTLIST r a CDATA #IMPLIED>]><r/>",
                []
            ),
            ("<r a=\"1\" b='x &amp; &#65;' c = \"a\tb\nc\"/>", ["a=1", "b=x & A", "c=a b c"]),
            (
                "<r v=\"has > inside\">t<x><y/><z>&lt;<![CDATA[<q>]]><?pi x?><!-- n --></z></x>tail<?p?><!--m--><![CDATA[d]]></r>",
                ["v=has > inside"]
            ),
        ] as [(String, [String])])
    func walks(document: String, attributes: [String]) throws {
        #expect(try Self.walk(document).get() == attributes)
    }

    @Test(
        "what is malformed around elements is an error with what and where",
        arguments: [
            ("<?xml version=\"1.0\"", "unterminated processing instruction (it starts here)", 0),
            ("<!DOCTYPE r [<!ELEMENT r ANY>", "unterminated DOCTYPE (it starts here)", 0),
            ("<r$/>", "unexpected '$' in the attributes of <r>", 2), ("<r/x>", "in the tag <r>", 2),
            ("<r a=\"1\"", "the tag <r> is not closed with '>'", 0),
            ("<r =\"1\"/>", "in the attributes of <r>", 3),
            ("<r a/>", "the attribute a has no value ('=' and a quoted value)", 3),
            ("<r a=1/>", "(expected a quoted value for the attribute a)", 5),
            ("<r a=\"x<y\"/>", "in the value of the attribute a", 7),
            ("<r a=\"1\" a=\"2\"/>", "the attribute a is given twice", 9),
            ("<r></r", "the end tag </r> is not closed with '>'", 3),
            ("<r><x><![CDATA[open</x></r>", "unterminated CDATA section (it starts here)", 6),
            ("<r><x><?pi open</x></r>", "unterminated processing instruction (it starts here)", 6),
            ("<r>t<![CDATA[open</r>", "unterminated CDATA section (it starts here)", 4),
            ("<r>t<?pi open</r>", "unterminated processing instruction (it starts here)", 4),
            ("<r>t<!x></r>", "(expected an element, text or an end tag)", 4),
            ("<r><x></y></r>", "expected </x> to close the <x> at the start, found </y>", 6),
            ("<r>text", "<r> is not closed (it starts here)", 0),
        ])
    func walkRefuses(document: String, message: String, offset: Int) {
        switch Self.walk(document) {
        case .success(let attributes): Issue.record("read, with \(attributes)")
        case .failure(let failure):
            #expect(failure.message.contains(message), "\(failure.message)")
            #expect(failure.offset == offset, "\(failure.message)")
        }
    }
}
