import Flavors
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One attempt at a download: a URLSession data task whose delegate streams the body to the
/// partial file, so that memory stays the same whatever the file's size. A partial file
/// already there is resumed with `Range: bytes=N-`: a 206 must start at N (its
/// `Content-Range`), a 416 saying the file is N bytes means the partial file is whole, and a
/// server that answers 200 instead sends the whole file again, the partial file starting
/// over from 0.
final class DownloadAttempt: HTTPAttempt, TransferAttempt, URLSessionDataDelegate, @unchecked Sendable {
    private let url: URL
    private let partURL: URL
    private let lock = NSLock()
    private var handle: FileHandle?
    private var done: Int64 = 0
    /// The file's size, 0 while unknown.
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
        let range = (http.value(forHTTPHeaderField: "Content-Range")).flatMap(ContentRange.init)
        let offset = lock.withLock { done }
        let fileManager = FileManager.default
        switch status {
        case 206 where offset > 0 && range?.first == offset:
            lock.withLock { total = range?.size ?? (length >= 0 ? offset + length : 0) }
        case 200..<300 where status != 206:
            // The whole body again: what the partial file held is counted anew.
            lock.withLock {
                done = 0
                total = max(length, 0)
            }
            _ = fileManager.createFile(atPath: partURL.path, contents: nil)
        case 416 where offset > 0 && range?.size == offset:
            // Nothing after the partial file's end: it is the whole file.
            if !fileManager.fileExists(atPath: partURL.path) {
                _ = fileManager.createFile(atPath: partURL.path, contents: nil)
            }
            lock.withLock { total = offset }
            complete()
            completionHandler(.cancel)
            return
        default:
            // A refusal, or a range that does not start where the partial file ends: the next
            // attempt starts over.
            if status == 416 || status == 206 { try? fileManager.removeItem(at: partURL) }
            refuse(status: status, retryable: status >= 500 || status == 429 || status == 416 || status == 206)
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

/// A `Content-Range` header's value: `bytes FIRST-LAST/SIZE`, `bytes FIRST-LAST/*` or
/// `bytes */SIZE` (RFC 9110, 14.4).
struct ContentRange: Equatable {
    /// The first and last byte sent; nil in a 416's `bytes */SIZE`.
    var first: Int64?
    var last: Int64?
    /// The whole representation's size; nil when the server does not know it (`*`).
    var size: Int64?

    init?(_ value: String) {
        let parts = value.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bytes" else { return nil }
        let halves = parts[1].split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        if halves[1] != "*" {
            guard let size = Int64(halves[1]) else { return nil }
            self.size = size
        }
        if halves[0] != "*" {
            let bounds = halves[0].split(separator: "-", omittingEmptySubsequences: false)
            guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first <= last
            else { return nil }
            self.first = first
            self.last = last
        }
    }
}
