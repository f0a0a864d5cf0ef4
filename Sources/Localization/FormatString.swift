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
        var segments: [Segment] = []
        var literal = ""
        var nextPosition = 1
        var sawPositional = false, sawSequential = false
        var kinds: [Int: ArgumentKind] = [:]
        var scalars = Array(text.unicodeScalars)[...]

        while let scalar = scalars.popFirst() {
            guard scalar == "%" else {
                literal.unicodeScalars.append(scalar)
                continue
            }
            if scalars.first == "%" {
                scalars.removeFirst()
                literal.append("%")
                continue
            }
            var position: Int?
            let beforePosition = scalars
            if let number = Self.readNumber(&scalars), scalars.first == "$" {
                scalars.removeFirst()
                guard number > 0 else { throw Invalid(message: "argument positions start at 1 (%0$)") }
                position = number
            } else {
                scalars = beforePosition
            }
            var flags = ""
            while let flag = scalars.first, "-+ #0'".unicodeScalars.contains(flag) {
                flags.unicodeScalars.append(flag)
                scalars.removeFirst()
            }
            let width = Self.readNumber(&scalars)
            var precision: Int?
            if scalars.first == "." {
                scalars.removeFirst()
                precision = Self.readNumber(&scalars) ?? 0
            }
            while let modifier = scalars.first, "hlqLzjt".unicodeScalars.contains(modifier) {
                scalars.removeFirst()
            }
            guard let conversion = scalars.popFirst() else {
                throw Invalid(message: "a '%' ends the text without a conversion (write %% for a percent sign)")
            }
            guard let kind = Self.kind(of: conversion) else {
                throw Invalid(message: "'%\(conversion)' is not a format specifier (write %% for a percent sign)")
            }
            if position != nil { sawPositional = true } else { sawSequential = true }
            if sawPositional && sawSequential {
                throw Invalid(message: "positional specifiers (%1$@) are mixed with plain ones (%@)")
            }
            let resolved = position ?? nextPosition
            nextPosition += 1
            if let earlier = kinds[resolved], earlier != kind {
                throw Invalid(message: "argument \(resolved) is used both as \(earlier) and as \(kind)")
            }
            kinds[resolved] = kind
            if !literal.isEmpty {
                segments.append(.literal(literal))
                literal = ""
            }
            segments.append(.specifier(Specifier(
                position: resolved, flags: flags, width: width, precision: precision,
                conversion: Character(conversion), kind: kind)))
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        let count = kinds.keys.max() ?? 0
        let signature = (0..<count).map { kinds[$0 + 1] }
        self.segments = segments
        self.signature = signature
    }

    private static func readNumber(_ scalars: inout ArraySlice<Unicode.Scalar>) -> Int? {
        var value: Int?
        while let scalar = scalars.first, ("0"..."9").contains(scalar) {
            value = min((value ?? 0) &* 10 &+ Int(scalar.value - 48), 1_000_000)
            scalars.removeFirst()
        }
        return value
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
