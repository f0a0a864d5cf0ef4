/// A printf-style format as written in Apple catalogs, split into literal text and
/// conversion specifiers: `%@ %d %i %u %ld %lld %lu %llu %f %e %g %x %X %o %c %s %%`,
/// with flags, width, precision and positions (`%2$@`).
public struct FormatString: Sendable, Hashable {
    /// What an argument must be for a specifier.
    public enum ArgumentKind: String, Sendable, Hashable, CustomStringConvertible {
        case object = "%@"
        case signed = "%d"
        case unsigned = "%u"
        case floating = "%f"
        case character = "%c"
        case cString = "%s"

        public var description: String { rawValue }
    }

    public struct Specifier: Sendable, Hashable {
        /// 1-based argument position.
        public var position: Int
        public var flags: String
        public var width: Int?
        public var precision: Int?
        /// The conversion character (`@`, `d`, `f`, …).
        public var conversion: Character
        public var kind: ArgumentKind
    }

    public enum Segment: Sendable, Hashable {
        case literal(String)
        case specifier(Specifier)
    }

    /// A format that cannot be used: a lone `%`, an unknown conversion, positions mixed with
    /// plain specifiers, or one position used with two types. (A position left unused, as a
    /// plural variant like "one file" leaves its count, is fine.)
    public struct Invalid: Error, Sendable, Hashable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    public let segments: [Segment]
    /// The argument each position takes, position 1 first; nil for a position not used.
    public let signature: [ArgumentKind?]

    /// Whether `other` asks for no argument of a different type than this format does at
    /// the same position, and for no position beyond it (it may leave positions unused).
    public func accepts(_ other: FormatString) -> Bool {
        other.signature.count <= signature.count
            && zip(other.signature, signature).allSatisfy { $0 == nil || $0 == $1 }
    }

    public init(_ text: String) throws(Invalid) {
        var text = text
        text.makeContiguousUTF8()
        var parsed: Result<([Segment], [ArgumentKind?]), Invalid>!
        text.utf8.withContiguousStorageIfAvailable { bytes in
            parsed = Result { () throws(Invalid) in try Self.parse(bytes) }
        }
        (segments, signature) = try parsed.get()
    }

    /// One pass over the UTF-8 bytes: literal runs are copied whole, specifiers read byte by byte.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(Invalid) -> ([Segment], [ArgumentKind?]) {
        var segments: [Segment] = []
        var literal = ""
        var nextPosition = 1
        var sawPositional = false, sawSequential = false
        var kinds: [ArgumentKind?] = []
        var index = 0, runStart = 0
        func readNumber() -> Int? {
            var value: Int?
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                value = min((value ?? 0) &* 10 &+ Int(bytes[index] - 48), 1_000_000)
                index += 1
            }
            return value
        }
        func flushRun(to end: Int) {
            if end > runStart { literal += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<end]), as: UTF8.self) }
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            flushRun(to: index)
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "%") {
                literal += "%"
                index += 1
                runStart = index
                continue
            }
            var position: Int?
            let beforePosition = index
            if let number = readNumber(), index < bytes.count, bytes[index] == UInt8(ascii: "$") {
                index += 1
                guard number > 0 else { throw Invalid(message: "argument positions start at 1 (%0$)") }
                position = number
            } else {
                index = beforePosition
            }
            var flags = ""
            while index < bytes.count, "-+ #0'".utf8.contains(bytes[index]) {
                flags.unicodeScalars.append(Unicode.Scalar(bytes[index]))
                index += 1
            }
            let width = readNumber()
            var precision: Int?
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                precision = readNumber() ?? 0
            }
            while index < bytes.count, "hlqLzjt".utf8.contains(bytes[index]) { index += 1 }
            guard index < bytes.count else {
                throw Invalid(message: "a '%' ends the text without a conversion (write %% for a percent sign)")
            }
            var conversionEnd = index + 1
            while conversionEnd < bytes.count, bytes[conversionEnd] & 0xC0 == 0x80 { conversionEnd += 1 }
            let conversion = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<conversionEnd]), as: UTF8.self)
                .unicodeScalars.first!
            index = conversionEnd
            runStart = index
            guard let kind = Self.kind(of: conversion) else {
                throw Invalid(message: "'%\(conversion)' is not a format specifier (write %% for a percent sign)")
            }
            if position != nil { sawPositional = true } else { sawSequential = true }
            if sawPositional && sawSequential {
                throw Invalid(message: "positional specifiers (%1$@) are mixed with plain ones (%@)")
            }
            let resolved = position ?? nextPosition
            nextPosition += 1
            if kinds.count < resolved { kinds += Array(repeating: nil, count: resolved - kinds.count) }
            if let earlier = kinds[resolved - 1], earlier != kind {
                throw Invalid(message: "argument \(resolved) is used both as \(earlier) and as \(kind)")
            }
            kinds[resolved - 1] = kind
            if !literal.isEmpty {
                segments.append(.literal(literal))
                literal = ""
            }
            segments.append(.specifier(Specifier(
                position: resolved, flags: flags, width: width, precision: precision,
                conversion: Character(conversion), kind: kind)))
        }
        flushRun(to: bytes.count)
        if !literal.isEmpty { segments.append(.literal(literal)) }
        return (segments, kinds)
    }

    private static func kind(of conversion: Unicode.Scalar) -> ArgumentKind? {
        switch conversion {
        case "@": return .object
        case "d", "i", "D": return .signed
        case "u", "x", "X", "o", "O", "U": return .unsigned
        case "f", "F", "e", "E", "g", "G", "a", "A": return .floating
        case "c", "C": return .character
        case "s", "S": return .cString
        default: return nil
        }
    }
}
