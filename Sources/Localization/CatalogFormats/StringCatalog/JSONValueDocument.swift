import Diagnostics
import FileFormats

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue: Equatable {
    /// Equal as JSON: strings and names by their bytes (not two spellings of one text taken as
    /// one), objects by their members whatever the order, numbers as written.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): return a.hasSameBytes(as: b)
        case (.number(let a), .number(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a.hasSameMembers(as: b, ==)
        default: return false
        }
    }
}

extension JSONValue {
    /// The JSON document `data` holds (UTF-8, or UTF-16 with a byte-order mark), objects in
    /// their order; an error names its line and column in `path`.
    package init(document data: Data, path: String) throws(Diagnostic) {
        let read = data.withUnsafeBytes { raw in
            Result { () throws(Diagnostic) -> JSONValue in
                try TextDecoding.withUTF8(raw.bindMemory(to: UInt8.self), path: path) { text throws(Diagnostic) in
                    var shapes = CatalogShapeReader(JSONReader(text), keepsEverything: true)
                    do throws(JSONReader.Failure) {
                        let value = try shapes.value(depth: 0)
                        try shapes.reader.end()
                        return value
                    } catch {
                        var positions = TextPositions(text: text, path: path)
                        throw Diagnostic("not valid JSON: \(error.message)", at: positions.location(at: error.offset))
                    }
                }
            }
        }
        self = try read.get()
    }
}
