import Localization
import Testing

/// `ControlCharacters.mayHold` looks at bytes eight at a time: it must say what a look at each
/// byte says, wherever the byte lies, and `shown` must write out a control character anywhere.
@Suite("Control characters, found by bytes")
struct ControlCharactersTests {
    static func suspect(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A) || byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }

    @Test("every byte value, at every position of texts up to 24 bytes, as a byte-by-byte look says")
    func everyByte() {
        for length in 1...24 {
            for position in 0..<length {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = UInt8(value)
                    let found = bytes.withUnsafeBufferPointer(ControlCharacters.mayHold)
                    #expect(found == Self.suspect(UInt8(value)), "byte \(value) at \(position) of \(length)")
                }
            }
        }
        #expect(!ControlCharacters.mayHold(UnsafeBufferPointer(start: nil, count: 0)))
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
