import Diagnostics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `XCStringsReading` found in a String Catalog: the parts `XCStringsFile` keeps.
struct XCStringsContent {
    var sourceLanguage = ""
    /// Language code → its texts and plural entries, for the languages read.
    var parts: [String: XCStringsFile.Part] = [:]
    /// Every language code with at least one usable unit, read or not.
    var usableLanguages: Set<String> = []
    var errors: [Diagnostic] = []
    var pending: [XCStringsFile.PendingUnit] = []
}

/// One pass of `JSONReader` over a String Catalog's text, building the catalog's shape
/// (`XCStringsFile.Localization` and the types inside) for the languages wanted and handing
/// each to `XCStringsFile.unit`, the conversion into the model. Languages not wanted are
/// skipped, except that each is read until one usable unit shows it has text.
struct XCStringsReading {
    private var reader: JSONReader
    private var positions: TextPositions
    private let path: String
    private let wanted: Set<LanguageTag>?
    private(set) var content = XCStringsContent()

    /// What to do with a language's localizations, decided once per language code.
    private struct LanguagePlan {
        let code: [UInt8]
        let name: String
        let wanted: Bool
        var usable = false
        var part = XCStringsFile.Part()
        /// Keys whose text a later plural unit replaced (a key given twice).
        var replacedTexts: Set<String> = []

        /// Keeps `unit` for `key`: of a key given twice, the later unit (text or plural).
        mutating func keep(_ unit: XCStringsFile.Unit, key: String, line: Int) {
            switch unit {
            case .text(let value):
                if !part.plurals.isEmpty, part.plurals.removeValue(forKey: key) != nil { replacedTexts.remove(key) }
                part.text.add(key: key, value: value, line: line, column: 1, file: 0)
            case .plural(let entry):
                if part.text.contains(key) { replacedTexts.insert(key) }
                part.plurals[key] = entry
            }
        }

        /// The part read, without the texts plural units replaced.
        func finished(path: String) -> XCStringsFile.Part {
            guard !replacedTexts.isEmpty else { return part }
            var text = StringTable()
            _ = text.addFile(path)
            for entry in part.text.liveEntries where !replacedTexts.contains(entry.key) {
                text.add(key: entry.key, value: entry.value, line: entry.location.line, column: 1, file: 0)
            }
            return XCStringsFile.Part(text: text, plurals: part.plurals)
        }
    }
    private var plans: [LanguagePlan] = []
    /// After this many keys, the room each wanted language's table needs is made at once,
    /// estimated from the bytes those keys took: no rehashing of large tables while they grow.
    private static let sampledKeys = 64

    /// How deeply variations may nest (`variations.device.x.variations.plural…`).
    static let maximumNesting = 16

    init(text: UnsafeBufferPointer<UInt8>, path: String, wanted: Set<LanguageTag>?) {
        reader = JSONReader(text)
        positions = TextPositions(text: text, path: path)
        self.path = path
        self.wanted = wanted
    }

    /// Reads the whole text; any malformed JSON or a document of the wrong shape becomes the
    /// one error of `content`, with nothing loaded.
    mutating func read() {
        do {
            try readDocument()
        } catch {
            let location = positions.location(at: error.offset)
            let message = error.isSyntax ? "not valid JSON: \(error.message)" : "not a String Catalog: \(error.message)"
            content = XCStringsContent()
            content.errors = [Diagnostic(message, at: location)]
        }
    }

    private mutating func readDocument() throws(JSONReader.Failure) {
        // A UTF-8 byte-order mark, which `JSONDecoder` accepts too.
        let text = reader.text
        if text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF { reader.offset = 3 }
        guard try reader.kind() == .object else { throw shape("the top level must be an object") }
        try reader.beginObject()
        var first = true
        var sourceLanguage: String?, sawStrings = false
        while let key = try reader.nextKey(first: &first) {
            if reader.token(key, is: "sourceLanguage") {
                guard try reader.kind() == .string else { throw shape("\"sourceLanguage\" must be a string") }
                sourceLanguage = try reader.string()
            } else if reader.token(key, is: "strings") {
                guard try reader.kind() == .object else { throw shape("\"strings\" must be an object") }
                sawStrings = true
                try readStrings()
            } else {
                try reader.skipValue()
            }
        }
        try reader.end()
        guard let sourceLanguage else { throw shape("\"sourceLanguage\" is missing", at: 0) }
        guard sawStrings else { throw shape("\"strings\" is missing", at: 0) }
        content.sourceLanguage = sourceLanguage
        for plan in plans where !plan.part.text.isEmpty || !plan.part.plurals.isEmpty {
            content.parts[plan.name] = plan.finished(path: path)
        }
        content.errors.sort { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
    }

    /// The `strings` object: key → entry.
    private mutating func readStrings() throws(JSONReader.Failure) {
        try reader.beginObject()
        var first = true
        let stringsStart = reader.offset
        var keysRead = 0
        while let token = try reader.nextKey(first: &first) {
            keysRead += 1
            if keysRead == Self.sampledKeys { reserveRoom(keysIn: reader.offset - stringsStart) }
            let key = reader.decode(token)
            let line = reader.line
            let location = SourceLocation(path: path, line: line, column: 1)
            let start = reader.offset
            let startLine = reader.line
            do {
                try readEntry(key: key, location: location)
            } catch  where !error.isSyntax {
                record(error, key: key, language: nil)
                resume(at: start, line: startLine)
                try reader.skipValue()
            }
        }
    }

    /// Makes room for the keys the text holds at the density of the first `sampledKeys`
    /// (which took `bytes`), plus an eighth; never more than one key per 32 bytes of text (an
    /// entry with a unit takes more), so a few short entries before a huge value reserve little.
    private mutating func reserveRoom(keysIn bytes: Int) {
        let remaining = reader.text.count - reader.offset
        let estimate = Self.sampledKeys + remaining / max(bytes / Self.sampledKeys, 1) * 9 / 8
        let expected = min(estimate, reader.text.count / 32)
        for index in plans.indices where plans[index].wanted {
            let (count, bytes) = (plans[index].part.text.count, plans[index].part.text.storageByteCount)
            plans[index].part.text.reserve(entries: expected, bytes: expected * (count == 0 ? 32 : bytes / count))
        }
    }

    /// One string's entry: its `localizations`, language → localization.
    private mutating func readEntry(key: String, location: SourceLocation) throws(JSONReader.Failure) {
        guard try reader.kind() == .object else { throw shape("an entry of \"strings\" must be an object") }
        try reader.beginObject()
        var first = true
        while let field = try reader.nextKey(first: &first) {
            guard reader.token(field, is: "localizations") else {
                try reader.skipValue()
                continue
            }
            if reader.null() { continue }
            guard try reader.kind() == .object else { throw shape("\"localizations\" must be an object") }
            try reader.beginObject()
            var firstLanguage = true
            while let code = try reader.nextKey(first: &firstLanguage) {
                let plan = self.plan(code)
                if plans[plan].wanted {
                    try readLocalization(key: key, language: plan, location: location)
                } else if !plans[plan].usable {
                    try probeLocalization(language: plan, location: location)
                } else {
                    try reader.skipValue()
                }
            }
        }
    }

    /// A wanted language's localization: pending states noted, the unit converted and kept.
    private mutating func readLocalization(
        key: String, language plan: Int, location: SourceLocation
    ) throws(JSONReader.Failure) {
        let start = reader.offset
        let startLine = reader.line
        let language = plans[plan].name
        let localization: XCStringsFile.Localization
        do {
            localization = try readLocalization(depth: 0)
        } catch  where !error.isSyntax {
            record(error, key: key, language: language)
            resume(at: start, line: startLine)
            try reader.skipValue()
            return
        }
        var new = false, review = false
        localization.forEachState { state in
            if state == .new { new = true } else if state == .needsReview { review = true }
        }
        if review {
            content.pending.append(.init(language: language, key: key, state: "needs_review", location: location))
        }
        if new { content.pending.append(.init(language: language, key: key, state: "new", location: location)) }
        do {
            if let unit = try XCStringsFile.unit(localization, location: location) {
                if !plans[plan].usable {
                    plans[plan].usable = true
                    content.usableLanguages.insert(language)
                }
                plans[plan].keep(unit, key: key, line: location.line)
            }
        } catch {
            content.errors.append(
                Diagnostic(
                    "\(Diagnostic.quote(language)): \(error.message) (key \"\(Diagnostic.quote(key))\")",
                    at: location))
        }
    }

    /// A language not wanted and not yet known to have text: read until it shows it has.
    private mutating func probeLocalization(language plan: Int, location: SourceLocation) throws(JSONReader.Failure) {
        let start = reader.offset
        let startLine = reader.line
        do {
            let localization = try readLocalization(depth: 0)
            if (try? XCStringsFile.unit(localization, location: location)) ?? nil != nil {
                plans[plan].usable = true
                content.usableLanguages.insert(plans[plan].name)
            }
        } catch  where !error.isSyntax {
            resume(at: start, line: startLine)
            try reader.skipValue()
        }
    }

    /// Moves the reader back to a value read before (to skip it after a shape error).
    private mutating func resume(at offset: Int, line: Int) {
        reader.offset = offset
        reader.line = line
    }

    /// The plan for a language code, made on its first appearance.
    private mutating func plan(_ code: JSONReader.StringToken) -> Int {
        let bytes = UnsafeBufferPointer(rebasing: reader.text[code.start..<code.end])
        if !code.hasEscapes {
            for index in plans.indices where plans[index].code.count == bytes.count && !bytes.isEmpty {
                let same = plans[index].code.withUnsafeBufferPointer {
                    memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0
                }
                if same { return index }
            }
        }
        // Two spellings of one language (`en`, `eN`) are one language: the later unit wins.
        let written = reader.decode(code)
        let tag = LanguageTag(written)
        let name = tag?.description ?? written
        if let index = plans.firstIndex(where: { $0.name == name }) { return index }
        let isWanted = wanted.map { set in tag.map(set.contains) ?? false } ?? true
        var plan = LanguagePlan(code: Array(bytes), name: name, wanted: isWanted)
        if isWanted { _ = plan.part.text.addFile(path) }
        plans.append(plan)
        return plans.count - 1
    }

    // MARK: The catalog's shape

    private mutating func readLocalization(depth: Int) throws(JSONReader.Failure) -> XCStringsFile.Localization {
        guard depth < Self.maximumNesting else { throw shape("variations nest too deeply") }
        guard try reader.kind() == .object else { throw shape("a localization must be an object") }
        try reader.beginObject()
        var localization = XCStringsFile.Localization()
        var first = true
        while let field = try reader.nextKey(first: &first) {
            if reader.null() { continue }
            if reader.token(field, is: "stringUnit") {
                localization.stringUnit = try readStringUnit()
            } else if reader.token(field, is: "variations") {
                localization.variations = try readVariations(depth: depth)
            } else if reader.token(field, is: "substitutions") {
                localization.substitutions = try readSubstitutions(depth: depth)
            } else {
                try reader.skipValue()
            }
        }
        return localization
    }

    private mutating func readStringUnit() throws(JSONReader.Failure) -> XCStringsFile.StringUnit {
        guard try reader.kind() == .object else { throw shape("\"stringUnit\" must be an object") }
        let start = reader.offset
        try reader.beginObject()
        var state: XCStringsFile.UnitState?, value: String?
        var first = true
        while let field = try reader.nextKey(first: &first) {
            if reader.token(field, is: "value") {
                guard !reader.null() else { continue }
                guard try reader.kind() == .string else { throw shape("\"value\" must be a string") }
                value = try reader.string()
            } else if reader.token(field, is: "state") {
                guard !reader.null() else { continue }
                guard try reader.kind() == .string else { throw shape("\"state\" must be a string") }
                let stateStart = reader.offset
                let token = try reader.stringToken()
                // Compared as bytes: no string made for every unit.
                if reader.token(token, is: "translated") {
                    state = .translated
                } else if reader.token(token, is: "new") {
                    state = .new
                } else if reader.token(token, is: "needs_review") {
                    state = .needsReview
                } else if reader.token(token, is: "stale") {
                    state = .stale
                } else if let written = XCStringsFile.UnitState(rawValue: reader.decode(token)) {
                    state = written
                } else {
                    throw shape(
                        "unknown state \"\(Diagnostic.quote(reader.decode(token)))\" (Xcode writes new, translated, needs_review or stale)",
                        at: stateStart)
                }
            } else {
                try reader.skipValue()
            }
        }
        guard let value else { throw shape("\"stringUnit\" has no \"value\"", at: start) }
        return XCStringsFile.StringUnit(state: state, value: value)
    }

    private mutating func readVariations(depth: Int) throws(JSONReader.Failure) -> XCStringsFile.Variations {
        guard try reader.kind() == .object else { throw shape("\"variations\" must be an object") }
        try reader.beginObject()
        var variations = XCStringsFile.Variations()
        var first = true
        while let field = try reader.nextKey(first: &first) {
            if reader.null() { continue }
            if reader.token(field, is: "plural") {
                variations.plural = try readCases("plural", depth: depth)
            } else if reader.token(field, is: "device") {
                variations.device = try readCases("device", depth: depth)
            } else {
                try reader.skipValue()
            }
        }
        return variations
    }

    /// A `plural` or `device` object: case name → localization.
    private mutating func readCases(
        _ name: StaticString, depth: Int
    ) throws(JSONReader.Failure) -> [String: XCStringsFile.Localization] {
        guard try reader.kind() == .object else { throw shape("\"\(name)\" must be an object") }
        try reader.beginObject()
        var cases: [String: XCStringsFile.Localization] = [:]
        var first = true
        while let field = try reader.nextKey(first: &first) {
            cases[reader.decode(field)] = try readLocalization(depth: depth + 1)
        }
        return cases
    }

    private mutating func readSubstitutions(
        depth: Int
    ) throws(JSONReader.Failure) -> [String: XCStringsFile.Substitution] {
        guard try reader.kind() == .object else { throw shape("\"substitutions\" must be an object") }
        try reader.beginObject()
        var substitutions: [String: XCStringsFile.Substitution] = [:]
        var first = true
        while let name = try reader.nextKey(first: &first) {
            guard try reader.kind() == .object else { throw shape("a substitution must be an object") }
            try reader.beginObject()
            var substitution = XCStringsFile.Substitution()
            var firstField = true
            while let field = try reader.nextKey(first: &firstField) {
                if reader.null() { continue }
                if reader.token(field, is: "argNum") {
                    guard try reader.kind() == .number else { throw shape("\"argNum\" must be a number") }
                    do {
                        substitution.argNum = try reader.integer()
                    } catch {
                        throw shape(error.message, at: error.offset)
                    }
                } else if reader.token(field, is: "formatSpecifier") {
                    guard try reader.kind() == .string else { throw shape("\"formatSpecifier\" must be a string") }
                    substitution.formatSpecifier = try reader.string()
                } else if reader.token(field, is: "variations") {
                    substitution.variations = try readVariations(depth: depth + 1)
                } else {
                    try reader.skipValue()
                }
            }
            substitutions[reader.decode(name)] = substitution
        }
        return substitutions
    }

    // MARK: Errors

    /// A shape error at the cursor (or at `offset`).
    private func shape(_ message: String, at offset: Int? = nil) -> JSONReader.Failure {
        JSONReader.Failure(message: message, offset: offset ?? reader.offset, isSyntax: false)
    }

    private mutating func record(_ failure: JSONReader.Failure, key: String, language: String?) {
        let prefix = language.map { "\(Diagnostic.quote($0)): " } ?? ""
        content.errors.append(
            Diagnostic(
                "\(prefix)\(failure.message) (key \"\(Diagnostic.quote(key))\")",
                at: positions.location(at: failure.offset)))
    }
}
