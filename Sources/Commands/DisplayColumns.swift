/// How many terminal columns text takes, computed from Unicode properties alone (this module
/// links no C library): East Asian wide and fullwidth characters and emoji take two, combining
/// marks, format and control characters none, everything else one.
public enum DisplayColumns {
    /// East Asian Wide (W) and Fullwidth (F) blocks, as in Markus Kuhn's wcwidth.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3040...0xA4CF, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// The columns `text` takes.
    public static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// The columns one scalar takes: 0, 1 or 2.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) { return 0 }  // Hangul vowels and finals join the syllable
        if scalar.properties.isEmojiPresentation || wide.contains(where: { $0.contains(value) }) { return 2 }
        return 1
    }
}
