import CatalogFiles
import Diagnostics
import Foundation
import Localization
import Testing

@Suite("StringsDictEditor reads keys as the property-list reader does")
struct StringsDictEditorTests {
    /// Three entries whose keys are written with a character reference, entities and a CDATA
    /// section, each with a plural variable written with an entity.
    static let file = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>caf&#233;</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%#@n&#x61;me@</string>
        \t\t<key>n&#x61;me</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>other</key>
        \t\t\t<string>%d caf&#xE9;s</string>
        \t\t</dict>
        \t</dict>
        \t<key>say &quot;hi&quot;</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string><![CDATA[<b>%d</b>]]></string>
        \t</dict>
        \t<key><![CDATA[a<b]]></key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string/>
        \t</dict>
        </dict>
        </plist>

        """

    @Test("texts of keys written with references, entities or CDATA are replaced in place; nothing is appended")
    func replacesInPlace() throws {
        let changes = [
            StringsDictEditor.Change(key: "café", variable: "name", category: .other, text: "%d cafés & más"),
            StringsDictEditor.Change(key: "say \"hi\"", variable: nil, category: nil, text: "<i>%d</i>"),
            StringsDictEditor.Change(key: "a<b", variable: nil, category: nil, text: "a < b"),
        ]
        let edited = try StringsDictEditor.apply(changes, to: Self.file, path: "x.stringsdict") { _ in nil }
        let expected = Self.file.replacingOccurrences(
            of: "<string>%d caf&#xE9;s</string>", with: "<string>%d cafés &amp; más</string>"
        ).replacingOccurrences(
            of: "<string><![CDATA[<b>%d</b>]]></string>", with: "<string>&lt;i&gt;%d&lt;/i&gt;</string>"
        ).replacingOccurrences(of: "<string/>", with: "<string>a &lt; b</string>")
        #expect(edited == expected)
        // Read back, each key has its one entry and the new text.
        let parsed = StringsDictParser.parse(Data(edited.utf8), path: "x.stringsdict")
        #expect(parsed.errors.isEmpty)
        #expect(Set(parsed.entries.keys) == ["café", "say \"hi\"", "a<b"])
        #expect(parsed.entries["café"]?.variables["name"]?.variants[.other] == "%d cafés & más")
    }

    @Test("a category a variable lacks is inserted at the end of its dict, indented like its neighbours")
    func inserts() throws {
        let change = StringsDictEditor.Change(key: "café", variable: "name", category: .one, text: "%d café")
        let edited = try StringsDictEditor.apply([change], to: Self.file, path: "x.stringsdict") { _ in nil }
        #expect(
            edited
                == Self.file.replacingOccurrences(
                    of: "\t\t\t<string>%d caf&#xE9;s</string>\n",
                    with: "\t\t\t<string>%d caf&#xE9;s</string>\n\t\t\t<key>one</key>\n\t\t\t<string>%d café</string>\n"
                ))
    }

    @Test("entries are removed by the keys they say, from their key's line to their value's")
    func removes() throws {
        let edited = try StringsDictEditor.removing(["café", "a<b"], from: Self.file, path: "x.stringsdict")
        #expect(!edited.contains("caf&#233;") && !edited.contains("CDATA[a<b]]"))
        #expect(edited.contains("<key>say &quot;hi&quot;</key>"))
        #expect(
            StringsDictParser.parse(Data(edited.utf8), path: "x.stringsdict").entries.keys.sorted() == ["say \"hi\""])
        // `café` spelled with a combining accent is another key: `caf&#233;` stays.
        let other = try StringsDictEditor.removing(["cafe\u{301}"], from: Self.file, path: "x.stringsdict")
        #expect(other == Self.file)
    }

    @Test("a file the reader refuses is an error at its line and column, as lint reports it")
    func refused() {
        #expect(throws: Diagnostic.self) {
            try StringsDictEditor.apply(
                [StringsDictEditor.Change(key: "k", variable: nil, category: nil, text: "t")],
                to: "<plist>\n<dict>\n<key>k</key>\n<string>&nbsp;</string>\n</dict>\n</plist>\n", path: "x.stringsdict"
            ) { _ in nil }
        }
    }
}
