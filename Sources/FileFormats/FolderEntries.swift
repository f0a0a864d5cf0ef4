#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names in a folder, read with one `opendir(3)` and `readdir(3)` pass: what start-up
/// lists (each catalog folder and its `.lproj` folders), without `FileManager`'s cost per
/// listing.
package enum FolderEntries {
    /// The names of the entries of the folder at `path` (not `.` and `..`), unsorted; empty
    /// when it is not a folder or cannot be read. A name that is not UTF-8 is decoded with
    /// replacement characters, so that reading it later fails by name rather than vanishing.
    package static func names(in path: String) -> [String] {
        guard let folder = opendir(path) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
