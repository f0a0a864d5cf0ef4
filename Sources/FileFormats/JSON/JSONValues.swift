import Diagnostics
import TextEscaping

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON document in plain Swift types (`String`, `Int`, `Double`, `Bool`, `JSONValues.null`,
/// `[Any]`, `[String: Any]`), read by the package's own `JSONReader`: small settings and state
/// files are read without `JSONSerialization`, with the line and column of what is wrong. For
/// the package's modules (`package` access), not part of the library's API.
package enum JSONValues {
    /// JSON's `null`.
    package struct Null: Equatable, Sendable {}
    /// JSON's `null`.
    package static let null = Null()

    /// How deeply arrays and objects may nest, so that no input exhausts the stack.
    package static let maximumNesting = 256

    /// The value `data` holds (UTF-8, or UTF-16 with a byte-order mark); an error names its
    /// line and column in `path`. A key given twice in one object is an error at the second: which
    /// one a reader keeps differs from reader to reader.
    package static func value(of data: Data, path: String) throws(Diagnostic) -> Any {
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

    /// Why `value(of:path:streaming:to:)`'s caller refused an element: the message is reported
    /// at the element's line and column.
    package struct Rejection: Error {
        package let message: String

        package init(_ message: String) {
            self.message = message
        }
    }

    /// The value `data` holds, except that the elements of the top-level object's array `key`
    /// are handed to `body` one by one as they are read (with their index) instead of kept: in
    /// the result that array is empty. A long list is checked and converted without the whole
    /// document in memory twice. A `Rejection` thrown by `body` is reported at the element;
    /// `key` given twice is an error.
    package static func value(
        of data: Data, path: String, streaming key: String,
        to body: (_ element: Any, _ index: Int) throws(Rejection) -> Void
    ) throws(Diagnostic) -> Any {
        let read = data.withUnsafeBytes { raw in
            Result { () throws(Diagnostic) -> Any in
                try TextDecoding.withUTF8(raw.bindMemory(to: UInt8.self), path: path) { text throws(Diagnostic) in
                    var reader = JSONReader(text)
                    var elementStart = 0
                    var rejection: Rejection?
                    do throws(JSONReader.Failure) {
                        let value = try Self.object(&reader, streaming: key) { element, index, start in
                            elementStart = start
                            do throws(Rejection) {
                                try body(element, index)
                                return true
                            } catch {
                                rejection = error
                                return false
                            }
                        }
                        try reader.end()
                        return value
                    } catch {
                        var positions = TextPositions(text: text, path: path)
                        if let rejection {
                            throw Diagnostic(rejection.message, at: positions.location(at: elementStart))
                        }
                        throw Diagnostic("not valid JSON: \(error.message)", at: positions.location(at: error.offset))
                    }
                }
            }
        }
        return try read.get()
    }

    /// The top-level value, its object's array `key` handed to `take` element by element
    /// (with its index and offset); `take` returns false to stop, which throws.
    private static func object(
        _ reader: inout JSONReader, streaming key: String, to take: (Any, Int, Int) -> Bool
    ) throws(JSONReader.Failure) -> Any {
        guard try reader.kind() == .object else { return try value(&reader, depth: 0) }
        try reader.beginObject()
        var members: [String: Any] = [:]
        var streamed = false
        var first = true
        while let token = try reader.nextKey(first: &first) {
            let name = reader.decode(token)
            guard name == key else {
                guard members[name] == nil else {
                    throw JSONReader.Failure(message: "\"\(name)\" is given twice", offset: token.start - 1)
                }
                members[name] = try value(&reader, depth: 1)
                continue
            }
            guard !streamed else {
                throw JSONReader.Failure(message: "\"\(key)\" is given twice", offset: token.start - 1)
            }
            streamed = true
            guard try reader.kind() == .array else {
                members[name] = try value(&reader, depth: 1)
                continue
            }
            try reader.beginArray()
            var index = 0
            var firstElement = true
            while try reader.nextElement(first: &firstElement) {
                _ = try reader.kind()
                let start = reader.offset
                let element = try value(&reader, depth: 2)
                guard take(element, index, start) else {
                    throw JSONReader.Failure(message: "rejected", offset: start)
                }
                index += 1
            }
            members[name] = [Any]()
        }
        return members
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
                let name = reader.decode(key)
                guard members[name] == nil else {
                    throw JSONReader.Failure(message: "\"\(name)\" is given twice", offset: key.start - 1)
                }
                members[name] = try value(&reader, depth: depth + 1)
            }
            return members
        }
    }
}
