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

/// Puts a finished partial file in place under its own name, or `name (2)`, … when that name
/// is taken, never following a symbolic link and never replacing anything: the partial file
/// must be a regular file with no other name (a link planted under its predictable name is
/// refused), and the new name is made by `link`, which fails on any name already there (a
/// file, a folder, a symbolic link, dangling or not) instead of writing through it. What the
/// new name holds is checked to be the very file that was checked, so a partial file swapped
/// meanwhile is refused too.
enum FinishedFile {
    /// Why the file was not put in place.
    enum Failure: Error {
        /// The partial file is a symbolic link, has other names, or is not a regular file.
        case unsafe
        /// The system refused to make the name `path` (`strerror`'s reason).
        case system(path: String, reason: String)
    }

    /// Links `part` into `folder` under `name` (or the next free `name (N)`) and removes the
    /// partial name; returns the file's new place and size.
    static func place(_ part: URL, name: String, in folder: URL) throws(Failure) -> (url: URL, size: Int64) {
        let descriptor = open(part.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if [ELOOP, ENXIO].contains(errno) { throw .unsafe }
            throw .system(path: part.path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var checked = stat()
        guard fstat(descriptor, &checked) == 0, Int(checked.st_mode) & Int(S_IFMT) == Int(S_IFREG),
            checked.st_nlink == 1
        else { throw .unsafe }
        let stem = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
        let suffix = URL(fileURLWithPath: name).pathExtension
        for number in 1... {
            let candidateName =
                number == 1 ? name : suffix.isEmpty ? "\(stem) (\(number))" : "\(stem) (\(number)).\(suffix)"
            let candidate = folder.appendingPathComponent(candidateName)
            guard link(part.path, candidate.path) == 0 else {
                guard errno == EEXIST else {
                    throw .system(path: candidate.path, reason: String(cString: strerror(errno)))
                }
                continue
            }
            var placed = stat()
            guard lstat(candidate.path, &placed) == 0, placed.st_dev == checked.st_dev, placed.st_ino == checked.st_ino
            else {
                unlink(candidate.path)
                throw .unsafe
            }
            unlink(part.path)
            return (candidate, Int64(checked.st_size))
        }
        fatalError("unreachable: the numbers do not end")
    }
}
