import Diagnostics
import FileFormats
import Foundation
import Testing

@Suite("Property list values for Foundation's callers")
struct PropertyListValuesTests {
    /// The flavors of the tests' own package, `Tests/Fixtures/Transfers`.
    static let flavors = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Transfers/Flavors")

    @Test(
        "each flavor's Info.plist reads as PropertyListSerialization reads it, in XML and in binary",
        arguments: ["Light", "Regular"])
    func flavorsAgree(name: String) throws {
        let xml = try Data(contentsOf: Self.flavors.appendingPathComponent(name).appendingPathComponent("Info.plist"))
        let theirs = try #require(try PropertyListSerialization.propertyList(from: xml, format: nil) as? [String: Any])
        let binary = try PropertyListSerialization.data(fromPropertyList: theirs, format: .binary, options: 0)
        for data in [xml, binary] {
            let ours = try #require(try PropertyListValues.value(of: data, path: "Info.plist") as? [String: Any])
            #expect(NSDictionary(dictionary: ours).isEqual(NSDictionary(dictionary: theirs)))
            #expect(ours["FlavorFeatures"] is [String])
            // Some members: those, each at its key's place, nil for a key the plist lacks.
            let keys = ["FlavorFeatures", "CFBundleIdentifier", "NotThere"]
            let some = try #require(try PropertyListValues.members(of: data, path: "Info.plist", named: keys))
            #expect(some.count == 3 && some[2] == nil)
            #expect(some[0] as? [String] == theirs["FlavorFeatures"] as? [String])
            #expect(some[1] as? String == theirs["CFBundleIdentifier"] as? String)
        }
    }

    @Test(
        "members: each key at its place, the last of a repeated one, nil for a missing one or a top level not a dictionary",
        arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func members(format: PropertyListSerialization.PropertyListFormat) throws {
        let keys = ["CFBundleIdentifier", "n", "missing", "list"]
        let dictionary: [String: Any] = ["n": 3, "CFBundleIdentifier": "a.b", "list": ["x", 2], "other": true]
        let data = try PropertyListSerialization.data(fromPropertyList: dictionary, format: format, options: 0)
        let read = try #require(try PropertyListValues.members(of: data, path: "x.plist", named: keys))
        #expect(read.count == 4)
        #expect(read[0] as? String == "a.b" && read[1] as? Int == 3 && read[2] == nil)
        let list = try #require(read[3] as? [Any])
        #expect(list.count == 2 && list[0] as? String == "x" && list[1] as? Int == 2)
        for top in [["a.b"] as Any, "a.b" as Any] {
            let other = try PropertyListSerialization.data(fromPropertyList: top, format: format, options: 0)
            #expect(try PropertyListValues.members(of: other, path: "x.plist", named: keys) == nil)
        }
        // Written twice (XML only: a binary plist's dictionary cannot hold a key twice).
        let twice = Data(
            "<plist><dict><key>n</key><integer>1</integer><key>n</key><string>2</string></dict></plist>".utf8)
        #expect(try PropertyListValues.members(of: twice, path: "x.plist", named: ["n"])?[0] as? String == "2")
    }

    @Test("a long key written with a carriage return reads as its line ends normalised, as the whole read has it")
    func carriageReturnInKey() throws {
        let written = "ABCDEFGHIJKLMNOP\r\nQ"
        let normalised = "ABCDEFGHIJKLMNOP\nQ"
        let data = Data("<plist><dict><key>\(written)</key><string>v</string></dict></plist>".utf8)
        let whole = try #require(try PropertyListValues.value(of: data, path: "x.plist") as? [String: Any])
        #expect(Array(whole.keys) == [normalised])
        // Asked for as written and as read: only the second is there.
        let read = try #require(
            try PropertyListValues.members(of: data, path: "x.plist", named: [written, normalised]))
        #expect(read[0] == nil && read[1] as? String == "v")
    }

    @Test("every kind in a plain Swift type; the last of a repeated key wins")
    func types() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>s</key><string>a &amp; b</string><key>n</key><integer>-42</integer>
            <key>hex</key><integer>0x10</integer><key>plus</key><integer>+3</integer>
            <key>big</key><integer>99999999999999999999</integer>
            <key>list</key><array><string>x</string><integer>7</integer></array>
            <key>d</key><dict><key>k</key><integer>1</integer><key>k</key><integer>2</integer></dict>
            <key>real</key><real>1.5</real><key>yes</key><true/><key>no</key><false/>
            <key>when</key><date>2020-01-01T00:00:00Z</date><key>bytes</key><data>AAE=</data>
            </dict></plist>
            """
        let value = try #require(try PropertyListValues.value(of: Data(xml.utf8), path: "x.plist") as? [String: Any])
        #expect(value["s"] as? String == "a & b")
        #expect(value["n"] as? Int == -42)
        #expect(value["hex"] as? Int == 16)
        #expect(value["plus"] as? Int == 3)
        #expect(value["big"] as? String == "99999999999999999999")
        let list = try #require(value["list"] as? [Any])
        #expect(list.count == 2 && list[0] as? String == "x" && list[1] as? Int == 7)
        #expect((value["d"] as? [String: Any])?["k"] as? Int == 2)
        #expect(value["real"] as? Double == 1.5)
        #expect(value["yes"] as? Bool == true && value["no"] as? Bool == false)
        #expect(value["when"] as? String == "2020-01-01T00:00:00Z")
        #expect(value["bytes"] as? Data == Data([0, 1]))
    }

    @Test(
        "what the readers refuse is an error at its line and column",
        arguments: [
            ("", "x.plist:1:1: error: not a valid property list: no property list in the file"),
            ("<plist><dict><key>", "x.plist:1:14: error: not a valid property list: <key> is not closed"),
            ("not xml", "x.plist:1:1: error: not a valid property list:"),
            ("bplist00", "x.plist:1:1: error: not a valid property list: not a binary property list"),
            ("<date>2020-13-45T99:99:99Z</date>", "x.plist:1:1: error: not a valid property list: <date> holds"),
            ("<date></date>", "x.plist:1:1: error: not a valid property list: <date> holds \"\", not a date"),
            ("<date>2021-02-29T00:00:00Z</date>", "x.plist:1:1: error: not a valid property list: <date> holds"),
            ("<real></real>", "x.plist:1:1: error: not a valid property list: <real> holds \"\", not a number"),
            ("<data>!!!</data>", "x.plist:1:1: error: not a valid property list: <data> holds what is not base64"),
            (
                "bplist00 and more bytes than a header and a trailer take",
                "x.plist:1:1: error: not a valid property list:"
            ),
        ])
    func refused(text: String, message: String) {
        #expect {
            try PropertyListValues.value(of: Data(text.utf8), path: "x.plist")
        } throws: { error in
            (error as? Diagnostic)?.description.hasPrefix(message) == true
        }
    }

    @Test("the writer writes what the reader reads back, keys sorted, as Apple's tools write a plist")
    func writer() throws {
        let xml = """
            <plist version="1.0"><dict><key>z</key><string>a &amp; &lt;b&gt;</string><key>n</key><integer>0x10</integer>
            <key>r</key><real>1.50</real><key>t</key><true/><key>d</key><date>2020-02-29T23:59:59Z</date>
            <key>b</key><data>AAE=</data><key>e</key><array/><key>l</key><array><string>x</string></array>
            <key>o</key><dict/></dict></plist>
            """
        let tree = try PropertyListValues.tree(of: Data(xml.utf8), path: "x.plist")
        let written = PropertyListWriter.xml(tree)
        #expect(
            String(decoding: written, as: UTF8.self) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                \t<key>b</key>
                \t<data>AAE=</data>
                \t<key>d</key>
                \t<date>2020-02-29T23:59:59Z</date>
                \t<key>e</key>
                \t<array/>
                \t<key>l</key>
                \t<array>
                \t\t<string>x</string>
                \t</array>
                \t<key>n</key>
                \t<integer>0x10</integer>
                \t<key>o</key>
                \t<dict/>
                \t<key>r</key>
                \t<real>1.50</real>
                \t<key>t</key>
                \t<true/>
                \t<key>z</key>
                \t<string>a &amp; &lt;b&gt;</string>
                </dict>
                </plist>

                """)
        let again = try #require(try PropertyListValues.value(of: written, path: "y.plist") as? [String: Any])
        let first = try #require(try PropertyListValues.value(of: Data(xml.utf8), path: "x.plist") as? [String: Any])
        #expect(NSDictionary(dictionary: again).isEqual(NSDictionary(dictionary: first)))
    }
}
