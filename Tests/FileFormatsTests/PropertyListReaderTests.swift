import FileFormats
import Foundation
import TestSupport
import Testing

@Suite("The property-list readers against PropertyListSerialization")
struct PropertyListReaderTests {
    /// Random property lists of every kind, nested, with text XML must escape.
    struct Generator: RandomNumberGenerator {
        var seeded: SeededGenerator
        init(state: UInt64) { seeded = SeededGenerator(seed: state) }
        mutating func next() -> UInt64 { seeded.next() }

        mutating func text() -> String {
            // No "\r": XML reads a line end as "\n" (`lineEnds` below), Foundation keeps it.
            let pieces = ["a", "<", ">", "&", "\"", "'", "é", "😀", "\n", "\t", " ", "]]>", "&amp;", "日本"]
            return (0..<Int.random(in: 0...5, using: &self)).map { _ in pieces.randomElement(using: &self)! }.joined()
        }

        mutating func value(depth: Int) -> Any {
            switch Int.random(in: 0..<(depth >= 4 ? 6 : 8), using: &self) {
            case 0: return text()
            case 1: return Int.random(in: Int.min...Int.max, using: &self) >> Int.random(in: 0...63, using: &self)
            case 2: return [0.5, -1e-7, 3.25e12, 0.0][Int.random(in: 0..<4, using: &self)]
            case 3: return Bool.random(using: &self)
            case 4:
                return Data(
                    (0..<Int.random(in: 0...9, using: &self)).map { _ in UInt8.random(in: 0...255, using: &self) })
            case 5:
                return Date(
                    timeIntervalSinceReferenceDate: Double(Int.random(in: -1_000_000_000...1_000_000_000, using: &self))
                )
            case 6: return (0..<Int.random(in: 0...4, using: &self)).map { _ in value(depth: depth + 1) }
            default:
                var dictionary: [String: Any] = [:]
                for index in 0..<Int.random(in: 0...4, using: &self) {
                    dictionary["\(index)\(text())"] = value(depth: depth + 1)
                }
                return dictionary
            }
        }
    }

    /// Dates come back as Apple's tools write them (`2001-01-01T00:00:00Z`): compare them so.
    static func comparable(_ value: Any) -> Any {
        switch value {
        case let date as Date: date.formatted(.iso8601)
        case let array as [Any]: array.map(comparable)
        case let dictionary as [String: Any]: dictionary.mapValues(comparable)
        default: value
        }
    }

    @Test(
        "random property lists read as Foundation wrote them, in XML and in binary",
        arguments: 1...6 as ClosedRange<UInt64>)
    func sameAsFoundation(seed: UInt64) throws {
        var generator = Generator(state: seed)
        for _ in 0..<20 {
            var root: [String: Any] = [:]
            for index in 0..<8 { root["k\(index)\(generator.text())"] = generator.value(depth: 0) }
            let expected = NSDictionary(dictionary: try #require(Self.comparable(root) as? [String: Any]))
            for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
                let data = try PropertyListSerialization.data(fromPropertyList: root, format: format, options: 0)
                let read = try #require(try PropertyListValues.value(of: data, path: "r.plist") as? [String: Any])
                #expect(
                    NSDictionary(dictionary: read).isEqual(expected),
                    "\(format): \(String(decoding: data, as: UTF8.self))")
            }
        }
    }

    /// The one difference from Foundation, on purpose: XML's rule, which the XLIFF reader
    /// shares, and what a catalog checked out with CRLF line ends (git's autocrlf) needs to
    /// show as it was written.
    @Test("a line end in a string is \\n however it is written, where PropertyListSerialization keeps \\r")
    func lineEnds() throws {
        let written = ["k": "one\r\ntwo\rthree\nfour"]
        let data = try PropertyListSerialization.data(fromPropertyList: written, format: .xml, options: 0)
        let theirs = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String]
        #expect(theirs == written)
        let ours = try PropertyListValues.value(of: data, path: "l.plist") as? [String: Any]
        #expect(ours?["k"] as? String == "one\ntwo\nthree\nfour")
    }

    @Test(
        "data as Foundation writes it, on lines of its own, reads back, empty too",
        arguments: [
            ("<data>\n\t</data>", []), ("<data>\n\tAQID\n\t</data>", [1, 2, 3]), ("<data></data>", []), ("<data/>", []),
        ]
            as [(String, [UInt8])])
    func data(element: String, bytes: [UInt8]) throws {
        let xml = "<plist version=\"1.0\">\n<dict>\n\t<key>k</key>\n\t\(element)\n</dict>\n</plist>\n"
        let read = try #require(try PropertyListValues.value(of: Data(xml.utf8), path: "d.plist") as? [String: Any])
        #expect(read["k"] as? Data == Data(bytes))
    }

    @Test("streaming hands each top-level member over in order, with the offset of its key")
    func streaming() throws {
        let xml = Array(
            "<plist><dict>\n<key>b</key><string>2</string>\n<key>a</key><array><integer>1</integer></array></dict></plist>"
                .utf8)
        var members: [(String, Int, String)] = []
        let root = try xml.withUnsafeBufferPointer { text in
            try PropertyListReader.read(text) { member in
                members.append((member.key, member.keyOffset, member.value.kindDescription))
            }
        }
        #expect(members.map(\.0) == ["b", "a"])
        #expect(members.map(\.1) == xml.indices.filter { xml[$0...].starts(with: Array("<key>".utf8)) })
        #expect(root.members?.isEmpty == true)
        let whole = try xml.withUnsafeBufferPointer { try PropertyListReader.read($0) }
        #expect(whole.members?.map(\.key) == ["b", "a"])
        #expect(whole.members?.first?.value.string == "2")
    }
}
