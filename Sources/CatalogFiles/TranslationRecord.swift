import Diagnostics
import FileFormats
import Foundation
import Localization

/// Which development-language text each imported translation was made from, so that
/// `flavorkit status` and the exports can tell a translation whose source changed since
/// (stale) from one still current.
///
/// `flavorkit import` keeps it in `translated-from.txt` beside the catalogs it writes (the
/// shared catalog folder, or a flavor's), one line per translated unit, sorted, reviewed like
/// the catalogs:
///
///     de	Localizable	queue.empty		1f0c3a9e5d7b2c44
///     ru	Localizable	summary.total	count/few	8a1d…
///
/// language, table, key, part (empty for a text, `format` for a plural entry's format,
/// `phrases` for App Shortcuts phrases,
/// `variable/category` for a variant; preceded by `device@` for a String Catalog text that
/// varies by device) and a 64-bit FNV-1a fingerprint of the development
/// language's text, separated by tabs (`\t`, `\n` and `\\` escaped in names). A translation
/// with no line is counted as translated: only what an import recorded can be stale.
public struct TranslationRecord: Sendable, Equatable {
    /// The file's name in a catalog folder.
    public static let fileName = "translated-from.txt"

    /// The file read and written.
    public let url: URL
    /// `language\ttable\tkey\tpart` (escaped) → fingerprint; by bytes, as keys are told apart
    /// (`café` spelled in two Unicode normalizations is two keys, two lines).
    private var fingerprints: [LiteralKey: String] = [:]

    /// The record in `folder`; empty when the folder has none. A line that is not five
    /// tab-separated fields is an error at its line.
    public init(folder: URL) throws(Diagnostic) {
        let url = folder.appendingPathComponent(Self.fileName)
        try self.init(url: url, data: try InputFile.readIfPresent(url, limit: InputFile.textLimit, within: folder))
    }

    /// The record `data` holds (none: empty) for the file at `url`.
    package init(url: URL, data: Data?) throws(Diagnostic) {
        self.url = url
        guard let data else { return }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Diagnostic("not UTF-8 text", path: url.path)
        }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty && !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 5, fields[4].count == 16, fields[4].allSatisfy(\.isHexDigit) else {
                throw Diagnostic(
                    "expected language, table, key, part and a 16-digit fingerprint separated by tabs",
                    at: SourceLocation(path: url.path, line: index + 1, column: 1))
            }
            fingerprints[LiteralKey(fields[0..<4].joined(separator: "\t"))] = String(fields[4])
        }
    }

    /// Whether `unit`'s translation into `language` was made from another development-language
    /// text than the unit's source today; nil when the record does not hold it.
    public func isStale(_ unit: TranslationUnit, language: LanguageTag) -> Bool? {
        guard !fingerprints.isEmpty, let recorded = fingerprints[LiteralKey(Self.id(unit, language: language))] else {
            return nil
        }
        return recorded != Self.fingerprint(unit.source)
    }

    /// Records that `unit`'s translation into `language` is made from its source as it reads now.
    public mutating func record(_ unit: TranslationUnit, language: LanguageTag) {
        fingerprints[LiteralKey(Self.id(unit, language: language))] = Self.fingerprint(unit.source)
    }

    /// Forgets the lines of `keys` in `table` (keys a prune removed); whether it held any.
    public mutating func forget(_ keys: some Sequence<String>, table: String) -> Bool {
        let count = fingerprints.count
        let (table, keys) = (Self.escaped(table), Set(keys.map { LiteralKey(Self.escaped($0)) }))
        fingerprints = fingerprints.filter { id, _ in
            let fields = id.string.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            return fields.count < 3 || !String(fields[1]).hasSameBytes(as: table)
                || !keys.contains(LiteralKey(String(fields[2])))
        }
        return fingerprints.count != count
    }

    /// The file's content: a heading comment, then the lines sorted.
    public var text: String {
        "# Written by `flavorkit import`: the development-language text each translation was made from\n"
            + "# (language, table, key, part, fingerprint). `flavorkit status` counts a translation stale\n"
            + "# when that text has changed since.\n"
            + fingerprints.map { "\($0.key.string)\t\($0.value)\n" }.sorted(byKey: { $0 }).joined()
    }

    private static func id(_ unit: TranslationUnit, language: LanguageTag) -> String {
        var part: String
        switch unit.part {
        case .text: part = ""
        case .pluralFormat: part = "format"
        case .phrases: part = "phrases"
        case .variant(let variable, let category): part = "\(escaped(variable))/\(category.rawValue)"
        }
        if let device = unit.device { part = "\(escaped(device))@" + part }
        return [language.description, escaped(unit.table), escaped(unit.key), part].joined(separator: "\t")
    }

    private static func escaped(_ name: String) -> String {
        guard name.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "/" }) else { return name }
        return name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "/", with: "\\/")
    }

    /// FNV-1a, 64 bits, of the text's UTF-8, as 16 lowercase hexadecimal digits.
    package static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
