/// printf's flags in a specifier (`%-+ #0'8d`). Their order and repetition do not matter, so
/// they are a set; `description` writes them in the order below.
public struct FormatFlags: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// One bit per flag.
    public let rawValue: UInt8

    /// The flags whose bits are set in `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `-`: pad on the right.
    public static let leftJustified = FormatFlags(rawValue: 1 << 0)
    /// `+`: always show the sign.
    public static let sign = FormatFlags(rawValue: 1 << 1)
    /// ` `: a space where a plus sign would be.
    public static let space = FormatFlags(rawValue: 1 << 2)
    /// `#`: the alternate form (`0x` for `%#x`).
    public static let alternate = FormatFlags(rawValue: 1 << 3)
    /// `0`: pad numbers with zeros.
    public static let zeroPadded = FormatFlags(rawValue: 1 << 4)
    /// `'`: group thousands.
    public static let grouped = FormatFlags(rawValue: 1 << 5)

    private static let characters: [(flag: FormatFlags, byte: UInt8)] = [
        (.leftJustified, UInt8(ascii: "-")), (.sign, UInt8(ascii: "+")), (.space, UInt8(ascii: " ")),
        (.alternate, UInt8(ascii: "#")), (.zeroPadded, UInt8(ascii: "0")), (.grouped, UInt8(ascii: "'")),
    ]

    /// The flag a byte writes; nil when it is none.
    init?(byte: UInt8) {
        guard let found = Self.characters.first(where: { $0.byte == byte }) else { return nil }
        self = found.flag
    }

    /// The flags as printf reads them, `-+ #0'` in that order.
    public var description: String {
        String(decoding: Self.characters.filter { contains($0.flag) }.map(\.byte), as: UTF8.self)
    }
}

/// A specifier's length modifier (`%lld`, `%hhd`, `%zu`). Arguments are typed values, so it
/// changes nothing in what a specifier takes; it is kept to be written back as it was.
public enum FormatLength: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `hh`: char.
    case char = "hh"
    /// `h`: short.
    case short = "h"
    /// `ll`: long long.
    case longLong = "ll"
    /// `l`: long.
    case long = "l"
    /// `q`: quad (BSD's long long).
    case quad = "q"
    /// `L`: long double.
    case longDouble = "L"
    /// `z`: size_t.
    case size = "z"
    /// `j`: intmax_t.
    case intmax = "j"
    /// `t`: ptrdiff_t.
    case pointerDifference = "t"

    /// The modifier as written (`ll`).
    public var description: String { rawValue }
}
