import Diagnostics
import Foundation

/// Reads `.stringsdict` files (XML property lists; a binary one is an error that says so)
/// with our own `PropertyListReader`, no Foundation parser underneath. Malformed XML is one error at its line and column; a bad
/// entry is reported with its key and skipped; the rest of the file still loads.
public enum StringsDictParser {
    /// What a `.stringsdict` file held: its entries and the problems met.
    public struct Result: Sendable {
        /// The plural entries that were read, by key.
        public var entries: [String: PluralEntry]
        /// Each entry or file problem, at its line and column; those entries are left out.
        public var errors: [Diagnostic]
    }

    /// Reads the file at `url`; a file that cannot be read is one error.
    public static func parse(contentsOf url: URL) -> Result {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return Result(
                entries: [:],
                errors: [Diagnostic("cannot read the file", at: SourceLocation(path: url.path, line: 1, column: 1))])
        }
        return parse(data, path: url.path)
    }

    /// Reads a file's bytes (UTF-8, or UTF-16 with a byte-order mark).
    public static func parse(_ data: Data, path: String) -> Result {
        if data.starts(with: Array("bplist".utf8)) {
            return Result(
                entries: [:],
                errors: [
                    Diagnostic(
                        "a binary property list; FlavorKit reads XML ones (convert it with `plutil -convert xml1`)",
                        at: SourceLocation(path: path, line: 1, column: 1))
                ])
        }
        let read = data.withUnsafeBytes { raw in
            Swift.Result { () throws(Diagnostic) -> Result in
                try TextDecoding.withUTF8(raw.bindMemory(to: UInt8.self), path: path) { text throws(Diagnostic) in
                    try parse(text: text, path: path)
                }
            }
        }
        switch read {
        case .success(let result): return result
        case .failure(let error): return Result(entries: [:], errors: [error])
        }
    }

    private static func parse(text: UnsafeBufferPointer<UInt8>, path: String) throws(Diagnostic) -> Result {
        var positions = TextPositions(text: text, path: path)
        var result = Result(entries: [:], errors: [])
        let root: PropertyList
        do {
            // Each entry is converted as soon as it is read: the file's whole tree is never held.
            root = try PropertyListReader.read(text) { member in
                let key = member.key
                let location = SourceLocation(path: path, line: positions.line(at: member.keyOffset), column: 1)
                do throws(Diagnostic) {
                    result.entries[key] = try entry(member.value, key: key, location: location)
                } catch {
                    result.entries[key] = nil
                    result.errors.append(error)
                }
            }
        } catch {
            throw Diagnostic("not a valid property list: \(error.message)", at: positions.location(at: error.offset))
        }
        guard root.members != nil else {
            throw Diagnostic(
                "the top level must be a dictionary of keys, not \(root.kindDescription)",
                at: positions.location(at: root.offset))
        }
        result.errors.sort { ($0.line ?? 0, $0.message) < ($1.line ?? 0, $1.message) }
        return result
    }

    private static func entry(
        _ value: PropertyList, key: String, location: SourceLocation
    ) throws(Diagnostic) -> PluralEntry {
        func fail(_ message: String) -> Diagnostic {
            Diagnostic("\(message) (key \"\(Diagnostic.quote(key))\")", at: location)
        }
        guard let dictionary = value.members else { throw fail("an entry must be a dictionary") }
        // One pass over each dictionary, in the file's order (a key given twice: the last wins).
        var format: String?
        var variables: [String: PluralEntry.Variable] = [:]
        for member in dictionary {
            let name = member.key, rawVariable = member.value
            if name == "NSStringLocalizedFormatKey" {
                format = rawVariable.string
                continue
            }
            guard let fields = rawVariable.members else { continue }
            var specType: String?, valueType = "d"
            var variants: [PluralCategory: String] = [:]
            for fieldMember in fields {
                let field = fieldMember.key
                guard let text = fieldMember.value.string else { continue }
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
}
