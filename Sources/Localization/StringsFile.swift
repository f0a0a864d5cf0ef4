import Foundation

/// One entry of a `.strings` file.
public struct StringsEntry: Sendable, Hashable {
    public var key: String
    public var value: String
    /// Where the key starts.
    public var location: SourceLocation

    public init(key: String, value: String, location: SourceLocation) {
        self.key = key
        self.value = value
        self.location = location
    }
}

/// The parsed contents of a `.strings` file: its entries in file order (duplicates included,
/// the last one wins as in CoreFoundation) and the comments that precede each key.
public struct StringsFile: Sendable {
    public var path: String
    public var entries: [StringsEntry]
    /// The comment written just before an entry, by key (the last one's, for duplicates).
    public var comments: [String: String]

    public init(path: String, entries: [StringsEntry], comments: [String: String] = [:]) {
        self.path = path
        self.entries = entries
        self.comments = comments
    }

    /// Key → value, the last duplicate winning.
    public var dictionary: [String: String] {
        var result = [String: String](minimumCapacity: entries.count)
        for entry in entries { result[entry.key] = entry.value }
        return result
    }

    /// Every entry whose key appeared earlier in the file too (the earlier ones lose).
    public var duplicates: [StringsEntry] {
        var seen = Set<String>(minimumCapacity: entries.count)
        return entries.filter { !seen.insert($0.key).inserted }
    }

    /// Reads a file from disk.
    public init(contentsOf url: URL) throws(CatalogError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CatalogError("cannot read the file", at: SourceLocation(path: url.path, line: 1, column: 1))
        }
        self = try StringsParser.parse(data, path: url.path)
    }
}
