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

/// An exclusive advisory lock (`flock`) on a file, held from `init` until `release()`, so
/// that processes which load, change and save the file take turns.
///
/// Saving replaces the file by renaming a new one over it, which leaves a waiting process
/// holding a lock on the old file. So once the lock is granted, the lock checks that the
/// path still names the file it locked, and otherwise locks the new file instead: whoever
/// holds the lock holds it on the file the path names, and reads its latest content.
public final class FileLock {
    /// The file locked (a symbolic link's target is locked through it).
    private var descriptor: Int32

    /// Waits for the exclusive lock on the existing file or folder `url`; anything else (a named
    /// pipe, a device) is an error at once.
    public init(exclusive url: URL) throws(Diagnostic) {
        while true {
            // Not blocking: a named pipe where a file or folder is expected must not hang the open.
            let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { throw AtomicFile.failure("cannot open the file to lock it", url) }
            var status = stat()
            guard fstat(descriptor, &status) == 0,
                [S_IFREG, S_IFDIR].contains(status.st_mode & S_IFMT)
            else {
                close(descriptor)
                throw Diagnostic("not a file or folder to lock (a named pipe or a device)", path: url.path)
            }
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let error = AtomicFile.failure("cannot lock the file", url)
                    close(descriptor)
                    throw error
                }
            }
            var locked = stat(), current = stat()
            if fstat(descriptor, &locked) == 0, stat(url.path, &current) == 0,
                locked.st_dev == current.st_dev, locked.st_ino == current.st_ino
            {
                self.descriptor = descriptor
                return
            }
            // Replaced while this process waited: lock the file the path names now.
            close(descriptor)
        }
    }

    /// Gives the lock up; later calls do nothing.
    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
