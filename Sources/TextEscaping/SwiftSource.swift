/// Text from a catalog written into Swift source, where whatever it holds must stay data: a
/// string literal that says exactly the text, a comment that stays one line, an identifier the
/// compiler accepts. What a catalog holds (a key, a comment, a table's or a file's name) never
/// becomes code: a line break in a comment would end it and start a line of code, a quote in a
/// literal would end it. The escapes are `TextEscaping`'s, the one escaper for Swift source.
package enum SwiftSource {
    /// `text` as a Swift string literal (`"…"`), escaped as `Escaper.swiftLiteral` escapes.
    package static func literal(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendLiteral(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `literal(text)` to UTF-8 `bytes`.
    package static func appendLiteral(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        Escaper.swiftLiteral.append(text, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `text` as the rest of one comment line, escaped as `Escaper.swiftComment` escapes.
    package static func comment(_ text: some StringProtocol) -> String {
        Escaper.swiftComment.escaped(text)
    }

    /// Appends `comment(text)` to UTF-8 `bytes`. (A `String` and a `Substring` form, not one
    /// over `StringProtocol`: called from other modules, a generic one runs unspecialized.)
    package static func appendComment(_ text: String, to bytes: inout [UInt8]) {
        Escaper.swiftComment.append(text, to: &bytes)
    }

    /// Appends `comment(text)` to UTF-8 `bytes` (a line of a longer text).
    package static func appendComment(_ text: Substring, to bytes: inout [UInt8]) {
        Escaper.swiftComment.append(text, to: &bytes)
    }

    // MARK: Identifiers

    /// `name` as it is declared and used: in backticks when it is a keyword.
    package static func identifier(_ name: String) -> String {
        isKeyword(name) ? "`" + name + "`" : name
    }

    /// Whether `name` is an identifier the Swift compiler accepts (in backticks when it is a
    /// keyword): a head character, then identifier characters.
    package static func isIdentifier(_ name: some StringProtocol) -> Bool {
        guard let first = name.unicodeScalars.first, isIdentifierHead(first) else { return false }
        return name.unicodeScalars.allSatisfy(isIdentifierCharacter)
    }

    /// Whether an identifier may start with `scalar`: a letter or `_`, or a character of the
    /// ranges Swift's lexer allows (those of C11's Annex D), but digits and the combining
    /// marks it refuses first.
    package static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if scalar.isASCII {
            return value == 0x5F || (0x61...0x7A).contains(value | 0x20)
        }
        guard isIdentifierCharacter(scalar) else { return false }
        return
            !((0x0300...0x036F).contains(value) || (0x1DC0...0x1DFF).contains(value)
            || (0x20D0...0x20FF).contains(value) || (0xFE20...0xFE2F).contains(value))
    }

    /// Whether an identifier may hold `scalar` after its first character: the ranges of Swift's
    /// lexer (`isValidIdentifierContinuationCodePoint`; of its two copies' upper bounds of the
    /// FE47 range, the lower, so that both compilers accept the name).
    package static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if scalar.isASCII {
            return value == 0x5F || (0x30...0x39).contains(value) || (0x61...0x7A).contains(value | 0x20)
        }
        switch value {
        case 0xA8, 0xAA, 0xAD, 0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF,
            0x100...0x167F, 0x1681...0x180D, 0x180F...0x1FFF,
            0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054, 0x2060...0x206F,
            0x2070...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF,
            0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF,
            0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE44, 0xFE47...0xFFF8:
            return true
        case 0x10000...0xEFFFD:
            // Every plane's last two code points are not characters.
            return value & 0xFFFF <= 0xFFFD
        default:
            return false
        }
    }

    /// Swift's keywords: a name spelt so is written in backticks.
    private static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "as", "await", "false", "is", "nil",
        "super", "throws", "true", "try", "Any", "self", "Self", "Type", "Protocol",
    ]
    private static let longestKeyword = keywords.map(\.utf8.count).max() ?? 0

    /// Whether `name` is a keyword. (A longer name is not looked up.)
    package static func isKeyword(_ name: String) -> Bool {
        name.utf8.count <= longestKeyword && keywords.contains(name)
    }
}
