import Diagnostics

/// A printf-style format as written in Apple catalogs, split into literal text and
/// conversion specifiers, read with `FormatScanner` (whose grammar it follows): `%@ %d %i
/// %u %ld %lld %lu %llu %f %e %g %x %X %o %c %s %p %%`, with flags, width, precision and
/// positions (`%2$@`).
public struct FormatString: Sendable, Hashable {
    /// What an argument must be for a specifier.
    public enum ArgumentKind: String, Sendable, Hashable, CustomStringConvertible {
        /// `%@`: any value, shown as text.
        case object = "%@"
        /// `%d`, `%i`: a signed integer.
        case signed = "%d"
        /// `%u`, `%x`, `%o`: an unsigned integer.
        case unsigned = "%u"
        /// `%f`, `%e`, `%g`, `%a`: a floating-point number.
        case floating = "%f"
        /// `%c`: a character code.
        case character = "%c"
        /// `%s`: text.
        case cString = "%s"
        /// `%p`: an integer shown as an address, `0x…`.
        case pointer = "%p"

        /// The kind's typical specifier (`%d`).
        public var description: String { rawValue }
    }

    /// One specifier with its argument position resolved.
    public struct Specifier: Sendable, Hashable {
        /// 1-based argument position.
        public var position: Int
        /// The flags (`-`, `+`, ` `, `#`, `0`, `'`).
        public var flags: FormatFlags
        /// The minimum width, when written.
        public var width: Int?
        /// The precision, when written.
        public var precision: Int?
        /// The conversion character (`@`, `d`, `f`, …).
        public var conversion: Character
        /// What the argument must be.
        public var kind: ArgumentKind
    }

    /// Literal text (`%%` already made `%`) or a specifier.
    public enum Segment: Sendable, Hashable {
        /// Text shown as it is.
        case literal(String)
        /// A place an argument goes.
        case specifier(Specifier)
    }

    /// The text in order: literal runs and specifiers.
    public let segments: [Segment]
    /// The argument each position takes, position 1 first; nil for a position not used.
    public let signature: [ArgumentKind?]

    /// Whether `other` asks for no argument of a different type than this format does at
    /// the same position, and for no position beyond it (it may leave positions unused).
    public func accepts(_ other: FormatString) -> Bool {
        other.signature.count <= signature.count
            && zip(other.signature, signature).allSatisfy { $0 == nil || $0 == $1 }
    }

    /// Parses `text`. It throws for a format that cannot be used: a `%` that starts no
    /// specifier, a plural variable (only a plural entry can fill one), positions mixed with
    /// plain specifiers, or one position used with two types. (A position left unused, as a
    /// plural variant like "one file" leaves its count, is fine.)
    public init(_ text: String) throws(FormatError) {
        (segments, signature) = try Self.parse(text, keepingSegments: true)
    }

    /// The specifiers and plural variables of `text` as written (`%lld`, `%1$@`, `%#@files@`),
    /// in order, for messages that quote a text's own: `%lld and %@`, or `no specifier`.
    package static func writtenSpecifiers(in text: String) -> String {
        let written = FormatScanner.tokens(in: text).compactMap { token, written -> Substring? in
            switch token.kind {
            case .specifier, .variable: written
            case .literal, .percent, .invalid: nil
            }
        }
        return written.isEmpty ? "no specifier" : written.joined(separator: ", ")
    }

    /// The arguments of `signature` as messages name them: `%1$d, %2$@`, or `no arguments`.
    package static func described(_ signature: [ArgumentKind?]) -> String {
        let parts = signature.enumerated().compactMap { position, kind in
            kind.map { "%\(position + 1)$\($0.rawValue.dropFirst())" }
        }
        return parts.isEmpty ? "no arguments" : parts.joined(separator: ", ")
    }

    /// The arguments `text` takes (`signature`), checked as `init` checks it, without making
    /// its segments: for tools that only type arguments.
    package static func signature(of text: String) throws(FormatError) -> [ArgumentKind?] {
        try parse(text, keepingSegments: false).signature
    }

    private static func parse(_ text: String, keepingSegments: Bool) throws(FormatError)
        -> (segments: [Segment], signature: [ArgumentKind?])
    {
        var text = text
        text.makeContiguousUTF8()
        var parsed: Result<([Segment], [ArgumentKind?]), FormatError>!
        text.utf8.withContiguousStorageIfAvailable { bytes in
            parsed = Result { () throws(FormatError) in try Self.parse(bytes, keepingSegments: keepingSegments) }
        }
        return try parsed.get()
    }

    /// One pass of the scanner over the UTF-8 bytes: literal runs are copied whole (when
    /// segments are kept).
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, keepingSegments: Bool) throws(FormatError)
        -> ([Segment], [ArgumentKind?])
    {
        var segments: [Segment] = []
        var literal = ""
        var nextPosition = 1
        var sawPositional = false, sawSequential = false
        var kinds: [ArgumentKind?] = []
        var scanner = FormatScanner(bytes)
        while let token = scanner.next() {
            let specifier: FormatScanner.Specifier
            switch token.kind {
            case .literal:
                if keepingSegments {
                    literal += String(decoding: UnsafeBufferPointer(rebasing: bytes[token.range]), as: UTF8.self)
                }
                continue
            case .percent:
                if keepingSegments { literal += "%" }
                continue
            case .invalid(let problem):
                throw FormatError(problem.message)
            case .variable:
                let written = String(decoding: UnsafeBufferPointer(rebasing: bytes[token.range]), as: UTF8.self)
                throw FormatError(
                    "'\(Diagnostic.quote(written))' is a plural variable, which only a plural entry can fill")
            case .specifier(let found):
                specifier = found
            }
            if specifier.position != nil { sawPositional = true } else { sawSequential = true }
            if sawPositional && sawSequential {
                throw FormatError("positional specifiers (%1$@) are mixed with plain ones (%@)")
            }
            let resolved = specifier.position ?? nextPosition
            nextPosition += 1
            let kind = specifier.argument
            if kinds.count < resolved { kinds.append(contentsOf: repeatElement(nil, count: resolved - kinds.count)) }
            if let earlier = kinds[resolved - 1], earlier != kind {
                throw FormatError("argument \(resolved) is used both as \(earlier) and as \(kind)")
            }
            kinds[resolved - 1] = kind
            guard keepingSegments else { continue }
            if !literal.isEmpty {
                segments.append(.literal(literal))
                literal = ""
            }
            segments.append(
                .specifier(
                    Specifier(
                        position: resolved, flags: specifier.flags, width: specifier.width,
                        precision: specifier.precision,
                        conversion: Character(specifier.conversion), kind: kind)))
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        return (segments, kinds)
    }
}
