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

/// A file that holds a few settings, read only up to a size no such file needs: a huge one
/// (or a device, a FIFO) costs neither seconds nor memory at every start.
enum SmallFile {
    /// What a file read with a limit held.
    enum Contents {
        /// No such file.
        case missing
        /// The bytes.
        case read(Data)
        /// Larger than the limit (or not a regular file): left unread.
        case tooLarge
    }

    /// `url`'s bytes when they are at most `limit`; an unreadable file is an error.
    static func read(_ url: URL, limit: Int) throws(Diagnostic) -> Contents {
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return .missing }
            throw Diagnostic("cannot read the file: \(String(cString: strerror(errno)))", path: url.path)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw Diagnostic("cannot read the file: \(String(cString: strerror(errno)))", path: url.path)
        }
        guard status.st_mode & S_IFMT == S_IFREG else { return .tooLarge }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count <= limit {
            let got = bytes.withUnsafeMutableBytes {
                systemRead(descriptor, $0.baseAddress! + count, limit + 1 - count)
            }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else {
                throw Diagnostic("cannot read the file: \(String(cString: strerror(errno)))", path: url.path)
            }
            if got == 0 { break }
            count += got
        }
        return count > limit ? .tooLarge : .read(Data(bytes[..<count]))
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif
