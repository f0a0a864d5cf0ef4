import Foundation
@_spi(PropertyListValues) import Localization
import Testing

@Suite("Property list values for Foundation's callers")
struct PropertyListValuesTests {
    static let flavors = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Flavors")

    @Test("each flavor's Info.plist reads as PropertyListSerialization reads it", arguments: ["Light", "Regular"])
    func flavorsAgree(name: String) throws {
        let data = try Data(contentsOf: Self.flavors.appendingPathComponent(name).appendingPathComponent("Info.plist"))
        let ours = try #require(PropertyListValues.foundationValue(ofXML: data) as? [String: Any])
        let theirs = try #require(
            try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(NSDictionary(dictionary: ours).isEqual(NSDictionary(dictionary: theirs)))
        #expect(ours["FlavorFeatures"] is [String])
    }

    @Test("strings, whole numbers, arrays and dictionaries in Foundation's types; the last of a repeated key wins")
    func types() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>s</key><string>a &amp; b</string><key>n</key><integer>-42</integer>
            <key>list</key><array><string>x</string><integer>7</integer></array>
            <key>d</key><dict><key>k</key><integer>1</integer><key>k</key><integer>2</integer></dict>
            </dict></plist>
            """
        let value = try #require(PropertyListValues.foundationValue(ofXML: Data(xml.utf8)) as? [String: Any])
        #expect(value["s"] as? String == "a & b")
        #expect(value["n"] as? Int == -42)
        let list = try #require(value["list"] as? [Any])
        #expect(list.count == 2 && list[0] as? String == "x" && list[1] as? Int == 7)
        #expect((value["d"] as? [String: Any])?["k"] as? Int == 2)
    }

    @Test(
        "anything else is left to Foundation (nil)",
        arguments: [
            "<real>1.5</real>", "<true/>", "<false/>", "<date>2020-01-01T00:00:00Z</date>", "<data>AA==</data>",
            "<integer>99999999999999999999</integer>", "<integer>0x10</integer>", "<integer>+3</integer>",
            "<integer></integer>", "<array><true/></array>",
        ])
    func leftToFoundation(value: String) {
        let xml = "<plist><dict><key>k</key>\(value)</dict></plist>"
        #expect(PropertyListValues.foundationValue(ofXML: Data(xml.utf8)) == nil)
    }

    @Test("what the reader refuses is nil", arguments: ["", "<plist><dict><key>", "not xml", "bplist00"])
    func refused(text: String) {
        #expect(PropertyListValues.foundationValue(ofXML: Data(text.utf8)) == nil)
    }
}
