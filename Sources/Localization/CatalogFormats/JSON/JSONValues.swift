import Diagnostics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON document in plain Swift types (`String`, `Int`, `Double`, `Bool`, `JSONValues.null`,
/// `[Any]`, `[String: Any]`), read by the package's own `JSONReader`: small settings and state
/// files are read without `JSONSerialization`, with the line and column of what is wrong. An
/// SPI (`@_spi(JSONValues) import Localization`), not part of the library's API.
@_spi(JSONValues) public enum JSONValues {
    /// JSON's `null`.
    public struct Null: Equatable, Sendable {}
    /// JSON's `null`.
    public static let null = Null()

    /// How deeply arrays and objects may nest, so that no input exhausts the stack.
    public static let maximumNesting = 256

    /// The value `data` holds (UTF-8, or UTF-16 with a byte-order mark); an error names its
    /// line and column in `path`. A key given twice keeps its last value.
    public static func value(of data: Data, path: String) throws(Diagnostic) -> Any {
        let read = data.withUnsafeBytes { raw in
            Result { () throws(Diagnostic) -> Any in
                try TextDecoding.withUTF8(raw.bindMemory(to: UInt8.self), path: path) { text throws(Diagnostic) in
                    var reader = JSONReader(text)
                    do throws(JSONReader.Failure) {
                        let value = try Self.value(&reader, depth: 0)
                        try reader.end()
                        return value
                    } catch {
                        var positions = TextPositions(text: text, path: path)
                        throw Diagnostic("not valid JSON: \(error.message)", at: positions.location(at: error.offset))
                    }
                }
            }
        }
        return try read.get()
    }

    /// `text` as a JSON string, quotes and escapes included.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let digits = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private static func value(_ reader: inout JSONReader, depth: Int) throws(JSONReader.Failure) -> Any {
        let start = reader.offset
        switch try reader.kind() {
        case .string: return try reader.string()
        case .number: return try reader.number()
        case .bool: return try reader.bool()
        case .null:
            guard reader.null() else { throw reader.unexpected("expected null") }
            return null
        case .array:
            guard depth < maximumNesting else {
                throw JSONReader.Failure(message: "arrays and objects nest too deeply", offset: start)
            }
            try reader.beginArray()
            var elements: [Any] = []
            var first = true
            while try reader.nextElement(first: &first) { elements.append(try value(&reader, depth: depth + 1)) }
            return elements
        case .object:
            guard depth < maximumNesting else {
                throw JSONReader.Failure(message: "arrays and objects nest too deeply", offset: start)
            }
            try reader.beginObject()
            var members: [String: Any] = [:]
            var first = true
            while let key = try reader.nextKey(first: &first) {
                members[reader.decode(key)] = try value(&reader, depth: depth + 1)
            }
            return members
        }
    }
}
