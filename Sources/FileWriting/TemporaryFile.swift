#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files `AtomicFile` writes beside a file before renaming them over it:
/// `.<name>.flavorkit-tmp-<pid>-<random>`, hidden, named for the file they replace and the
/// process that wrote them, so that the next writer can tell a dead process's leftovers from
/// a write still under way.
public enum TemporaryFile {
    /// What every temporary file's name contains after the file's own name.
    public static let marker = ".flavorkit-tmp-"

    /// The longest part of a file's name kept in its temporary files' names, in UTF-8 bytes,
    /// so that the temporary name stays within the 255 bytes a file name may have.
    static let maximumStemLength = 180

    /// The prefix of every temporary file of the file named `name`: `.<name>.flavorkit-tmp-`.
    public static func prefix(for name: String) -> String {
        var stem = Substring(name)
        while stem.utf8.count > maximumStemLength { stem = stem.dropLast() }
        return "." + stem + marker
    }

    /// A new temporary name for `name`, unique to this process and this call.
    static func name(for name: String) -> String {
        prefix(for: name) + "\(getpid())-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
    }

    /// Whether `name` (a file name, not a path) is one of these temporary files.
    public static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && name.contains(marker)
    }

    /// The process that wrote the temporary file `name`, read from its name.
    static func writer(of name: String) -> pid_t? {
        guard let range = name.ranges(of: marker).last else { return nil }
        return pid_t(name[range.upperBound...].prefix { $0 != "-" })
    }

    /// Whether the process that wrote `name` has ended, so the file can never be renamed
    /// into place. This process's own files are never stale: another of its threads may be
    /// writing one.
    static func isStale(_ name: String) -> Bool {
        guard let pid = writer(of: name), pid > 0, pid != getpid() else { return false }
        return kill(pid, 0) == -1 && errno == ESRCH
    }

    /// Removes the temporary files of `name` in `folder` whose writers have ended; returns
    /// the names removed.
    @discardableResult
    public static func removeStale(of name: String, in folder: URL) -> [String] {
        let prefix = prefix(for: name)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        let stale = entries.filter { $0.hasPrefix(prefix) && isStale($0) }
        for entry in stale { unlink(folder.appendingPathComponent(entry).path) }
        return stale
    }
}
