import Diagnostics
import Flavors

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

/// One `run` of a queue file at a time: two would each take the transfers the other is
/// downloading for ones a killed run left in progress, and download the same files. The lock
/// is `flock` on a file beside the queue (`.<queue file's name>.run-lock`, symbolic links
/// followed first: one queue, one lock, whatever name it is given), held for the whole run and
/// let go by the system when the process ends, however it ends; the file holds the running
/// process's id, for the message of a second run.
final class RunLock {
    private var descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The run lock of the queue file at `queueURL`. Throws, in `text`'s language, when
    /// another run holds it, or when the lock file cannot be used.
    static func acquire(for queueURL: URL, text: Texts) throws(AppError) -> RunLock {
        let url = lockFile(of: queueURL)
        // Not following a link planted under the lock's name: the process id is written to it.
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("cannot open the run's lock file", url) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, Int(status.st_mode) & Int(S_IFMT) == Int(S_IFREG) else {
            close(descriptor)
            throw AppError.file(Diagnostic("the run's lock file is not a regular file", path: url.path))
        }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EINTR else {
                let busy = errno == EWOULDBLOCK
                let error = failure("cannot lock the run's lock file", url)
                defer { close(descriptor) }
                guard busy else { throw error }
                let name = Diagnostic.quote(queueURL.path)
                guard let pid = owner(descriptor) else {
                    throw AppError.failed(text("error.run.busyNoProcess", .string(name)))
                }
                throw AppError.failed(text("error.run.busy", .string(name), .int(Int(pid))))
            }
        }
        let pid = Array("\(getpid())\n".utf8)
        guard ftruncate(descriptor, 0) == 0, pwrite(descriptor, pid, pid.count, 0) == pid.count else {
            let error = failure("cannot write the run's lock file", url)
            close(descriptor)
            throw error
        }
        return RunLock(descriptor: descriptor)
    }

    /// Lets the lock go (the file stays, for the next run); later calls do nothing.
    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }

    /// `.<name>.run-lock` beside the file `queueURL` names.
    static func lockFile(of queueURL: URL) -> URL {
        let queue = queueURL.resolvingSymlinksInPath()
        return queue.deletingLastPathComponent().appendingPathComponent(".\(queue.lastPathComponent).run-lock")
    }

    /// The process id the holder wrote to the lock file; nil when none could be read (the
    /// holder writes it at once after taking the lock: it is waited for, half a second at most).
    private static func owner(_ descriptor: Int32) -> pid_t? {
        for _ in 0..<50 {
            var bytes = [UInt8](repeating: 0, count: 32)
            let count = pread(descriptor, &bytes, bytes.count, 0)
            let line = bytes[..<max(count, 0)].split(separator: UInt8(ascii: "\n")).first ?? []
            if let pid = pid_t(String(decoding: line, as: UTF8.self)), pid > 0 { return pid }
            usleep(10_000)
        }
        return nil
    }

    /// A file error about the lock file at `url`, with the system's reason.
    private static func failure(_ message: String, _ url: URL) -> AppError {
        AppError.file(Diagnostic("\(message) (\(String(cString: strerror(errno))))", path: url.path))
    }
}
