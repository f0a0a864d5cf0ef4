import Diagnostics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one reader of printf-style format specifiers in FlavorKit. `FormatString` and the
/// formatter, plural expansion, pseudo-locales, the String Catalog reader and writer, export
/// and lint all see a text's specifiers through it, so they cannot disagree.
///
/// It cuts UTF-8 text into tokens, each with its range of byte offsets, in one pass and
/// without allocating (but for a non-ASCII conversion character, which is invalid anyway). The grammar is Apple's (`NSString`'s: printf's plus `%@` and plural
/// variables):
///
///     token      = literal | "%%" | variable | specifier | invalid
///     variable   = "%" [position] "#@" name "@"       a plural variable (.stringsdict)
///     specifier  = "%" [position] {flag} [width] ["." [precision]] {length} conversion
///     position   = digits "$"                         1-based: "%0$d" is invalid, and so is
///                                                     one past `FormatScanner.limit`
///     flag       = "-" | "+" | " " | "#" | "0" | "'"
///     width      = digits                             ("*" is not supported: arguments are typed)
///     precision  = digits                             ("." alone means 0)
///     length     = "hh" | "h" | "ll" | "l" | "q" | "L" | "z" | "j" | "t"   (one, as in C)
///     conversion = "@"                                an object (any argument, as text)
///                | "d" | "i" | "D"                    a signed integer
///                | "u" | "U" | "x" | "X" | "o" | "O"  an unsigned integer
///                | "f" | "F" | "e" | "E" | "g" | "G" | "a" | "A"   a floating-point number
///                | "c" | "C"                          a character
///                | "s" | "S"                          a C string
///                | "p"                                a pointer (an integer, shown 0x…)
///     name       = one or more bytes other than "@", "%" and ASCII white space
///
/// `%#@` not followed by a name and `@` is the `@` conversion with the `#` flag. A `%` that
/// starts none of these is an `invalid` token covering the `%` and what was read after it
/// (position, flags, width, …) but not the character that broke the grammar, which stays
/// text: a lone trailing `%` (`100%`), an unknown conversion (`%k`, `%5%`), position 0.
/// Mind that printf reads `100% done` as the specifier `% d` (flag space, conversion `d`).
///
/// Numbers have one bound, `limit` (1,000): a position past it makes an `invalid` token
/// (`Problem.positionPastLimit`); a width or precision past it is read as `limit + 1` (no
/// text can overflow it), which `SafeFormatter` clamps to `limit` and lint reports.
public struct FormatScanner: IteratorProtocol {
    /// The largest argument position, width and precision FlavorKit accepts as written.
    public static let limit = 1_000

    /// One piece of a format and where it is.
    public struct Token: Sendable, Hashable {
        /// What a token is.
        public enum Kind: Sendable, Hashable {
            /// Text without any `%`.
            case literal
            /// `%%`, a percent sign.
            case percent
            /// A conversion specifier, `%-5.2f`, `%2$@`.
            case specifier(Specifier)
            /// A plural variable, `%#@name@`, `%2$#@name@`.
            case variable(Variable)
            /// A `%` that starts no specifier.
            case invalid(Problem)
        }

        /// What the token is.
        public var kind: Kind
        /// The token's UTF-8 byte offsets in the text (always on scalar boundaries).
        public var range: Range<Int>
    }

    /// A conversion specifier as written.
    public struct Specifier: Sendable, Hashable {
        /// The explicit 1-based position (`%2$@`), nil for a plain specifier.
        public var position: Int?
        /// The flags (`-`, `+`, ` `, `#`, `0`, `'`).
        public var flags: FormatFlags
        /// The minimum width in characters, when written (`%5d`).
        public var width: Int?
        /// The precision, when written (`%.2f`; `%.f` is 0).
        public var precision: Int?
        /// The length modifier (`l`, `ll`, `h`, …), when written.
        public var length: FormatLength?
        /// The conversion character (`@`, `d`, `f`, `p`, …).
        public var conversion: Unicode.Scalar
        /// What the argument must be.
        public var argument: FormatString.ArgumentKind
    }

    /// A plural variable as written.
    public struct Variable: Sendable, Hashable {
        /// The explicit 1-based position (`%2$#@name@`), nil for a plain one.
        public var position: Int?
        /// The UTF-8 byte offsets of the name, between `#@` and `@`.
        public var name: Range<Int>
    }

    /// Why a `%` starts no specifier.
    public enum Problem: Sendable, Hashable {
        /// The text ends before a conversion (`100%`, `%5`).
        case missingConversion
        /// The character after the `%` (and its flags, width, …) is no conversion.
        case unknownConversion(Unicode.Scalar)
        /// `%0$d`: positions start at 1.
        case zeroPosition
        /// `%1001$d`: a position past `FormatScanner.limit`.
        case positionPastLimit

        /// The problem in words, as `FormatError`s say it.
        public var message: String {
            switch self {
            case .missingConversion: return "a '%' ends the text without a conversion (write %% for a percent sign)"
            case .unknownConversion(let scalar):
                return "'%\(Diagnostic.quote(String(scalar)))' is not a format specifier (write %% for a percent sign)"
            case .zeroPosition: return "argument positions start at 1 (%0$)"
            case .positionPastLimit:
                return "argument positions go up to \(FormatScanner.limit) (a larger one is surely a mistake)"
            }
        }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    /// A scanner over UTF-8 text; the buffer must outlive it.
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The next token, nil at the end of the text.
    @inline(__always)
    public mutating func next() -> Token? {
        guard index < bytes.count else { return nil }
        let start = index
        guard bytes[index] == Self.percent else {
            // memchr finds the next `%` a word at a time; most text is literal.
            let rest = UnsafeRawPointer(bytes.baseAddress! + index)
            if let found = memchr(rest, Int32(Self.percent), bytes.count - index) {
                index += UnsafeRawPointer(found) - rest
            } else {
                index = bytes.count
            }
            return Token(kind: .literal, range: start..<index)
        }
        index += 1
        if index < bytes.count, bytes[index] == Self.percent {
            index += 1
            return Token(kind: .percent, range: start..<index)
        }
        let beforePosition = index
        var position: Int?
        if let number = readNumber(), index < bytes.count, bytes[index] == UInt8(ascii: "$") {
            index += 1
            guard number > 0 else { return Token(kind: .invalid(.zeroPosition), range: start..<index) }
            guard number <= Self.limit else {
                return Token(kind: .invalid(.positionPastLimit), range: start..<index)
            }
            position = number
        } else {
            index = beforePosition
        }
        if let name = variableName() {
            index = name.upperBound + 1
            return Token(kind: .variable(Variable(position: position, name: name)), range: start..<index)
        }
        var flags = FormatFlags()
        while index < bytes.count, let flag = FormatFlags(byte: bytes[index]) {
            flags.insert(flag)
            index += 1
        }
        let width = readNumber()
        var precision: Int?
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            precision = readNumber() ?? 0
        }
        let length = readLength()
        guard index < bytes.count else { return Token(kind: .invalid(.missingConversion), range: start..<index) }
        let conversion = scalar(at: index)
        guard let argument = Self.argument(of: conversion.scalar) else {
            return Token(kind: .invalid(.unknownConversion(conversion.scalar)), range: start..<index)
        }
        index = conversion.end
        let specifier = Specifier(
            position: position, flags: flags, width: width, precision: precision, length: length,
            conversion: conversion.scalar, argument: argument)
        return Token(kind: .specifier(specifier), range: start..<index)
    }

    /// What argument a conversion character takes; nil when it is none.
    public static func argument(of conversion: Unicode.Scalar) -> FormatString.ArgumentKind? {
        switch conversion {
        case "@": return .object
        case "d", "i", "D": return .signed
        case "u", "x", "X", "o", "O", "U": return .unsigned
        case "f", "F", "e", "E", "g", "G", "a", "A": return .floating
        case "c", "C": return .character
        case "s", "S": return .cString
        case "p": return .pointer
        default: return nil
        }
    }

    // MARK: Reading

    private static let percent = UInt8(ascii: "%")

    /// Digits as a number, saturating at `limit + 1` (so that no text overflows it and any
    /// number past the limit reads as one); nil when there are none.
    private mutating func readNumber() -> Int? {
        var value: Int?
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            value = min((value ?? 0) * 10 + Int(bytes[index] - UInt8(ascii: "0")), Self.limit + 1)
            index += 1
        }
        return value
    }

    /// A length modifier when one starts here (`ll` and `hh` before `l` and `h`).
    private mutating func readLength() -> FormatLength? {
        guard index < bytes.count else { return nil }
        let first = bytes[index]
        let doubled = index + 1 < bytes.count && bytes[index + 1] == first
        let length: FormatLength
        switch first {
        case UInt8(ascii: "h"): length = doubled ? .char : .short
        case UInt8(ascii: "l"): length = doubled ? .longLong : .long
        case UInt8(ascii: "q"): length = .quad
        case UInt8(ascii: "L"): length = .longDouble
        case UInt8(ascii: "z"): length = .size
        case UInt8(ascii: "j"): length = .intmax
        case UInt8(ascii: "t"): length = .pointerDifference
        default: return nil
        }
        index += length == .char || length == .longLong ? 2 : 1
        return length
    }

    /// The range of a variable's name when `#@name@` starts here.
    private func variableName() -> Range<Int>? {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "#"), bytes[index + 1] == UInt8(ascii: "@") else {
            return nil
        }
        var end = index + 2
        while end < bytes.count, bytes[end] != UInt8(ascii: "@") {
            switch bytes[end] {
            case Self.percent, UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): return nil
            default: end += 1
            }
        }
        guard end < bytes.count, end > index + 2 else { return nil }
        return index + 2..<end
    }

    /// The Unicode scalar starting at `offset` and the offset after it.
    private func scalar(at offset: Int) -> (scalar: Unicode.Scalar, end: Int) {
        guard bytes[offset] >= 0x80 else { return (Unicode.Scalar(bytes[offset]), offset + 1) }
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
        return (text.unicodeScalars.first!, end)
    }
}

extension FormatScanner {
    /// Every token of `text`, each with its text as written; for callers off the hot path
    /// that copy, rewrite or skip tokens.
    public static func tokens(in text: String) -> [(token: Token, text: Substring)] {
        var text = text
        text.makeContiguousUTF8()
        let tokens = text.utf8.withContiguousStorageIfAvailable { bytes in Array(IteratorSequence(FormatScanner(bytes)))
        }!
        return tokens.map { ($0, substring($0.range, of: text)) }
    }

    /// The part of `text` at UTF-8 byte offsets `range` (a token's, or a variable's name).
    public static func substring(_ range: Range<Int>, of text: String) -> Substring {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return Substring(utf8[start..<utf8.index(start, offsetBy: range.count)])
    }
}

extension FormatScanner {
    /// Whether two UTF-8 texts have the same tokens other than literal text (specifiers,
    /// `%%`, plural variables, invalid ones), as written, in the same order: then neither
    /// needs parsing to know they agree. Texts without any `%` agree unscanned. (Here, beside
    /// `next()`, so that the optimizer makes it a walk over ranges, not over whole tokens.)
    package static func sameSpecifiers(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        if !hasPercent(a), !hasPercent(b) { return true }
        var first = FormatScanner(a), second = FormatScanner(b)
        while true {
            let x = first.nextNonLiteral(), y = second.nextNonLiteral()
            guard let x, let y else { return x == nil && y == nil }
            guard x.count == y.count, memcmp(a.baseAddress! + x.lowerBound, b.baseAddress! + y.lowerBound, x.count) == 0
            else { return false }
        }
    }

    /// `sameSpecifiers(_:_:)` of two strings.
    package static func sameSpecifiers(_ first: String, _ second: String) -> Bool {
        var first = first, second = second
        return first.withUTF8 { a in second.withUTF8 { b in sameSpecifiers(a, b) } }
    }

    private static func hasPercent(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        return memchr(base, Int32(UInt8(ascii: "%")), text.count) != nil
    }

    /// The range of the next token that is not literal text.
    private mutating func nextNonLiteral() -> Range<Int>? {
        while let token = next() {
            if case .literal = token.kind { continue }
            return token.range
        }
        return nil
    }
}
