import Diagnostics
import Foundation
import Testing
import TranslatorFormats

/// PO files as gettext reads them.
@Suite("PO files as gettext reads them")
struct POFileTests {
    static let text = """
        msgid ""
        msgstr ""
        "Language: de\\n"

        #. The first screen's title.
        msgctxt "title"
        msgid "Transfers"
        msgstr "Übertragungen"

        msgctxt "files"
        msgid "%d file"
        msgid_plural "%d files"
        msgstr[0] "%d Datei"
        msgstr[1] "%d Dateien"

        """

    /// A quote followed by a combining mark is one Character in Swift: the reader reads
    /// scalars, so that such a line is still a string (the fuzzer found one that was not).
    @Test("a string whose text starts with a combining mark reads back as written")
    func combiningMarkAfterQuote() throws {
        let text = "\u{0592}msgm;\nr\u{0}title"
        let po = "msgctxt \"k\"\nmsgid \"\"\nmsgstr \(POWriter.quoted(text))\n\"\u{0301}more\"\n"
        let file = try POFile(Data(po.utf8), path: "x.po")
        #expect(file.messages.first?.strings[0] == text + "\u{0301}more")
    }

    @Test(
        "an octal or hexadecimal escape is a byte of the UTF-8, as gettext reads it; bytes that are no UTF-8 are an error",
        arguments: [
            (#"\303\251t\xC3\xa9 \101\x42 \0end"#, "été AB \u{0}end" as String?, nil as String?),
            (#"\101\1012"#, "AA2", nil),
            (#"a\400"#, nil, "x.po:4:10: error: an octal escape past \\377 is no byte"),
            (#"a\xg"#, nil, "x.po:4:10: error: \\x without hexadecimal digits"),
            (#"\xff"#, nil, "x.po:4:8: error: its escaped bytes are not UTF-8"),
            (#"\303"#, nil, "x.po:4:8: error: its escaped bytes are not UTF-8"),
            (#"\x１"#, nil, "x.po:4:9: error: \\x without hexadecimal digits"),
            // gettext reads every hexadecimal digit, and cuts the value to its last byte.
            (#"\x41B"#, nil, "x.po:4:9: error: a hexadecimal escape past \\xff is no byte"),
        ])
    func byteEscapes(written: String, text: String?, message: String?) throws {
        let po = "msgid \"\"\nmsgstr \"\"\nmsgid \"k\"\nmsgstr \"\(written)\"\n"
        if let text {
            #expect(try POFile(Data(po.utf8), path: "x.po").messages.first?.strings[0] == text)
        } else {
            #expect { try POFile(Data(po.utf8), path: "x.po") } throws: { "\($0)" == message }
        }
    }

    @Test("lines may end with CRLF, as msgfmt accepts")
    func crlf() throws {
        let unix = try POFile(Data(Self.text.utf8), path: "de.po")
        let windows = try POFile(Data(Self.text.replacingOccurrences(of: "\n", with: "\r\n").utf8), path: "de.po")
        #expect(windows.messages == unix.messages)
        #expect(windows.header == ["Language": "de"])
        #expect(windows.messages.map(\.context) == ["title", "files"])
        #expect(windows.messages[1].strings == [0: "%d Datei", 1: "%d Dateien"])
        #expect(windows.messages[0].extractedComment == "The first screen's title.")
    }

    @Test("a message given twice is an error at the second, as msgfmt has it")
    func duplicate() throws {
        let text = Self.text + "\nmsgctxt \"title\"\nmsgid \"Transfers\"\nmsgstr \"Andere\"\n"
        #expect {
            try POFile(Data(text.utf8), path: "de.po")
        } throws: { error in
            "\(error)"
                == "de.po:16:1: error: msgctxt \"title\" is given twice (first at line 6); a message is given once"
        }
    }
}
