import Diagnostics
import FileFormats
import Foundation
import Localization
import TestSupport
import Testing

@Suite("Catalogs written as property lists (.stringsdict, property-list .strings), XML or binary")
struct PropertyListCatalogTests {
    /// Random keys and values with every character XML must escape, written by Foundation.
    @Test("string dictionaries read as PropertyListSerialization reads them", arguments: [1, 2, 3] as [UInt64])
    func sameAsFoundation(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let pieces = ["a", "<", ">", "&", "\"", "'", "é", "\u{1F600}", "\n", "\t", " ", "]]>", "&amp;", "日本"]
        var dictionary: [String: String] = [:]
        for index in 0..<200 {
            let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            dictionary["k\(index)\(text)"] = text
        }
        let data = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0)
        #expect(try StringsParser.parse(data, path: "p.strings").dictionary == dictionary)
    }

    @Test(
        "XML as people write it: entities, character references, CDATA, comments, a DOCTYPE, empty elements",
        arguments: [
            ("<string>a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos;</string>", "a <b> & \"c\" 'd'"),
            ("<string>&#233;&#xE9;&#x1F600;</string>", "éé\u{1F600}"),
            ("<string><![CDATA[<b> & ]]> tail</string>", "<b> &  tail"),
            ("<string>a<!-- note -->b</string>", "ab"),
            ("<string/>", ""),
            ("<string>line\r\nnext\rlast</string>", "line\nnext\nlast"),
        ])
    func xmlText(element: String, expected: String) throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <!-- a comment before the value -->
            <plist version="1.0">
            <dict>
                <key>k</key>
                \(element)
                <key>other</key> <!-- between --> <string>x</string>
            </dict>
            </plist>
            """
        let file = try StringsParser.parse(Data(text.utf8), path: "x.strings")
        #expect(file.dictionary == ["k": expected, "other": "x"])
        #expect(file.entries.first?.location == SourceLocation(path: "x.strings", line: 6, column: 5))
    }

    @Test(
        "malformed XML is an error at its line and column",
        arguments: [
            (
                "<dict>\n  <key>k</key>\n  <string>v</strin>\n</dict>",
                "3:12: error: not a valid property list: expected </string> to close the <string> at the start, found </strin>"
            ),
            (
                "<dict>\n  <key>k</key>\n  <string>a & b</string>\n</dict>",
                "3:13: error: not a valid property list: '&' starts no entity (write &amp; for '&')"
            ),
            (
                "<dict>\n  <key>k</key>\n  <string>&nbsp;</string>\n</dict>",
                "3:11: error: not a valid property list: unknown entity &nbsp; (only &lt; &gt; &amp; &quot; &apos; and character references are read)"
            ),
            ("<dict>\n  <key>k</key>\n</dict>", "2:3: error: not a valid property list: <key>k</key> has no value"),
            (
                "<dict>\n  <string>v</string>\n</dict>",
                "2:3: error: not a valid property list: expected <key> in a <dict>, found <string>"
            ),
            (
                "<dict>\n  <key>k</key>\n  <strng>v</strng>\n</dict>",
                "3:3: error: not a valid property list: <strng> is not a property list element"
            ),
            (
                "<dict>\n  <key>k</key>\n  <strings>v</strings>\n</dict>",
                "3:3: error: not a valid property list: <strings> is not a property list element"
            ),
            (
                "<dict>\n  <key>k</key>\n  <integer10>1</integer10>\n</dict>",
                "3:3: error: not a valid property list: <integer10> is not a property list element"
            ),
            (
                "<dict>\n  <key>k</key>\n  <string>v</strings>\n</dict>",
                "3:12: error: not a valid property list: expected </string> to close the <string> at the start, found </strings>"
            ),
            (
                "<dict>\n  <key>k</key>\n  <string>v",
                "3:3: error: not a valid property list: <string> is not closed (it starts here)"
            ),
            (
                "<dict>\n  <key>k</key><integer>x1</integer>\n</dict>",
                "2:15: error: not a valid property list: <integer> holds \"x1\", not an integer"
            ),
            ("<!-- open", "1:1: error: not a valid property list: unterminated comment (it starts here)"),
            ("<dict/> <dict/>", "1:9: error: not a valid property list: unexpected '<' after the property list"),
            (
                "<array><string>a</string></array>",
                "1:1: error: the top level must be a dictionary of keys, not an array"
            ),
        ])
    func malformed(text: String, expected: String) {
        let result = StringsDictParser.parse(Data(text.utf8), path: "m.stringsdict")
        #expect(result.errors.map(\.description) == ["m.stringsdict:" + expected])
        #expect(result.entries.isEmpty)
    }

    @Test("a binary .stringsdict (as Apple's tools accept) reads as its XML form; bad ones are errors at its start")
    func binary() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>files.in.folders</key><dict>
              <key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
              <key>files</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>one</key><string>%d file in %2$#@folders@</string><key>other</key><string>%d files in %2$#@folders@</string></dict>
              <key>folders</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>ld</string>
                <key>one</key><string>%ld folder</string><key>other</key><string>%ld folders</string></dict>
            </dict>
            <key>broken</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string></dict>
            </dict></plist>
            """
        let fromXML = StringsDictParser.parse(Data(xml.utf8), path: "x.stringsdict")
        let object = try PropertyListSerialization.propertyList(from: Data(xml.utf8), format: nil)
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        #expect(data.starts(with: Array("bplist00".utf8)))
        let fromBinary = StringsDictParser.parse(data, path: "b.stringsdict")
        #expect(Set(fromBinary.entries.keys) == ["files.in.folders"])
        let (binaryEntry, xmlEntry) = (fromBinary.entries["files.in.folders"], fromXML.entries["files.in.folders"])
        #expect(binaryEntry?.format == xmlEntry?.format && binaryEntry?.variables == xmlEntry?.variables)
        #expect(
            fromBinary.errors.map(\.description) == [
                "b.stringsdict:1:1: error: the format names variable \"n\", which is not defined (key \"broken\")"
            ])

        let truncated = StringsDictParser.parse(data.prefix(data.count / 2), path: "t.stringsdict")
        #expect(truncated.entries.isEmpty)
        #expect(truncated.errors.count == 1)
        #expect(
            truncated.errors.first?.description.hasPrefix("t.stringsdict:1:1: error: not a valid binary property list")
                == true)
        let array = try PropertyListSerialization.data(fromPropertyList: ["a"], format: .binary, options: 0)
        #expect(
            StringsDictParser.parse(array, path: "a.stringsdict").errors.map(\.description) == [
                "a.stringsdict:1:1: error: the top level must be a dictionary of keys, not an array"
            ])
    }

    /// A binary property list of `objects` (each given whole: marker and contents), the top
    /// one first, with one-byte offsets and references.
    static func bplist(_ objects: [[UInt8]]) -> Data {
        var data = Data("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(data.count))
            data.append(contentsOf: object)
        }
        let table = data.count
        data.append(contentsOf: offsets)
        data.append(contentsOf: [0, 0, 0, 0, 0, 0, 1, 1])
        for value in [objects.count, 0, table] {
            data.append(contentsOf: (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) })
        }
        return data
    }

    @Test(
        "a binary property list that holds itself, nests too deeply or points out of the file is an error, not a crash",
        arguments: [
            // A dictionary whose one value is itself (the 47-byte version of the attack).
            (bplist([[0xD1, 0x01, 0x00], [0x51, UInt8(ascii: "k")]]), "object 0 holds itself (a cycle)"),
            // 70 arrays, each holding the next.
            (
                bplist((0..<70).map { $0 == 69 ? [0xA0] : [0xA1, UInt8($0 + 1)] }),
                "arrays and dictionaries nest too deeply"
            ),
            (bplist([[0xD1, 0x05, 0x00]]), "a reference to object 5, which is not there"),
            (
                bplist([[0x5F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]),
                "a length past the end of the file"
            ),
        ])
    func hostileBinary(data: Data, reason: String) throws {
        for path in ["s.stringsdict", "Info.plist"] {
            let message = "\(path):1:1: error: not a valid "
            if path.hasSuffix("stringsdict") {
                let errors = StringsDictParser.parse(data, path: path).errors.map(\.description)
                #expect(errors == [message + "binary property list: \(reason)"])
            } else {
                #expect {
                    try PropertyListValues.value(of: data, path: path)
                } throws: { error in
                    "\(error)".hasPrefix(message) && "\(error)".hasSuffix(reason)
                }
            }
        }
    }

    /// Keys are Swift Strings: one canonically equivalent to a known name (here with the Kelvin
    /// sign for its K) is that name, as in a `switch`; a shorter one is not.
    @Test("a .stringsdict's known keys compare as Swift Strings do")
    func canonicalKeys() {
        func file(specTypeKey: String) -> Data {
            Data(
                """
                <plist version="1.0"><dict><key>files</key><dict>
                  <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                  <key>n</key><dict><key>\(specTypeKey)</key><string>NSStringPluralRuleType</string>
                    <key>one</key><string>%d file</string><key>other</key><string>%d files</string></dict>
                </dict></dict></plist>
                """.utf8)
        }
        let kelvin = StringsDictParser.parse(
            file(specTypeKey: "NSStringFormatSpecType\u{212A}ey"), path: "k.stringsdict")
        #expect(kelvin.errors.isEmpty)
        #expect(kelvin.entries["files"]?.variables["n"]?.variants == [.one: "%d file", .other: "%d files"])
        let short = StringsDictParser.parse(file(specTypeKey: "NSStringFormatSpecTypeKe"), path: "s.stringsdict")
        #expect(short.entries.isEmpty)
        #expect(
            short.errors.map(\.description) == [
                "s.stringsdict:1:1: error: variable \"n\" must have NSStringFormatSpecTypeKey = NSStringPluralRuleType (key \"files\")"
            ])
    }

    @Test("every value type is read; nesting of any depth is an error, never a crash")
    func valuesAndDepth() {
        let text = """
            <plist><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>extra</key><array><integer>-12</integer><real>1.5</real><true/><false/><date>2024-01-01T00:00:00Z</date>
            <data>AAEC</data><dict/><array/></array>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>other</key><string>%d</string></dict></dict></plist>
            """
        let entry = "<key>e</key>" + text.dropFirst("<plist>".count).dropLast("</plist>".count)
        let parsed = StringsDictParser.parse(Data("<plist><dict>\(entry)</dict></plist>".utf8), path: "v")
        #expect(parsed.errors.isEmpty && parsed.entries["e"]?.variables["n"]?.variants[.other] == "%d")
        let deep = String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000)
        let result = StringsDictParser.parse(Data(deep.utf8), path: "d")
        #expect(result.errors.map(\.message) == ["not a valid property list: arrays and dictionaries nest too deeply"])
    }
}
