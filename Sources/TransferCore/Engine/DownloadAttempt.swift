import Flavors
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One attempt at a download: a URLSession data task whose delegate streams the body to the
/// partial file, so that memory stays the same whatever the file's size. A partial file
/// already there is resumed with `Range: bytes=N-`; a server that answers 200 instead of
/// 206 sends the whole file again, and the partial file starts over from 0.
final class DownloadAttempt: HTTPAttempt, TransferAttempt, URLSessionDataDelegate, @unchecked Sendable {
    private let url: URL
    private let partURL: URL
    private let lock = NSLock()
    private var handle: FileHandle?
    private var done: Int64 = 0
    private var total: Int64 = 0

    init(url: URL, partURL: URL, texts: Texts, progress: @escaping TransferProgress) {
        self.url = url
        self.partURL = partURL
        super.init(texts: texts, progress: progress)
    }

    /// Fetches the URL into the partial file and waits until the attempt ends.
    func perform() -> TransferOutcome {
        let offset =
            (try? FileManager.default.attributesOfItem(atPath: partURL.path)[.size] as? NSNumber)?
            .int64Value ?? 0
        var request = URLRequest(url: url)
        if offset > 0 { request.setValue("bytes=\(offset)-", forHTTPHeaderField: "Range") }
        lock.withLock { done = offset }
        return run { $0.dataTask(with: request) }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            completionHandler(.allow)
            return
        }
        let status = http.statusCode
        let length = response.expectedContentLength
        let resumed = lock.withLock { done } > 0
        let fileManager = FileManager.default
        if status == 206 && resumed {
            lock.withLock { total = length >= 0 ? done + length : 0 }
        } else if (200..<300).contains(status) {
            // The whole body again: what the partial file held is counted anew.
            lock.withLock {
                done = 0
                total = max(length, 0)
            }
            _ = fileManager.createFile(atPath: partURL.path, contents: nil)
        } else {
            if status == 416 { try? fileManager.removeItem(at: partURL) }
            refuse(status: status, retryable: status >= 500 || status == 429 || status == 416)
            completionHandler(.cancel)
            return
        }
        if !fileManager.fileExists(atPath: partURL.path) {
            _ = fileManager.createFile(atPath: partURL.path, contents: nil)
        }
        do {
            let handle = try FileHandle(forWritingTo: partURL)
            let offset = lock.withLock { done }
            try handle.truncate(atOffset: UInt64(offset))
            try handle.seekToEnd()
            lock.withLock { self.handle = handle }
            let (now, size) = lock.withLock { (done, total) }
            progress(now, size)
            completionHandler(.allow)
        } catch {
            fail("\(partURL.path): \(error.localizedDescription)", retryable: false)
            completionHandler(.cancel)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard !hasFailed else { return }
        let (writer, now, size) = lock.withLock { () -> (FileHandle?, Int64, Int64) in
            guard handle != nil else { return (nil, done, total) }
            done += Int64(data.count)
            return (self.handle, done, total)
        }
        guard let writer else { return }
        do {
            try writer.write(contentsOf: data)
        } catch {
            fail("\(partURL.path): \(error.localizedDescription)", retryable: false)
            dataTask.cancel()
            return
        }
        progress(now, size)
    }

    /// Closes the partial file; a body shorter than announced is a dropped connection.
    override func ended() -> String? {
        lock.withLock {
            try? handle?.close()
            handle = nil
            guard total > 0 && done < total else { return nil }
            return text("reason.dropped", .string(text.bytes(done)), .string(text.bytes(total)))
        }
    }
}
