import Diagnostics
import FileFormats

/// What a catalog text should not hold, as every reader of outside text judges it: characters
/// a terminal acts on (C0 controls but tab and line feed, DEL, C1 controls, the line and
/// paragraph separators) and characters that reorder the text around them (the bidirectional
/// embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069; the marks U+200E,
/// U+200F and U+061C, which right-to-left translations need, are fine). A translation may
/// hold one only where the development language's text holds it too: import refuses it, lint
/// reports it, and the program shows a control character written out (`\u{1B}`) instead of
/// sending it to the terminal.
public enum ControlCharacters {
    /// Whether a terminal acts on `scalar`: C0 but tab and line feed, DEL, C1, U+2028, U+2029.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: return false
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Whether `scalar` embeds, overrides or isolates a direction (U+202A–U+202E, U+2066–U+2069).
    public static func isDirectionControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// The control and direction characters of `text` that `development` does not hold, each
    /// once, in order: what a translation brings that its source does not.
    public static func unexpected(in text: String, comparedWith development: String) -> [Unicode.Scalar] {
        guard mayHold(text) else { return [] }
        let allowed = Set(development.unicodeScalars.filter { isControl($0) || isDirectionControl($0) })
        var found: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars
        where (isControl(scalar) || isDirectionControl(scalar)) && !allowed.contains(scalar) && !found.contains(scalar)
        {
            found.append(scalar)
        }
        return found
    }

    /// `U+001B`, `U+202E` and so on, for messages.
    public static func names(_ scalars: [Unicode.Scalar]) -> String {
        scalars.map {
            "U+" + String(repeating: "0", count: max(0, 4 - String($0.value, radix: 16).count))
                + String($0.value, radix: 16, uppercase: true)
        }
        .joined(separator: ", ")
    }

    /// `text` with its control characters written out as `Diagnostic.visible` writes them
    /// (`\u{1B}`, `\r`), so that no catalog text acts on the terminal; direction marks and
    /// controls are kept (right-to-left text needs them, and the pseudo-locale `ar-XB` is made of them).
    public static func shown(_ text: String) -> String {
        guard mayHold(text), text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += Diagnostic.visible(String(scalar))
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `text` may hold one of these characters, by its bytes (see `mayHold(_:)` of bytes).
    public static func mayHold(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(mayHold)
    }

    /// Whether UTF-8 `bytes` may hold a control or direction character: a byte below 0x20 (but
    /// tab and line feed), DEL, C1 (0xC2 0x80–0x9F), or U+2028–U+202E or U+2066–U+2069 (0xE2
    /// and two more; typographic quotes and dashes, which share the 0xE2, are not). Eight bytes
    /// at a time: only a word holding a byte below 0x20, 0x7F, 0xC2 or 0xE2 is looked at byte by
    /// byte. For checks of every text of a catalog.
    public static func mayHold(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var index = 0
        while index + 8 <= bytes.count {
            if hasSuspect(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                for offset in index..<index + 8 where isSuspect(bytes, at: offset) { return true }
            }
            index += 8
        }
        while index < bytes.count {
            if isSuspect(bytes, at: index) { return true }
            index += 1
        }
        return false
    }

    /// Whether the character starting at `index` is one of these (or starts one, when it is cut).
    @inline(__always)
    private static func isSuspect(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = bytes[index]
        switch byte {
        case 0x09, 0x0A: return false
        case 0x00..<0x20, 0x7F: return true
        case 0xC2: return index + 1 >= bytes.count || bytes[index + 1] < 0xA0
        case 0xE2:
            guard index + 2 < bytes.count else { return true }
            let (second, third) = (bytes[index + 1], bytes[index + 2])
            return (second == 0x80 && (0xA8...0xAE).contains(third))
                || (second == 0x81 && (0xA6...0xA9).contains(third))
        default: return false
        }
    }

    /// Whether some byte of `word` is below 0x20, 0x7F, 0xC2 or 0xE2.
    @inline(__always)
    private static func hasSuspect(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        return (word &- ones &* 0x20) & ~word & highs != 0 || hasZero(word ^ (ones &* 0x7F))
            || hasZero(word ^ (ones &* 0xC2)) || hasZero(word ^ (ones &* 0xE2))
    }
}
