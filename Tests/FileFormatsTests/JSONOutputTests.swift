import Diagnostics
import FileFormats
import Foundation
import Testing

@Suite("The one JSON writer")
struct JSONOutputTests {
    static let texts = ["plain", "quote \" and \\ slash /", "line\nfeed\ttab\u{1}\u{8}\u{C}\u{1F}\r", "émoji 🎬", ""]

    @Test("a string reads back as itself, by our reader and by Foundation's", arguments: texts)
    func stringsReadBack(text: String) throws {
        let written = JSONOutput.text(.array([.string(text)]))
        #expect(try JSONValues.value(of: Data(written.utf8), path: "x.json") as? [String] == [text])
        #expect(try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String] == [text])
    }

    @Test("control characters are escaped as Xcode escapes them: short escapes, else \\u00xx in lowercase")
    func escapes() {
        #expect(JSONOutput.text(.string("\u{8}\u{C}\n\r\t\u{1}\u{1F}\"\\/é")) == #""\b\f\n\r\t\u0001\u001f\"\\/é""#)
    }

    /// Reports are written as `JSONSerialization` writes them with `prettyPrinted`,
    /// `sortedKeys` and `withoutEscapingSlashes`: the layout scripts already read.
    @Test("a tree is laid out as Foundation's pretty printing with sorted keys lays it out")
    func foundationLayout() throws {
        let tree = JSONTree.sorted([
            "b": .array([.int(1), .bool(true), .null, .string("x/y"), .array([]), .sorted([:])]),
            "a": .sorted(["nested": .sorted(["deep": .int(-3)]), "empty": .string("")]),
            "left out": nil,
        ])
        let foundation: [String: Any] = [
            "b": [1, true, NSNull(), "x/y", [Any](), [String: Any]()] as [Any],
            "a": ["nested": ["deep": -3], "empty": ""] as [String: Any],
        ]
        let theirs = try JSONSerialization.data(
            withJSONObject: foundation, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        #expect(JSONOutput.text(tree) == String(decoding: theirs, as: UTF8.self))
    }

    @Test("members keep the order given; an empty object and array are their brackets around an empty line")
    func order() {
        var output = JSONOutput()
        var object = output.beginObject()
        for name in ["z", "a", "m"] {
            output.member(name, &object)
            output.number(digits: "1.50")
        }
        output.member("none", &object)
        output.array([Int]()) { $0.number($1) }
        output.endObject(object)
        #expect(
            String(decoding: output.bytes, as: UTF8.self)
                == "{\n  \"z\" : 1.50,\n  \"a\" : 1.50,\n  \"m\" : 1.50,\n  \"none\" : [\n\n  ]\n}")
    }
}
