import Foundation
import Localization

/// JSON as Xcode (and Foundation's pretty printing) writes it: two-space indentation,
/// `"key" : value`, an empty object or array as its brackets with an empty line between
/// them, strings with `"` and `\` escaped, control characters as their short escapes or
/// `\u00xx`, and everything else (`/` and any non-ASCII) as it is. Members are written in
/// the order given (a `JSONValue` object in its own order), except that fields a caller does
/// not know (handed to `begin`) are placed among the known ones by `StringCatalogWriter.keyOrder`.
package struct JSONOutput {
    package init() {}

    package var bytes: [UInt8] = []
    var depth = 0

    /// One object being written: how many members so far, and the fields not known
    /// (sorted) still to be placed among the known ones.
    struct Object {
        var members = 0
        var others: [(key: String, value: JSONValue)]
        var next = 0
    }

    /// An object of `members` in this order (no field placed by `keyOrder`).
    package mutating func object(_ members: [(key: String, value: JSONValue)]) {
        var object = begin(KeyedList())
        for (key, value) in members {
            member(key, &object, known: false)
            self.value(value)
        }
        end(&object)
    }

    // MARK: Objects

    /// Opens an object whose members not known to the caller are `others`.
    mutating func begin(_ others: KeyedList<JSONValue>) -> Object {
        bytes.append(UInt8(ascii: "{"))
        depth += 1
        var sorted = Array(others)
        if sorted.count > 1 { sorted.sort { StringCatalogWriter.keyOrder($0.key, $1.key) } }
        return Object(others: sorted)
    }

    /// Starts the member `name`: first the fields not known that come before it (a
    /// `known: false` name, such as a key or language, is written where it is).
    mutating func member(_ name: String, _ object: inout Object, known: Bool = true) {
        if known {
            while object.next < object.others.count,
                StringCatalogWriter.keyOrder(object.others[object.next].key, name)
            {
                let other = object.others[object.next]
                object.next += 1
                start(other.key, &object)
                value(other.value)
            }
        }
        start(name, &object)
    }

    mutating func start(_ name: String, _ object: inout Object) {
        bytes.append(contentsOf: object.members == 0 ? [0x0A] : [UInt8(ascii: ","), 0x0A])
        object.members += 1
        indent()
        string(name)
        bytes.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
    }

    /// Closes an object, after the fields not known that come last.
    mutating func end(_ object: inout Object) {
        while object.next < object.others.count {
            let other = object.others[object.next]
            object.next += 1
            start(other.key, &object)
            value(other.value)
        }
        depth -= 1
        bytes.append(0x0A)
        if object.members == 0 { bytes.append(0x0A) }
        indent()
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func indent() {
        for _ in 0..<depth { bytes.append(contentsOf: [0x20, 0x20]) }
    }

    // MARK: Values

    mutating func value(_ value: JSONValue) {
        switch value {
        case .string(let text): string(text)
        case .number(let digits): bytes.append(contentsOf: digits.utf8)
        case .bool(let flag): bool(flag)
        case .null: bytes.append(contentsOf: "null".utf8)
        case .array(let elements): array(elements)
        case .object(let members): object(Array(members))
        }
    }

    mutating func array(_ elements: [JSONValue]) {
        bytes.append(UInt8(ascii: "["))
        depth += 1
        for (index, element) in elements.enumerated() {
            bytes.append(contentsOf: index == 0 ? [0x0A] : [UInt8(ascii: ","), 0x0A])
            indent()
            value(element)
        }
        depth -= 1
        bytes.append(0x0A)
        if elements.isEmpty { bytes.append(0x0A) }
        indent()
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func bool(_ flag: Bool) {
        bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    }

    /// A JSON string as Xcode writes it: `"` and `\` escaped, the control characters
    /// with their short escapes or as `\u00xx`, everything else as its UTF-8.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
                case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
                default:
                    let digits = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [
                        0x5C, UInt8(ascii: "u"), 0x30, 0x30, digits[Int(byte >> 4)], digits[Int(byte & 0xF)],
                    ])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
