/// The comments of one table's keys: the comment written before each key in a `.strings` file,
/// or a String Catalog entry's `comment`. Stored as a `StringTable` stores text, every comment's
/// UTF-8 bytes back to back and indexed by key, so that reading a catalog with its comments
/// makes no string: `subscript(_:)` makes the one it returns.
public struct CommentTable: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    private var table = StringTable()

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

    /// Whether no key has a comment.
    public var isEmpty: Bool { table.isEmpty }

    /// How many keys have a comment.
    public var count: Int { table.count }

    /// The comment of `key`, or nil.
    public subscript(key: String) -> String? { table[key] }

    /// Key → comment.
    public var dictionary: [String: String] { table.dictionary }

    /// Gives `key` the comment `comment`, replacing any it had.
    public mutating func set(_ comment: String, for key: String) {
        table.add(key: key, value: comment, line: 0, column: 0, file: table.addFile(""))
    }

    /// Adds every comment of `other`, which wins over a comment here for the same key.
    public mutating func overlay(_ other: CommentTable) {
        table.overlay(other.table)
    }

    /// Adds a comment whose key and text are UTF-8 bytes (the `.strings` reader's; no string
    /// is made).
    mutating func set(_ comment: UnsafeBufferPointer<UInt8>, forKey key: UnsafeBufferPointer<UInt8>) {
        if table.files.isEmpty { _ = table.addFile("") }
        let keyStart = table.append(key)
        let commentStart = table.append(comment)
        table.insert(
            keyStart: keyStart, keyLength: UInt32(key.count), valueStart: commentStart,
            valueLength: UInt32(comment.count), line: 0, column: 0, file: 0)
    }

    /// Each key with its comment, in the order keys were first given one.
    public func makeIterator() -> IndexingIterator<[(key: String, value: String)]> {
        table.liveEntries.map { (key: $0.key, value: $0.value) }.makeIterator()
    }

    /// Whether both hold the same comments for the same keys, whatever the order.
    public static func == (lhs: CommentTable, rhs: CommentTable) -> Bool {
        lhs.count == rhs.count && lhs.allSatisfy { rhs[$0.key] == $0.value }
    }
}
