#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the file system says of a path, asked with `stat` (it follows symbolic links).
enum FileStatus {
    /// The size of the file at `path`; nil when there is none.
    static func size(_ path: String) -> Int64? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Int64(status.st_size)
    }

    /// Whether `path` is a folder.
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && Int(status.st_mode) & Int(S_IFMT) == Int(S_IFDIR)
    }
}
