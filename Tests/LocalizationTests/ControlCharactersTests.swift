import Localization
import Testing

/// `ControlCharacters.mayHold` looks at bytes eight at a time: it must say what a look at each
/// character says, wherever the character lies, and `shown` must write out a control character anywhere.
@Suite("Control characters, found by bytes")
struct ControlCharactersTests {
    /// Every character of one and two bytes, those of three bytes around the direction controls
    /// (U+2000–U+20FF: quotes and dashes share their first byte), and a few more.
    static let scalars: [Unicode.Scalar] =
        ((0...0x7FF).compactMap(Unicode.Scalar.init) + (0x2000...0x20FF).compactMap(Unicode.Scalar.init)
            + ["\u{061C}", "\u{200E}", "\u{3000}", "\u{FEFF}", "\u{E200}", "👍"])

    @Test("every character, at every position of texts up to 17 characters, as a look at characters says")
    func everyCharacter() {
        var wrong: [String] = []
        for scalar in Self.scalars {
            let expected = ControlCharacters.isControl(scalar) || ControlCharacters.isDirectionControl(scalar)
            for length in 1...17 {
                for position in 0..<length {
                    var text = String(repeating: "a", count: position)
                    text.unicodeScalars.append(scalar)
                    text += String(repeating: "a", count: length - position - 1)
                    if ControlCharacters.mayHold(text) != expected {
                        wrong.append("U+\(String(scalar.value, radix: 16)) at \(position) of \(length)")
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        #expect(!ControlCharacters.mayHold(UnsafeBufferPointer(start: nil, count: 0)))
    }

    @Test(
        "bytes cut inside a character still count as one that may be a control",
        arguments: [[0xC2], [0xE2], [0xE2, 0x80]])
    func cutCharacter(_ bytes: [UInt8]) {
        #expect(bytes.withUnsafeBufferPointer(ControlCharacters.mayHold))
        #expect(([UInt8](repeating: 0x61, count: 9) + bytes).withUnsafeBufferPointer(ControlCharacters.mayHold))
    }

    @Test("a control character is written out wherever it lies; a text without one is shown as it is")
    func shown() {
        let fillers = ["a", "é", "日", "\u{2019}", "\t", "\n", "\u{A0}", "👍"]
        for control: Unicode.Scalar in ["\u{1B}", "\u{7F}", "\u{85}", "\u{2028}"] {
            for filler in fillers {
                for length in 0..<20 {
                    var text = String(repeating: filler, count: length)
                    #expect(ControlCharacters.shown(text) == text)
                    text.insert(Character(control), at: text.index(text.startIndex, offsetBy: length / 2))
                    #expect(!ControlCharacters.shown(text).unicodeScalars.contains(where: ControlCharacters.isControl))
                }
            }
        }
    }
}
