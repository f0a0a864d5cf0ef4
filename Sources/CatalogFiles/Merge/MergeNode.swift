import Diagnostics
import FileFormats
import Foundation
import Localization

/// A value in a String Catalog merge: read into a `JSONValue`, an object of nodes, or still
/// the JSON text of one version. A catalog's entries stay text (checked as JSON when read,
/// not built): most of a merge compares their bytes and copies them, and an entry is read
/// only where its texts differ.
enum MergeNode: Sendable, Equatable {
    /// A value read.
    case value(JSONValue)
    /// An object whose members are nodes: the top level, `strings`, and what merges make.
    case object(KeyedList<MergeNode>)
    /// A value's text in one version (valid JSON: it was checked when the version was read).
    case text(ArraySlice<UInt8>)

    /// How deep an entry of `strings` is: inside the top-level object and `strings`.
    static let entryDepth = 2

    /// Equal as `JSONValue`s are: texts first by their bytes, then by what they hold.
    static func == (lhs: MergeNode, rhs: MergeNode) -> Bool {
        switch (lhs, rhs) {
        case (.text(let a), .text(let b)) where sameBytes(a, b): return true
        case (.value(let a), .value(let b)): return a == b
        case (.object(let a), .object(let b)): return a.hasSameMembers(as: b, ==)
        default: return lhs.json == rhs.json
        }
    }

    /// Its members when it is an object (an entry's read from its text); nil for any other value.
    var members: KeyedList<MergeNode>? {
        switch self {
        case .object(let members): members
        case .value, .text:
            if case .object(let members) = json { KeyedList(members.map { ($0.key, .value($0.value)) }) } else { nil }
        }
    }

    /// The whole value, read.
    var json: JSONValue {
        switch self {
        case .value(let value): return value
        case .object(let members): return .object(KeyedList(members.map { ($0.key, $0.value.json) }))
        case .text(let text):
            return text.withUnsafeBufferPointer { buffer in
                var shapes = CatalogShapeReader(JSONReader(buffer), keepsEverything: true)
                do throws(JSONReader.Failure) {
                    return try shapes.value(depth: Self.entryDepth)
                } catch {
                    preconditionFailure("a value checked as JSON no longer reads: \(error.message)")
                }
            }
        }
    }

    // MARK: Reading

    /// A version read: its tree, and where each entry of its `strings` is among them, by name
    /// (found while the names were checked to be given once: a merge that looks each name up
    /// in a table built again would hash every name twice more).
    struct Document {
        var node: MergeNode
        var entryPositions: [LiteralKey: Int]
        /// The version's text (UTF-8), which its entries' texts are parts of.
        var text: [UInt8]
        /// Where the top level's `strings` key is (its opening quote), when it is an object.
        var stringsOffset: Int?

        /// Whether the version is in Xcode's layout where a merge would join its entries to
        /// entries written anew: no carriage return (Xcode ends a line with a line feed alone),
        /// `strings` opened as Xcode opens it, each entry after `" : ` and opening its object
        /// with a line break, its closing brace on a line of its own four spaces in. A look at
        /// the joints only: the lines inside are not read.
        var isInXcodeLayout: Bool {
            let hasCarriageReturn = text.withUnsafeBufferPointer { text in
                text.baseAddress.map { memchr($0, 0x0D, text.count) != nil } ?? false
            }
            guard !hasCarriageReturn, let stringsOffset, stringsOffset >= 3, let entries = node.entries,
                text[(stringsOffset - 3)...].starts(with: #"\#n  "strings" : {\#n"#.utf8)
            else { return false }
            let (before, opening, closing) = (Array(#"" : "#.utf8), Array("{\n".utf8), Array("\n    }".utf8))
            return entries.allSatisfy { entry in
                guard case .text(let entry) = entry.value, entry.startIndex >= before.count,
                    text[(entry.startIndex - before.count)..<entry.startIndex].elementsEqual(before)
                else { return false }
                return entry.starts(with: opening) && entry.count >= opening.count + closing.count
                    && entry.suffix(closing.count).elementsEqual(closing)
            }
        }
    }

    /// One version of a String Catalog, as a merge reads it: the top-level object's members
    /// read, except the entries of `strings`, kept as their text (in `bytes` itself when they
    /// are UTF-8 without a byte-order mark). The errors are those of
    /// `JSONValue(document:path:)`, which reads the whole document.
    static func document(_ bytes: consuming [UInt8], path: String) throws(Diagnostic) -> Document {
        let text = try TextDecoding.utf8(consume bytes, path: path)
        return try text.withUnsafeBufferPointer { buffer throws(Diagnostic) in
            var reading = DocumentReading(text: text, buffer: buffer)
            do throws(JSONReader.Failure) {
                return Document(
                    node: try reading.document(), entryPositions: reading.entryPositions, text: text,
                    stringsOffset: reading.stringsOffset)
            } catch {
                var positions = TextPositions(text: buffer, path: path)
                throw Diagnostic("not valid JSON: \(error.message)", at: positions.location(at: error.offset))
            }
        }
    }

    /// The base and theirs of a String Catalog merge, read (as `document(_:path:)` reads them)
    /// and kept only where theirs changed something: every top-level member but `strings`,
    /// and of `strings` the entries theirs added, removed or changed (their bytes differ),
    /// each entry's text copied out of its version. Every other entry of ours is the merge's
    /// answer for it (theirs left it as it was), so that `TreeMerge` with `oursEntryPositions`
    /// needs nothing more of them; the two versions' texts go when it returns. Nil when either
    /// has no `strings` object (a merge then reads every version whole).
    static func changedByTheirs(base: [UInt8], theirs: [UInt8], path: String)
        throws(Diagnostic) -> (base: MergeNode, theirs: MergeNode)?
    {
        // Both are held either way: read at once, theirs on another core.
        let (baseRead, theirsRead) = alongside(
            { Result { () throws(Diagnostic) in try document(base, path: "\(path) (base)") } },
            { Result { () throws(Diagnostic) in try document(theirs, path: "\(path) (theirs)") } })
        let (base, theirs) = (try baseRead.get(), try theirsRead.get())
        guard let baseEntries = base.node.entries, let theirsEntries = theirs.node.entries else { return nil }
        var (keptOfBase, keptOfTheirs) = ([Int](), [Int]())
        for (name, position) in theirs.entryPositions {
            let before = base.entryPositions[name]
            if let before, case .text(let a) = baseEntries[before].value,
                case .text(let b) = theirsEntries[position].value, sameBytes(a, b)
            {
                continue
            }
            keptOfTheirs.append(position)
            if let before { keptOfBase.append(before) }
        }
        for (name, position) in base.entryPositions where theirs.entryPositions[name] == nil {
            keptOfBase.append(position)
        }
        return (base.node.keepingEntries(at: keptOfBase), theirs.node.keepingEntries(at: keptOfTheirs))
    }

    /// The entries of a version's `strings` object, when it is one.
    var entries: KeyedList<MergeNode>? {
        guard case .object(let members) = self, case .object(let entries) = members["strings"] else { return nil }
        return entries
    }

    /// This version with only the entries of `strings` at `positions`, in its order, each
    /// text copied.
    private func keepingEntries(at positions: [Int]) -> MergeNode {
        guard case .object(var members) = self, let entries else { return self }
        let kept = positions.sorted().map { position -> (key: String, value: MergeNode) in
            let entry = entries[position]
            guard case .text(let text) = entry.value else { return entry }
            return (entry.key, .text(ArraySlice(Array(text))))
        }
        members.modify("strings") { $0 = .object(KeyedList(kept)) }
        return .object(members)
    }

    /// One pass of `JSONReader` over a version's text.
    private struct DocumentReading {
        let text: [UInt8]
        var shapes: CatalogShapeReader
        /// Where each entry of `strings` is among them, by name.
        private(set) var entryPositions: [LiteralKey: Int] = [:]
        /// Where the top level's `strings` key is, when it is an object.
        private(set) var stringsOffset: Int?

        init(text: [UInt8], buffer: UnsafeBufferPointer<UInt8>) {
            self.text = text
            shapes = CatalogShapeReader(JSONReader(buffer), keepsEverything: true)
        }

        /// The top-level value, then the end of the text.
        mutating func document() throws(JSONReader.Failure) -> MergeNode {
            let node: MergeNode
            if try shapes.reader.kind() == .object {
                node = try topLevel()
            } else {
                node = .value(try shapes.value(depth: 0))
            }
            try shapes.reader.end()
            return node
        }

        /// The top-level object: `strings` (an object) as its entries' texts, the rest read.
        private mutating func topLevel() throws(JSONReader.Failure) -> MergeNode {
            try shapes.reader.beginObject()
            var members = KeyedList<MergeNode>()
            var names = Set<LiteralKey>()
            var first = true
            while let key = try shapes.reader.nextKey(first: &first) {
                let name = shapes.reader.decode(key)
                try once(name, in: &names, at: key.start)
                if name == "strings", try shapes.reader.kind() == .object {
                    stringsOffset = key.start - 1
                    members.append(try entries(), for: name)
                } else {
                    members.append(.value(try shapes.value(depth: 1)), for: name)
                }
            }
            return .object(members)
        }

        /// Refuses a name given twice in one object (by its bytes): which one counts differs
        /// from reader to reader, so that no merge of such a file could be right.
        private func once(_ name: String, in names: inout Set<LiteralKey>, at offset: Int) throws(JSONReader.Failure) {
            guard names.insert(LiteralKey(name)).inserted else { throw twice(name, at: offset) }
        }

        /// The error for `name` given again, its key at `offset`.
        private func twice(_ name: String, at offset: Int) -> JSONReader.Failure {
            JSONReader.Failure(
                message: "\"\(Diagnostic.quote(name))\" is given twice in one object", offset: offset - 1)
        }

        /// `strings`: each entry's text, checked as JSON (as deep as `JSONValue` may nest) and
        /// not built.
        private mutating func entries() throws(JSONReader.Failure) -> MergeNode {
            try shapes.reader.beginObject()
            var entries = KeyedList<MergeNode>()
            var first = true
            while let key = try shapes.reader.nextKey(first: &first) {
                let name = shapes.reader.decode(key)
                guard entryPositions.updateValue(entries.count, forKey: LiteralKey(name)) == nil else {
                    throw twice(name, at: key.start)
                }
                let (before, line) = (shapes.reader.offset, shapes.reader.line)
                shapes.reader.skipWhitespace()
                let start = shapes.reader.offset
                do throws(JSONReader.Failure) {
                    try shapes.reader.skipValue(
                        nestingAtMost: CatalogShapeReader.maximumValueNesting - MergeNode.entryDepth)
                } catch {
                    // What reading the entry whole says, as `JSONValue(document:path:)` would.
                    (shapes.reader.offset, shapes.reader.line) = (before, line)
                    _ = try shapes.value(depth: MergeNode.entryDepth)
                    throw error
                }
                entries.append(.text(text[start..<shapes.reader.offset]), for: name)
            }
            return .object(entries)
        }
    }
}

extension JSONOutput {
    /// A merge's node as JSON: a text as it was written, the rest as `value` writes it.
    mutating func node(_ node: MergeNode) {
        switch node {
        case .value(let value): self.value(value)
        case .text(let text): bytes.append(contentsOf: text)
        case .object(let members):
            var object = begin(KeyedList())
            for (name, value) in members {
                member(name, &object, known: false)
                self.node(value)
            }
            end(&object)
        }
    }
}
