import Diagnostics
import FileFormats
import Foundation
import Localization
import TextEscaping

/// Changes texts in a `.stringsdict` file's XML in place: a changed `<string>` is replaced
/// where it stands; a category, variable or entry the file lacks is inserted at the end of its
/// `<dict>`, indented like its neighbours. Every other byte (order, comments, spacing) is kept.
/// The file is read by the package's one property-list reader (`PropertyListReader`, on
/// `XMLScanner`): keys written with character references (`caf&#233;`), entities or in CDATA
/// sections are found as what they say.
package enum StringsDictEditor {
    /// One change: the format (`variable` nil) or one variant of one entry.
    package struct Change {
        package var key: String
        package var variable: String?
        package var category: PluralCategory?
        package var text: String

        package init(key: String, variable: String?, category: PluralCategory?, text: String) {
            self.key = key
            self.variable = variable
            self.category = category
            self.text = text
        }
    }

    /// `template(key)`: the development language's entry, for the value types of entries
    /// and variables the file lacks.
    package static func apply(_ changes: [Change], to text: String, path: String, template: (String) -> PluralEntry?)
        throws(Diagnostic) -> String
    {
        var bytes = Array(text.utf8)
        for change in changes {
            // XML 1.0 has no way to write the other controls, not even as a character reference.
            if let scalar = change.text.unicodeScalars.first(where: {
                ($0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r") || $0.value == 0xFFFE || $0.value == 0xFFFF
            }) {
                throw Diagnostic(
                    "key \"\(Diagnostic.quote(change.key))\": a .stringsdict (XML 1.0) cannot hold \(ControlCharacters.names([scalar]))",
                    path: path)
            }
            // Each change reads the structure again, so offsets never go stale.
            let root = try Self.root(of: bytes, path: path)
            let edit = try edit(for: change, root: root, bytes: bytes, template: template(change.key))
            bytes.replaceSubrange(edit.range, with: edit.text.utf8)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` without the top-level entries of `keys`, each from its `<key>` line to the end
    /// of its value's line. Keys are told apart by their bytes (`café` spelled two ways is two
    /// keys, as to Foundation).
    package static func removing(_ keys: some Sequence<String>, from text: String, path: String)
        throws(Diagnostic) -> String
    {
        let keys = Set(keys.lazy.map(LiteralKey.init))
        var bytes = Array(text.utf8)
        let root = try Self.root(of: bytes, path: path)
        var ranges: [Range<Int>] = []
        for member in root.members ?? [] where keys.contains(LiteralKey(member.key)) {
            var start = member.keyOffset
            while start > 0, isBlank(bytes[start - 1]) { start -= 1 }
            var end = member.value.end
            while end < bytes.count, isBlank(bytes[end]) { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\n") { end += 1 }
            ranges.append(start..<end)
        }
        for range in ranges.sorted(by: { $0.lowerBound > $1.lowerBound }) { bytes.removeSubrange(range) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An empty `.stringsdict`, for a language that has none yet.
    package static func newFile() -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        </dict>
        </plist>

        """
    }

    /// The file's top-level dictionary, read whole with the offsets of every element.
    private static func root(of bytes: [UInt8], path: String) throws(Diagnostic) -> PropertyList {
        let read = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(PropertyListReader.Failure) in try PropertyListReader.read(buffer) }
        }
        switch read {
        case .success(let root) where root.members != nil: return root
        case .success: throw Diagnostic("no <dict> at the top of the property list", path: path)
        case .failure(let failure):
            let location = bytes.withUnsafeBufferPointer { buffer in
                var positions = TextPositions(text: buffer, path: path)
                return positions.location(at: failure.offset)
            }
            throw Diagnostic(failure.message, at: location)
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// The last value of `key` in `dict` (a key given twice: the last wins, as when read; one
    /// spelled in another Unicode normalization is another key).
    private static func value(_ key: String, in dict: PropertyList) -> PropertyList? {
        dict.members?.last { $0.key.hasSameBytes(as: key) }?.value
    }

    private static func edit(
        for change: Change, root: PropertyList, bytes: [UInt8], template: PluralEntry?
    ) throws(Diagnostic) -> (range: Range<Int>, text: String) {
        let name = change.variable ?? "NSStringLocalizedFormatKey"
        guard let entry = value(change.key, in: root), entry.members != nil else {
            var fields: [(String, Any)] = [("NSStringLocalizedFormatKey", template?.format ?? "%#@\(name)@")]
            if let variable = change.variable {
                fields.append((variable, variableFields(change, template: template)))
            }
            if change.variable == nil { fields[0].1 = change.text }
            return insertion(key: change.key, value: fields, into: root, bytes: bytes)
        }
        if change.variable == nil {
            guard let string = value(name, in: entry), string.string != nil else {
                return insertion(key: name, value: change.text, into: entry, bytes: bytes)
            }
            return (string.offset..<string.end, "<string>\(escaped(change.text))</string>")
        }
        guard let variable = value(name, in: entry), variable.members != nil else {
            return insertion(key: name, value: variableFields(change, template: template), into: entry, bytes: bytes)
        }
        guard let string = value(change.category!.rawValue, in: variable), string.string != nil else {
            return insertion(key: change.category!.rawValue, value: change.text, into: variable, bytes: bytes)
        }
        return (string.offset..<string.end, "<string>\(escaped(change.text))</string>")
    }

    /// The indentation of the line holding `offset`.
    private static func indentation(of offset: Int, in bytes: [UInt8]) -> String {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = start
        while end < bytes.count, isBlank(bytes[end]) { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Text inserting `key` and `value` at the end of `dict`, before its closing tag's own
    /// indentation (so that the tag stays on its line); an empty `<dict/>` is written open.
    private static func insertion(key: String, value: Any, into dict: PropertyList, bytes: [UInt8])
        -> (range: Range<Int>, text: String)
    {
        // The closing tag starts at the last `<` of the element (none is inside a closing tag).
        let close = bytes[dict.offset..<dict.end].lastIndex(of: UInt8(ascii: "<")) ?? dict.offset
        let isEmpty = close == dict.offset
        let closing = indentation(of: dict.offset, in: bytes)
        let inner = dict.members?.first.map { indentation(of: $0.keyOffset, in: bytes) } ?? closing + "\t"
        let step = inner.hasPrefix(closing) ? String(inner.dropFirst(closing.count)) : "\t"
        var text = ""
        write(key: key, value: value, indent: inner, step: step, into: &text)
        if isEmpty { return (dict.offset..<dict.end, "<dict>\n" + text + closing + "</dict>") }
        var at = close
        while at > 0, isBlank(bytes[at - 1]) { at -= 1 }
        if at > 0, bytes[at - 1] != UInt8(ascii: "\n") { text = "\n" + text }
        return (at..<at, text)
    }

    private static func write(key: String, value: Any, indent: String, step: String, into text: inout String) {
        text += "\(indent)<key>\(escaped(key))</key>\n"
        if let fields = value as? [(String, Any)] {
            text += "\(indent)<dict>\n"
            for (name, field) in fields {
                write(key: name, value: field, indent: indent + step, step: step, into: &text)
            }
            text += "\(indent)</dict>\n"
        } else {
            text += "\(indent)<string>\(escaped(value as? String ?? ""))</string>\n"
        }
    }

    private static func variableFields(_ change: Change, template: PluralEntry?) -> [(String, Any)] {
        [
            ("NSStringFormatSpecTypeKey", "NSStringPluralRuleType"),
            ("NSStringFormatValueTypeKey", template?.variables[change.variable!]?.valueType ?? "d"),
            (change.category!.rawValue, change.text),
        ]
    }

    /// `text` as XML element text, as property lists write it.
    static func escaped(_ text: String) -> String {
        Escaper.xmlText.escaped(text)
    }
}
