import Diagnostics
import FileFormats
import Foundation
import Testing

@Suite("Catalog text decoded to UTF-8")
struct TextDecodingTests {
    /// The UTF-8 text `bytes` decode to, or the diagnostic.
    static func decode(_ bytes: [UInt8]) -> Result<String, Diagnostic> {
        bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(Diagnostic) in
                try TextDecoding.withUTF8(buffer, path: "Loc.strings") { utf8 in String(decoding: utf8, as: UTF8.self) }
            }
        }
    }

    static let sample = "\"key\" = \"café 😀 中\";\n"

    @Test("UTF-8 with or without a byte-order mark, UTF-16 of either order with one, read as the same text")
    func encodings() throws {
        let utf8 = Array(Self.sample.utf8)
        let utf16 = Array(Self.sample.utf16)
        let little = utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big = utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [utf8, [0xEF, 0xBB, 0xBF] + utf8, [0xFF, 0xFE] + little, [0xFE, 0xFF] + big] {
            #expect(try Self.decode(bytes).get() == Self.sample)
        }
        #expect(try Self.decode([]).get() == "")
        #expect(try Self.decode([0xEF, 0xBB, 0xBF]).get() == "")
    }

    @Test("UTF-16 without a byte-order mark is refused, saying what to do", arguments: [true, false])
    func utf16WithoutMark(bigEndian: Bool) {
        let bytes = Array(Self.sample.utf16).flatMap {
            bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)]
        }
        guard case .failure(let error) = Self.decode(bytes) else {
            Issue.record("read UTF-16 without a byte-order mark")
            return
        }
        #expect(error.message.hasPrefix("the file looks like UTF-16 without a byte-order mark"))
        #expect(error.location == SourceLocation(path: "Loc.strings", line: 1, column: 1))
    }

    @Test(
        "invalid UTF-8 is refused at the line and column of its first bad byte",
        arguments: [
            ([0x61, 0xFF], "0xFF", 1, 2), ([0x0A, 0x63, 0xC3, 0xA9, 0xC0, 0x80], "0xC0", 2, 3),
            ([0xED, 0xA0, 0x80], "0xED", 1, 1),  // a surrogate
            ([0xF4, 0x90, 0x80, 0x80], "0xF4", 1, 1),  // past U+10FFFF
            ([0xE0, 0x80, 0x80], "0xE0", 1, 1),  // overlong
            ([0x41, 0xE2, 0x82], "0xE2", 1, 2),  // cut short by the end
            ([0x41, 0xE2, 0x41, 0x41], "0xE2", 1, 2),  // a lead without continuation
            ([0x80], "0x80", 1, 1),  // a lone continuation
            (Array(repeating: 0x41, count: 40) + [0x0A] + Array(repeating: 0x42, count: 39) + [0xFE], "0xFE", 2, 40),
        ] as [([UInt8], String, Int, Int)])
    func invalidUTF8(bytes: [UInt8], byte: String, line: Int, column: Int) {
        guard case .failure(let error) = Self.decode(bytes) else {
            Issue.record("read invalid UTF-8 \(bytes)")
            return
        }
        #expect(error.message == "invalid UTF-8 (byte \(byte))")
        #expect(error.location == SourceLocation(path: "Loc.strings", line: line, column: column))
    }

    @Test("the UTF-8 check agrees with the standard library's on random bytes, at every length", arguments: 0..<4)
    func agreesWithStandardLibrary(seed: Int) {
        var generator = SystemRandomNumberGenerator()
        // Mostly ASCII, so that the 32- and 8-byte steps run, with the leads and
        // continuations that make sequences valid or not.
        let pool: [UInt8] = [
            0x41, 0x41, 0x41, 0x41, 0x0A, 0x7F, 0x80, 0xBF, 0xC2, 0xDF, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF, 0xA0, 0x9F,
            0x90, 0x8F,
        ]
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 1...80, using: &generator)).map { _ in
                pool.randomElement(using: &generator)!
            }
            // The pool has no zero byte and no byte-order mark: the bytes are read as UTF-8.
            let valid = String(validating: bytes, as: UTF8.self) != nil
            switch Self.decode(bytes) {
            case .success(let text): #expect(valid && Array(text.utf8) == bytes, "\(bytes)")
            case .failure: #expect(!valid, "\(bytes)")
            }
        }
    }

    @Test(
        "invalid UTF-16 is refused where it goes wrong: an unpaired surrogate, an odd byte",
        arguments: [
            (
                [0xFF, 0xFE, 0x41, 0x00, 0x0A, 0x00, 0x00, 0xD8, 0x41, 0x00],
                "invalid UTF-16 (unpaired surrogate 0xD800)", 2, 1
            ),
            ([0xFE, 0xFF, 0x00, 0x41, 0xDC, 0x00], "invalid UTF-16 (unpaired surrogate 0xDC00)", 1, 2),
            ([0xFF, 0xFE, 0x41, 0x00, 0x42], "invalid UTF-16 (odd number of bytes)", 1, 2),
        ] as [([UInt8], String, Int, Int)])
    func invalidUTF16(bytes: [UInt8], message: String, line: Int, column: Int) {
        guard case .failure(let error) = Self.decode(bytes) else {
            Issue.record("read invalid UTF-16 \(bytes)")
            return
        }
        #expect(error.message == message)
        #expect(error.location == SourceLocation(path: "Loc.strings", line: line, column: column))
    }

    @Test("a surrogate pair in UTF-16 becomes its one scalar in UTF-8")
    func surrogatePair() throws {
        #expect(try Self.decode([0xFF, 0xFE, 0x3D, 0xD8, 0x00, 0xDE]).get() == "😀")
    }
}
