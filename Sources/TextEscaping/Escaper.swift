/// How one medium writes text it cannot hold as it is: a table of the ASCII characters with an
/// escape of their own (`"` → `\"`, `<` → `&lt;`), and, for a medium that must show every
/// character a reader could not see (a terminal, Swift source), the escape of any other scalar.
/// Every medium FlavorKit writes has exactly one `Escaper` (the static members below), so that
/// what reaches a terminal, an HTML page, an XML file, JSON or generated Swift is escaped one
/// way, and a text that needs nothing is returned as it is, after one pass over its bytes.
package struct Escaper: Sendable {
    /// The escape of each ASCII character, by its value; nil: written as it is.
    private let ascii: [String?]
    /// Which ASCII characters have an escape: bit `n` for the value `n`, below 64 and above.
    private let escapedBelow64: UInt64, escapedAbove64: UInt64
    /// The escape of a non-ASCII scalar, or nil for one written as it is; nil: every one as it is.
    private let other: (@Sendable (Unicode.Scalar) -> String?)?

    /// A medium whose ASCII characters `escapes` names are written so, and whose other
    /// scalars `other` escapes (nil for those it leaves alone).
    package init(_ escapes: [Unicode.Scalar: String], other: (@Sendable (Unicode.Scalar) -> String?)? = nil) {
        var ascii = [String?](repeating: nil, count: 128)
        for (scalar, escape) in escapes {
            precondition(scalar.isASCII, "an escape table names ASCII characters only")
            ascii[Int(scalar.value)] = escape
        }
        self.ascii = ascii
        self.other = other
        var below: UInt64 = 0
        var above: UInt64 = 0
        for value in ascii.indices where ascii[value] != nil {
            if value < 64 { below |= 1 << UInt64(value) } else { above |= 1 << UInt64(value - 64) }
        }
        (escapedBelow64, escapedAbove64) = (below, above)
    }

    /// Whether `text` has a character this medium escapes.
    package func needsEscaping(_ text: some StringProtocol) -> Bool {
        // A first pass over the bytes, in place when the text is stored whole (nearly always).
        let mayNeed = text.utf8.withContiguousStorageIfAvailable { mayNeedEscaping($0) } ?? mayNeedEscaping(text.utf8)
        return mayNeed && text.unicodeScalars.contains { escape(of: $0) != nil }
    }

    /// Whether `bytes` hold an ASCII character with an escape, or, when the medium escapes
    /// some others, one that is not ASCII.
    private func mayNeedEscaping(_ bytes: some Sequence<UInt8>) -> Bool {
        let escapesOthers = other != nil
        for byte in bytes {
            let escaped =
                byte < 64
                ? escapedBelow64 >> UInt64(byte) & 1 != 0
                : byte < 128 ? escapedAbove64 >> UInt64(byte - 64) & 1 != 0 : escapesOthers
            if escaped { return true }
        }
        return false
    }

    /// `text` as the medium writes it.
    package func escaped(_ text: some StringProtocol) -> String {
        guard needsEscaping(text) else { return String(text) }
        var bytes: [UInt8] = []
        appendEscaping(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as the medium writes it to UTF-8 `bytes` (for writers that build bytes:
    /// no string is made).
    package func append(_ text: some StringProtocol, to bytes: inout [UInt8]) {
        guard needsEscaping(text) else {
            if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
                bytes.append(contentsOf: text.utf8)
            }
            return
        }
        appendEscaping(text, to: &bytes)
    }

    /// Appends `text`, which needs escaping, scalar by scalar.
    private func appendEscaping(_ text: some StringProtocol, to bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if let escape = escape(of: scalar) {
                bytes.append(contentsOf: escape.utf8)
            } else {
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
    }

    /// The escape of `scalar`, or nil when it is written as it is.
    package func escape(of scalar: Unicode.Scalar) -> String? {
        scalar.isASCII ? ascii[Int(scalar.value)] : other?(scalar)
    }

    /// `\u{1B}`: a scalar written out as a Swift escape, its value in capital hexadecimal.
    package static func swiftEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// The C0 controls (but those `except` names) and DEL, each as `escape` writes it.
    private static func controls(except kept: Set<Unicode.Scalar> = [], _ escape: (Unicode.Scalar) -> String)
        -> [Unicode.Scalar: String]
    {
        var table: [Unicode.Scalar: String] = [:]
        for value in Array(0..<0x20) + [0x7F] {
            let scalar = Unicode.Scalar(UInt8(value))
            if !kept.contains(scalar) { table[scalar] = escape(scalar) }
        }
        return table
    }
}

extension Escaper {
    /// Whether a terminal would act on `scalar`, or a reader could not see it where it is:
    /// C0 controls, DEL, C1 controls, the line and paragraph separators, the bidirectional
    /// formatting characters (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), and the
    /// invisible characters no running text needs, with which a name could pass for another or
    /// carry hidden text: the soft hyphen (U+00AD), the combining grapheme joiner (U+034F), the
    /// Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the Mongolian vowel separator (U+180E),
    /// the word joiner and invisible operators (U+2060–U+2065, U+206A–U+206F), the byte-order
    /// mark (U+FEFF) and the tag characters (U+E0000–U+E007F). The zero-width space, non-joiner
    /// and joiner (U+200B–U+200D) and the variation selectors are kept: Thai and Khmer break
    /// words with the first, Persian and Indic scripts and emoji need the others.
    package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
        case 0xAD, 0x034F, 0x115F, 0x1160, 0x180E, 0x2060...0x2065, 0x206A...0x206F, 0x3164, 0xFEFF, 0xFFA0,
            0xE0000...0xE007F:
            return true
        default: return false
        }
    }

    /// A terminal's: every character `isInvisible` names written out as a Swift escape (`\n`,
    /// `\r`, `\t`, `\u{1B}`); a backslash stays as it is.
    package static let terminal = Escaper(
        controls { ["\n": "\\n", "\r": "\\r", "\t": "\\t"][$0] ?? swiftEscape($0) },
        other: { isInvisible($0) ? swiftEscape($0) : nil })

    /// XML element text: `&`, `<`, `>`, and a carriage return as a character reference (a
    /// reader would turn it into a line feed). The other controls XML 1.0 cannot hold at all
    /// are the writer's to refuse.
    package static let xmlText = Escaper(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"])

    /// An XML attribute's value: as text, and `"`, tab and line feed as references (a
    /// reader would turn them into spaces).
    package static let xmlAttribute = Escaper([
        "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "\r": "&#13;", "\n": "&#10;", "\t": "&#9;",
    ])

    /// HTML text and attribute values: `&`, `<`, `>`, `"`, and every control character shown
    /// as its picture (`␛` for ESC, `␉` for a tab, U+2400…), never acted on.
    package static let html = Escaper(
        ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"].merging(
            controls { String(Unicode.Scalar($0.value == 0x7F ? 0x2421 : 0x2400 + $0.value)!) }
        ) { named, _ in named })

    /// A JSON string's content as Xcode and Foundation write it: `"` and `\` escaped, `\n`,
    /// `\r`, `\t`, `\b`, `\f`, and every other control below U+0020 as `\u00xx`.
    package static let json = Escaper(
        ["\"": "\\\"", "\\": "\\\\"].merging(
            controls(except: ["\u{7F}"]) { scalar in
                ["\n": "\\n", "\r": "\\r", "\t": "\\t", "\u{8}": "\\b", "\u{C}": "\\f"][scalar]
                    ?? "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            }
        ) { named, _ in named })

    /// Whether Swift source writes `scalar` escaped, in a literal or a comment: a control
    /// character, a line or paragraph separator, a format character (the bidirectional
    /// controls, zero-width characters, the byte-order mark), a private-use or unassigned code
    /// point: what could end a line, hide itself or reorder what an editor shows.
    package static func isHiddenInSwift(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x20 || scalar.value == 0x7F { return true }
        if scalar.value < 0x7F { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate: return true
        default: return false
        }
    }

    /// A Swift string literal's content: `"` and `\` escaped, `\n`, `\r`, `\t`, and `\u{…}`
    /// for every other character `isHiddenInSwift` names.
    package static let swiftLiteral = Escaper(
        ["\"": "\\\"", "\\": "\\\\"].merging(
            controls { ["\n": "\\n", "\r": "\\r", "\t": "\\t"][$0] ?? swiftEscape($0) }
        ) { named, _ in named },
        other: { isHiddenInSwift($0) ? swiftEscape($0) : nil })

    /// The rest of one Swift comment line: every character `isHiddenInSwift` names (line
    /// breaks included, so that nothing after it can become code) as an escape; a backslash
    /// stays as it is.
    package static let swiftComment = Escaper(
        controls { ["\n": "\\n", "\r": "\\r", "\t": "\\t"][$0] ?? swiftEscape($0) },
        other: { isHiddenInSwift($0) ? swiftEscape($0) : nil })
}
