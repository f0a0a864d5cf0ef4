#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Formats catalog text with typed arguments. It never crashes and never reads an argument
/// as the wrong type: when the arguments do not fit the specifiers it throws instead.
/// Widths and precisions past `FormatScanner.limit` are clamped to it (lint reports them).
public enum SafeFormatter {
    /// Formats `format` with `arguments`.
    public static func format(_ format: FormatString, _ arguments: [FormatArgument]) throws(FormatError) -> String {
        guard format.signature.count <= arguments.count else {
            throw FormatError("the text needs \(format.signature.count) arguments, \(arguments.count) given")
        }
        var result = ""
        for segment in format.segments {
            switch segment {
            case .literal(let text):
                result += text
            case .specifier(let specifier):
                result += try render(specifier, arguments[specifier.position - 1])
            }
        }
        return result
    }

    /// Formats raw text (parsing it first).
    public static func format(_ text: String, _ arguments: [FormatArgument]) throws(FormatError) -> String {
        try format(FormatString(text), arguments)
    }

    private static func render(_ specifier: FormatString.Specifier, _ argument: FormatArgument) throws(FormatError)
        -> String
    {
        let position = specifier.position
        func wrong(_ what: String) -> FormatError {
            FormatError("argument \(position) is \(what) but the text asks for %\(specifier.conversion)")
        }
        switch (specifier.kind, argument) {
        case (.object, .string(let text)), (.cString, .string(let text)):
            return pad(text, specifier)
        case (.object, .int(let number)):
            return pad(String(number), specifier)
        case (.object, .double(let number)):
            return pad(String(number), specifier)
        case (.signed, .int(let number)) where isBare(specifier):
            return String(number)  // what `%ld` writes, without a trip through `vsnprintf`
        case (.signed, .int(let number)):
            return cFormat(specifier, length: "l", number)
        case (.unsigned, .int(let number))
        where number >= 0 && isBare(specifier) && (specifier.conversion == "u" || specifier.conversion == "U"):
            return String(number)  // what `%lu` writes
        case (.unsigned, .int(let number)):
            guard number >= 0 else { throw wrong("negative") }
            return cFormat(specifier, length: "l", UInt(number))
        case (.floating, .double(let number)):
            return cFormat(specifier, length: "", number)
        case (.floating, .int(let number)):
            return cFormat(specifier, length: "", Double(number))
        case (.character, .int(let number)):
            guard let scalar = Unicode.Scalar(UInt32(truncatingIfNeeded: number)), number >= 0 else {
                throw wrong("not a character")
            }
            return pad(String(scalar), specifier)
        case (.character, .string(let text)) where text.count == 1:
            return pad(text, specifier)
        case (.pointer, .int(let number)):
            return pad("0x" + String(UInt(bitPattern: number), radix: 16), specifier)
        case (_, .string):
            throw wrong("a string")
        case (_, .int):
            throw wrong("an integer")
        case (_, .double):
            throw wrong("a floating-point number")
        }
    }

    /// Whether `specifier` has no flag (grouping aside, which the C library ignores), width or
    /// precision: a number then reads as Swift writes it.
    private static func isBare(_ specifier: FormatString.Specifier) -> Bool {
        specifier.flags.subtracting(.grouped).isEmpty && specifier.width == nil && specifier.precision == nil
    }

    /// Formats one number with the C library (`vsnprintf`), the type being checked already.
    private static func cFormat(_ specifier: FormatString.Specifier, length: String, _ value: any CVarArg) -> String {
        var spec = "%" + specifier.flags.subtracting(.grouped).description
        if let width = specifier.width { spec += String(clamped(width)) }
        if let precision = specifier.precision { spec += "." + String(clamped(precision)) }
        spec +=
            length
            + String(
                specifier.conversion == "D"
                    ? "d"
                    : specifier.conversion == "O"
                        ? "o"
                        : specifier.conversion == "U" ? "u" : specifier.conversion)
        // Widths and precisions are clamped, so a second, exact-size try is rare.
        var capacity = 256
        while true {
            var buffer = [CChar](repeating: 0, count: capacity)
            let count = withVaList([value]) { vsnprintf(&buffer, capacity, spec, $0) }
            guard count >= 0 else { return "" }
            guard Int(count) >= capacity else {
                return String(decoding: buffer[..<Int(count)].map(UInt8.init(bitPattern:)), as: UTF8.self)
            }
            capacity = Int(count) + 1
        }
    }

    private static func pad(_ text: String, _ specifier: FormatString.Specifier) -> String {
        var text = text
        if let precision = specifier.precision, specifier.kind == .cString || specifier.kind == .object {
            text = String(text.prefix(clamped(precision)))
        }
        guard let width = specifier.width.map(clamped) else { return text }
        let length = text.count
        guard length < width else { return text }
        let padding = String(repeating: " ", count: width - length)
        return specifier.flags.contains(.leftJustified) ? text + padding : padding + text
    }

    /// A width or precision as used: between 0 and `FormatScanner.limit`.
    private static func clamped(_ number: Int) -> Int {
        min(max(number, 0), FormatScanner.limit)
    }
}
