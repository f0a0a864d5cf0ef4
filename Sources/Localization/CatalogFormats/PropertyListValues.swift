import Foundation

/// The values of an XML property list in the types `PropertyListSerialization` gives
/// (`String`, `Int`, `[Any]`, `[String: Any]`), read by the package's own reader: the flavor's
/// `Info.plist` at start-up is read without Foundation's parser and its bridged objects. An
/// SPI (`@_spi(PropertyListValues) import Localization`), not part of the library's API.
@_spi(PropertyListValues) public enum PropertyListValues {
    /// The value `data` holds, or nil when the reader refuses it or it holds anything but
    /// strings, whole numbers, arrays and dictionaries (a real, a boolean, a date, data):
    /// the caller then asks `PropertyListSerialization`, whose conversions and messages those
    /// keep. A key given twice keeps its last value, as Foundation's does.
    public static func foundationValue(ofXML data: Data) -> Any? {
        let root = data.withUnsafeBytes { raw -> PropertyList? in
            try? PropertyListReader.read(raw.bindMemory(to: UInt8.self))
        }
        return root.flatMap(value)
    }

    private static func value(_ list: PropertyList) -> Any? {
        switch list.value {
        case .string(let text):
            return text
        case .integer(let text):
            let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(text)
        case .array(let elements):
            var result: [Any] = []
            result.reserveCapacity(elements.count)
            for element in elements {
                guard let converted = value(element) else { return nil }
                result.append(converted)
            }
            return result
        case .dictionary(let members):
            var result: [String: Any] = [:]
            for member in members {
                guard let converted = value(member.value) else { return nil }
                result[member.key] = converted
            }
            return result
        case .real, .bool, .date, .data:
            return nil
        }
    }
}
