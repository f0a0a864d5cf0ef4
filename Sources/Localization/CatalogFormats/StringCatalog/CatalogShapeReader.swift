import Diagnostics
import FileFormats

/// Reads the parts of a String Catalog below a language code (a localization, its string
/// unit or set, variations, substitutions) with `JSONReader`, for the readers: the runtime's
/// (`XCStringsReading`, which skips fields it does not know) and the tools' (`StringCatalogReading`,
/// which keeps everything: fields it does not know as `JSONValue`s, noted in `unknown`), and
/// the merge of String Catalogs (`CatalogMerge`, which reads every value it does not skip).
package struct CatalogShapeReader {
    package var reader: JSONReader
    /// Whether to keep fields FlavorKit does not know.
    let keepsEverything: Bool
    /// Fields and states not known, as lint names them (`field "tone" in a stringUnit`,
    /// `state "done"`), at the offset of their name.
    var unknown: [(name: String, offset: Int)] = []

    /// How deeply variations may nest (`variations.device.x.variations.plural…`).
    static let maximumNesting = 16
    /// How deeply a value FlavorKit does not know may nest, so that no input exhausts the stack.
    package static let maximumValueNesting = 256

    package init(_ reader: JSONReader, keepsEverything: Bool) {
        self.reader = reader
        self.keepsEverything = keepsEverything
    }

    // MARK: The catalog's shape

    mutating func localization(depth: Int) throws(JSONReader.Failure) -> StringCatalog.Localization {
        guard depth < Self.maximumNesting else { throw shape("variations nest too deeply") }
        guard try reader.kind() == .object else { throw shape("a localization must be an object") }
        var localization = StringCatalog.Localization()
        localization.line = reader.line
        try reader.beginObject()
        var first = true
        while let field = try reader.nextKey(first: &first) {
            if reader.token(field, is: "stringUnit") {
                if reader.null() { continue }
                localization.stringUnit = try stringUnit()
            } else if reader.token(field, is: "variations") {
                if reader.null() { continue }
                localization.variations = try variations(depth: depth)
            } else if reader.token(field, is: "substitutions") {
                if reader.null() { continue }
                localization.substitutions = try substitutions(depth: depth)
            } else if reader.token(field, is: "stringSet") {
                localization.stringSet = try stringSet()
            } else {
                try other(field, in: "a localization", into: &localization.otherFields)
            }
        }
        return localization
    }

    mutating func stringUnit() throws(JSONReader.Failure) -> StringCatalog.StringUnit {
        guard try reader.kind() == .object else { throw shape("\"stringUnit\" must be an object") }
        let start = reader.offset
        try reader.beginObject()
        var state: StringCatalog.State?, value: String?, line = reader.line
        var suggested = false, previous: String?
        var others = KeyedList<JSONValue>()
        var first = true
        while let field = try reader.nextKey(first: &first) {
            if reader.token(field, is: "value") {
                line = reader.line
                guard !reader.null() else { continue }
                guard try reader.kind() == .string else { throw shape("\"value\" must be a string") }
                value = try reader.string()
            } else if reader.token(field, is: "state") {
                guard !reader.null() else { continue }
                state = try self.state()
            } else if reader.token(field, is: "suggested") {
                guard !reader.null() else { continue }
                guard try reader.kind() == .bool else { throw shape("\"suggested\" must be true or false") }
                suggested = try reader.bool()
            } else if reader.token(field, is: "previousSource") {
                guard !reader.null() else { continue }
                guard try reader.kind() == .string else { throw shape("\"previousSource\" must be a string") }
                previous = try reader.string()
            } else {
                try other(field, in: "a stringUnit", into: &others)
            }
        }
        guard let value else { throw shape("\"stringUnit\" has no \"value\"", at: start) }
        var unit = StringCatalog.StringUnit(value, state: state)
        unit.isSuggested = suggested
        unit.previousSource = previous
        unit.otherFields = others
        unit.line = line
        return unit
    }

    /// A unit's state, compared as bytes: no string made for the usual ones.
    private mutating func state() throws(JSONReader.Failure) -> StringCatalog.State {
        guard try reader.kind() == .string else { throw shape("\"state\" must be a string") }
        let token = try reader.stringToken()
        if reader.token(token, is: "translated") { return .translated }
        if reader.token(token, is: "new") { return .new }
        if reader.token(token, is: "needs_review") { return .needsReview }
        if reader.token(token, is: "stale") { return .stale }
        let state = StringCatalog.State(rawValue: reader.decode(token))
        if state != .machineTranslated {
            unknown.append(("state \"\(Diagnostic.quote(state.rawValue))\"", token.start))
        }
        return state
    }

    private mutating func stringSet() throws(JSONReader.Failure) -> StringCatalog.StringSet {
        guard try reader.kind() == .object else { throw shape("\"stringSet\" must be an object") }
        let start = reader.offset
        try reader.beginObject()
        var set = StringCatalog.StringSet([], state: nil)
        var sawValues = false
        var first = true
        while let field = try reader.nextKey(first: &first) {
            if reader.token(field, is: "values") {
                set.line = reader.line
                guard try reader.kind() == .array else { throw shape("\"values\" must be an array of strings") }
                sawValues = true
                try reader.beginArray()
                var firstValue = true
                while try reader.nextElement(first: &firstValue) {
                    guard try reader.kind() == .string else { throw shape("\"values\" must be an array of strings") }
                    set.values.append(try reader.string())
                }
            } else if reader.token(field, is: "state") {
                guard !reader.null() else { continue }
                set.state = try state()
            } else {
                try other(field, in: "a stringSet", into: &set.otherFields)
            }
        }
        guard sawValues else { throw shape("\"stringSet\" has no \"values\"", at: start) }
        return set
    }

    private mutating func variations(depth: Int) throws(JSONReader.Failure) -> StringCatalog.Variations {
        guard try reader.kind() == .object else { throw shape("\"variations\" must be an object") }
        try reader.beginObject()
        var variations = StringCatalog.Variations()
        var first = true
        while let field = try reader.nextKey(first: &first) {
            if reader.token(field, is: "plural") {
                if reader.null() { continue }
                variations.plural = try cases("plural", depth: depth)
            } else if reader.token(field, is: "device") {
                if reader.null() { continue }
                variations.device = try cases("device", depth: depth)
            } else {
                try other(field, in: "variations", into: &variations.otherFields)
            }
        }
        return variations
    }

    /// A `plural` or `device` object: case name → localization.
    private mutating func cases(
        _ name: StaticString, depth: Int
    ) throws(JSONReader.Failure) -> KeyedList<StringCatalog.Localization> {
        guard try reader.kind() == .object else { throw shape("\"\(name)\" must be an object") }
        try reader.beginObject()
        var cases = KeyedList<StringCatalog.Localization>()
        var first = true
        while let field = try reader.nextKey(first: &first) {
            cases.append(try localization(depth: depth + 1), for: reader.decode(field))
        }
        return cases
    }

    private mutating func substitutions(
        depth: Int
    ) throws(JSONReader.Failure) -> KeyedList<StringCatalog.Substitution> {
        guard try reader.kind() == .object else { throw shape("\"substitutions\" must be an object") }
        try reader.beginObject()
        var substitutions = KeyedList<StringCatalog.Substitution>()
        var first = true
        while let name = try reader.nextKey(first: &first) {
            guard try reader.kind() == .object else { throw shape("a substitution must be an object") }
            try reader.beginObject()
            var substitution = StringCatalog.Substitution()
            var firstField = true
            while let field = try reader.nextKey(first: &firstField) {
                if reader.token(field, is: "argNum") {
                    if reader.null() { continue }
                    guard try reader.kind() == .number else { throw shape("\"argNum\" must be a number") }
                    do {
                        substitution.argNum = try reader.integer()
                    } catch {
                        throw shape(error.message, at: error.offset)
                    }
                } else if reader.token(field, is: "formatSpecifier") {
                    if reader.null() { continue }
                    guard try reader.kind() == .string else { throw shape("\"formatSpecifier\" must be a string") }
                    substitution.formatSpecifier = try reader.string()
                } else if reader.token(field, is: "variations") {
                    if reader.null() { continue }
                    substitution.variations = try variations(depth: depth + 1)
                } else {
                    try other(field, in: "a substitution", into: &substitution.otherFields)
                }
            }
            substitutions.append(substitution, for: reader.decode(name))
        }
        return substitutions
    }

    // MARK: Fields not known

    /// A field FlavorKit does not know: kept (and noted) when keeping everything, else skipped.
    mutating func other(
        _ field: JSONReader.StringToken, in object: StaticString, into fields: inout KeyedList<JSONValue>
    ) throws(JSONReader.Failure) {
        guard keepsEverything else { return try reader.skipValue() }
        let name = reader.decode(field)
        unknown.append(("field \"\(Diagnostic.quote(name))\" in \(object)", field.start))
        fields.append(try value(depth: 0), for: name)
    }

    /// Any JSON value, as written.
    package mutating func value(depth: Int) throws(JSONReader.Failure) -> JSONValue {
        let start = reader.offset
        switch try reader.kind() {
        case .string: return .string(try reader.string())
        case .number: return .number(try reader.numberText())
        case .bool: return .bool(try reader.bool())
        case .null:
            guard reader.null() else { throw reader.unexpected("expected null") }
            return .null
        case .array:
            guard depth < Self.maximumValueNesting else {
                throw JSONReader.Failure(message: "arrays and objects nest too deeply", offset: start)
            }
            try reader.beginArray()
            var elements: [JSONValue] = []
            var first = true
            while try reader.nextElement(first: &first) { elements.append(try value(depth: depth + 1)) }
            return .array(elements)
        case .object:
            guard depth < Self.maximumValueNesting else {
                throw JSONReader.Failure(message: "arrays and objects nest too deeply", offset: start)
            }
            try reader.beginObject()
            var members = KeyedList<JSONValue>()
            var first = true
            while let key = try reader.nextKey(first: &first) {
                let name = reader.decode(key)
                members.append(try value(depth: depth + 1), for: name)
            }
            return .object(members)
        }
    }

    // MARK: Errors

    /// A shape error at the cursor (or at `offset`).
    func shape(_ message: String, at offset: Int? = nil) -> JSONReader.Failure {
        JSONReader.Failure(message: message, offset: offset ?? reader.offset, isSyntax: false)
    }
}
