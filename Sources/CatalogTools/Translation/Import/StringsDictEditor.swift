import Diagnostics
import Foundation
import Localization

/// Changes texts in a `.stringsdict` file's XML in place: a changed `<string>`'s content is
/// replaced where it stands; a category, variable or entry the file lacks is inserted at the
/// end of its `<dict>`, indented like its neighbours. Every other byte (order, comments,
/// spacing) is kept.
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
        var text = text
        for change in changes {
            // XML 1.0 has no way to write the other controls, not even as a character reference.
            if let scalar = change.text.unicodeScalars.first(where: {
                ($0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r") || $0.value == 0xFFFE || $0.value == 0xFFFF
            }) {
                throw Diagnostic(
                    "key \"\(Diagnostic.quote(change.key))\": a .stringsdict (XML 1.0) cannot hold \(ControlCharacters.names([scalar]))",
                    path: path)
            }
            // Each change re-reads the structure, so offsets never go stale.
            let tree = try Tree(text, path: path)
            guard let root = tree.root else {
                throw Diagnostic("no <dict> at the top of the property list", path: path)
            }
            var edit = try edit(for: change, root: root, tree: tree, template: template(change.key), path: path)
            if text[edit.range].hasPrefix("<string") { edit.text = "<string>\(edit.text)</string>" }  // was <string/>
            text.replaceSubrange(edit.range, with: edit.text)
        }
        return text
    }

    /// `text` without the top-level entries of `keys`, each from its `<key>` line to the end
    /// of its value's line.
    package static func removing(_ keys: Set<String>, from text: String, path: String) throws(Diagnostic) -> String {
        let tree = try Tree(text, path: path)
        guard let root = tree.root else { throw Diagnostic("no <dict> at the top of the property list", path: path) }
        var ranges: [Range<String.Index>] = []
        for value in root.values where keys.contains(value.key) {
            guard let dict = value.dict, let close = text[dict.close...].firstIndex(of: ">") else { continue }
            var start = value.keyStart
            while start > text.startIndex, " \t".contains(text[text.index(before: start)]) {
                start = text.index(before: start)
            }
            var end = text.index(after: close)
            while end < text.endIndex, " \t".contains(text[end]) { end = text.index(after: end) }
            if end < text.endIndex, text[end] == "\n" { end = text.index(after: end) }
            ranges.append(start..<end)
        }
        var result = text
        for range in ranges.sorted(by: { $0.lowerBound > $1.lowerBound }) { result.removeSubrange(range) }
        return result
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

    private static func edit(
        for change: Change, root: Tree.Dict, tree: Tree, template: PluralEntry?, path: String
    ) throws(Diagnostic) -> (range: Range<String.Index>, text: String) {
        let name = change.variable ?? "NSStringLocalizedFormatKey"
        guard let entry = root.dict(change.key) else {
            var fields: [(String, Any)] = [("NSStringLocalizedFormatKey", template?.format ?? "%#@\(name)@")]
            if let variable = change.variable {
                fields.append((variable, variableFields(change, template: template)))
            }
            if change.variable == nil { fields[0].1 = change.text }
            return tree.insertion(key: change.key, value: fields, into: root)
        }
        if change.variable == nil {
            guard let string = entry.string(name) else {
                return tree.insertion(key: name, value: change.text, into: entry)
            }
            return (string, escaped(change.text))
        }
        guard let variable = entry.dict(name) else {
            return tree.insertion(key: name, value: variableFields(change, template: template), into: entry)
        }
        guard let string = variable.string(change.category!.rawValue) else {
            return tree.insertion(key: change.category!.rawValue, value: change.text, into: variable)
        }
        return (string, escaped(change.text))
    }

    private static func variableFields(_ change: Change, template: PluralEntry?) -> [(String, Any)] {
        [
            ("NSStringFormatSpecTypeKey", "NSStringPluralRuleType"),
            ("NSStringFormatValueTypeKey", template?.variables[change.variable!]?.valueType ?? "d"),
            (change.category!.rawValue, change.text),
        ]
    }

    /// `&amp; &lt; &gt;`, as property lists write them.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The `<dict>`s and `<string>`s of a property list, with where they are in the text.
    struct Tree {
        final class Dict {
            /// Key → its value: a nested dict, or the range of a string's content.
            var values: [(key: String, dict: Dict?, string: Range<String.Index>?, keyStart: String.Index)] = []
            var close: String.Index
            init(close: String.Index) { self.close = close }
            func dict(_ key: String) -> Dict? { values.last { $0.key == key }?.dict }
            func string(_ key: String) -> Range<String.Index>? { values.last { $0.key == key }?.string }
        }

        let text: String
        var root: Dict?

        init(_ text: String, path: String) throws(Diagnostic) {
            self.text = text
            var scanner = Scanner(text: text, path: path)
            while let tag = try scanner.nextTag() {
                if tag.name == "dict" && !tag.closing {
                    root = try scanner.dict(opening: tag)
                    break
                }
            }
        }

        /// The indentation of the line holding `index`.
        func indentation(of index: String.Index) -> String {
            var start = index
            while start > text.startIndex, text[text.index(before: start)] != "\n" { start = text.index(before: start) }
            return String(text[start...].prefix { $0 == " " || $0 == "\t" })
        }

        /// Text inserting `key` and `value` at the end of `dict`.
        func insertion(key: String, value: Any, into dict: Dict) -> (range: Range<String.Index>, text: String) {
            let closing = indentation(of: dict.close)
            let inner = dict.values.first.map { indentation(of: $0.keyStart) } ?? closing + "\t"
            let step = inner.hasPrefix(closing) ? String(inner.dropFirst(closing.count)) : "\t"
            var text = ""
            Self.write(key: key, value: value, indent: inner, step: step, into: &text)
            // Insert before the closing tag's own indentation, so that it stays on its line.
            var at = dict.close
            while at > self.text.startIndex, " \t".contains(self.text[self.text.index(before: at)]) {
                at = self.text.index(before: at)
            }
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
    }

    /// Tags one by one, skipping comments, processing instructions and the DOCTYPE.
    struct Scanner {
        struct Tag {
            var name: String
            var closing: Bool
            var empty: Bool
            var range: Range<String.Index>
        }

        let text: String
        let path: String
        var index: String.Index

        init(text: String, path: String) {
            self.text = text
            self.path = path
            index = text.startIndex
        }

        func error(_ message: String) -> Diagnostic {
            let prefix = text[..<index]
            let line = prefix.count { $0 == "\n" } + 1
            let column = prefix.reversed().prefix { $0 != "\n" }.count + 1
            return Diagnostic(message, at: SourceLocation(path: path, line: line, column: column))
        }

        mutating func nextTag() throws(Diagnostic) -> Tag? {
            while let open = text[index...].firstIndex(of: "<") {
                index = open
                for (start, end) in [("<!--", "-->"), ("<?", "?>"), ("<!", ">")] where text[open...].hasPrefix(start) {
                    guard let close = text[open...].range(of: end) else { throw error("unterminated \(start)") }
                    index = close.upperBound
                    break
                }
                if index != open { continue }
                guard let close = text[open...].firstIndex(of: ">") else { throw error("unterminated tag") }
                index = text.index(after: close)
                var body = text[text.index(after: open)..<close]
                let closing = body.hasPrefix("/")
                if closing { body = body.dropFirst() }
                let empty = body.hasSuffix("/")
                if empty { body = body.dropLast() }
                let name = String(body.prefix { !$0.isWhitespace })
                return Tag(name: name, closing: closing, empty: empty, range: open..<index)
            }
            return nil
        }

        /// The dict whose opening tag was just read, up to its closing tag.
        mutating func dict(opening: Tag) throws(Diagnostic) -> Tree.Dict {
            let dict = Tree.Dict(close: opening.range.upperBound)
            var key: (String, String.Index)?
            while let tag = try nextTag() {
                switch (tag.name, tag.closing) {
                case ("dict", true):
                    dict.close = tag.range.lowerBound
                    return dict
                case ("key", false):
                    let start = index
                    guard let end = try nextTag(), end.name == "key", end.closing else {
                        throw error("expected </key>")
                    }
                    key = (Self.unescaped(text[start..<end.range.lowerBound]), tag.range.lowerBound)
                case ("dict", false):
                    let nested = try self.dict(opening: tag)
                    if let (name, start) = key { dict.values.append((name, nested, nil, start)) }
                    key = nil
                case ("string", false):
                    if tag.empty {
                        if let (name, start) = key { dict.values.append((name, nil, tag.range, start)) }
                    } else {
                        let start = index
                        guard let end = try nextTag(), end.name == "string", end.closing else {
                            throw error("expected </string>")
                        }
                        if let (name, keyStart) = key {
                            dict.values.append((name, nil, start..<end.range.lowerBound, keyStart))
                        }
                    }
                    key = nil
                default:
                    key = nil
                }
            }
            throw error("a <dict> that does not end")
        }

        static func unescaped(_ text: Substring) -> String {
            text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
    }
}
