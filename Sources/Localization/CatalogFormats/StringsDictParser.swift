import Diagnostics
import Foundation

/// Reads `.stringsdict` files (XML or binary property lists) with Foundation's
/// `PropertyListSerialization`. A bad entry is reported with its key and skipped; the rest
/// of the file still loads.
public enum StringsDictParser {
    public struct Result: Sendable {
        public var entries: [String: PluralEntry]
        public var errors: [Diagnostic]
    }

    public static func parse(contentsOf url: URL) -> Result {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return Result(
                entries: [:],
                errors: [Diagnostic("cannot read the file", at: SourceLocation(path: url.path, line: 1, column: 1))])
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
            return Result(entries: [:], errors: [Diagnostic("not a valid property list (\(reason))", at: start)])
        }
        // `[AnyHashable: Any]` is what corelibs-foundation hands back: looking keys up in it
        // directly avoids converting every nested dictionary to `[String: Any]`.
        guard let root = object as? [AnyHashable: Any] else {
            return Result(entries: [:], errors: [Diagnostic("the top level must be a dictionary of keys", at: start)])
        }
        let lines = KeyLines(data)
        var result = Result(entries: [:], errors: [])
        result.entries.reserveCapacity(root.count)
        for (rawKey, value) in root {
            guard let key = rawKey.base as? String else { continue }
            let location = SourceLocation(path: path, line: lines.line(of: key), column: 1)
            do {
                result.entries[key] = try entry(value, key: key, location: location)
            } catch {
                result.errors.append(error)
            }
        }
        result.errors.sort { ($0.line ?? 0, $0.message) < ($1.line ?? 0, $1.message) }
        return result
    }

    private static func entry(_ value: Any, key: String, location: SourceLocation) throws(Diagnostic) -> PluralEntry {
        func fail(_ message: String) -> Diagnostic {
            Diagnostic("\(message) (key \"\(Diagnostic.quote(key))\")", at: location)
        }
        guard let dictionary = value as? [AnyHashable: Any] else { throw fail("an entry must be a dictionary") }
        // One pass over each dictionary, comparing its keys as strings: lookups by
        // `AnyHashable` box and unbox every candidate key.
        var format: String?
        var variables: [String: PluralEntry.Variable] = [:]
        for (rawName, rawVariable) in dictionary {
            guard let name = rawName.base as? String else { continue }
            if name == "NSStringLocalizedFormatKey" {
                format = rawVariable as? String
                continue
            }
            guard let fields = rawVariable as? [AnyHashable: Any] else { continue }
            var specType: String?, valueType = "d"
            var variants: [PluralCategory: String] = [:]
            for (rawField, rawText) in fields {
                guard let field = rawField.base as? String, let text = rawText as? String else { continue }
                switch field {
                case "NSStringFormatSpecTypeKey": specType = text
                case "NSStringFormatValueTypeKey": valueType = text
                case "zero": variants[.zero] = text
                case "one": variants[.one] = text
                case "two": variants[.two] = text
                case "few": variants[.few] = text
                case "many": variants[.many] = text
                case "other": variants[.other] = text
                default: break
                }
            }
            guard specType == "NSStringPluralRuleType" else {
                throw fail(
                    "variable \"\(Diagnostic.quote(name))\" must have NSStringFormatSpecTypeKey = NSStringPluralRuleType"
                )
            }
            guard variants[.other] != nil else {
                throw fail("variable \"\(Diagnostic.quote(name))\" has no \"other\" variant")
            }
            variables[name] = PluralEntry.Variable(valueType: valueType, variants: variants)
        }
        guard let format else { throw fail("NSStringLocalizedFormatKey is missing") }
        let entry = PluralEntry(format: format, variables: variables, location: location)
        for name in entry.referencedVariables where variables[name] == nil {
            throw fail("the format names variable \"\(Diagnostic.quote(name))\", which is not defined")
        }
        return entry
    }

    /// The line of each entry's `<key>…</key>` (keys of the top dictionary only) in an XML
    /// property list, in one pass hopping from `<` to `<` (binary property lists have no
    /// lines: 1).
    private struct KeyLines {
        var lines: [String: Int] = [:]

        init(_ data: Data) {
            guard !data.starts(with: Array("bplist".utf8)) else { return }
            data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                let count = raw.count
                var line = 1, depth = 0, counted = 0, index = 0
                func isTag(_ tag: StaticString, at position: Int) -> Bool {
                    position + tag.utf8CodeUnitCount <= count
                        && memcmp(base + position, tag.utf8Start, tag.utf8CodeUnitCount) == 0
                }
                while index < count, let found = memchr(base + index, Int32(UInt8(ascii: "<")), count - index) {
                    let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    index = position + 1
                    guard position + 1 < count else { break }
                    // The byte after `<` tells the few tags that matter apart before any compare.
                    switch base[position + 1] {
                    case UInt8(ascii: "d") where isTag("<dict>", at: position):
                        depth += 1
                    case UInt8(ascii: "/") where isTag("</dict>", at: position):
                        depth -= 1
                    case UInt8(ascii: "k") where depth == 1 && isTag("<key>", at: position):
                        let start = position + 5
                        let end =
                            memchr(base + start, Int32(UInt8(ascii: "<")), count - start)
                            .map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? count
                        line += Self.newlines(base + counted, count: position - counted)
                        counted = position
                        let key = String(
                            decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
                        let escaped = memchr(base + start, Int32(UInt8(ascii: "&")), end - start) != nil
                        lines[escaped ? Self.unescape(key) : key] = line
                        index = end
                    default:
                        break
                    }
                }
            }
        }

        /// The number of `\n` bytes, counted eight at a time: a byte of `word ^ 0x0A…` is
        /// zero exactly where a newline was, and the high bit of each zero byte is set below.
        private static func newlines(_ start: UnsafePointer<UInt8>, count: Int) -> Int {
            let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, newline: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
            var total = 0, offset = 0
            while offset + 8 <= count {
                let word = UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self) ^ newline
                total += (~(((word & low) &+ low) | word | low)).nonzeroBitCount
                offset += 8
            }
            while offset < count {
                if start[offset] == UInt8(ascii: "\n") { total += 1 }
                offset += 1
            }
            return total
        }

        func line(of key: String) -> Int { lines[key] ?? 1 }

        private static func unescape(_ text: String) -> String {
            text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
    }
}
