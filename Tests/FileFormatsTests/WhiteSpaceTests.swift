import FileFormats
import Foundation
import Testing

@Suite("White space as Foundation defines it, and bytes of a string")
struct WhiteSpaceTests {
    /// Every scalar Foundation's sets could disagree on: the ASCII range, the Latin-1
    /// controls, every separator and the format characters around them.
    static let scalars: [Unicode.Scalar] =
        (Array(0...0x2FF) + Array(0x1680...0x1680) + Array(0x180E...0x180E)
        + Array(0x2000...0x206F) + [0x3000, 0xFEFF, 0x205F, 0xA0, 0x202F])
        .compactMap(Unicode.Scalar.init)

    @Test("isSpace is CharacterSet.whitespaces, isSpaceOrNewline is .whitespacesAndNewlines")
    func agreesWithFoundation() {
        for scalar in Self.scalars {
            #expect(
                WhiteSpace.isSpace(scalar) == CharacterSet.whitespaces.contains(scalar),
                "U+\(String(scalar.value, radix: 16))")
            #expect(
                WhiteSpace.isSpaceOrNewline(scalar) == CharacterSet.whitespacesAndNewlines.contains(scalar),
                "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test(
        "trimming removes what the predicate accepts at both ends only, as Foundation trims",
        arguments: ["", "   ", "a", "  a b  ", "\t\u{3000}中 文\u{A0}\n", "\u{2028}x\u{85}", "é\u{301} ", "\r\n"])
    func trimming(text: String) {
        #expect(text.trimming(WhiteSpace.isSpaceOrNewline) == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(text.trimming(WhiteSpace.isSpace) == text.trimmingCharacters(in: .whitespaces))
        #expect(text[...].trimming(WhiteSpace.isSpace) == text.trimming(WhiteSpace.isSpace))
    }

    @Test("containsByte reads the UTF-8 bytes of native and bridged strings alike")
    func containsByte() {
        let native = "plain text with é"
        #expect(native.containsByte { $0 == 0xC3 })
        #expect(!native.containsByte { $0 < 0x20 })
        #expect("tab\there".containsByte { $0 == 0x09 })
        #expect(!"".containsByte { _ in true })
        let bridged = String(NSString(string: "abc\u{1}"))
        #expect(bridged.containsByte { $0 == 0x01 })
    }
}
