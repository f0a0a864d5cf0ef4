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

/// The one way FlavorKit reads a file that came from outside (a catalog, a source file, a
/// snapshot, a translator's file, a setting): a regular file only (a FIFO, a device or a
/// folder is refused before a byte is read, so that neither hangs nor fills memory), at most
/// `limit` bytes (more is refused, also when the file grows while read), and, with `within`,
/// only when it lies inside that folder once every symbolic link is followed: a committed link
/// to `/proc/self/environ` or to a file outside the package is refused. Every refusal is a
/// `Diagnostic` naming the file.
package enum InputFile {
    /// The most read of a catalog (a String Catalog of 100,000 keys in 40 languages is about
    /// 1 GB).
    package static let catalogLimit = 4 << 30
    /// The most read of a Swift source file, a snapshot or a translator's file.
    package static let textLimit = 1 << 30

    /// The bytes of the file at `url`. A missing file is an error too ("no such file", or for
    /// a symbolic link that leads to no file, so).
    package static func read(_ url: URL, limit: Int, within folder: URL? = nil) throws(Diagnostic) -> Data {
        try read(atPath: url.path, limit: limit, within: folder?.path)
    }

    /// `read(_:limit:within:)` by paths, for paths made by joining names (a URL built for
    /// each file would cost more than reading a small catalog).
    package static func read(atPath path: String, limit: Int, within folder: String? = nil) throws(Diagnostic) -> Data {
        guard let data = try readIfPresent(atPath: path, limit: limit, within: folder) else {
            throw missing(path, isLink: isLink(path))
        }
        return data
    }

    /// The bytes of the file at `url` as `read(_:limit:within:)` reads them, in an array of
    /// exactly their count (for a reader that keeps slices of them).
    package static func bytes(_ url: URL, limit: Int) throws(Diagnostic) -> [UInt8] {
        var bytes: [UInt8] = []
        guard let count = try read(url, limit: limit, into: &bytes) else {
            throw missing(url.path, isLink: isLink(url.path))
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// Whether the entry at `path` is itself a symbolic link: where a read found no file, one
    /// that leads to no file, which someone meant to be read.
    package static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// The error for a file that is not there: a symbolic link there that leads to no file is
    /// one someone meant to be read.
    private static func missing(_ path: String, isLink: Bool) -> Diagnostic {
        Diagnostic(isLink ? "a symbolic link that leads to no file" : "no such file", path: path)
    }

    /// The bytes of the file at `url`; nil when there is none (nor a link to one).
    package static func readIfPresent(_ url: URL, limit: Int, within folder: URL? = nil) throws(Diagnostic) -> Data? {
        try readIfPresent(atPath: url.path, limit: limit, within: folder?.path)
    }

    /// The bytes of the file at `path` (absolute), inside the folder at `folder` when given;
    /// nil when there is none. For paths made by joining names, without building a `URL` for
    /// each (start-up reads a plist per flavor this way).
    package static func readIfPresent(atPath path: String, limit: Int, within folder: String? = nil)
        throws(Diagnostic) -> Data?
    {
        guard let (descriptor, size) = try openChecked(path, limit: limit, within: folder) else { return nil }
        defer { close(descriptor) }
        // The buffer is the file's size and one byte (to see the end): `Data(count:)` allocates
        // a quarter more than it is asked for, which a 1 GB catalog would hold while it is read.
        guard let buffer = malloc(size + 1) else { throw failure("cannot read the file", path) }
        LargePages.advise(buffer, count: size + 1)
        let count: Int?
        do {
            count = try readAll(
                descriptor, into: UnsafeMutableRawBufferPointer(start: buffer, count: size + 1), expecting: size,
                limit: limit, path: path)
        } catch {
            free(buffer)
            throw error
        }
        guard let count else {
            free(buffer)
            // The file grew past what `fstat` said: read the rest through a growing buffer.
            var bytes: [UInt8] = []
            guard let count = try read(atPath: path, limit: limit, within: folder, into: &bytes) else { return nil }
            return Data(bytes[..<count])
        }
        return Data(bytesNoCopy: buffer, count: count, deallocator: .free)
    }

    /// Reads the file at `url` into the start of `buffer`, grown as needed and kept by the
    /// caller for the next file (nothing copied per file); returns how many bytes it holds,
    /// or nil when there is no such file.
    package static func read(_ url: URL, limit: Int, within folder: URL? = nil, into buffer: inout [UInt8])
        throws(Diagnostic) -> Int?
    {
        try read(atPath: url.path, limit: limit, within: folder?.path, into: &buffer)
    }

    package static func read(atPath path: String, limit: Int, within folder: String?, into buffer: inout [UInt8])
        throws(Diagnostic) -> Int?
    {
        guard let (descriptor, size) = try openChecked(path, limit: limit, within: folder) else { return nil }
        defer { close(descriptor) }
        return try read(descriptor, size: size, path: path, limit: limit, into: &buffer)
    }

    /// The file `name` of the folder open as `folder` (the file's path: `path`), read into the
    /// start of `buffer` as `read(_:limit:within:into:)` reads it. It is opened through the
    /// folder without following a link (`openat(2)`, `O_NOFOLLOW`): in a folder that a walk
    /// following no link found inside `root`, a regular file is inside `root` with no check of
    /// where it leads. Anything else there (a link, a named pipe) is read by its path with
    /// every check, for the same errors. Nil when there is no such file (a link there that
    /// leads to no file is an error).
    package static func read(
        named name: String, in folder: Int32, path: String, within root: String, limit: Int,
        into buffer: inout [UInt8]
    ) throws(Diagnostic) -> Int? {
        // By its path, with every check; a link found that leads to no file is an error here,
        // not a file that went away.
        func readChecked() throws(Diagnostic) -> Int? {
            if let count = try read(atPath: path, limit: limit, within: root, into: &buffer) { return count }
            var status = stat()
            guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFLNK
            else { return nil }
            throw missing(path, isLink: true)
        }
        let descriptor = openat(folder, name, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            return try readChecked()
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return try readChecked() }
        guard Int(status.st_size) <= limit else { throw tooLarge(path, limit: limit) }
        return try read(descriptor, size: Int(status.st_size), path: path, limit: limit, into: &buffer)
    }

    /// Reads the open file, of `size` bytes when `fstat` was asked, into the start of
    /// `buffer`, through a growing buffer if it grew since (at most `limit` bytes); returns
    /// how many bytes it read.
    private static func read(
        _ descriptor: Int32, size: Int, path: String, limit: Int, into buffer: inout [UInt8]
    ) throws(Diagnostic) -> Int? {
        var wanted = size + 1
        var count = 0
        while true {
            let read = { (bytes: UnsafeMutableRawBufferPointer) in
                Result { () throws(Diagnostic) in
                    try readAll(
                        descriptor, into: UnsafeMutableRawBufferPointer(rebasing: bytes[count..<wanted]),
                        expecting: count == 0 ? size : nil, limit: limit - count, path: path)
                }
            }
            let got: Int?
            if buffer.count >= wanted {
                got = try buffer.withUnsafeMutableBytes(read).get()
            } else {
                // A larger buffer, its new bytes left for read(2) to fill: zeroing them first
                // would touch every page of a large file twice.
                (buffer, got) = try grown(buffer, keeping: count, to: wanted, reading: read)
            }
            if let got { return count + got }
            count = wanted
            guard count <= limit else { throw tooLarge(path, limit: limit) }
            wanted = min(limit + 1, count * 2)
        }
    }

    /// A buffer of `capacity` bytes holding the first `kept` bytes of `buffer`, the rest
    /// filled by `read` (and, past what it read, zeros: usually the one byte that saw the end,
    /// so that a file of the same size is read into this buffer again without growing it).
    private static func grown(
        _ buffer: [UInt8], keeping kept: Int, to capacity: Int,
        reading read: (UnsafeMutableRawBufferPointer) -> Result<Int?, Diagnostic>
    ) throws(Diagnostic) -> ([UInt8], Int?) {
        var result: Result<Int?, Diagnostic> = .success(nil)
        let grown = [UInt8](unsafeUninitializedCapacity: capacity) { bytes, initialized in
            LargePages.advise(UnsafeMutableRawPointer(bytes.baseAddress), count: capacity)
            _ = bytes.initialize(fromContentsOf: buffer[..<kept])
            result = read(UnsafeMutableRawBufferPointer(bytes))
            switch result {
            case .success(let got):
                let filled = kept + (got ?? capacity - kept)
                (bytes.baseAddress! + filled).initialize(repeating: 0, count: capacity - filled)
                initialized = capacity
            case .failure:
                // Thrown below: the buffer is not kept.
                initialized = kept
            }
        }
        return (grown, try result.get())
    }

    /// The file at `given` opened for reading once it passed every check, and its size; nil
    /// when there is none.
    private static func openChecked(_ given: String, limit: Int, within folder: String?) throws(Diagnostic)
        -> (Int32, Int)?
    {
        if let folder {
            switch try openDirectlyInside(given, limit: limit, folder: folder) {
            case .opened(let descriptor, let size): return (descriptor, size)
            case .missing: return nil
            case .checkEverything: break
            }
        }
        #if os(Linux)
        if let folder, namesOpenFiles { return try openBeneath(given, limit: limit, within: folder) }
        #endif
        var path = given
        if let folder {
            guard let resolved = realpath(path, nil) else {
                if errno == ENOENT || errno == ENOTDIR { return nil }
                throw failure("cannot read the file", given)
            }
            path = String(cString: resolved)
            free(resolved)
            try checkInside(path, given: given, folder: folder)
        }
        // Not blocking, so that opening a FIFO returns at once; the resolved path is opened
        // without following a link that replaced it since.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (folder == nil ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw failure("cannot read the file", given)
        }
        // O_NOFOLLOW guards the last name only: a folder on the way swapped for a link since
        // `realpath` would lead elsewhere. What was opened is asked of the kernel and checked.
        if let folder, let opened = openedPath(descriptor), !opened.utf8.elementsEqual(path.utf8),
            !isInside(opened, canonicalFolder(folder))
        {
            close(descriptor)
            throw Diagnostic(
                "changed while it was opened, to \"\(Diagnostic.quote(opened))\", outside "
                    + "\(Diagnostic.quote(folder)); only files inside it are read", path: given)
        }
        do {
            return (descriptor, try checkedSize(descriptor, given, limit: limit))
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// How `openDirectlyInside` ended.
    private enum DirectOpening {
        /// The file, open, and its size.
        case opened(Int32, Int)
        /// No such file.
        case missing
        /// Not a regular file named directly in the folder: every check is to run.
        case checkEverything
    }

    /// A regular file named directly in `folder` (`folder/Info.plist`), not through a link:
    /// it lies in the folder whatever the folder's own path leads to, so it is opened without
    /// asking the kernel where it leads (a flavor's plists and `flavorkit.json`, at every
    /// start-up). Any other path, or a link, a FIFO or a folder there, is left to every check.
    private static func openDirectlyInside(_ given: String, limit: Int, folder: String) throws(Diagnostic)
        -> DirectOpening
    {
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        guard given.hasBytePrefix(base) else { return .checkEverything }
        let name = given.utf8.dropFirst(base.utf8.count)
        guard !name.isEmpty, !name.contains(UInt8(ascii: "/")), !name.elementsEqual(".".utf8),
            !name.elementsEqual("..".utf8)
        else { return .checkEverything }
        // The entry itself, not what a link there leads to: only a regular file takes this way
        // (opening a device could do something), and the file opened must be that one.
        var entry = stat()
        guard lstat(given, &entry) == 0 else { return errno == ENOENT ? .missing : .checkEverything }
        guard entry.st_mode & S_IFMT == S_IFREG else { return .checkEverything }
        let descriptor = open(given, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return .checkEverything }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_dev == entry.st_dev,
            status.st_ino == entry.st_ino
        else {
            close(descriptor)
            return .checkEverything
        }
        guard Int(status.st_size) <= limit else {
            close(descriptor)
            throw tooLarge(given, limit: limit)
        }
        return .opened(descriptor, Int(status.st_size))
    }

    #if os(Linux)
    /// The file at `given` opened once what it resolves to passed every check: a handle that
    /// opens nothing (`O_PATH`: not a FIFO, not a device) names, through the kernel, the file
    /// every link leads to; that file is checked, then opened through the handle, so that
    /// what is read is what was checked, with no time between for a folder on the way to be
    /// swapped for a link. One `open` and one `readlink` instead of `realpath`'s `readlink` of
    /// every folder on the way. Nil when there is no such file.
    private static func openBeneath(_ given: String, limit: Int, within folder: String) throws(Diagnostic)
        -> (Int32, Int)?
    {
        let handle = open(given, pathOnly | O_CLOEXEC)
        guard handle >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw failure("cannot read the file", given)
        }
        defer { close(handle) }
        guard let resolved = openedPath(handle) else {
            throw Diagnostic("cannot read the file (the system cannot say where it leads)", path: given)
        }
        try checkInside(resolved, given: given, folder: folder)
        let size = try checkedSize(handle, given, limit: limit)
        let descriptor = open("/proc/self/fd/\(handle)", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot read the file", given) }
        return (descriptor, size)
    }

    /// Whether the kernel names open files in `/proc/self/fd` (not in a chroot without `/proc`).
    private static let namesOpenFiles = access("/proc/self/fd", F_OK) == 0

    /// `O_PATH` (Linux 2.6.39, the same on every architecture Swift runs on), which Glibc's
    /// module leaves out as a GNU extension.
    private static let pathOnly: Int32 = 0o10_000_000
    #endif

    /// Refuses `resolved`, what `given` resolves to, unless it lies inside `folder`.
    private static func checkInside(_ resolved: String, given: String, folder: String) throws(Diagnostic) {
        // No link on the way (it resolves to itself): the folder as written is then its real
        // path too, and needs no resolving of its own.
        guard
            (resolved.hasSameBytes(as: given) && isInside(resolved, folder))
                || isInside(resolved, canonicalFolder(folder))
        else {
            throw Diagnostic(
                "a symbolic link to \"\(Diagnostic.quote(resolved))\", outside \(Diagnostic.quote(folder)); "
                    + "only files inside it are read", path: given)
        }
    }

    /// The size of the file open as `descriptor`, once it proved a regular file within `limit`.
    private static func checkedSize(_ descriptor: Int32, _ given: String, limit: Int) throws(Diagnostic) -> Int {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure("cannot read the file", given) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Diagnostic(
                "not a regular file (\(kind(status.st_mode))); only regular files are read", path: given)
        }
        guard Int(status.st_size) <= limit else { throw tooLarge(given, limit: limit) }
        return Int(status.st_size)
    }

    /// Whether the entry at `url` is a regular file or a link to one (a FIFO, a device, a
    /// folder is not), without opening it.
    package static func isRegularFile(_ url: URL) -> Bool {
        var status = stat()
        return stat(url.path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The path of the file open as `descriptor`, as the kernel names it now; nil where it
    /// cannot say.
    package static func openedPath(_ descriptor: Int32) -> String? {
        #if canImport(Glibc)
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(PATH_MAX)) { buffer in
            let count = readlink("/proc/self/fd/\(descriptor)", buffer.baseAddress!, buffer.count)
            guard count > 0, count < buffer.count else { return nil }
            return UnsafeRawBufferPointer(start: buffer.baseAddress!, count: count).withMemoryRebound(to: UInt8.self) {
                String(decoding: $0, as: UTF8.self)
            }
        }
        #elseif canImport(Darwin)
        var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN))
        guard fcntl(descriptor, F_GETPATH, &buffer) != -1 else { return nil }
        return String(cString: buffer)
        #else
        return nil
        #endif
    }

    /// Whether the resolved `path` lies inside the resolved `folder`, byte for byte: names are
    /// bytes to the kernel, and Swift's comparison would take `café` spelled two ways as one.
    package static func isInside(_ path: String, _ folder: String) -> Bool {
        path.hasBytePrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// `folder` with every link followed, or as it is when it does not exist.
    package static func canonicalFolder(_ folder: String) -> String {
        guard let resolved = realpath(folder, nil) else { return URL(fileURLWithPath: folder).standardizedFileURL.path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Reads the descriptor into `buffer` to its end; returns how many bytes it read, or nil
    /// when the buffer filled before the end (the file is larger than it was). More than
    /// `limit` bytes is an error. `size`, the file's size as `fstat` gave it, ends the read
    /// as soon as that many bytes came in a read cut short of the buffer.
    private static func readAll(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, expecting size: Int? = nil, limit: Int,
        path: String
    ) throws(Diagnostic) -> Int? {
        var count = 0
        while count < buffer.count {
            let got = systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
            if got < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read the file", path)
            }
            if got == 0 {
                guard count <= limit else { throw tooLarge(path, limit: limit) }
                return count
            }
            count += got
            // Exactly the size `fstat` gave, one byte short of what was asked: the file's end,
            // without another read(2) to see it (a read cut short earlier reads on).
            if count == size, count < buffer.count, count <= limit { return count }
        }
        guard count <= limit else { throw tooLarge(path, limit: limit) }
        return nil
    }

    private static func tooLarge(_ path: String, limit: Int) -> Diagnostic {
        Diagnostic("larger than \(describe(limit)), more than such a file holds; not read", path: path)
    }

    /// `message` about `path`, with what `errno` says.
    package static func failure(_ message: String, _ path: String) -> Diagnostic {
        Diagnostic("\(message) (\(String(cString: strerror(errno))))", path: path)
    }

    /// `1 KiB`, `4 GiB`.
    private static func describe(_ bytes: Int) -> String {
        for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)] where bytes >= 1 << shift {
            return "\(bytes >> shift) \(unit)"
        }
        return "\(bytes) bytes"
    }

    /// What a file that is not a regular one is.
    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif
