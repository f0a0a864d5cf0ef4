import Diagnostics
import FileFormats

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One entry of a `.strings` file.
public struct StringsEntry: Sendable, Hashable {
    /// The key, unescaped.
    public var key: String
    /// The value, unescaped.
    public var value: String
    /// Where the key starts.
    public var location: SourceLocation

    /// An entry with its key's position.
    public init(key: String, value: String, location: SourceLocation) {
        self.key = key
        self.value = value
        self.location = location
    }
}

/// The parsed contents of a `.strings` file: its entries in the order of each key's first
/// definition (a key defined again takes its last value, as in CoreFoundation), where the
/// duplicates were, and, when asked for, the comment before each key.
public struct StringsFile: Sendable {
    /// The file read, as named in diagnostics.
    public var path: String
    /// The entries, in the order of each key's first definition.
    public var table: StringTable
    /// The comment written just before an entry, by key (the last one's, for duplicates),
    /// without white space at either end.
    public var comments: CommentTable
    /// Where a key is defined again in this file (the later definition wins): the first
    /// `listedDuplicates` of them, so that a file of duplicates costs bounded memory.
    public var duplicateLocations: [SourceLocation]
    /// How many times a key is defined again in this file, listed or not.
    public var duplicateCount: Int
    /// Text the reader accepts, as CoreFoundation does, but that will not show as written:
    /// an unpaired surrogate escape (read as U+FFFD), a NUL character. The first
    /// `listedDuplicates` of them.
    public var warnings: [Diagnostic] = []

    /// How many duplicate locations a reader lists per file.
    public static let listedDuplicates = 100

    /// A parsed file; `duplicateCount` defaults to the number of listed locations.
    public init(
        path: String, table: StringTable, comments: CommentTable = [:],
        duplicateLocations: [SourceLocation] = [], duplicateCount: Int? = nil, warnings: [Diagnostic] = []
    ) {
        self.warnings = warnings
        self.path = path
        self.table = table
        self.comments = comments
        self.duplicateLocations = duplicateLocations
        self.duplicateCount = duplicateCount ?? duplicateLocations.count
    }

    /// Reads a file from disk: a regular file, inside `folder` when given (see `InputFile`).
    public init(contentsOf url: URL, keepingComments: Bool = false, within folder: URL? = nil) throws(Diagnostic) {
        try self.init(atPath: url.path, keepingComments: keepingComments, within: folder?.path)
    }

    /// `init(contentsOf:keepingComments:within:)` by paths (the runtime joins them as text).
    package init(atPath path: String, keepingComments: Bool, within folder: String?) throws(Diagnostic) {
        let data = try InputFile.read(atPath: path, limit: InputFile.catalogLimit, within: folder)
        self = try StringsParser.parse(data, path: path, keepingComments: keepingComments)
    }

    /// Every entry, in the order of the keys' first definitions (each with its last value).
    public var entries: [StringsEntry] { table.entries }

    /// Key → value, the last duplicate winning.
    public var dictionary: [String: String] { table.dictionary }

    /// Every entry whose key appeared earlier in the file too (the earlier ones lose), among
    /// the listed duplicates.
    public var duplicates: [StringsEntry] {
        let locations = Set(duplicateLocations)
        return entries.filter { locations.contains($0.location) }
    }
}
