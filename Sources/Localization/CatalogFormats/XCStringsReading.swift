import Diagnostics

#if canImport(FoundationEssentials)
import FileFormats
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
/// (`StringCatalog.Localization`, by `CatalogShapeReader`) for the languages wanted and
/// handing each to `XCStringsFile.unit`, the conversion into the model. Languages not wanted
/// are skipped, except that each is read until one usable unit shows it has text. A key the
/// source language does not localize reads as itself in that language, as in Xcode.
struct XCStringsReading {
    var shapes: CatalogShapeReader
    var positions: TextPositions
    let path: String
    let wanted: Set<LanguageTag>?
    var content = XCStringsContent()
    /// The `sourceLanguage` as written, once read.
    var sourceLanguage: String?
    /// The plan of the source language, once it has one.
    var sourcePlan: Int?
    /// Keys read before `sourceLanguage` (not where Xcode writes it), with their line and
    /// the plans of their localizations: whether the source language has them is decided at the end.
    private var undecided: [(key: String, line: Int, plans: [Int])] = []

    /// What to do with a language's localizations, decided once per language code.
    struct LanguagePlan: Sendable {
        let code: [UInt8]
        let name: String
        let wanted: Bool
        var usable = false
        var part = XCStringsFile.Part()
    }
    var plans: [LanguagePlan] = []
    /// Keys kept as their own source-language text (no source localization), in order; kept
    /// only by a second part (`readInTwoParts`), nil otherwise.
    var sourceKeysKept: [String]?
    /// After this many keys, the room each wanted language's table needs is made at once,
    /// estimated from the bytes those keys took: no rehashing of large tables while they grow.
    private static let sampledKeys = 64

    /// From how many bytes of `strings` on they are read in two parts (`readInTwoParts`).
    let twoPartsFrom: Int

    init(text: UnsafeBufferPointer<UInt8>, path: String, wanted: Set<LanguageTag>?, twoPartsFrom: Int) {
        self.twoPartsFrom = twoPartsFrom
        shapes = CatalogShapeReader(JSONReader(text), keepsEverything: false)
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
        let text = shapes.reader.text
        if text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF { shapes.reader.offset = 3 }
        guard try shapes.reader.kind() == .object else { throw shapes.shape("the top level must be an object") }
        try shapes.reader.beginObject()
        var first = true
        var sawStrings = false
        while let key = try shapes.reader.nextKey(first: &first) {
            if shapes.reader.token(key, is: "sourceLanguage") {
                guard try shapes.reader.kind() == .string else {
                    throw shapes.shape("\"sourceLanguage\" must be a string")
                }
                sourceLanguage = try shapes.reader.string()
                sourcePlan = plans.firstIndex { $0.name == sourceName }
            } else if shapes.reader.token(key, is: "strings") {
                guard try shapes.reader.kind() == .object else { throw shapes.shape("\"strings\" must be an object") }
                sawStrings = true
                try readStrings()
            } else {
                try shapes.reader.skipValue()
            }
        }
        try shapes.reader.end()
        guard let sourceLanguage else { throw shapes.shape("\"sourceLanguage\" is missing", at: 0) }
        guard sawStrings else { throw shapes.shape("\"strings\" is missing", at: 0) }
        content.sourceLanguage = sourceLanguage
        // A catalog always has its source language, even with no key yet.
        if let sourceName, !sourceLanguage.isEmpty { content.usableLanguages.insert(sourceName) }
        for (key, line, seen) in undecided where !seen.contains(where: { plans[$0].name == sourceName }) {
            keepSourceKey(key, line: line)
        }
        for plan in plans where !plan.part.text.isEmpty || !plan.part.plurals.isEmpty {
            content.parts[plan.name] = plan.part.finished(path: path)
        }
        content.errors.sort { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
    }

    /// The `strings` object: key → entry.
    private mutating func readStrings() throws(JSONReader.Failure) {
        try shapes.reader.beginObject()
        // A large catalog's second half is read on another core (`readInTwoParts`), when the
        // source language is known (it comes first, as Xcode writes it).
        if sourceLanguage != nil, let second = shapes.reader.secondPartStart(from: twoPartsFrom) {
            try readInTwoParts(secondFrom: second)
        } else {
            _ = try readMembers(first: true, stoppingAt: nil)
        }
    }

    /// Reads the members of `strings` from the reader's offset (`first`: no `,` before the
    /// first one) until its `}` (true), or until the member whose key starts at `stop` is
    /// next (false; the reader then at that key).
    mutating func readMembers(first: Bool, stoppingAt stop: Int?) throws(JSONReader.Failure) -> Bool {
        var first = first
        let stringsStart = shapes.reader.offset
        var keysRead = 0
        while true {
            if let stop, shapes.reader.offset < stop, shapes.reader.reachesMember(at: stop) { return false }
            guard let token = try shapes.reader.nextKey(first: &first) else { return true }
            keysRead += 1
            if keysRead == Self.sampledKeys { reserveRoom(keysIn: shapes.reader.offset - stringsStart) }
            let key = shapes.reader.decode(token)
            let line = shapes.reader.line
            let location = SourceLocation(path: path, line: line, column: 1)
            let start = shapes.reader.offset
            let startLine = shapes.reader.line
            do {
                try readEntry(key: key, location: location)
            } catch  where !error.isSyntax {
                record(error, key: key, language: nil)
                resume(at: start, line: startLine)
                try shapes.reader.skipValue()
            }
        }
    }

    /// Makes room for the keys the text holds at the density of the first `sampledKeys`
    /// (which took `bytes`), plus an eighth; never more than one key per 32 bytes of text (an
    /// entry with a unit takes more), so a few short entries before a huge value reserve little.
    private mutating func reserveRoom(keysIn bytes: Int) {
        let remaining = shapes.reader.text.count - shapes.reader.offset
        let estimate = Self.sampledKeys + remaining / max(bytes / Self.sampledKeys, 1) * 9 / 8
        let expected = min(estimate, shapes.reader.text.count / 32)
        for index in plans.indices where plans[index].wanted {
            let (count, bytes) = (plans[index].part.text.count, plans[index].part.text.storageByteCount)
            plans[index].part.text.reserve(entries: expected, bytes: expected * (count == 0 ? 32 : bytes / count))
        }
    }

    /// One string's entry: its `localizations`, language → localization.
    private mutating func readEntry(key: String, location: SourceLocation) throws(JSONReader.Failure) {
        guard try shapes.reader.kind() == .object else {
            throw shapes.shape("an entry of \"strings\" must be an object")
        }
        try shapes.reader.beginObject()
        var first = true
        // The plans of the key's localizations, kept only while the source language is not
        // known (it is, in Xcode's order); else whether the source language's was among them.
        var seen: [Int] = []
        var sawSource = false
        defer {
            if sourceLanguage == nil {
                undecided.append((key, location.line, seen))
            } else if !sawSource {
                keepSourceKey(key, line: location.line)
            }
        }
        while let field = try shapes.reader.nextKey(first: &first) {
            guard shapes.reader.token(field, is: "localizations") else {
                try shapes.reader.skipValue()
                continue
            }
            if shapes.reader.null() { continue }
            guard try shapes.reader.kind() == .object else { throw shapes.shape("\"localizations\" must be an object") }
            try shapes.reader.beginObject()
            var firstLanguage = true
            while let code = try shapes.reader.nextKey(first: &firstLanguage) {
                let plan = self.plan(code)
                if sourceLanguage == nil { seen.append(plan) } else if plan == sourcePlan { sawSource = true }
                if plans[plan].wanted {
                    try readLocalization(key: key, language: plan, location: location)
                } else if !plans[plan].usable {
                    try probeLocalization(language: plan, location: location)
                } else {
                    try shapes.reader.skipValue()
                }
            }
        }
    }

    /// A wanted language's localization: pending states noted, the unit converted and kept.
    private mutating func readLocalization(
        key: String, language plan: Int, location: SourceLocation
    ) throws(JSONReader.Failure) {
        let start = shapes.reader.offset
        let startLine = shapes.reader.line
        let language = plans[plan].name
        if let unit = plainUnit() {
            keepPlain((unit.state, shapes.reader.decode(unit.value)), key: key, language: plan, location: location)
            return
        }
        resume(at: start, line: startLine)
        let localization: StringCatalog.Localization
        do {
            localization = try shapes.localization(depth: 0)
        } catch  where !error.isSyntax {
            record(error, key: key, language: language)
            resume(at: start, line: startLine)
            try shapes.reader.skipValue()
            return
        }
        let isSource = plan == sourcePlan
        for state in XCStringsFile.pendingStates(of: localization, isSource: isSource) {
            content.pending.append(.init(language: language, key: key, state: state, location: location))
        }
        do {
            let unit = try XCStringsFile.unit(localization, location: location, isSource: isSource)
            if (unit != nil || localization.stringSet != nil) && !plans[plan].usable {
                plans[plan].usable = true
                content.usableLanguages.insert(language)
            }
            if let unit { plans[plan].part.keep(unit, key: key, line: location.line) }
        } catch {
            content.errors.append(
                Diagnostic(
                    "\(Diagnostic.quote(language)): \(error.message) (key \"\(Diagnostic.quote(key))\")",
                    at: location))
        }
    }

    /// The usual localization, `{"stringUnit": {"state": …, "value": …}}` and nothing else,
    /// read without building its shape: its state (nil when not given) and its value's
    /// token, decoded only by a reader that keeps it. Nil for any other localization, or one
    /// with an error, which the general reading then reads (from where this one started)
    /// and reports.
    private mutating func plainUnit() -> (state: StringCatalog.State?, value: JSONReader.StringToken)? {
        guard case .object? = try? shapes.reader.kind() else { return nil }
        do {
            try shapes.reader.beginObject()
            var first = true
            guard let field = try shapes.reader.nextKey(first: &first), shapes.reader.token(field, is: "stringUnit"),
                try shapes.reader.kind() == .object
            else { return nil }
            try shapes.reader.beginObject()
            var state: StringCatalog.State?, value: JSONReader.StringToken?
            var firstField = true
            while let field = try shapes.reader.nextKey(first: &firstField) {
                if shapes.reader.token(field, is: "value"), value == nil, try shapes.reader.kind() == .string {
                    value = try shapes.reader.stringToken()
                } else if shapes.reader.token(field, is: "state"), state == nil, try shapes.reader.kind() == .string {
                    let token = try shapes.reader.stringToken()
                    if shapes.reader.token(token, is: "translated") {
                        state = .translated
                    } else if shapes.reader.token(token, is: "needs_review") {
                        state = .needsReview
                    } else if shapes.reader.token(token, is: "new") {
                        state = .new
                    } else {
                        return nil
                    }
                } else {
                    return nil
                }
            }
            // The localization's `}`: nothing after the unit.
            guard let value, try shapes.reader.nextKey(first: &first) == nil else { return nil }
            return (state, value)
        } catch {
            return nil
        }
    }

    /// Keeps a plain unit as `readLocalization` keeps a localization's: what
    /// `XCStringsFile.pendingStates` and `XCStringsFile.unit` make of it.
    private mutating func keepPlain(
        _ unit: (state: StringCatalog.State?, value: String), key: String, language plan: Int,
        location: SourceLocation
    ) {
        let isSource = plan == sourcePlan
        if unit.state == .needsReview || (unit.state == .new && !isSource) {
            let state = unit.state == .needsReview ? "needs_review" : "new"
            content.pending.append(.init(language: plans[plan].name, key: key, state: state, location: location))
        }
        guard !unit.value.isEmpty, isSource || unit.state != .new else { return }
        if !plans[plan].usable {
            plans[plan].usable = true
            content.usableLanguages.insert(plans[plan].name)
        }
        plans[plan].part.keep(.text(unit.value), key: key, line: location.line)
    }

    /// A language not wanted and not yet known to have text: read until it shows it has.
    private mutating func probeLocalization(language plan: Int, location: SourceLocation) throws(JSONReader.Failure) {
        let start = shapes.reader.offset
        let startLine = shapes.reader.line
        if let unit = plainUnit() {
            if unit.value.end > unit.value.start, plan == sourcePlan || unit.state != .new {
                plans[plan].usable = true
                content.usableLanguages.insert(plans[plan].name)
            }
            return
        }
        resume(at: start, line: startLine)
        do {
            let localization = try shapes.localization(depth: 0)
            let unit = try? XCStringsFile.unit(localization, location: location, isSource: plan == sourcePlan)
            if unit ?? nil != nil || localization.stringSet != nil {
                plans[plan].usable = true
                content.usableLanguages.insert(plans[plan].name)
            }
        } catch  where !error.isSyntax {
            resume(at: start, line: startLine)
            try shapes.reader.skipValue()
        }
    }

    /// The source language's name, as plans name languages.
    private var sourceName: String? {
        sourceLanguage.map { LanguageTag($0)?.description ?? $0 }
    }

    /// A key the source language does not localize: its text there is the key.
    private mutating func keepSourceKey(_ key: String, line: Int) {
        guard let sourceLanguage else { return }
        let plan = sourcePlan ?? self.plan(named: sourceLanguage, code: Array(sourceLanguage.utf8))
        sourcePlan = plan
        if !plans[plan].usable {
            plans[plan].usable = true
            content.usableLanguages.insert(plans[plan].name)
        }
        guard plans[plan].wanted, !plans[plan].part.text.contains(key), plans[plan].part.plurals[key] == nil else {
            return
        }
        plans[plan].part.keep(.text(key), key: key, line: line)
        sourceKeysKept?.append(key)
    }

    /// Moves the reader back to a value read before (to skip it after a shape error).
    mutating func resume(at offset: Int, line: Int) {
        shapes.reader.offset = offset
        shapes.reader.line = line
    }

    /// The plan for a language code, made on its first appearance.
    private mutating func plan(_ code: JSONReader.StringToken) -> Int {
        let bytes = UnsafeBufferPointer(rebasing: shapes.reader.text[code.start..<code.end])
        if !code.hasEscapes {
            for index in plans.indices where plans[index].code.count == bytes.count && !bytes.isEmpty {
                let same = plans[index].code.withUnsafeBufferPointer {
                    memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0
                }
                if same { return index }
            }
        }
        return plan(named: shapes.reader.decode(code), code: Array(bytes))
    }

    /// The plan for a language as written, made on its first appearance. Two spellings of one
    /// language (`en`, `eN`) are one language: the later unit wins.
    mutating func plan(named written: String, code: [UInt8]) -> Int {
        let tag = LanguageTag(written)
        let name = tag?.description ?? written
        if let index = plans.firstIndex(where: { $0.name == name }) { return index }
        let isWanted = wanted.map { set in tag.map(set.contains) ?? false } ?? true
        var plan = LanguagePlan(code: code, name: name, wanted: isWanted)
        if isWanted { _ = plan.part.text.addFile(path) }
        plans.append(plan)
        if name == sourceName { sourcePlan = plans.count - 1 }
        return plans.count - 1
    }

    // MARK: Errors

    private mutating func record(_ failure: JSONReader.Failure, key: String, language: String?) {
        let prefix = language.map { "\(Diagnostic.quote($0)): " } ?? ""
        content.errors.append(
            Diagnostic(
                "\(prefix)\(failure.message) (key \"\(Diagnostic.quote(key))\")",
                at: positions.location(at: failure.offset)))
    }
}
