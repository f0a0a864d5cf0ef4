import Diagnostics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The values of a property list in plain Swift types (`String`, `Int`, `Double`, `Bool`,
/// `Data`, `[Any]`, `[String: Any]`; a date as written), read by the package's own XML reader
/// or, for a binary one, by Foundation's `PropertyListDecoder`: a flavor's `Info.plist` is read
/// at start-up without `PropertyListSerialization` and its bridged objects. An SPI
/// (`@_spi(PropertyListValues) import Localization`), not part of the library's API.
@_spi(PropertyListValues) public enum PropertyListValues {
    /// The value `data` holds; an XML error names its line and column in `path`. A key given
    /// twice keeps its last value, as Foundation's does.
    public static func value(of data: Data, path: String) throws(Diagnostic) -> Any {
        guard !data.starts(with: Array("bplist".utf8)) else {
            switch PropertyList.binary(data) {
            case .success(let root): return value(root)
            case .failure(let error):
                throw Diagnostic(
                    "not a valid property list: \(error.reason)", at: SourceLocation(path: path, line: 1, column: 1))
            }
        }
        let read = data.withUnsafeBytes { raw in
            Result { () throws(Diagnostic) -> PropertyList in
                try TextDecoding.withUTF8(raw.bindMemory(to: UInt8.self), path: path) { text throws(Diagnostic) in
                    do throws(PropertyListReader.Failure) {
                        return try PropertyListReader.read(text)
                    } catch {
                        var positions = TextPositions(text: text, path: path)
                        throw Diagnostic(
                            "not a valid property list: \(error.message)", at: positions.location(at: error.offset))
                    }
                }
            }
        }
        return value(try read.get())
    }

    private static func value(_ list: PropertyList) -> Any {
        switch list.value {
        case .string(let text): return text
        case .integer(let text): return integer(text) ?? text
        case .real(let text): return Double(text) ?? text
        case .bool(let flag): return flag
        case .date(let text): return text
        case .data(let base64): return Data(base64Encoded: base64, options: .ignoreUnknownCharacters) ?? Data()
        case .array(let elements): return elements.map(value)
        case .dictionary(let members):
            var result: [String: Any] = [:]
            for member in members { result[member.key] = value(member.value) }
            return result
        }
    }

    /// An `<integer>`'s text (the reader checked it: a sign, then decimal digits or `0x` and
    /// hexadecimal ones) as an `Int`; nil when it does not fit.
    private static func integer(_ text: String) -> Int? {
        var digits = Substring(text)
        let negative = digits.first == "-"
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        let hexadecimal = digits.hasPrefix("0x") || digits.hasPrefix("0X")
        guard let magnitude = Int(hexadecimal ? digits.dropFirst(2) : digits, radix: hexadecimal ? 16 : 10) else {
            return nil
        }
        return negative ? -magnitude : magnitude
    }
}
