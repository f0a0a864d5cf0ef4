import Diagnostics

#if canImport(FoundationEssentials)
import FileFormats
import FoundationEssentials
#else
import Foundation
#endif

/// Reads `.stringsdict` files: XML property lists with our own `PropertyListReader`, no
/// Foundation parser underneath (malformed XML is one error at its line and column); binary
/// ones (`bplist00`, which Apple's tools accept too) through `PropertyListSerialization`,
/// their problems at the file's start, as a binary file has no lines. A bad entry is reported
/// with its key and skipped; the rest of the file still loads.
public enum StringsDictParser {
    /// What a `.stringsdict` file held: its entries and the problems met.
    public struct Result: Sendable {
        /// The plural entries that were read, by key.
        public var entries: [String: PluralEntry]
        /// Each entry or file problem, at its line and column; those entries are left out.
        public var errors: [Diagnostic]
    }

    /// Reads the file at `url` (a regular file, inside `folder` when given: see `InputFile`);
    /// a file that cannot be read is one error.
    public static func parse(contentsOf url: URL, within folder: URL? = nil) -> Result {
        parse(atPath: url.path, within: folder?.path)
    }

    /// `parse(contentsOf:within:)` by paths (the runtime joins them as text).
    package static func parse(atPath path: String, within folder: String?) -> Result {
        do throws(Diagnostic) {
            return parse(try InputFile.read(atPath: path, limit: InputFile.catalogLimit, within: folder), path: path)
        } catch {
            return Result(entries: [:], errors: [error])
        }
    }

    /// Reads a file's bytes (UTF-8, or UTF-16 with a byte-order mark).
    public static func parse(_ data: Data, path: String) -> Result {
        if data.starts(with: Array("bplist".utf8)) { return parseBinary(data, path: path) }
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
        // Only a file with a key beyond ASCII can hold two spellings of one: no key is looked
        // up for one before.
        var beyondASCII = false
        let root: PropertyList
        do {
            // Each entry is converted as soon as it is read: the file's whole tree is never held.
            root = try PropertyListReader.read(text, sharing: sharedStrings) { member in
                let key = member.key
                let location = SourceLocation(path: path, line: positions.line(at: member.keyOffset), column: 1)
                if !beyondASCII {
                    // Searched in place (the view's `contains` takes a step through the string a byte).
                    beyondASCII = key.utf8.withContiguousStorageIfAvailable { $0.contains { $0 >= 0x80 } } ?? true
                }
                if beyondASCII, let twin = twin(of: key, in: result.entries, at: location) {
                    // The first is kept as it was read, its key spelled as it was.
                    result.errors.append(twin)
                    return
                }
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

    /// The keys and values every entry repeats that are too long to be stored inline in a
    /// `String`: the reader hands these out instead of allocating each occurrence.
    private static let sharedStrings = [
        "NSStringLocalizedFormatKey", "NSStringFormatSpecTypeKey", "NSStringFormatValueTypeKey",
        "NSStringPluralRuleType",
    ]

    /// A binary property list, read by Foundation and checked entry by entry as the XML ones.
    private static func parseBinary(_ data: Data, path: String) -> Result {
        let start = SourceLocation(path: path, line: 1, column: 1)
        let root: PropertyList
        switch PropertyList.binary(data) {
        case .success(let list): root = list
        case .failure(let error):
            return Result(
                entries: [:], errors: [Diagnostic("not a valid binary property list: \(error.reason)", at: start)])
        }
        guard let members = root.members else {
            return Result(
                entries: [:],
                errors: [
                    Diagnostic("the top level must be a dictionary of keys, not \(root.kindDescription)", at: start)
                ]
            )
        }
        var result = Result(entries: [:], errors: [])
        for member in members {
            if let twin = twin(of: member.key, in: result.entries, at: start) {
                result.errors.append(twin)
                continue
            }
            do {
                result.entries[member.key] = try entry(member.value, key: member.key, location: start)
            } catch {
                result.errors.append(error)
            }
        }
        return result
    }

    /// The error for `key` when `entries` holds it spelled otherwise (`é` as one scalar, or `e`
    /// and a combining accent): two entries to Foundation on Apple's systems, one to a
    /// dictionary keyed by `String`, where this one would replace the other without a word:
    /// the first is kept, this one is not read.
    private static func twin(of key: String, in entries: [String: PluralEntry], at location: SourceLocation)
        -> Diagnostic?
    {
        guard let index = entries.index(forKey: key), !entries[index].key.hasSameBytes(as: key) else { return nil }
        let (other, entry) = entries[index]
        return Diagnostic(
            "key \"\(Diagnostic.quote(key))\" is key \"\(Diagnostic.quote(other))\" of line \(entry.location.line) in "
                + "another Unicode normalization, the same text to FlavorKit, which keeps the first only; spell "
                + "both alike or rename one", at: location)
    }

    /// `text == name` for an ASCII `name`, without comparing characters when `text` has fewer
    /// bytes: then it cannot equal `name`, as a character canonically equivalent to an ASCII one
    /// (the Kelvin sign to K) takes more bytes, never fewer.
    private static func same(_ text: String, _ name: String) -> Bool {
        text.utf8.count >= name.utf8.count && text == name
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
            if same(name, "NSStringLocalizedFormatKey") {
                format = rawVariable.string
                continue
            }
            guard let fields = rawVariable.members else { continue }
            var specType: String?, valueType = "d"
            // Room for all six categories: growing one by one would rehash three times.
            var variants = [PluralCategory: String](minimumCapacity: 6)
            for fieldMember in fields {
                let field = fieldMember.key
                guard let text = fieldMember.value.string else { continue }
                if same(field, "NSStringFormatSpecTypeKey") {
                    specType = text
                } else if same(field, "NSStringFormatValueTypeKey") {
                    valueType = text
                } else {
                    switch field {
                    case "zero": variants[.zero] = text
                    case "one": variants[.one] = text
                    case "two": variants[.two] = text
                    case "few": variants[.few] = text
                    case "many": variants[.many] = text
                    case "other": variants[.other] = text
                    default: break
                    }
                }
            }
            guard let specType, same(specType, "NSStringPluralRuleType") else {
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
