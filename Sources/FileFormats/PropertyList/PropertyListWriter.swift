import TextEscaping

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes a `PropertyList` tree as an XML property list the way Apple's tools write one: the
/// declaration and DOCTYPE, a tab per level, a dictionary's keys sorted, empty arrays and
/// dictionaries as `<array/>` and `<dict/>`, text escaped as XML text (`TextEscaping`). What
/// the readers read, it writes back: values are written as read (an integer's digits, a
/// date's ISO 8601), so that a copy changes only what its caller changed.
package enum PropertyListWriter {
    /// `root` as an XML property list.
    package static func xml(_ root: PropertyList) -> Data {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        write(root, depth: 0, into: &text)
        text += "</plist>\n"
        return Data(text.utf8)
    }

    private static func write(_ list: PropertyList, depth: Int, into text: inout String) {
        let indent = String(repeating: "\t", count: depth)
        func element(_ name: String, _ content: String) {
            text += "\(indent)<\(name)>\(Escaper.xmlText.escaped(content))</\(name)>\n"
        }
        switch list.value {
        case .string(let value): element("string", value)
        case .integer(let digits): element("integer", digits)
        case .real(let digits): element("real", digits)
        case .date(let date): element("date", date)
        case .data(let base64): element("data", base64)
        case .bool(let flag): text += indent + (flag ? "<true/>\n" : "<false/>\n")
        case .array(let elements):
            guard !elements.isEmpty else {
                text += indent + "<array/>\n"
                return
            }
            text += indent + "<array>\n"
            for element in elements { write(element, depth: depth + 1, into: &text) }
            text += indent + "</array>\n"
        case .dictionary(let members):
            guard !members.isEmpty else {
                text += indent + "<dict/>\n"
                return
            }
            // The last of a key given twice wins, as when read; keys sorted, as Apple writes them.
            var last: [String: PropertyList] = [:]
            for member in members { last[member.key] = member.value }
            text += indent + "<dict>\n"
            for key in last.keys.sorted() {
                text += "\(indent)\t<key>\(Escaper.xmlText.escaped(key))</key>\n"
                write(last[key]!, depth: depth + 1, into: &text)
            }
            text += indent + "</dict>\n"
        }
    }
}

extension PropertyList {
    /// A value not read from a file (offsets 0).
    package init(_ value: Value) {
        self.init(value: value, offset: 0)
    }

    /// A dictionary's member `key` (the last when given twice); nil when there is none or this
    /// is no dictionary.
    package subscript(key: String) -> PropertyList? {
        get { members?.last { $0.key == key }?.value }
        set {
            guard var members else { return }
            members.removeAll { $0.key == key }
            if let newValue { members.append(Member(key: key, keyOffset: 0, value: newValue)) }
            value = .dictionary(members)
        }
    }
}
