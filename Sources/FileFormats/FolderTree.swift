import Diagnostics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files under a folder whose names a test accepts (every `.swift` file under `Sources/`,
/// which `extract` and `lint` scan), found by a walk that follows no link, and read through
/// the folder each was found in: a regular file costs an `openat(2)`, an `fstat(2)` and its
/// reads, with nothing to check of where it leads (`InputFile.read(named:in:…)`). A link, a
/// named pipe or anything else with an accepted name is read by its path with every check of
/// `InputFile`, so that it is refused by name, or read when it is a link to a file inside.
package struct FolderTree: Sendable {
    /// A file found: its path (the root's, then each name on the way), and where it was found.
    package struct File: Sendable {
        package let path: String
        /// The folder it is in, as an index of `folders`, and its name there.
        fileprivate let folder: Int
        fileprivate let name: String
    }

    /// A folder walked, and which one it was (device and inode): it is opened again by its
    /// path to read its files, and used only when it is still that folder.
    private struct Folder: Sendable {
        let path: String
        let identity: Identity
    }

    /// Whether `bytes` are UTF-8 (decoding them changes nothing).
    private static func isUTF8(_ bytes: some Collection<UInt8>) -> Bool {
        String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes)
    }

    private struct Identity: Sendable, Equatable {
        let device: UInt64
        let inode: UInt64

        init(_ status: stat) {
            device = UInt64(truncatingIfNeeded: status.st_dev)
            inode = UInt64(truncatingIfNeeded: status.st_ino)
        }
    }

    /// The folder walked, as given (a link to a folder is followed there only).
    package let root: String
    /// The files accepted, in path order.
    package private(set) var files: [File] = []
    /// What the walk could not take in, each an error naming it, as files there could hold
    /// anything: a folder that could not be walked (unreadable, changed while walked), a link
    /// to a folder outside the root, and a folder, a link or an accepted file whose name is
    /// not UTF-8 (another file's name is none of its business).
    package private(set) var problems: [Diagnostic] = []
    private var folders: [Folder] = []

    /// Walks the folder at `root` (absolute), keeping the files whose names `accepts`. A link
    /// to a folder is not followed: one that leads inside `root` leads to files listed where
    /// they are, one that leads outside is an error naming it (SwiftPM would compile the
    /// sources there, and keys only they use would look unused).
    package init(root: String, accepting accepts: (String) -> Bool) {
        self.root = root
        let canonicalRoot = InputFile.canonicalFolder(root)
        var pending: [(path: String, identity: Identity?)] = [(root, nil)]
        while let (path, expected) = pending.popLast() {
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (expected == nil ? 0 : O_NOFOLLOW))
            var status = stat()
            guard descriptor >= 0, fstat(descriptor, &status) == 0 else {
                if descriptor >= 0 { close(descriptor) }
                if let problem = expected == nil
                    ? Self.rootProblem(path) : InputFile.failure("cannot read the folder", path)
                {
                    problems.append(problem)
                }
                continue
            }
            guard expected == nil || Identity(status) == expected, let listing = fdopendir(descriptor) else {
                close(descriptor)
                problems.append(Diagnostic("changed while it was read; nothing in it was read", path: path))
                continue
            }
            let index = folders.count
            folders.append(Folder(path: path, identity: Identity(status)))
            while let entry = readdir(listing) {
                let (name, isUTF8) = withUnsafeBytes(of: &entry.pointee.d_name) { bytes in
                    let name = bytes.prefix { $0 != 0 }
                    return (String(decoding: name, as: UTF8.self), Self.isUTF8(name))
                }
                if name == "." || name == ".." { continue }
                var kind = Int(entry.pointee.d_type)
                var child = stat()
                if kind != Int(DT_REG) {
                    kind =
                        fstatat(descriptor, name, &child, AT_SYMLINK_NOFOLLOW) != 0
                        ? Int(DT_UNKNOWN)
                        : child.st_mode & S_IFMT == S_IFDIR
                            ? Int(DT_DIR)
                            : child.st_mode & S_IFMT == S_IFLNK ? Int(DT_LNK) : Int(DT_REG)
                }
                // A folder, or a file it would read, named by bytes that are not UTF-8 cannot be
                // named again to be opened: an error, not files left out in silence.
                guard isUTF8 || !(kind == Int(DT_DIR) || kind == Int(DT_LNK) || accepts(name)) else {
                    problems.append(Diagnostic("a name that is not UTF-8; it is not read", path: path + "/" + name))
                    continue
                }
                if kind == Int(DT_DIR) {
                    pending.append((path + "/" + name, Identity(child)))
                } else if kind == Int(DT_LNK), let outside = Self.folderOutside(name, in: descriptor, canonicalRoot) {
                    problems.append(
                        Diagnostic(
                            "a symbolic link to a folder outside \(Diagnostic.quote(root)) (\(Diagnostic.quote(outside))); "
                                + "its files are not read", path: path + "/" + name))
                } else if accepts(name) {
                    files.append(File(path: path + "/" + name, folder: index, name: name))
                }
            }
            closedir(listing)
        }
        files.sort { $0.path < $1.path }
    }

    /// Why the root at `path` could not be opened, as the error to report; nil when nothing is
    /// there (`Sources/` may not exist yet: no files).
    private static func rootProblem(_ path: String) -> Diagnostic? {
        let reason = errno
        var status = stat()
        guard lstat(path, &status) == 0 else {
            return reason == ENOENT || reason == ENOTDIR ? nil : InputFile.failure("cannot read the folder", path)
        }
        if status.st_mode & S_IFMT == S_IFLNK, reason == ENOENT {
            return Diagnostic("a symbolic link that leads to no folder", path: path)
        }
        errno = reason
        return status.st_mode & S_IFMT == S_IFDIR || status.st_mode & S_IFMT == S_IFLNK
            ? InputFile.failure("cannot read the folder", path) : Diagnostic("not a folder", path: path)
    }

    /// Where the link `name` in the folder open as `folder` leads, when it leads to a folder
    /// outside `root` (its real path); nil for anything else. What it leads to is opened (a
    /// folder only) and named by the kernel, so that what is judged is what is there.
    private static func folderOutside(_ name: String, in folder: Int32, _ root: String) -> String? {
        let descriptor = openat(folder, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let real = InputFile.openedPath(descriptor), !InputFile.isInside(real + "/", root) else { return nil }
        return real
    }

    /// Reads `files[range]` one by one into one buffer, and gives `body` each file with its
    /// bytes, nil when it is gone, or the error that kept it from being read.
    package func read(
        _ range: Range<Int>, limit: Int,
        _ body: (File, Result<UnsafeBufferPointer<UInt8>?, Diagnostic>) -> Void
    ) {
        var buffer: [UInt8] = []
        var open: (folder: Int, descriptor: Int32)?
        defer { if let open { close(open.descriptor) } }
        for file in files[range] {
            if open?.folder != file.folder {
                if let descriptor = open?.descriptor { close(descriptor) }
                open = reopen(file.folder).map { (file.folder, $0) }
            }
            let result = Result { () throws(Diagnostic) -> Int? in
                guard let folder = open?.descriptor else {
                    return try InputFile.read(atPath: file.path, limit: limit, within: root, into: &buffer)
                }
                return try InputFile.read(
                    named: file.name, in: folder, path: file.path, within: root, limit: limit, into: &buffer)
            }
            switch result {
            case .success(let count?):
                buffer.withUnsafeBufferPointer { body(file, .success(UnsafeBufferPointer(rebasing: $0[..<count]))) }
            case .success(nil): body(file, .success(nil))
            case .failure(let error): body(file, .failure(error))
            }
        }
    }

    /// The folder `folders[index]` opened by its path again, when it is still the folder the
    /// walk found (else its files are read by their paths, with every check).
    private func reopen(_ index: Int) -> Int32? {
        let folder = folders[index]
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, Identity(status) == folder.identity else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}
