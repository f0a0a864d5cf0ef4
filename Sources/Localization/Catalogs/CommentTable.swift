/// The comments of one table's keys: the comment written before each key in a `.strings` file,
/// or a String Catalog entry's `comment`. Kept as UTF-8 bytes, never as strings:
/// `subscript(_:)` makes the one it returns. A `.strings` file's comments stay as its reader
/// kept them, each found through its key's record in the file's own table (`ReadComments`:
/// keeping them costs a copy of their bytes, no key and no index of their own); comments set
/// one by one, or a file's once another's are laid over them, are stored as a `StringTable`
/// stores text, indexed by key.
public struct CommentTable: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// Key → comment, for comments set or laid over others; empty while `read` holds them.
    private var table = StringTable()
    /// A `.strings` file's comments as read, until a change makes them entries of `table`.
    private var read: ReadComments?

    /// No comment.
    public init() {}

    /// The comments of a dictionary, key → comment.
    public init(_ comments: [String: String]) {
        for (key, comment) in comments { set(comment, for: key) }
    }

    /// The comments of a literal, key → comment (the last one wins for a key written twice).
    public init(dictionaryLiteral elements: (String, String)...) {
        for (key, comment) in elements { set(comment, for: key) }
    }

    /// The comments a `.strings` file's reader kept.
    init(read: ReadComments) {
        if !read.order.isEmpty { self.read = read }
    }

    /// Whether no key has a comment.
    public var isEmpty: Bool { read == nil && table.isEmpty }

    /// How many keys have a comment.
    public var count: Int { read?.order.count ?? table.count }

    /// The comment of `key`, or nil.
    public subscript(key: String) -> String? {
        guard let read else { return table[key] }
        return read.keys.record(of: key).flatMap(read.comment(ofRecord:))
    }

    /// Key → comment.
    public var dictionary: [String: String] {
        guard let read else { return table.dictionary }
        var result = [String: String](minimumCapacity: read.order.count)
        for record in read.order { result[read.keys.key(atRecord: Int(record))] = read.comment(ofRecord: Int(record)) }
        return result
    }

    /// Gives `key` the comment `comment`, replacing any it had.
    public mutating func set(_ comment: String, for key: String) {
        storeRead()
        table.add(key: key, value: comment, line: 0, column: 0, file: table.addFile(""))
    }

    /// Adds every comment of `other`, which wins over a comment here for the same key.
    public mutating func overlay(_ other: CommentTable) {
        guard !other.isEmpty else { return }
        if isEmpty {
            self = other
            return
        }
        storeRead()
        if let read = other.read { store(read) } else { table.overlay(other.table) }
    }

    /// Makes the comments `read` holds entries of a table of their own: before a change,
    /// which `read` cannot take, and before their file's table (which `read` holds) is changed
    /// in a catalog, so that it changes in place, not in a copy.
    mutating func storeRead() {
        guard let read else { return }
        self.read = nil
        store(read)
    }

    /// Adds the comments of `read` to `table`, in the order they were read.
    private mutating func store(_ read: ReadComments) {
        table.reserve(
            entries: table.count + read.order.count,
            bytes: Int(table.byteCount) + read.bytes.count + read.order.count * 16)
        let file = table.addFile("")
        read.keys.bytes.withUnsafeBufferPointer { keyBytes in
            read.bytes.withUnsafeBufferPointer { commentBytes in
                for record in read.order {
                    let key = read.keys.records[Int(record)]
                    let span = read.spans[Int(record)]!
                    let keyStart = table.append(
                        UnsafeBufferPointer(
                            rebasing: keyBytes[Int(key.keyStart)..<Int(key.keyStart + key.keyLength)]))
                    let commentStart = table.append(
                        UnsafeBufferPointer(rebasing: commentBytes[Int(span.lowerBound)..<Int(span.upperBound)]))
                    table.insert(
                        keyStart: keyStart, keyLength: key.keyLength, valueStart: commentStart,
                        valueLength: UInt32(span.count), line: 0, column: 0, file: file)
                }
            }
        }
    }

    /// Each key with its comment, in the order keys were first given one.
    public func makeIterator() -> IndexingIterator<[(key: String, value: String)]> {
        guard let read else { return table.entries.map { (key: $0.key, value: $0.value) }.makeIterator() }
        return read.order.map { record in
            (key: read.keys.key(atRecord: Int(record)), value: read.comment(ofRecord: Int(record))!)
        }.makeIterator()
    }

    /// Whether both hold the same comments for the same keys, whatever the order.
    public static func == (lhs: CommentTable, rhs: CommentTable) -> Bool {
        lhs.count == rhs.count && lhs.allSatisfy { rhs[$0.key] == $0.value }
    }
}

/// A `.strings` file's comments as its reader keeps them: each comment's bytes back to back,
/// found by the record of its key in the file's table (the reader knows the record once it
/// has stored the key), so that no key is copied or indexed again.
struct ReadComments: Sendable {
    /// The file's table, whose records' keys the comments are of (set once it is read whole).
    var keys = StringTable()
    /// The comments' UTF-8 bytes, back to back.
    private(set) var bytes: [UInt8] = []
    /// By record of `keys`: where its comment lies in `bytes`; nil for a key without one.
    private(set) var spans: [Range<UInt32>?] = []
    /// The records with a comment, in the order they were first given one.
    private(set) var order: [UInt32] = []

    /// Gives record `record` the comment `comment`, replacing any it had: a key defined again
    /// with a comment as long or shorter has it over the old one (or where the old one was,
    /// the last), so that a file defining keys again does not keep every comment it had.
    mutating func add(_ comment: UnsafeBufferPointer<UInt8>, record: Int) {
        if spans.count <= record { spans.append(contentsOf: repeatElement(nil, count: record + 1 - spans.count)) }
        guard let old = spans[record] else {
            order.append(UInt32(record))
            spans[record] = append(comment)
            return
        }
        if comment.count <= old.count {
            bytes.withUnsafeMutableBufferPointer { bytes in
                guard let start = bytes.baseAddress, let source = comment.baseAddress else { return }
                (start + Int(old.lowerBound)).update(from: source, count: comment.count)
            }
            spans[record] = old.lowerBound..<old.lowerBound + UInt32(comment.count)
            return
        }
        if old.upperBound == bytes.count { bytes.removeLast(old.count) }
        spans[record] = append(comment)
    }

    /// Appends a comment's bytes; where they lie.
    private mutating func append(_ comment: UnsafeBufferPointer<UInt8>) -> Range<UInt32> {
        let start = UInt32(bytes.count)
        bytes.append(contentsOf: comment)
        return start..<UInt32(bytes.count)
    }

    /// The comment of record `record`, or nil.
    func comment(ofRecord record: Int) -> String? {
        guard record < spans.count, let span = spans[record] else { return nil }
        return bytes.withUnsafeBufferPointer { bytes in
            String(
                decoding: UnsafeBufferPointer(rebasing: bytes[Int(span.lowerBound)..<Int(span.upperBound)]),
                as: UTF8.self)
        }
    }
}
