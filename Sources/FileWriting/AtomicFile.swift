import Diagnostics

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

/// Replaces a file's content in one step, keeping what the file's owner set up: the new
/// content goes to a temporary file beside the file (`TemporaryFile`), which is flushed,
/// given the file's mode, owner and group, and renamed over it; an interruption leaves the
/// old content or the new, never a mix. A symbolic link stays a link and its target gets the
/// content; a read-only file and a file with several hard links are refused; temporary files
/// that ended processes left beside the file are removed first.
public enum AtomicFile {
    /// Creates `folder` and those above it as needed; a failure names the folder that could
    /// not be made, with the system's reason (`a-file/inside: error: Not a directory`).
    public static func createFolder(_ folder: URL) throws(Diagnostic) {
        let path = folder.standardizedFileURL.path
        var made = ""
        for component in path.split(separator: "/") {
            made += "/" + component
            guard mkdir(made, 0o777) == 0 || errno == EEXIST else {
                throw Diagnostic(String(cString: strerror(errno)), path: made)
            }
        }
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw Diagnostic(String(cString: strerror(ENOTDIR)), path: path)
        }
    }

    /// How many symbolic links are followed before giving up (as the kernel's `ELOOP`).
    static let maximumLinks = 32

    /// Writes `data` to `url` (its target, when `url` is a symbolic link), creating the file
    /// when there is none, and its folder and those above when `creatingFolder`. With `folder`
    /// (the folder the tool owns: a package's catalogs, the package itself), the file is written
    /// only when it lies inside it once every link is followed (`isInside`), before any folder is
    /// made: a committed link to a file outside, even one that does not exist yet, is refused.
    /// Every failure names the file (or folder) written.
    public static func write(_ data: Data, to url: URL, creatingFolder: Bool = false, within folder: URL? = nil)
        throws(Diagnostic)
    {
        if let folder, !isInside(url, folder) {
            throw Diagnostic(
                "a symbolic link out of \(Diagnostic.quote(folder.path)); not written through", path: url.path)
        }
        if creatingFolder { try createFolder(url.deletingLastPathComponent()) }
        let target = try resolvingLinks(url)
        let setup = try existingSetup(of: target)
        let folder = target.deletingLastPathComponent()
        let name = target.lastPathComponent
        TemporaryFile.removeStale(of: name, in: folder)
        let temporary = folder.appendingPathComponent(TemporaryFile.name(for: name))
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, setup == nil ? 0o666 : 0o600)
        guard descriptor >= 0 else { throw failure("cannot create a temporary file beside it", target) }
        do throws(Diagnostic) {
            defer { close(descriptor) }
            try writeAll(data, to: descriptor, target)
            if let setup { try apply(setup, to: descriptor, target) }
            guard fsync(descriptor) == 0 else { throw failure("cannot flush the new content", target) }
        } catch {
            unlink(temporary.path)
            throw error
        }
        guard rename(temporary.path, target.path) == 0 else {
            let error = failure("cannot replace the file", target)
            unlink(temporary.path)
            throw error
        }
        syncFolder(folder)
    }

    /// Checks that `url` can be written by `write`: a file that does not exist yet, or a
    /// regular file (a link's target) that is writable and has no other hard link; throws what
    /// `write` would, without writing. For a command that writes several files all or nothing.
    public static func checkReplaceable(_ url: URL) throws(Diagnostic) {
        _ = try existingSetup(of: try resolvingLinks(url))
    }

    /// Whether `url` lies inside `folder` once symbolic links are followed: the links of the
    /// file itself (to a file that need not exist yet), then those of the deepest of its folders
    /// that exists; folders still to be made are taken as written, and may not say `..`.
    public static func isInside(_ url: URL, _ folder: URL) -> Bool {
        guard let target = try? resolvingLinks(url), let file = resolved(target), let container = resolved(folder)
        else { return false }
        // Byte for byte: names are bytes to the kernel, and Swift's comparison would take
        // `café` spelled two ways as one.
        return file.utf8.starts(with: (container.hasSuffix("/") ? container : container + "/").utf8)
    }

    /// `url`'s path with the links of its deepest existing folder followed and the rest as
    /// written; nil when the rest says `..`.
    private static func resolved(_ url: URL) -> String? {
        var components = url.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var rest: [String] = []
        while true {
            if let real = realpath("/" + components.joined(separator: "/"), nil) {
                defer { free(real) }
                guard !rest.contains("..") else { return nil }
                let base = String(cString: real)
                return ([base == "/" ? "" : base] + rest.filter { $0 != "." }).joined(separator: "/")
            }
            guard let last = components.popLast() else { return nil }
            rest.insert(last, at: 0)
        }
    }

    /// `url` with every symbolic link on its last component followed: the file to replace.
    /// A link to a file that does not exist yet resolves to where the file will be.
    static func resolvingLinks(_ url: URL) throws(Diagnostic) -> URL {
        var current = url
        for _ in 0..<maximumLinks {
            var info = stat()
            guard lstat(current.path, &info) == 0 else {
                // No such file, or a file where a folder on the way should be: nothing to follow.
                guard errno == ENOENT || errno == ENOTDIR else {
                    throw failure("cannot read the file's status", current)
                }
                return current
            }
            guard info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current.path, &buffer, buffer.count - 1)
            guard count >= 0 else { throw failure("cannot read the symbolic link", current) }
            let destination = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                destination.hasPrefix("/")
                ? URL(fileURLWithPath: destination)
                : current.deletingLastPathComponent().appendingPathComponent(destination)
        }
        throw Diagnostic("more than \(maximumLinks) symbolic links in a row", path: url.path)
    }

    /// The mode, owner and group of the file at `url`, which is a symbolic link's target; nil
    /// when there is no file yet. Refuses what cannot be replaced without breaking a promise.
    static func existingSetup(of url: URL) throws(Diagnostic) -> stat? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else {
            guard errno == ENOENT else { throw failure("cannot read the file's status", url) }
            return nil
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw Diagnostic("not a regular file; it is left as it is", path: url.path)
        }
        let mode = info.st_mode & 0o7777
        // Checked on the mode bits, not with access(2): root may write anything.
        guard mode & 0o222 != 0, getuid() == 0 || access(url.path, W_OK) == 0 else {
            throw Diagnostic(
                "the file is read-only, mode \(octal(mode)): make it writable to save changes", path: url.path)
        }
        guard info.st_nlink <= 1 else {
            throw Diagnostic(
                "the file has \(info.st_nlink) hard links, which replacing it would split; "
                    + "link it with a symbolic link instead (ln -s)",
                path: url.path)
        }
        return info
    }

    /// Gives the temporary file the replaced file's owner and group (where this process may:
    /// root, or a group the user belongs to), then its mode, since a change of owner clears
    /// the set-ID bits.
    static func apply(_ setup: stat, to descriptor: Int32, _ target: URL) throws(Diagnostic) {
        if fchown(descriptor, setup.st_uid, setup.st_gid) != 0, getuid() == 0 {
            throw failure("cannot give the new content the file's owner and group", target)
        }
        guard fchmod(descriptor, setup.st_mode & 0o7777) == 0 else {
            throw failure("cannot give the new content the file's mode", target)
        }
    }

    static func writeAll(_ data: Data, to descriptor: Int32, _ target: URL) throws(Diagnostic) {
        let failed = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                offset += written
            }
            return false
        }
        if failed { throw failure("cannot write the new content", target) }
    }

    /// Flushes the folder's entry for the renamed file; a failure here loses nothing already written.
    static func syncFolder(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static func failure(_ message: String, _ url: URL) -> Diagnostic {
        Diagnostic("\(message): \(String(cString: strerror(errno)))", path: url.path)
    }
}

/// write(2), which `AtomicFile.write` hides inside the type.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
