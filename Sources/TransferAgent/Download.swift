import Foundation
import TransferAgentProtocol

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A download: a URLSession data task whose delegate streams the body to the partial file,
/// so that memory stays the same whatever the file's size. A partial file already there is
/// resumed with `Range: bytes=N-`: a 206 must start at N (its `Content-Range`), a 416 saying
/// the file is N bytes means the partial file is whole, and a server that answers 200 instead
/// sends the whole file again, the partial file starting over from 0.
final class Download: HTTPTransfer, AgentTransfer, URLSessionDataDelegate, @unchecked Sendable {
    private let url: String
    private let partFile: String
    private let lock = NSLock()
    private var handle: FileHandle?
    private var done: Int64 = 0
    /// The file's size, 0 while unknown.
    private var total: Int64 = 0

    init(url: String, partFile: String, reporter: Reporter) {
        self.url = url
        self.partFile = partFile
        super.init(reporter: reporter)
    }

    func run() -> AgentReport {
        guard let url = URL(string: url) else { return .failed(reason: "not a URL: \(url)", retryable: false) }
        let offset =
            (try? FileManager.default.attributesOfItem(atPath: partFile)[.size] as? NSNumber)?.int64Value ?? 0
        var request = URLRequest(url: url)
        if offset > 0 { request.setValue("bytes=\(offset)-", forHTTPHeaderField: "Range") }
        lock.withLock { done = offset }
        return perform { $0.dataTask(with: request) }
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
            _ = fileManager.createFile(atPath: partFile, contents: nil)
        case 416 where offset > 0 && range?.size == offset:
            // Nothing after the partial file's end: it is the whole file.
            if !fileManager.fileExists(atPath: partFile) {
                _ = fileManager.createFile(atPath: partFile, contents: nil)
            }
            lock.withLock { total = offset }
            end(.completed)
            completionHandler(.cancel)
            return
        default:
            // A refusal, or a range that does not start where the partial file ends: the next
            // attempt starts over.
            if status == 416 || status == 206 { try? fileManager.removeItem(atPath: partFile) }
            refuse(status: status, retryable: status >= 500 || status == 429 || status == 416 || status == 206)
            completionHandler(.cancel)
            return
        }
        if !fileManager.fileExists(atPath: partFile) {
            _ = fileManager.createFile(atPath: partFile, contents: nil)
        }
        do {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: partFile))
            let offset = lock.withLock { done }
            try handle.truncate(atOffset: UInt64(offset))
            try handle.seekToEnd()
            lock.withLock { self.handle = handle }
            let (now, size) = lock.withLock { (done, total) }
            reporter.progress(now, size)
            completionHandler(.allow)
        } catch {
            end(.failed(reason: "\(partFile): \(error.localizedDescription)", retryable: false))
            completionHandler(.cancel)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard !hasEnded else { return }
        let (writer, now, size) = lock.withLock { () -> (FileHandle?, Int64, Int64) in
            guard handle != nil else { return (nil, done, total) }
            done += Int64(data.count)
            return (self.handle, done, total)
        }
        guard let writer else { return }
        pending.append(data)
        if pending.count >= 1 << 18 {
            guard flush(to: writer) else {
                dataTask.cancel()
                return
            }
        }
        reporter.progress(now, size)
    }

    private var pending = Data()

    private func flush(to writer: FileHandle) -> Bool {
        defer { pending.removeAll(keepingCapacity: true) }
        do {
            try writer.write(contentsOf: pending)
            return true
        } catch {
            end(.failed(reason: "\(partFile): \(error.localizedDescription)", retryable: false))
            return false
        }
    }

    /// Closes the partial file; a body shorter than announced is a dropped connection.
    override func ended() -> AgentReport? {
        if let writer = lock.withLock({ handle }), !pending.isEmpty { _ = flush(to: writer) }
        return lock.withLock {
            try? handle?.close()
            handle = nil
            guard total > 0 && done < total else { return nil }
            return .dropped(done: done, total: total)
        }
    }
}
