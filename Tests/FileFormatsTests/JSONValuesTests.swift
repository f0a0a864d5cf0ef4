import Diagnostics
import FileFormats
import Foundation
import Testing

/// Small JSON files (queue files, `flavorkit.json`, settings) as plain Swift values, read by
/// the package's own JSON reader: what JSONSerialization gives, errors at their position.
@Suite("JSON values")
struct JSONValuesTests {
    @Test("every kind in a plain Swift type")
    func kinds() throws {
        let text =
            #"{"s": "a\u00e9\n", "i": -42, "d": 1.5, "e": 1e3, "t": true, "f": false, "n": null, "a": [1, "x", []], "o": {"k": 2}}"#
        let value = try #require(try JSONValues.value(of: Data(text.utf8), path: "x.json") as? [String: Any])
        #expect(value["s"] as? String == "aé\n")
        #expect(value["i"] as? Int == -42)
        #expect(value["d"] as? Double == 1.5)
        #expect(value["e"] as? Double == 1000)
        #expect(value["t"] as? Bool == true && value["f"] as? Bool == false)
        #expect(value["n"] as? JSONValues.Null == JSONValues.null)
        let array = try #require(value["a"] as? [Any])
        #expect(
            array.count == 3 && array[0] as? Int == 1 && array[1] as? String == "x"
                && (array[2] as? [Any])?.isEmpty == true)
        #expect((value["o"] as? [String: Any])?["k"] as? Int == 2)
    }

    @Test(
        "what is not JSON is an error at its line and column",
        arguments: [
            (
                "{\"a\": [1, 2",
                "x.json:1:12: error: not valid JSON: expected ',' or ']' after an element of an array, found the end of the file"
            ),
            ("[1 2]", "x.json:1:4: error: not valid JSON: expected ',' or ']' after an element of an array, found '2'"),
            ("{\n  \"a\": tru\n}", "x.json:2:8: error: not valid JSON: expected true or false, found 't'"),
            ("{\"o\": {\"k\": 1, \"k\": 2}}", "x.json:1:16: error: not valid JSON: \"k\" is given twice"),
            (
                "{} []",
                "x.json:1:4: error: not valid JSON: expected the end of the file after the top-level value, found '['"
            ),
            ("nul", "x.json:1:1: error: not valid JSON: expected null, found 'n'"),
            ("", "x.json:1:1: error: not valid JSON: expected a value, found the end of the file"),
        ])
    func errors(text: String, message: String) {
        #expect {
            try JSONValues.value(of: Data(text.utf8), path: "x.json")
        } throws: { error in
            (error as? Diagnostic)?.description == message
        }
    }

    @Test("nesting deeper than the limit is an error, not a stack overflow")
    func nesting() throws {
        let limit = JSONValues.maximumNesting
        _ = try JSONValues.value(
            of: Data((String(repeating: "[", count: limit) + String(repeating: "]", count: limit)).utf8), path: "x.json"
        )
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect {
            try JSONValues.value(of: Data(deep.utf8), path: "x.json")
        } throws: { error in
            (error as? Diagnostic)?.message == "not valid JSON: arrays and objects nest too deeply"
        }
    }
}
