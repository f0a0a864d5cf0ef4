import Diagnostics
import FileFormats
import FileWriting

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The queue file shared by the commands that change it (`add`, `delete`, `run`, and
/// Regular's saved changes): every change is applied to the file's latest content while its
/// lock is held, and written with `AtomicFile`, so two processes never lose each other's
/// changes and an interrupted write leaves the old file or the new one.
package enum QueueStore {
    /// Applies `change` to the latest content of the queue file at `url` under its lock, saves
    /// the result unless `change` throws, and returns it with what `change` returned. With
    /// `creating`, a file that does not exist yet is an empty queue, changed and written under
    /// a lock on its folder (two processes starting one file take turns too).
    package static func update<Result>(
        _ url: URL, creating: Bool = false, _ change: (inout TransferQueue) throws(AppError) -> Result
    ) throws(AppError) -> (queue: TransferQueue, result: Result) {
        if creating && !FileManager.default.fileExists(atPath: url.path) {
            let folderLock: FileLock
            do {
                folderLock = try FileLock(exclusive: url.deletingLastPathComponent())
            } catch {
                throw AppError.file(error)
            }
            defer { folderLock.release() }
            if !FileManager.default.fileExists(atPath: url.path) {
                var queue = TransferQueue(transfers: [])
                let result = try change(&queue)
                try save(queue, to: url)
                return (queue, result)
            }
        }
        let lock: FileLock
        do {
            lock = try FileLock(exclusive: url)
        } catch {
            throw AppError.file(error)
        }
        defer { lock.release() }
        var latest = try QueueFile.load(url)
        let result = try change(&latest)
        try save(latest, to: url)
        return (latest, result)
    }

    /// Writes `queue` to `url` with `AtomicFile` (the caller holds the lock).
    package static func save(_ queue: TransferQueue, to url: URL) throws(AppError) {
        do {
            try AtomicFile.write(queue.fileData, to: url)
        } catch {
            throw AppError.file(Diagnostic("cannot save the queue (\(error.message))", path: error.path))
        }
    }
}
