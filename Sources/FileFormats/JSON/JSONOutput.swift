import TextEscaping

/// The one JSON writer of the package, in the layout Xcode and Foundation's pretty printing
/// write: two-space indentation, `"key" : value`, an empty object or array as its brackets
/// with an empty line between them, strings escaped by `Escaper.json` (`"`, `\` and the
/// control characters; `/` and any non-ASCII as they are). Members are written in the order
/// given; `JSONTree.object(_:sortingKeys:)` sorts them for reports.
///
/// String Catalogs (CatalogFiles), exports, lint and status reports, SARIF, snapshot status,
/// the remembered language and the app's queue file are all written by it.
package struct JSONOutput {
    /// The text written so far, as UTF-8.
    package var bytes: [UInt8] = []
    package private(set) var depth = 0

    /// An empty output with room for `capacity` bytes; `depth`, for a part of a larger text
    /// written on its own, is how deep inside objects and arrays that part starts.
    package init(reservingCapacity capacity: Int = 0, depth: Int = 0) {
        bytes.reserveCapacity(capacity)
        self.depth = depth
    }

    /// One object being written: how many members so far.
    package struct Object {
        package var members = 0

        /// An object with `members` written so far (by another output, for a part written on its own).
        package init(members: Int = 0) { self.members = members }
    }

    // MARK: Objects and arrays

    /// Opens an object.
    package mutating func beginObject() -> Object {
        bytes.append(UInt8(ascii: "{"))
        depth += 1
        return Object()
    }

    /// Starts the member `name` of `object`: its name and the colon; its value comes next.
    package mutating func member(_ name: String, _ object: inout Object) {
        // Byte by byte: an array literal here would be made for every member written.
        if object.members > 0 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(0x0A)
        object.members += 1
        indent()
        string(name)
        bytes.append(0x20)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(0x20)
    }

    /// Closes an object.
    package mutating func endObject(_ object: Object) {
        depth -= 1
        bytes.append(0x0A)
        if object.members == 0 { bytes.append(0x0A) }
        indent()
        bytes.append(UInt8(ascii: "}"))
    }

    /// An array of `elements`, each written by `element`.
    package mutating func array<Elements: Sequence>(
        _ elements: Elements, _ element: (inout JSONOutput, Elements.Element) -> Void
    ) {
        bytes.append(UInt8(ascii: "["))
        depth += 1
        var count = 0
        for item in elements {
            if count > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(0x0A)
            count += 1
            indent()
            element(&self, item)
        }
        depth -= 1
        bytes.append(0x0A)
        if count == 0 { bytes.append(0x0A) }
        indent()
        bytes.append(UInt8(ascii: "]"))
    }

    /// Two spaces a level. Not copied from a shared array of spaces: it would be retained and
    /// released for every line, by every thread writing a part at once, each waiting on the
    /// others for its count.
    private mutating func indent() {
        for _ in 0..<2 * depth { bytes.append(0x20) }
    }

    // MARK: Values

    /// A number as its digits are written (`12`, `-0.5`, `1e3`), as read.
    package mutating func number(digits: some StringProtocol) {
        bytes.append(contentsOf: digits.utf8)
    }

    /// An integer.
    package mutating func number(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// `true` or `false`.
    package mutating func bool(_ flag: Bool) {
        bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    }

    /// `null`.
    package mutating func null() {
        bytes.append(contentsOf: "null".utf8)
    }

    /// A JSON string, quotes included, escaped by `Escaper.json`; the bytes that need no
    /// escape (nearly all) are copied in runs.
    package mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                bytes.append(contentsOf: (Escaper.json.escape(of: Unicode.Scalar(byte)) ?? "").utf8)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A tree of plain values.
    package mutating func value(_ tree: JSONTree) {
        switch tree {
        case .string(let text): string(text)
        case .int(let value): number(value)
        case .bool(let flag): bool(flag)
        case .null: null()
        case .array(let elements): array(elements) { $0.value($1) }
        case .object(let members):
            var object = beginObject()
            for (name, value) in members {
                member(name, &object)
                self.value(value)
            }
            endObject(object)
        }
    }

    /// `tree`'s text (no line break after it).
    package static func text(_ tree: JSONTree) -> String {
        var output = JSONOutput()
        output.value(tree)
        return String(decoding: output.bytes, as: UTF8.self)
    }
}

/// Plain JSON values for what the tools report (lint, SARIF, status), written by
/// `JSONOutput.value(_:)`.
package indirect enum JSONTree: Sendable, Equatable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONTree])
    /// Members in the order given.
    case object([(String, JSONTree)])

    /// An object of `members` sorted by name (as `JSONEncoder`'s `sortedKeys` sorts ASCII
    /// names), each nil value left out.
    package static func sorted(_ members: [String: JSONTree?]) -> JSONTree {
        .object(members.compactMap { name, value in value.map { (name, $0) } }.sorted { $0.0 < $1.0 })
    }

    package static func == (lhs: JSONTree, rhs: JSONTree) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }
}
