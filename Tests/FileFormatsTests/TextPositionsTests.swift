import Diagnostics
import FileFormats
import Testing

@Suite("Lines and columns of byte offsets")
struct TextPositionsTests {
    /// The line and column of every offset of `text`, counted one byte at a time: what
    /// `TextPositions` must agree with.
    static func naive(_ bytes: [UInt8], _ offset: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    static let text = "first line\nsecond: café 😀 and a line longer than eight bytes\n\n中文\r\nlast"

    @Test("asked in increasing order, every offset gets the line and the column in scalars")
    func increasing() {
        let bytes = Array(Self.text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var positions = TextPositions(text: buffer, path: "a.strings")
            for offset in 0...bytes.count {
                let location = positions.location(at: offset)
                let expected = Self.naive(bytes, offset)
                #expect(location.line == expected.line && location.column == expected.column, "offset \(offset)")
                #expect(location.path == "a.strings")
            }
        }
    }

    @Test("asked backwards, in any order, or past either end, the answer is the same")
    func anyOrder() {
        let bytes = Array(Self.text.utf8)
        var generator = SystemRandomNumberGenerator()
        bytes.withUnsafeBufferPointer { buffer in
            var positions = TextPositions(text: buffer, path: "p")
            for offset in (0...bytes.count).reversed()
                + (0..<200).map({ _ in Int.random(in: 0...bytes.count, using: &generator) })
            {
                let location = positions.location(at: offset)
                let expected = Self.naive(bytes, offset)
                #expect(location.line == expected.line && location.column == expected.column, "offset \(offset)")
                #expect(positions.line(at: offset) == expected.line)
            }
            let end = Self.naive(bytes, bytes.count)
            #expect(
                positions.location(at: bytes.count + 100)
                    == SourceLocation(path: "p", line: end.line, column: end.column))
            #expect(positions.location(at: -5) == SourceLocation(path: "p", line: 1, column: 1))
        }
    }

    @Test("an empty text is line 1, column 1 everywhere")
    func empty() {
        [UInt8]().withUnsafeBufferPointer { buffer in
            var positions = TextPositions(text: buffer, path: "empty")
            #expect(positions.location(at: 0) == SourceLocation(path: "empty", line: 1, column: 1))
            #expect(positions.line(at: 3) == 1)
        }
    }

    @Test("newlines are counted eight bytes at a time exactly, whatever the bytes around them", arguments: 0..<6)
    func newlineCount(seed: Int) {
        // Bytes chosen to trip a word-at-a-time test: 0x0A itself, its neighbours, high bytes.
        let pool: [UInt8] = [0x0A, 0x0B, 0x09, 0x8A, 0x0A, 0xFF, 0x00, 0x41, 0x7F, 0x80]
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1000 + seed, 2039, 2040, 2041, 5000 + seed] {
            let bytes = (0..<length).map { _ in pool.randomElement(using: &generator)! }
            bytes.withUnsafeBufferPointer { buffer in
                let counted = buffer.baseAddress.map { TextPositions.newlines($0, count: length) } ?? 0
                #expect(counted == bytes.filter { $0 == 0x0A }.count, "\(bytes)")
            }
        }
        // Nothing but newlines: every lane of a word counts to its most before it is added up.
        let newlines = [UInt8](repeating: 0x0A, count: 20_000 + seed)
        #expect(
            newlines.withUnsafeBufferPointer { TextPositions.newlines($0.baseAddress!, count: $0.count) }
                == newlines.count)
    }
}
