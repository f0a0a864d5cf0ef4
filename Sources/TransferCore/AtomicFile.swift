import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole files so that readers see the old contents or the new, never a part.
enum AtomicFile {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `data` to a temporary file beside `url`, flushes it, then renames it over `url`.
    static func write(_ data: Data, to url: URL) throws(Failure) {
        let folder = url.deletingLastPathComponent().path
        var template = Array("\(folder)/.\(url.lastPathComponent).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw Failure(description: "cannot create a file in \(folder): \(errorText())") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = 0
        let ok = data.withUnsafeBytes { raw -> Bool in
            while written < raw.count {
                let result = Foundation.write(descriptor, raw.baseAddress! + written, raw.count - written)
                if result < 0 { if errno == EINTR { continue } else { return false } }
                written += result
            }
            return fsync(descriptor) == 0
        }
        let message = errorText()
        close(descriptor)
        guard ok else {
            unlink(temporary)
            throw Failure(description: "cannot write \(temporary): \(message)")
        }
        chmod(temporary, 0o644)
        guard rename(temporary, url.path) == 0 else {
            let message = errorText()
            unlink(temporary)
            throw Failure(description: "cannot replace \(url.path): \(message)")
        }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
