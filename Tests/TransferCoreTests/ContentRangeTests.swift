import Testing
import TransferAgentProtocol

/// A server's `Content-Range` is anyone's text: a range is kept only when a download can
/// compute with it, so no number it names can overflow (a 206 ending at `Int64.max` crashed
/// the agent).
@Suite("Content-Range values")
struct ContentRangeTests {
    @Test(
        "the three forms are read, with optional white space and any case of the unit",
        arguments: [
            ("bytes 0-99/100", ContentRange(first: 0, last: 99, size: 100)),
            ("bytes 100-199/*", ContentRange(first: 100, last: 199, size: nil)),
            ("  Bytes\t5-5/6 ", ContentRange(first: 5, last: 5, size: 6)),
            (
                "bytes 0-9223372036854775806/9223372036854775807",
                ContentRange(first: 0, last: Int64.max - 1, size: Int64.max)
            ),
        ])
    func reads(value: String, expected: ContentRange) {
        #expect(ContentRange(value) == expected)
        #expect(ContentRange(value)?.end == expected.last! + 1)
    }

    @Test("a 416's bytes */SIZE has a size and no range")
    func unsatisfied() throws {
        let range = try #require(ContentRange("bytes */1000"))
        #expect(range.size == 1000 && range.first == nil && range.last == nil && range.end == nil)
    }

    @Test(
        "what a download could not compute with is no range",
        arguments: [
            "bytes 10-9223372036854775807/*",  // its end does not fit
            "bytes 0-9223372036854775807/9223372036854775807",  // ends past the file
            "bytes 0-99999999999999999999/*",  // does not fit at all
            "bytes 10-5/100",  // backwards
            "bytes 0-100/100",  // ends past the file
            "bytes -5-10/100", "bytes 5--10/100", "bytes +5-10/100", "bytes 5-10/-100",  // signs
            "bytes 5-10/1e3", "bytes 0x5-10/100", "bytes 5 -10/100",  // not decimal digits
            "bytes */*", "bytes 5-10", "bytes 5-10/100/3", "items 5-10/100", "bytes", "", "bytes5-10/100",
            "bytes 5-/100", "bytes -10/100",
        ])
    func refuses(value: String) {
        #expect(ContentRange(value) == nil)
    }
}
