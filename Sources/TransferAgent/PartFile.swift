import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The partial file a download writes, opened without following a symbolic link: its name is
/// predictable (`<name>.<id>.part`), so someone who can write to the download folder could
/// plant a link there to have the download written elsewhere. A link, a file with other names
/// (hard links), or anything but a regular file (a folder, a pipe, a device) is refused.
struct PartFile {
    /// Why a partial file cannot be written.
    enum Failure: Error {
        /// A symbolic link, a hard-linked file, or not a regular file.
        case unsafe
        /// The system's error number.
        case system(Int32)
    }

    private let descriptor: Int32

    /// The partial file at `path`, opened for writing; nil when there is none yet.
    static func existing(_ path: String) throws(Failure) -> PartFile? {
        do {
            return try open(path, creating: false)
        } catch .system(let code) where code == ENOENT {
            return nil
        }
    }

    /// A new partial file at `path`; nothing may be there already (a name taken meanwhile is
    /// refused rather than followed).
    static func create(_ path: String) throws(Failure) -> PartFile {
        try open(path, creating: true)
    }

    private static func open(_ path: String, creating: Bool) throws(Failure) -> PartFile {
        // Not blocking: opening a planted pipe would wait for a reader.
        let flags = O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | (creating ? O_CREAT | O_EXCL : 0)
        let descriptor = Foundation.open(path, flags, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            // A symbolic link (ELOOP), a folder (EISDIR), a pipe without a reader (ENXIO), a
            // name taken since it was looked at (EEXIST).
            throw [ELOOP, EISDIR, ENXIO, EEXIST].contains(code) ? .unsafe : .system(code)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            _ = Foundation.close(descriptor)
            throw .system(code)
        }
        guard Int(status.st_mode) & Int(S_IFMT) == Int(S_IFREG), status.st_nlink == 1 else {
            _ = Foundation.close(descriptor)
            throw .unsafe
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return PartFile(descriptor: descriptor)
    }

    /// The file's size in bytes.
    var size: Int64 {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? Int64(status.st_size) : 0
    }

    /// Cuts the file to `length` bytes; the next write goes at its end.
    func truncate(to length: Int64) throws(Failure) {
        guard ftruncate(descriptor, off_t(length)) == 0, lseek(descriptor, 0, SEEK_END) >= 0 else {
            throw .system(errno)
        }
    }

    /// Appends `data`.
    func write(_ data: Data) throws(Failure) {
        let failed = data.withUnsafeBytes { raw -> Int32? in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return errno }
                offset += written
            }
            return nil
        }
        if let failed { throw .system(failed) }
    }

    /// Closes the file.
    func close() {
        _ = Foundation.close(descriptor)
    }
}
