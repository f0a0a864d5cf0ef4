/// How many terminal columns text takes, computed from Unicode properties alone (this module
/// links no C library), and text cut or wrapped to a number of columns without splitting a
/// character: East Asian wide and fullwidth characters and emoji take two, combining marks,
/// format and control characters none, everything else one. A character is a grapheme
/// cluster, so an emoji sequence (👩‍💻, 🇫🇷) or a letter with its combining marks is measured,
/// cut and wrapped whole.
public enum DisplayColumns {
    /// East Asian Wide (W) and Fullwidth (F) blocks, as in Markus Kuhn's wcwidth.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3040...0xA4CF, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// What ends a cut text: one column.
    public static let ellipsis = "…"

    /// The columns `text` takes. Terminal control sequences (`ESC [ … m`, colours) take none.
    public static func width(_ text: String) -> Int {
        width(text[...])
    }

    /// The columns `text` takes (a line of a longer text). Not generic over `StringProtocol`, so
    /// that a debug build, which does not specialize, measures as fast as the others.
    public static func width(_ text: Substring) -> Int {
        // ASCII text without escapes (most of it) is one column a printable byte.
        var ascii = 0
        var isPlain = true
        for byte in text.utf8 {
            guard byte < 0x7F, byte != 0x1B else {
                isPlain = false
                break
            }
            if byte >= 0x20 { ascii += 1 }
        }
        if isPlain { return ascii }
        var total = 0
        var inSequence = false
        var previousWasEscape = false
        for character in text {
            if inSequence {
                // A control sequence ends with a byte from @ to ~.
                if let scalar = character.unicodeScalars.first, (0x40...0x7E).contains(scalar.value) {
                    inSequence = false
                }
                continue
            }
            if previousWasEscape, character == "[" {
                inSequence = true
                previousWasEscape = false
                continue
            }
            previousWasEscape = character == "\u{1B}"
            total += width(of: character)
        }
        return total
    }

    /// The columns one character (grapheme cluster) takes: 0, 1 or 2. An emoji sequence
    /// takes two, however many scalars it joins.
    public static func width(of character: Character) -> Int {
        // Plain loops: a debug build runs them much faster than generic algorithms.
        var total = 0, count = 0, emojiPresentation = false
        for scalar in character.unicodeScalars {
            count += 1
            total += width(of: scalar)
            if count > 1, scalar.value == 0xFE0F || scalar.properties.isEmojiPresentation { emojiPresentation = true }
        }
        if count > 1, emojiPresentation || character.unicodeScalars.first!.properties.isEmojiPresentation,
            character.unicodeScalars.first!.properties.isEmoji
        {
            return 2
        }
        return min(2, total)
    }

    /// The columns one scalar takes: 0, 1 or 2.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        // Latin-1 and the Latin extensions, before the combining marks: controls (U+007F to
        // U+009F) and the soft hyphen take none, every other one column.
        if value < 0x300 { return value < 0xA0 || value == 0xAD ? 0 : 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) { return 0 }  // Hangul vowels and finals join the syllable
        if scalar.properties.isEmojiPresentation { return 2 }
        guard value >= 0x1100 else { return 1 }
        for range in wide where range.contains(value) { return 2 }
        return 1
    }

    /// `text` when it fits in `columns`; else its longest start that fits with `…` after it
    /// (and the directional isolates it opened closed again, so that a cut right-to-left text
    /// cannot reorder what follows it).
    public static func truncate(_ text: String, to columns: Int) -> String {
        guard width(text) > columns else { return text }
        guard columns > 0 else { return "" }
        var result = ""
        var used = 0
        var openIsolates = 0
        for character in text {
            let next = width(of: character)
            if used + next > columns - 1 { break }
            for scalar in character.unicodeScalars {
                if (0x2066...0x2068).contains(scalar.value) { openIsolates += 1 }
                if scalar.value == 0x2069, openIsolates > 0 { openIsolates -= 1 }
            }
            result.append(character)
            used += next
        }
        return result + ellipsis + String(repeating: "\u{2069}", count: openIsolates)
    }

    /// `text` broken into lines of at most `columns`: at spaces where it can, inside a word
    /// (between characters) where a word alone is wider. Never an empty list; no line ends
    /// with a space.
    public static func wrap(_ text: String, to columns: Int) -> [String] {
        let limit = max(columns, 1)
        guard width(text) > limit else { return [text] }
        var lines: [String] = []
        var line = ""
        var used = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var rest = Substring(word)
            var wordWidth = width(rest)
            if used > 0, used + 1 + wordWidth <= limit {
                line += " " + rest
                used += 1 + wordWidth
                continue
            }
            if used > 0 {
                lines.append(line)
                line = ""
                used = 0
            }
            while wordWidth > limit {
                var piece = ""
                var pieceWidth = 0
                while let character = rest.first, pieceWidth + width(of: character) <= limit || piece.isEmpty {
                    piece.append(character)
                    pieceWidth += width(of: character)
                    rest = rest.dropFirst()
                }
                lines.append(piece)
                wordWidth -= pieceWidth
            }
            line = String(rest)
            used = wordWidth
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// `text` wrapped in first-strong isolate marks (U+2068 … U+2069) when it holds
    /// right-to-left letters, so that it cannot reorder the columns around it; else as it is.
    public static func isolated(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isRightToLeft) else { return text }
        // Isolated already: once is enough.
        if text.unicodeScalars.first == "\u{2068}", text.unicodeScalars.last == "\u{2069}" { return text }
        return "\u{2068}" + text + "\u{2069}"
    }

    /// Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms.
    private static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }
}
