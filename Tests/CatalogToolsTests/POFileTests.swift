import CatalogTools
import Diagnostics
import Foundation
import Testing

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
