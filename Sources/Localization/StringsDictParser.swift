import Foundation

/// Reads `.stringsdict` files (XML or binary property lists) with Foundation's
/// `PropertyListSerialization`. A bad entry is reported with its key and skipped; the rest
/// of the file still loads.
public enum StringsDictParser {
    public struct Result: Sendable {
        public var entries: [String: PluralEntry]
        public var errors: [CatalogError]
    }

    public static func parse(contentsOf url: URL) -> Result {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return Result(entries: [:], errors: [CatalogError("cannot read the file", at: SourceLocation(path: url.path, line: 1, column: 1))])
        }
        return parse(data, path: url.path)
    }

    public static func parse(_ data: Data, path: String) -> Result {
        let start = SourceLocation(path: path, line: 1, column: 1)
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            let reason = ((error as NSError).userInfo["NSDebugDescription"] as? String) ?? "\(error)"
            return Result(entries: [:], errors: [CatalogError("not a valid property list (\(reason))", at: start)])
        }
        guard let root = object as? [String: Any] else {
            return Result(entries: [:], errors: [CatalogError("the top level must be a dictionary of keys", at: start)])
        }
        let lines = KeyLines(data)
        var result = Result(entries: [:], errors: [])
        for key in root.keys.sorted() {
            let location = SourceLocation(path: path, line: lines.line(of: key), column: 1)
            do {
                result.entries[key] = try entry(root[key], key: key, location: location)
            } catch {
                result.errors.append(error)
            }
        }
        return result
    }

    private static func entry(_ value: Any?, key: String, location: SourceLocation) throws(CatalogError) -> PluralEntry {
        func fail(_ message: String) -> CatalogError { CatalogError("\(message) (key \"\(key)\")", at: location) }
        guard let dictionary = value as? [String: Any] else { throw fail("an entry must be a dictionary") }
        guard let format = dictionary["NSStringLocalizedFormatKey"] as? String else {
            throw fail("NSStringLocalizedFormatKey is missing")
        }
        var variables: [String: PluralEntry.Variable] = [:]
        for (name, rawVariable) in dictionary where name != "NSStringLocalizedFormatKey" {
            guard let variable = rawVariable as? [String: Any] else { continue }
            guard variable["NSStringFormatSpecTypeKey"] as? String == "NSStringPluralRuleType" else {
                throw fail("variable \"\(name)\" must have NSStringFormatSpecTypeKey = NSStringPluralRuleType")
            }
            var variants: [PluralCategory: String] = [:]
            for category in PluralCategory.allCases {
                if let text = variable[category.rawValue] as? String { variants[category] = text }
            }
            guard variants[.other] != nil else { throw fail("variable \"\(name)\" has no \"other\" variant") }
            variables[name] = PluralEntry.Variable(valueType: variable["NSStringFormatValueTypeKey"] as? String ?? "d",
                                                   variants: variants)
        }
        let entry = PluralEntry(format: format, variables: variables, location: location)
        for name in entry.referencedVariables where variables[name] == nil {
            throw fail("the format names variable \"\(name)\", which is not defined")
        }
        return entry
    }

    /// The line of each key's first `<key>…</key>` in an XML property list, found in one pass
    /// over the bytes (binary property lists have no lines: 1).
    private struct KeyLines {
        var lines: [String: Int] = [:]

        init(_ data: Data) {
            guard !data.starts(with: Array("bplist".utf8)) else { return }
            let open = Array("<key>".utf8), close = UInt8(ascii: "<")
            data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                let bytes = raw.bindMemory(to: UInt8.self)
                var line = 1, index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\n") {
                        line += 1
                    } else if byte == close, index + open.count < bytes.count,
                              bytes[index..<index + open.count].elementsEqual(open) {
                        let start = index + open.count
                        var end = start
                        while end < bytes.count, bytes[end] != close { end += 1 }
                        let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                        let unescaped = key.contains("&") ? Self.unescape(key) : key
                        if lines[unescaped] == nil { lines[unescaped] = line }
                        index = end
                        continue
                    }
                    index += 1
                }
            }
        }

        func line(of key: String) -> Int { lines[key] ?? 1 }

        private static func unescape(_ text: String) -> String {
            text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
    }
}
