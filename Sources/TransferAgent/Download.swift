import Foundation
import TransferAgentProtocol

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A download: a URLSession data task whose delegate streams the body to the partial file,
/// 256 KiB at a time. A partial file already there is resumed with `Range: bytes=N-` (and
/// `If-Range` with the validator an agent before reported): a 206 must start at N (its
/// `Content-Range`), a 416 saying the file is N bytes means the partial file is whole, and a
/// server that answers 200 instead sends the whole file again, the partial file starting over
/// from 0.
///
/// With a `share`, the download stops once that many bytes are written, when the server takes
/// ranges (`206`, or `Accept-Ranges: bytes`), and reports `more`: the app starts another agent
/// for the rest, and this agent ends at once (a cancel would wait for the rest of a fast body).
/// FoundationNetworking makes a dispatch timer for every 16 KiB piece of a body and frees them
/// only when its queue is idle, which a fast body never lets it be: a process's memory grows
/// with what it has downloaded (about 20 MiB a GiB on loopback); a share bounds it.
final class Download: HTTPTransfer, AgentTransfer, URLSessionDataDelegate, @unchecked Sendable {
    private let url: String
    private let partFile: String
    private let share: Int64?
    private let validator: String?
    // The rest is touched by the session's delegate queue only, one call at a time (and by
    // `run` before the task starts): no lock.
    private var handle: FileHandle?
    private var done: Int64 = 0
    /// The file's size, 0 while unknown.
    private var total: Int64 = 0
    /// Where this body ends (the file's size, or the end of the range sent), 0 while unknown.
    private var bodyEnd: Int64 = 0
    /// Where this agent stops (its share written), when the server takes ranges.
    private var stop: Int64?
    /// What the server says identifies this version of the file, for the next agent.
    private var answerValidator = ""
    /// Received bytes not written yet.
    private var pending = Data()

    init(url: String, partFile: String, share: Int64?, validator: String?, reporter: Reporter) {
        self.url = url
        self.partFile = partFile
        self.share = share
        self.validator = validator
        super.init(reporter: reporter)
    }

    func run() -> AgentReport {
        guard let url = URL(string: url) else { return .failed(reason: "not a URL: \(url)", retryable: false) }
        let offset =
            (try? FileManager.default.attributesOfItem(atPath: partFile)[.size] as? NSNumber)?.int64Value ?? 0
        var request = URLRequest(url: url)
        if offset > 0 {
            request.setValue("bytes=\(offset)-", forHTTPHeaderField: "Range")
            if let validator, !validator.isEmpty { request.setValue(validator, forHTTPHeaderField: "If-Range") }
        }
        done = offset
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
        let offset = done
        let fileManager = FileManager.default
        switch status {
        case 206 where offset > 0 && range?.first == offset:
            total = range?.size ?? (length >= 0 ? offset + length : 0)
            bodyEnd = range?.last.map { $0 + 1 } ?? total
            stop = share.map { offset + $0 }
        case 200..<300 where status != 206:
            // The whole body again: what the partial file held is counted anew.
            let takesRanges = http.value(forHTTPHeaderField: "Accept-Ranges")?.lowercased().contains("bytes") == true
            done = 0
            total = max(length, 0)
            bodyEnd = total
            stop = takesRanges ? share : nil
            _ = fileManager.createFile(atPath: partFile, contents: nil)
        case 416 where offset > 0 && range?.size == offset:
            // Nothing after the partial file's end: it is the whole file.
            if !fileManager.fileExists(atPath: partFile) {
                _ = fileManager.createFile(atPath: partFile, contents: nil)
            }
            total = offset
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
        // A strong ETag, else Last-Modified: what `If-Range` may name (RFC 9110, 13.1.5).
        if let tag = http.value(forHTTPHeaderField: "ETag"), !tag.hasPrefix("W/") {
            answerValidator = tag
        } else {
            answerValidator = http.value(forHTTPHeaderField: "Last-Modified") ?? ""
        }
        do {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: partFile))
            try handle.truncate(atOffset: UInt64(done))
            try handle.seekToEnd()
            self.handle = handle
            reporter.progress(done, total)
            completionHandler(.allow)
        } catch {
            end(.failed(reason: "\(partFile): \(error.localizedDescription)", retryable: false))
            completionHandler(.cancel)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard !hasEnded, let writer = handle else { return }
        done += Int64(data.count)
        pending.append(data)
        if pending.count >= 1 << 18 {
            if let failure = flush(to: writer) {
                // The disk refused: nothing more can be written, so the agent ends here.
                reporter.finish(failure)
                _exit(0)
            }
        }
        reporter.progress(done, total)
        if let stop, done >= stop, total == 0 || done < total {
            // This agent's share is received (the piece that crossed it too): written, the next
            // agent continues and this one ends at once (see `HTTPTransfer` for why not a cancel).
            let failure = flush(to: writer)
            try? writer.close()
            reporter.finish(failure ?? .more(done: done, total: total, validator: answerValidator))
            _exit(0)
        }
    }

    /// Writes what `pending` holds; the failure when the disk refuses.
    private func flush(to writer: FileHandle) -> AgentReport? {
        defer { pending.removeAll(keepingCapacity: true) }
        do {
            try writer.write(contentsOf: pending)
            return nil
        } catch {
            return .failed(reason: "\(partFile): \(error.localizedDescription)", retryable: false)
        }
    }

    /// Writes what is left and closes the partial file. A body shorter than announced is a
    /// dropped connection; a range that ends before the file does leaves more to fetch.
    override func ended() -> AgentReport? {
        let failure = handle.flatMap { pending.isEmpty ? nil : flush(to: $0) }
        try? handle?.close()
        handle = nil
        if let failure { return failure }
        guard bodyEnd > 0 else { return nil }
        if done < bodyEnd { return .dropped(done: done, total: total) }
        return done < total ? .more(done: done, total: total, validator: answerValidator) : nil
    }
}
