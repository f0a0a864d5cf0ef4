import Diagnostics
import Foundation

/// A String Catalog (`.xcstrings`, Xcode 15 and later) read with `JSONDecoder`: every
/// language of one table in one file. Each language's part becomes the same model as
/// `.strings` + `.stringsdict`: a text table and plural entries.
///
/// A unit in state `new`, or with an empty value, is untranslated and left out (its key
/// falls back); `needs_review` is used and reported. `variations.plural` and `substitutions`
/// become plural entries; `variations.device` uses its `other` variant. A string whose shape
/// is unknown is an error naming its key; the rest of the file still loads.
public struct XCStringsFile: Sendable {
    public let path: String
    public let sourceLanguage: String
    /// Language code → key → what that language says.
    let units: [String: [String: Unit]]
    public private(set) var errors: [Diagnostic]
    /// Units a translator still has to look at: state `new` (left out) or `needs_review`
    /// (used), in the order of the keys.
    public private(set) var pendingUnits: [PendingUnit]
    let keyLines: [String: Int]

    /// A unit in state `new` or `needs_review`.
    public struct PendingUnit: Sendable, Hashable {
        public var language: String
        public var key: String
        public var state: String
        public var location: SourceLocation
    }

    /// One key's text in one language.
    enum Unit: Sendable {
        case text(String)
        case plural(PluralEntry)
    }

    public init(contentsOf url: URL) {
        let data = FileManager.default.contents(atPath: url.path)
        self.init(data ?? Data(), path: url.path, readable: data != nil)
    }

    public init(_ data: Data, path: String, readable: Bool = true) {
        self.path = path
        let start = SourceLocation(path: path, line: 1, column: 1)
        keyLines = Self.keyLines(data)
        guard readable else {
            sourceLanguage = ""
            units = [:]
            errors = [Diagnostic("cannot read the file", at: start)]
            pendingUnits = []
            return
        }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch {
            sourceLanguage = ""
            units = [:]
            errors = [Diagnostic("not a String Catalog (\(Self.reason(error)))", at: start)]
            pendingUnits = []
            return
        }
        sourceLanguage = document.sourceLanguage
        var units: [String: [String: Unit]] = [:]
        var errors: [Diagnostic] = []
        var pending: [PendingUnit] = []
        for key in document.strings.keys.sorted() {
            let location = SourceLocation(path: path, line: keyLines[key] ?? 1, column: 1)
            func fail(_ message: String) -> Diagnostic {
                Diagnostic("\(message) (key \"\(Diagnostic.quote(key))\")", at: location)
            }
            switch document.strings[key]!.result {
            case .failure(let error):
                errors.append(fail("unexpected shape: \(Self.reason(error))"))
            case .success(let entry):
                for (language, localization) in (entry.localizations ?? [:]).sorted(by: { $0.key < $1.key }) {
                    for state in Set(localization.states) where state == "new" || state == "needs_review" {
                        pending.append(PendingUnit(language: language, key: key, state: state, location: location))
                    }
                    do {
                        if let unit = try Self.unit(localization, location: location) {
                            units[language, default: [:]][key] = unit
                        }
                    } catch {
                        errors.append(fail("\(language): \(error.message)"))
                    }
                }
            }
        }
        self.units = units
        self.errors = errors
        self.pendingUnits = pending.sorted {
            ($0.location.line, $0.language, $0.state) < ($1.location.line, $1.language, $1.state)
        }
    }

    /// The languages the file has text for.
    public var languages: [LanguageTag] {
        units.keys.compactMap(LanguageTag.init).sorted()
    }

    /// One language's text entries and plural entries.
    public func part(for language: LanguageTag) -> (text: StringTable, plurals: [String: PluralEntry]) {
        guard let entries = units.first(where: { LanguageTag($0.key) == language })?.value else {
            return (StringTable(), [:])
        }
        var table = StringTable()
        let file = table.addFile(path)
        var plurals: [String: PluralEntry] = [:]
        for key in entries.keys.sorted() {
            switch entries[key]! {
            case .text(let value):
                table.add(key: key, value: value, line: keyLines[key] ?? 1, column: 1, file: file)
            case .plural(let entry):
                plurals[key] = entry
            }
        }
        return (table, plurals)
    }

    // MARK: Units

    /// What one localization says, or nil when it is untranslated; a unit of unknown shape
    /// is a diagnostic at `location` (the caller names the key and language).
    private static func unit(_ localization: Localization, location: SourceLocation) throws(Diagnostic) -> Unit? {
        func failure(_ message: String) -> Diagnostic { Diagnostic(message, at: location) }
        if let device = localization.variations?.device {
            guard let chosen = device["other"] ?? device.sorted(by: { $0.key < $1.key }).first?.value else {
                return nil
            }
            return try unit(chosen, location: location)
        }
        if let plural = localization.variations?.plural {
            var variants: [PluralCategory: String] = [:]
            for (name, variant) in plural {
                guard let category = PluralCategory(rawValue: name) else {
                    throw failure("unknown plural category \"\(Diagnostic.quote(name))\"")
                }
                if let text = usable(variant.stringUnit) { variants[category] = text }
            }
            guard let other = variants[.other] else {
                if variants.isEmpty { return nil }
                throw failure("plural variations have no \"other\"")
            }
            let (argument, valueType) = firstSpecifier(other)
            let entry = PluralEntry(
                format: "%\(argument)$#@plural@",
                variables: ["plural": .init(argument: argument, valueType: valueType, variants: variants)],
                location: location)
            return .plural(entry)
        }
        guard let value = usable(localization.stringUnit) else { return nil }
        guard let substitutions = localization.substitutions, !substitutions.isEmpty else { return .text(value) }
        // A substitution reads an argument the value or some substitution's variant (nesting) asks for.
        let variantTexts = substitutions.values.flatMap { ($0.variations?.plural ?? [:]).values }
            .compactMap { usable($0.stringUnit) }
        let specifierCount = ([value] + variantTexts).map(countSpecifiers).max() ?? 0
        var variables: [String: PluralEntry.Variable] = [:]
        for (name, substitution) in substitutions {
            if let argument = substitution.argNum, argument < 1 || argument > max(specifierCount, 1) {
                throw failure(
                    "substitution \"\(Diagnostic.quote(name))\" has argNum \(argument), out of range 1...\(max(specifierCount, 1))"
                )
            }
            var variants: [PluralCategory: String] = [:]
            for (categoryName, variant) in substitution.variations?.plural ?? [:] {
                guard let category = PluralCategory(rawValue: categoryName) else {
                    throw failure(
                        "unknown plural category \"\(Diagnostic.quote(categoryName))\" in substitution \"\(Diagnostic.quote(name))\""
                    )
                }
                if let text = usable(variant.stringUnit) { variants[category] = text }
            }
            guard variants[.other] != nil else {
                throw failure("substitution \"\(Diagnostic.quote(name))\" has no \"other\" variant")
            }
            variables[name] = PluralEntry.Variable(
                argument: substitution.argNum, valueType: substitution.formatSpecifier ?? "d",
                variants: variants)
        }
        // Variables nested in variants are checked by lint (`plural-variables`) and at run time.
        let entry = PluralEntry(format: value, variables: variables, location: location)
        for name in entry.referencedVariables where variables[name] == nil {
            throw failure("the value names variable \"\(Diagnostic.quote(name))\", which is not defined")
        }
        return .plural(entry)
    }

    private static func usable(_ unit: StringUnit?) -> String? {
        guard let unit, unit.state != "new", !unit.value.isEmpty else { return nil }
        return unit.value
    }

    /// The argument and type of the first specifier in a variant (`%2$lld` → 2, `lld`).
    private static func firstSpecifier(_ text: String) -> (Int, String) {
        var found: (Int, String)?
        _ = try? PluralEntry.rewrite(text) { placeholder in
            if found == nil, placeholder.variable == nil { found = (placeholder.position, String(placeholder.body)) }
            return ""
        }
        return found ?? (1, "d")
    }

    /// The highest argument position the specifiers and variables of `text` read.
    private static func countSpecifiers(_ text: String) -> Int {
        var count = 0
        _ = try? PluralEntry.rewrite(text) { placeholder in
            count = max(count, placeholder.position)
            return ""
        }
        return count
    }

    private static func reason(_ error: any Error) -> String {
        if let decoding = error as? DecodingError {
            switch decoding {
            case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
                .valueNotFound(_, let context):
                let path = context.codingPath.map(\.stringValue).joined(separator: ".")
                return (path.isEmpty ? "" : path + ": ") + context.debugDescription
            @unknown default:
                return "\(error)"
            }
        }
        return ((error as NSError).userInfo["NSDebugDescription"] as? String) ?? "\(error)"
    }

    /// The line of each string key (`"key" :` at the first level of `strings`), in one pass.
    private static func keyLines(_ data: Data) -> [String: Int] {
        var lines: [String: Int] = [:]
        var line = 1, depth = 0
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\n"): line += 1
                case UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "}"): depth -= 1
                case UInt8(ascii: "\""):
                    var end = index + 1, escaped = false
                    while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                        if bytes[end] == UInt8(ascii: "\\") {
                            escaped = true
                            end += 1
                        }
                        end += 1
                    }
                    if depth == 2, end < bytes.count {
                        let literal = UnsafeBufferPointer(rebasing: bytes[index...end])
                        let text =
                            escaped
                            ? try? JSONDecoder().decode(String.self, from: Data(literal))
                            : String(decoding: UnsafeBufferPointer(rebasing: bytes[index + 1..<end]), as: UTF8.self)
                        if let text, lines[text] == nil { lines[text] = line }
                    }
                    index = end
                default: break
                }
                index += 1
            }
        }
        return lines
    }

    // MARK: The file's shape

    struct Document: Decodable {
        var sourceLanguage: String
        var strings: [String: Failable<StringEntry>]
    }

    struct StringEntry: Decodable {
        var localizations: [String: Localization]?
    }

    struct Localization: Decodable {
        var stringUnit: StringUnit?
        var variations: Variations?
        var substitutions: [String: Substitution]?

        /// The state of every unit inside, variations and substitutions included.
        var states: [String] {
            let nested =
                [variations?.plural, variations?.device].compactMap { $0 }
                + (substitutions ?? [:]).values.compactMap { $0.variations?.plural }
            return [stringUnit?.state].compactMap { $0 } + nested.flatMap { $0.values.flatMap(\.states) }
        }
    }

    struct StringUnit: Decodable {
        var state: String?
        var value: String
    }

    struct Variations: Decodable {
        var plural: [String: Localization]?
        var device: [String: Localization]?
    }

    struct Substitution: Decodable {
        var argNum: Int?
        var formatSpecifier: String?
        var variations: Variations?
    }

    /// Decodes a value, keeping a failure instead of failing the whole document.
    struct Failable<Value: Decodable>: Decodable {
        let result: Result<Value, any Error>
        init(from decoder: any Decoder) {
            result = Result { try Value(from: decoder) }
        }
    }
}
