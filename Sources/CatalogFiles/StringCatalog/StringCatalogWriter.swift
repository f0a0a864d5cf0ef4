import FileFormats
import Foundation
import Localization

/// Writes a `StringCatalog` in Xcode's own layout, so that a catalog read and written with no
/// edit comes out byte for byte as it went in: two-space indentation, `"key" : value`, an
/// empty object as `{` and `}` with an empty line between them, no line break after the last
/// brace (unless the file read had one), every field in Xcode's order (`keyOrder`), keys and
/// languages where the file had them (a new one where Xcode would sort it), and strings
/// escaped as Xcode escapes them. Fields FlavorKit does not know are written back as read.
public enum StringCatalogWriter {
    /// The order Xcode writes an object's keys in (Foundation's `sortedKeys`: numbers by value,
    /// case ignored, then case, by the collation of the system locale). Used to place a new
    /// key, language or field; existing ones keep their place.
    public static func keyOrder(_ lhs: String, _ rhs: String) -> Bool {
        var (left, right) = (lhs, rhs)
        if let decided = left.withUTF8({ left in right.withUTF8 { right in plainOrder(left, right) } }) {
            return decided
        }
        return lhs.compare(
            rhs, options: [.numeric, .caseInsensitive, .forcedOrdering], range: lhs.startIndex..<lhs.endIndex,
            locale: NSLocale.system) == .orderedAscending
    }

    /// `keyOrder` of two keys written only in ASCII letters, digits, `-` and `.` (most keys),
    /// without Foundation's collation, which orders them as `byteOrder` does: `-` before `.`
    /// before digits before letters. Nil for any other key, and where the collation's
    /// tie-breaks decide: Foundation answers those. A test compares the two on random keys.
    private static func plainOrder(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool? {
        func isPlain(_ byte: UInt8) -> Bool {
            byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 26 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        guard left.allSatisfy(isPlain), right.allSatisfy(isPlain) else { return nil }
        return byteOrder(left, right)
    }

    /// An order close to `keyOrder` at a small part of its cost (Foundation's comparison sets
    /// up a collation each time): `byteOrder`, ties taken as equal. It decides nothing alone:
    /// `StringCatalog.insert` checks with `keyOrder` the place it finds for a new key.
    package static func keyOrderGuess(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs, rhs = rhs
        return lhs.withUTF8 { left in rhs.withUTF8 { right in byteOrder(left, right) ?? false } }
    }

    /// Bytes, ASCII letters with case ignored, runs of digits by value; nil where only a
    /// tie-break would decide (keys equal but for case, or for leading zeros).
    private static func byteOrder(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool? {
        let isDigit = { (byte: UInt8) in byte &- 0x30 < 10 }
        let folded = { (byte: UInt8) in byte &- 0x41 < 26 ? byte | 0x20 : byte }
        var i = 0, j = 0
        while i < left.count, j < right.count {
            if isDigit(left[i]), isDigit(right[j]) {
                // Two numbers, by value; leading zeros that differ are a tie-break.
                var (startLeft, startRight) = (i, j)
                while startLeft < left.count - 1, left[startLeft] == 0x30, isDigit(left[startLeft + 1]) {
                    startLeft += 1
                }
                while startRight < right.count - 1, right[startRight] == 0x30, isDigit(right[startRight + 1]) {
                    startRight += 1
                }
                guard startLeft - i == startRight - j else { return nil }
                (i, j) = (startLeft, startRight)
                var endLeft = i, endRight = j
                while endLeft < left.count, isDigit(left[endLeft]) { endLeft += 1 }
                while endRight < right.count, isDigit(right[endRight]) { endRight += 1 }
                if endLeft - i != endRight - j { return endLeft - i < endRight - j }
                while i < endLeft {
                    if left[i] != right[j] { return left[i] < right[j] }
                    i += 1
                    j += 1
                }
                continue
            }
            let (a, b) = (folded(left[i]), folded(right[j]))
            if a != b { return a < b }
            i += 1
            j += 1
        }
        guard left.count - i != right.count - j else { return nil }
        return left.count - i < right.count - j
    }

    /// The catalog's text. Its keys are written in parts (on every core for a large catalog)
    /// and copied once, each let go as it is copied, into memory the `Data` takes over: the
    /// text is never held twice over.
    public static func write(_ catalog: StringCatalog) -> Data {
        var pieces = JSONOutput.pieces(of: catalog)
        let count = pieces.reduce(0) { $0 + $1.count }
        // Never an empty text for want of memory: Swift's own allocation then stops the program.
        guard let memory = malloc(count) else { return Data(pieces.joined()) }
        var offset = 0
        for index in pieces.indices {
            pieces[index].withUnsafeBytes { piece in
                if let start = piece.baseAddress { memcpy(memory + offset, start, piece.count) }
            }
            offset += pieces[index].count
            pieces[index] = []
        }
        return Data(bytesNoCopy: memory, count: count, deallocator: .free)
    }

    /// A member of `strings` as `write(_:members:capacity:)` writes it.
    enum Member {
        /// A key and its entry's text, copied as they are (an entry as its file has it).
        case kept(key: String, text: ArraySlice<UInt8>)
        /// The catalog's entry at this index, written as Xcode writes it.
        case entry(Int)
    }

    /// The catalog's text with `members` as its `strings`, in this order (its own entries
    /// only where `members` names them), in about `capacity` bytes: how a merge writes ours
    /// with the entries it did not touch as ours has them.
    static func write(_ catalog: StringCatalog, members: [Member], capacity: Int) -> [UInt8] {
        var output = JSONOutput(reservingCapacity: capacity)
        var (root, strings) = output.head(of: catalog)
        for member in members {
            switch member {
            case .kept(let key, let text):
                output.member(key, &strings, known: false)
                output.bytes.append(contentsOf: text)
            case .entry(let index):
                output.member(catalog.entries[index].key, &strings, known: false)
                output.entry(catalog.entries[index])
            }
        }
        output.tail(of: catalog, &root, &strings)
        return output.bytes
    }

    /// About how many bytes the keys of `catalog` in `range` take written: a key and its
    /// fields, then each language's unit (so that a part's text is seldom grown, then copied).
    fileprivate static func estimatedSize(_ catalog: StringCatalog, _ range: Range<Int>) -> Int {
        var size = 64
        for index in range {
            size += 96 + 2 * catalog.entries[index].key.utf8.count + 192 * catalog.entries[index].localizations.count
        }
        return size
    }
}

/// The parts of a String Catalog, each written as Xcode writes it.
extension JSONOutput {
    /// The catalog's text in pieces, in order: what comes before its keys, its keys in parts
    /// (a large catalog's on every core), and what comes after them.
    fileprivate static func pieces(of catalog: StringCatalog) -> [[UInt8]] {
        var output = JSONOutput(reservingCapacity: 256)
        var (root, strings) = output.head(of: catalog)
        let depth = output.depth
        let parts = inParts(catalog.entries.count) { range in Self.entries(range, of: catalog, depth: depth) }
        let head = output.bytes
        output.bytes = []
        strings.object.members = catalog.entries.count
        output.tail(of: catalog, &root, &strings)
        return [head] + parts + [output.bytes]
    }

    /// What comes before the catalog's keys: the top level opened, up to `strings` opened.
    fileprivate mutating func head(of catalog: StringCatalog) -> (root: CatalogObject, strings: CatalogObject) {
        var root = begin(catalog.otherFields)
        member("sourceLanguage", &root)
        string(catalog.sourceLanguage)
        member("strings", &root)
        return (root, begin(KeyedList()))
    }

    /// What comes after the catalog's keys: `strings` closed, to the end of the text.
    fileprivate mutating func tail(
        of catalog: StringCatalog, _ root: inout CatalogObject, _ strings: inout CatalogObject
    ) {
        end(&strings)
        if let version = catalog.version {
            member("version", &root)
            string(version)
        }
        end(&root)
        if catalog.endsWithLineBreak { bytes.append(0x0A) }
    }

    /// The text of `catalog`'s keys in `range`, as members of `strings` (written `depth` deep).
    private static func entries(_ range: Range<Int>, of catalog: StringCatalog, depth: Int) -> [UInt8] {
        var output = JSONOutput(reservingCapacity: StringCatalogWriter.estimatedSize(catalog, range), depth: depth)
        var strings = CatalogObject(object: Object(members: range.lowerBound), others: [])
        // By index: each entry written where it is, not copied out first.
        for index in range {
            output.member(catalog.entries[index].key, &strings, known: false)
            output.entry(catalog.entries[index])
        }
        return output.bytes
    }

    fileprivate mutating func entry(_ entry: StringCatalog.Entry) {
        var object = begin(entry.otherFields)
        if let comment = entry.comment {
            member("comment", &object)
            string(comment)
        }
        if let state = entry.extractionState {
            member("extractionState", &object)
            string(state.rawValue)
        }
        if let generates = entry.generatesSymbol {
            member("generatesSymbol", &object)
            bool(generates)
        }
        if let generated = entry.isCommentAutoGenerated {
            member("isCommentAutoGenerated", &object)
            bool(generated)
        }
        if !entry.localizations.isEmpty {
            member("localizations", &object)
            var languages = begin(KeyedList())
            for index in entry.localizations.indices {
                member(entry.localizations[index].key, &languages, known: false)
                localization(entry.localizations[index].value)
            }
            end(&languages)
        }
        if let translate = entry.shouldTranslate {
            member("shouldTranslate", &object)
            bool(translate)
        }
        end(&object)
    }

    private mutating func localization(_ localization: StringCatalog.Localization) {
        var object = begin(localization.otherFields)
        if let set = localization.stringSet {
            member("stringSet", &object)
            var fields = begin(set.otherFields)
            if let state = set.state {
                member("state", &fields)
                string(state.rawValue)
            }
            member("values", &fields)
            array(set.values) { $0.string($1) }
            end(&fields)
        }
        if let unit = localization.stringUnit {
            member("stringUnit", &object)
            var fields = begin(unit.otherFields)
            if let previous = unit.previousSource {
                member("previousSource", &fields)
                string(previous)
            }
            if let state = unit.state {
                member("state", &fields)
                string(state.rawValue)
            }
            if unit.isSuggested {
                member("suggested", &fields)
                bool(true)
            }
            member("value", &fields)
            string(unit.value)
            end(&fields)
        }
        if let substitutions = localization.substitutions {
            member("substitutions", &object)
            var names = begin(KeyedList())
            for (name, substitution) in substitutions {
                member(name, &names, known: false)
                self.substitution(substitution)
            }
            end(&names)
        }
        if let variations = localization.variations {
            member("variations", &object)
            self.variations(variations)
        }
        end(&object)
    }

    private mutating func substitution(_ substitution: StringCatalog.Substitution) {
        var object = begin(substitution.otherFields)
        if let argument = substitution.argNum {
            member("argNum", &object)
            number(argument)
        }
        if let specifier = substitution.formatSpecifier {
            member("formatSpecifier", &object)
            string(specifier)
        }
        if let variations = substitution.variations {
            member("variations", &object)
            self.variations(variations)
        }
        end(&object)
    }

    private mutating func variations(_ variations: StringCatalog.Variations) {
        var object = begin(variations.otherFields)
        for (name, cases) in [("device", variations.device), ("plural", variations.plural)] {
            guard let cases else { continue }
            member(name, &object)
            var inner = begin(KeyedList())
            for (name, localization) in cases {
                member(name, &inner, known: false)
                self.localization(localization)
            }
            end(&inner)
        }
        end(&object)
    }
}
