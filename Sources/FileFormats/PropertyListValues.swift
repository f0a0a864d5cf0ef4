import Diagnostics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The values of a property list in plain Swift types (`String`, `Int`, `Double`, `Bool`,
/// `Data`, `[Any]`, `[String: Any]`; a date as written), read by the package's own readers
/// (XML and binary): a flavor's `Info.plist` is read at start-up without
/// `PropertyListSerialization` and its bridged objects. For the package's
/// modules (`package` access), not part of the library's API.
package enum PropertyListValues {
    /// Whether `data` is a binary property list: it starts with `bplist` (compared in memory:
    /// `Data`'s own `starts(with:)` walks its iterator, which costs more than reading a small plist's
    /// header).
    private static func isBinary(_ data: Data) -> Bool {
        data.withUnsafeBytes { $0.starts(with: "bplist".utf8) }
    }

    /// The value `data` holds; an XML error names its line and column in `path`. A key given
    /// twice keeps its last value, as Foundation's does.
    package static func value(of data: Data, path: String) throws(Diagnostic) -> Any {
        value(try tree(of: data, path: path))
    }

    /// The values of the top-level dictionary's members named `keys` (distinct names), each
    /// at its key's position (nil for a key the dictionary does not have; a key given twice
    /// keeps its last value), or nil when the top level is not a dictionary; an XML error
    /// names its line and column in `path`. Each member is converted as soon as it is read and
    /// the others dropped, so that a large file costs no more memory than the keys asked
    /// for; no top-level key is hashed (a flavor's few keys are compared, the text of the
    /// long ones shared with `keys`).
    package static func members(of data: Data, path: String, named keys: [String]) throws(Diagnostic) -> [Any?]? {
        var values = [Any?](repeating: nil, count: keys.count)
        let keep = { (member: PropertyList.Member) in
            if let index = keys.firstIndex(of: member.key) { values[index] = value(member.value) }
        }
        let root: PropertyList
        if isBinary(data) {
            switch PropertyList.binary(data, eachMember: keep) {
            case .success(let read): root = read
            case .failure(let error):
                throw Diagnostic(
                    "not a valid property list: \(error.reason)", at: SourceLocation(path: path, line: 1, column: 1))
            }
        } else {
            root = try xml(data, path: path) { text throws(PropertyListReader.Failure) in
                try PropertyListReader.read(text, sharing: keys, eachMember: keep)
            }
        }
        // Both readers hand a top-level dictionary's members over as they read them; any
        // they kept instead are taken here, so that none is lost.
        guard let kept = root.members else { return nil }
        kept.forEach(keep)
        return values
    }

    /// The property list `data` holds, XML or binary, as a tree (each element's offsets kept
    /// for an editor); an XML error names its line and column in `path`.
    package static func tree(of data: Data, path: String) throws(Diagnostic) -> PropertyList {
        guard !isBinary(data) else {
            switch PropertyList.binary(data) {
            case .success(let root): return root
            case .failure(let error):
                throw Diagnostic(
                    "not a valid property list: \(error.reason)", at: SourceLocation(path: path, line: 1, column: 1))
            }
        }
        return try xml(data, path: path) { text throws(PropertyListReader.Failure) in
            try PropertyListReader.read(text)
        }
    }

    /// `read` of `data`'s text, an XML property list; its error names its line and column in `path`.
    private static func xml(
        _ data: Data, path: String,
        _ read: (UnsafeBufferPointer<UInt8>) throws(PropertyListReader.Failure) -> PropertyList
    ) throws(Diagnostic) -> PropertyList {
        let result = data.withUnsafeBytes { raw in
            Result { () throws(Diagnostic) -> PropertyList in
                try TextDecoding.withUTF8(raw.bindMemory(to: UInt8.self), path: path) { text throws(Diagnostic) in
                    do throws(PropertyListReader.Failure) {
                        return try read(text)
                    } catch {
                        var positions = TextPositions(text: text, path: path)
                        throw Diagnostic(
                            "not a valid property list: \(error.message)", at: positions.location(at: error.offset))
                    }
                }
            }
        }
        return try result.get()
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
        let (digits, hexadecimal) = integerDigits(text)
        guard let magnitude = Int(Substring(digits), radix: hexadecimal ? 16 : 10) else { return nil }
        return text.utf8.first == UInt8(ascii: "-") ? -magnitude : magnitude
    }

    /// An integer's digits, after its sign and its `0x` (or `0X`) when it has one, and whether
    /// they are hexadecimal. Bytes: the prefix is ASCII, and a `String`'s comparisons cost
    /// more than reading a small plist.
    package static func integerDigits(_ text: String) -> (digits: Substring.UTF8View, hexadecimal: Bool) {
        var digits = Substring(text).utf8
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        }
        let hexadecimal =
            digits.first == UInt8(ascii: "0") && digits.dropFirst().first.map { $0 | 0x20 } == UInt8(ascii: "x")
        return (hexadecimal ? digits.dropFirst(2) : digits, hexadecimal)
    }
}
