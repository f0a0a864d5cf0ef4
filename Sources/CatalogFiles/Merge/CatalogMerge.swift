import Diagnostics
import FileFormats
import Foundation
import Localization
import TextSnapshots

/// `flavorkit merge-catalogs`, git's merge driver for catalogs: three versions of one
/// catalog file (the common ancestor, ours, theirs) merged by what they mean, not by line.
///
/// A String Catalog is merged key by key, language by language and variant by variant (any
/// JSON object member by member; a `stringUnit` or `stringSet` is one unit): changes to
/// different keys, languages, variants or fields combine; a unit changed (or removed) two
/// different ways is a conflict. The merge is written onto ours: an entry of ours it did not
/// change is kept as ours has it, every entry it changed or added is written as Xcode writes
/// it (a new key where Xcode's order puts it), so that a file Xcode wrote keeps every line
/// nothing changed; ours in another layout (minified, indented otherwise, CR LF) is written
/// whole in Xcode's. A `.strings` file is
/// merged key by key onto ours as it is written: their changed values replaced in place,
/// their new keys appended with their comments, their removed keys removed. A conflict is
/// written between git's markers (`<<<<<<< ours`, `=======`, `>>>>>>> theirs`) around the
/// lines that differ, each side valid once the other and the markers are deleted.
public enum CatalogMerge {
    /// The merged file and its conflicts.
    public struct Result: Sendable {
        /// The merged file, conflicts between markers.
        public var data: Data
        /// Each conflict, described (`key "greeting", de, plural one`).
        public var conflicts: [String]
    }

    /// The catalog formats merged by meaning.
    public enum Kind: Sendable {
        /// A String Catalog (`.xcstrings`).
        case stringCatalog
        /// A `.strings` file.
        case strings
    }

    /// The kind of the file at `path` (git passes a temporary file, and the real path as
    /// `%P`), by its extension; nil for any other file.
    public static func kind(ofPath path: String) -> Kind? {
        switch URL(fileURLWithPath: path).pathExtension {
        case CatalogFolderLayout.FileKind.xcstrings.rawValue: .stringCatalog
        case CatalogFolderLayout.FileKind.strings.rawValue: .strings
        default: nil
        }
    }

    /// One of the three versions of a merge.
    public enum Version: Sendable {
        /// The common ancestor.
        case base
        /// Ours: the merge is made on it.
        case ours
        /// Theirs.
        case theirs
    }

    /// Merges `ours` and `theirs`, both changed from `base`; `path` names the file in errors.
    /// A version that cannot be read is an error.
    public static func merge(_ kind: Kind, base: Data, ours: Data, theirs: Data, path: String) throws(Diagnostic)
        -> Result
    {
        try merge(kind, base: base, ours: ours, theirs: theirs, path: path, orderedBy: StringCatalogWriter.keyOrder)
    }

    /// `merge(_:base:ours:theirs:path:)`, new keys, languages and fields placed by
    /// `areInIncreasingOrder` (Xcode's order; tests count its calls). `wholeVersions`: a
    /// String Catalog's base and theirs merged whole, every entry, not only those theirs
    /// changed (what the merge must come to either way: tests compare the two).
    package static func merge(
        _ kind: Kind, base: Data, ours: Data, theirs: Data, path: String,
        orderedBy areInIncreasingOrder: @escaping (String, String) -> Bool, wholeVersions: Bool = false
    ) throws(Diagnostic) -> Result {
        if theirs == base || ours == theirs { return Result(data: ours, conflicts: []) }
        if ours == base { return Result(data: theirs, conflicts: []) }
        return try merge(kind, path: path, orderedBy: areInIncreasingOrder, wholeVersions: wholeVersions) { version in
            switch version {
            case .base: [UInt8](base)
            case .ours: [UInt8](ours)
            case .theirs: [UInt8](theirs)
            }
        }
    }

    /// `merge(_:base:ours:theirs:path:)` with each version's bytes read when the merge comes to
    /// it (`read`, once each): a String Catalog's base and theirs are read, kept only where
    /// theirs changed them, and let go before ours is read, so that a large catalog's three
    /// texts are never held at once (a merge driver reads files of a gigabyte).
    public static func merge(
        _ kind: Kind, path: String, reading read: (Version) throws(Diagnostic) -> [UInt8]
    ) throws(Diagnostic) -> Result {
        try merge(kind, path: path, orderedBy: StringCatalogWriter.keyOrder, reading: read)
    }

    private static func merge(
        _ kind: Kind, path: String, orderedBy areInIncreasingOrder: @escaping (String, String) -> Bool,
        wholeVersions: Bool = false, reading read: (Version) throws(Diagnostic) -> [UInt8]
    ) throws(Diagnostic) -> Result {
        switch kind {
        case .stringCatalog:
            return try mergeStringCatalogs(
                path: path, orderedBy: areInIncreasingOrder, wholeVersions: wholeVersions, reading: read)
        case .strings:
            let (base, theirs, ours) = (try read(.base), try read(.theirs), try read(.ours))
            if sameBytes(theirs, base) || sameBytes(ours, theirs) { return Result(data: Data(ours), conflicts: []) }
            if sameBytes(ours, base) { return Result(data: Data(theirs), conflicts: []) }
            return try mergeStrings(base: base, ours: ours, theirs: theirs, path: path)
        }
    }

    // MARK: String Catalogs

    private static func mergeStringCatalogs(
        path: String, orderedBy areInIncreasingOrder: @escaping (String, String) -> Bool, wholeVersions: Bool,
        reading read: (Version) throws(Diagnostic) -> [UInt8]
    ) throws(Diagnostic) -> Result {
        guard
            let merged = try mergedDocuments(
                path: path, orderedBy: areInIncreasingOrder, wholeVersions: wholeVersions, reading: read)
        else { return Result(data: Data(try read(.ours)), conflicts: []) }
        let oursText = try written(merged.ours, onto: merged.document, capacity: merged.capacity, path: path)
        guard !merged.conflicts.isEmpty else {
            // Ours' text goes before the merged text is copied into `Data`: a catalog of a
            // gigabyte is never held three times.
            _ = consume merged
            return Result(data: oursText.data, conflicts: [])
        }
        let theirsText = try written(merged.theirs, onto: merged.document, capacity: merged.capacity, path: path)
        let text = marked(
            String(decoding: oursText.data, as: UTF8.self), String(decoding: theirsText.data, as: UTF8.self))
        return Result(data: Data(text.utf8), conflicts: merged.conflicts.map(describe))
    }

    /// A String Catalog merge's results (conflicts taking ours, and taking theirs), ours' text
    /// they were made on (most of their entries are parts of it), and about the merged text's
    /// size.
    private struct MergedDocuments {
        var ours: MergeNode?
        var theirs: MergeNode?
        var conflicts: [[String]]
        var document: OursText
        var capacity: Int
    }

    /// What the writing of a merge needs of ours (not its tree, nor its table of keys: those go
    /// before the merge is written): its text, and whether the merge is written onto it,
    /// decided once so that both sides of a conflict are written alike.
    private struct OursText {
        let text: [UInt8]
        let isInXcodeLayout: Bool

        init(_ document: MergeNode.Document) {
            text = document.text
            isInXcodeLayout = document.isInXcodeLayout
        }

        /// Whether `part` is a part of ours' own text (an entry as ours has it), not of another
        /// version's, nor a copy.
        func holds(_ part: ArraySlice<UInt8>) -> Bool {
            text.withUnsafeBufferPointer { whole in
                part.withUnsafeBufferPointer { part in
                    guard let start = whole.baseAddress, let partStart = part.baseAddress else { return false }
                    return partStart >= start && partStart + part.count <= start + whole.count
                }
            }
        }
    }

    /// The three versions read and merged; nil when theirs is base, and ours is the answer as
    /// it is. Base's and theirs' texts go before ours is read (but for the entries theirs
    /// changed), so that the three are never held at once.
    private static func mergedDocuments(
        path: String, orderedBy areInIncreasingOrder: @escaping (String, String) -> Bool, wholeVersions: Bool,
        reading read: (Version) throws(Diagnostic) -> [UInt8]
    ) throws(Diagnostic) -> MergedDocuments? {
        var (base, theirs) = (try read(.base), try read(.theirs))
        if sameBytes(base, theirs) { return nil }
        // A file both sides added: git gives an empty base, an empty catalog to merge from.
        if base.isEmpty { base = Array("{}".utf8) }
        let added = max(theirs.count - base.count, 0)
        let changed = wholeVersions ? nil : try MergeNode.changedByTheirs(base: base, theirs: theirs, path: path)
        // The texts go once read; the entries theirs changed were copied.
        if changed != nil { (base, theirs) = ([], []) }
        let ours = try read(.ours)
        // About the merged text's size: ours and what theirs added.
        let capacity = ours.count + added + ours.count / 16
        let oursDocument = try MergeNode.document(consume ours, path: "\(path) (ours)")
        let o = oursDocument.node
        let (b, t): (MergeNode, MergeNode)
        if let changed {
            guard o.entries != nil else {
                throw Diagnostic("ours has no \"strings\" object to merge theirs' entries into", path: path)
            }
            (b, t) = changed
        } else {
            (b, t) = (
                try MergeNode.document(base, path: "\(path) (base)").node,
                try MergeNode.document(theirs, path: "\(path) (theirs)").node
            )
        }
        var merge = TreeMerge(
            areInIncreasingOrder: areInIncreasingOrder,
            oursEntryPositions: changed != nil ? oursDocument.entryPositions : nil)
        let (resolvedOurs, resolvedTheirs) = merge.merge(b, o, t)
        return MergedDocuments(
            ours: resolvedOurs, theirs: merge.conflicts.isEmpty ? nil : resolvedTheirs, conflicts: merge.conflicts,
            document: OursText(oursDocument), capacity: capacity)
    }

    /// A merge's result written onto ours when ours is in Xcode's layout: each entry of ours it
    /// kept as ours has it (a merge rewrites no line it did not merge), every other entry and
    /// the top level read back as a String Catalog (an error when they do not read) and
    /// written as Xcode writes them. With ours in another layout, the whole result is read back
    /// and written in Xcode's layout: one file, not two layouts. Ours' line break at the end,
    /// if any, is kept.
    private static func written(
        _ result: MergeNode?, onto ours: OursText, capacity: Int, path: String
    ) throws(Diagnostic) -> Written {
        var document = result ?? .object(KeyedList())
        // `strings` as kept texts of ours and entries to read, these left in the document.
        var members: [StringCatalogWriter.Member]?
        if ours.isInXcodeLayout, case .object(var topLevel) = document, case .object(let entries)? = topLevel["strings"]
        {
            var list: [StringCatalogWriter.Member] = []
            list.reserveCapacity(entries.count)
            var rewritten = KeyedList<MergeNode>()
            for (key, entry) in entries {
                if case .text(let text) = entry, ours.holds(text) {
                    list.append(.kept(key: key, text: text))
                } else {
                    list.append(.entry(rewritten.count))
                    rewritten.append(entry, for: key)
                }
            }
            _ = topLevel.modify("strings") { $0 = .object(rewritten) }
            document = .object(topLevel)
            members = list
        }
        var output = JSONOutput()
        output.node(document)
        var catalog = output.bytes.withUnsafeMutableBytes { bytes in
            // Read in place: the catalog keeps nothing of the bytes it reads.
            StringCatalog(Data(bytesNoCopy: bytes.baseAddress!, count: bytes.count, deallocator: .none), path: path)
        }
        if let error = catalog.errors.first {
            throw Diagnostic("the merged String Catalog would not read back (\(error.message))", path: path)
        }
        catalog.endsWithLineBreak = StringCatalog.endsWithLineBreak(ours.text)
        guard let members else { return .data(StringCatalogWriter.write(catalog)) }
        return .bytes(StringCatalogWriter.write(catalog, members: members, capacity: capacity))
    }

    /// A merge's text as `written` made it: the whole catalog (memory its `Data` took over), or
    /// ours with the merge's entries in it (bytes, made `Data` when asked: once ours' own text
    /// is let go, so that the two are not held beside the copy).
    private enum Written {
        case data(Data)
        case bytes([UInt8])

        var data: Data {
            switch self {
            case .data(let data): data
            case .bytes(let bytes): Data(bytes)
            }
        }
    }

    /// Where a conflict is, in a catalog's words: `key "greeting", de, plural one`.
    private static func describe(_ path: [String]) -> String {
        // Every name is the file's: each written out where it holds a control character.
        guard path.first == "strings", path.count > 1 else {
            return path.isEmpty ? "the whole file" : "the field \(Diagnostic.visible(path.joined(separator: ".")))"
        }
        var words = ["key \"\(Diagnostic.quote(path[1]))\""]
        var rest = path.dropFirst(2)
        if rest.first == "localizations" {
            rest = rest.dropFirst()
            if let language = rest.popFirst() { words.append(Diagnostic.visible(language)) }
        }
        let detail = rest.filter { !["variations", "stringUnit", "substitutions"].contains($0) }
        if !detail.isEmpty { words.append(Diagnostic.visible(detail.joined(separator: " "))) }
        return words.joined(separator: ", ")
    }

    // MARK: .strings

    private static func mergeStrings(base: [UInt8], ours: [UInt8], theirs: [UInt8], path: String) throws(Diagnostic)
        -> Result
    {
        // Ours is edited as text (its UTF-8 bytes); base and theirs are only read. Theirs (with
        // its comments) is read on another thread meanwhile: about as long as the other two.
        let (oursRead, theirsRead) = alongside(
            {
                Swift.Result { () throws(Diagnostic) in
                    let text = try TextDecoding.utf8(ours, path: "\(path) (ours)")
                    let file = try StringsParser.parse(text, path: path)
                    return (text, file, try StringsParser.parse(base, path: "\(path) (base)").table)
                }
            },
            {
                Swift.Result { () throws(Diagnostic) in
                    try StringsParser.parse(theirs, path: "\(path) (theirs)", keepingComments: true)
                }
            })
        let (oursText, oursFile, b) = try oursRead.get()
        let theirsFile = try theirsRead.get()
        let (o, t) = (oursFile.table, theirsFile.table)
        // Each key's value in ours, theirs and base, compared as bytes: their changes that ours
        // did not make are taken, a key changed two ways is a conflict; strings are made only
        // for those. Ours' keys in its order, then those only theirs has, in their order, with
        // their comments (both walks only read the tables: the second on another thread).
        let (fromOurs, (fromTheirs, comments)) = alongside(
            {
                var changes = StringsChanges()
                o.forEachEntry(pairedWith: t, and: b) { record, mine, yours, was in
                    if let yours, sameBytes(mine, yours) { return }
                    changes.add(o, record, inOurs: true, theirs: yours, ours: mine, base: was())
                }
                return changes
            },
            {
                var changes = StringsChanges()
                t.forEachEntry(pairedWith: o, and: b) { record, yours, mine, was in
                    if mine == nil { changes.add(t, record, inOurs: false, theirs: yours, ours: nil, base: was()) }
                }
                var comments = CommentTable()
                for change in changes.taken + changes.conflicting {
                    if let comment = theirsFile.comments[change.key] { comments.set(comment, for: change.key) }
                }
                return (changes, comments)
            })
        let (taken, conflicting) = (fromOurs.taken + fromTheirs.taken, fromOurs.conflicting + fromTheirs.conflicting)
        let form = TextDecoding.SavedForm(of: ours)
        let resolvedOurs = try applied(taken, to: oursText, file: oursFile, comments: comments, path: path)
        guard !conflicting.isEmpty else {
            return Result(data: try encoded(resolvedOurs, form: form, path: path), conflicts: [])
        }
        let resolvedTheirs = try applied(
            taken + conflicting, to: oursText, file: oursFile, comments: comments, path: path)
        let text = marked(
            String(decoding: resolvedOurs, as: UTF8.self), String(decoding: resolvedTheirs, as: UTF8.self))
        return Result(
            data: try encoded(Data(text.utf8), form: form, path: path),
            conflicts: conflicting.map { "key \"\(Diagnostic.quote($0.key))\"" })
    }

    /// A key whose value theirs changed: its new value (nil: removed), and where ours defines
    /// it (nil: ours lacks it).
    private typealias StringsChange = (key: String, value: String?, location: SourceLocation?)

    /// The keys of a `.strings` merge whose values theirs changed: taken (ours left them as
    /// base had them) or conflicting (ours changed them another way).
    private struct StringsChanges {
        var taken: [StringsChange] = []
        var conflicting: [StringsChange] = []

        /// Record `record` of `table` (ours' when `inOurs`, else theirs'), whose key ours and
        /// theirs give different values (nil: the key is not there).
        mutating func add(
            _ table: StringTable, _ record: Int, inOurs: Bool, theirs: UnsafeBufferPointer<UInt8>?,
            ours: UnsafeBufferPointer<UInt8>?, base: UnsafeBufferPointer<UInt8>?
        ) {
            // Theirs as base had it: ours' change stands.
            guard !same(base, theirs) else { return }
            let change = (
                table.key(atRecord: record), theirs.map { String(decoding: $0, as: UTF8.self) },
                inOurs ? table.location(atRecord: record) : nil
            )
            if same(base, ours) { taken.append(change) } else { conflicting.append(change) }
        }

        private func same(_ a: UnsafeBufferPointer<UInt8>?, _ b: UnsafeBufferPointer<UInt8>?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return sameBytes(a, b)
        }
    }

    /// `text` with `changes`: a value set in place or appended (with its comment), or the key
    /// removed (a nil value).
    private static func applied(
        _ changes: [StringsChange], to text: [UInt8], file: StringsFile, comments: CommentTable, path: String
    ) throws(Diagnostic) -> Data {
        // Labelled as the editor takes them: an array of unlabelled tuples would be cast whole.
        let set = changes.compactMap { change -> (key: String, value: String, location: SourceLocation?)? in
            change.value.map { (change.key, $0, change.location) }
        }
        let result = try StringsFileEditor.apply(located: set, comments: comments, to: text, file: file)
        let removed = changes.filter { $0.value == nil }.map(\.key)
        guard !removed.isEmpty else { return result }
        // Read again only when values were set: otherwise the text is `file`'s still.
        let edited = set.isEmpty ? file : try StringsParser.parse(result, path: path)
        return Data(
            try StringsFileEditor.removing(removed, from: String(decoding: result, as: UTF8.self), file: edited).utf8)
    }

    private static func encoded(_ text: Data, form: TextDecoding.SavedForm, path: String) throws(Diagnostic)
        -> Data
    {
        guard let data = form.data(utf8: text) else {
            throw Diagnostic("the merged file would not read back as it was saved (\(form.description))", path: path)
        }
        return data
    }

    // MARK: Markers

    /// `ours` with each run of lines that differs from `theirs` between git's markers.
    static func marked(_ ours: String, _ theirs: String) -> String {
        // Anchored: a search over the whole texts is quadratic in the number of conflicts.
        let diff = LineDiff(old: ours, new: theirs, anchoringUniqueLines: true)
        var (oursText, theirsText) = (diff.oldText, diff.newText)
        // Written as bytes: a Substring per line joined costs more than the diff.
        let bytes = oursText.withUTF8 { old in
            theirsText.withUTF8 { new in
                var bytes: [UInt8] = []
                bytes.reserveCapacity(old.count + old.count / 8)
                // The markers end their lines as ours' first line ends: CRLF in a file written so.
                let carriageReturn = old.firstIndex(of: 0x0A).map { $0 > 0 && old[$0 - 1] == 0x0D } == true
                // Lines joined by line feeds, as they were split (an empty line is a line too).
                var started = false
                func separate() {
                    if started { bytes.append(0x0A) }
                    started = true
                }
                func line(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
                    separate()
                    bytes.append(contentsOf: text[range])
                }
                func marker(_ text: String) {
                    separate()
                    bytes.append(contentsOf: text.utf8)
                    if carriageReturn { bytes.append(0x0D) }
                }
                var (index, other) = (0, 0)
                while index < diff.oldCount || other < diff.newCount {
                    if index < diff.oldCount, other < diff.newCount, !diff.deleted[index], !diff.inserted[other] {
                        line(old, diff.oldLineBytes(index))
                        (index, other) = (index + 1, other + 1)
                        continue
                    }
                    marker("<<<<<<< ours")
                    while index < diff.oldCount, diff.deleted[index] {
                        line(old, diff.oldLineBytes(index))
                        index += 1
                    }
                    marker("=======")
                    while other < diff.newCount, diff.inserted[other] {
                        line(new, diff.newLineBytes(other))
                        other += 1
                    }
                    marker(">>>>>>> theirs")
                }
                if diff.oldEndsWithNewline { bytes.append(0x0A) }
                return bytes
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
