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
/// The partial file is a `PartFile` (no symbolic link followed). The file's own bytes are
/// asked for (`Accept-Encoding: identity`: a compressed body could grow without bound once
/// decoded), a body sent with a `Content-Encoding` anyway is refused, and no byte is written
/// past where the server said the body ends (`Content-Length`, or a 206's `Content-Range`):
/// a longer body fails. A 206 whose `Content-Range` names no usable range fails too.
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
    /// Held while the body is written, so that `settle()` (another thread) writes what is left
    /// between two pieces.
    private let writing = NSLock()
    // The rest is touched by the session's delegate queue only, one call at a time (and by
    // `run` before the task starts, and `settle()` under `writing`).
    private var file: PartFile?
    private var done: Int64 = 0
    /// The file's size, 0 while unknown.
    private var total: Int64 = 0
    /// Where this body ends (the file's size, or the end of the range sent), 0 while unknown.
    private var bodyEnd: Int64 = 0
    /// Where the server said this body ends at the latest; nil when it said nothing.
    private var announcedEnd: Int64?
    /// Where this agent stops (its share written), when the server takes ranges.
    private var stop: Int64?
    /// What the server says identifies this version of the file, for the next agent.
    private var answerValidator = ""
    /// Received bytes not written yet.
    private var pending = Data()

    init(
        url: String, partFile: String, share: Int64?, validator: String?, lowSpeed: LowSpeedLimit?, reporter: Reporter
    ) {
        self.url = url
        self.partFile = partFile
        self.share = share
        self.validator = validator
        super.init(reporter: reporter, lowSpeed: lowSpeed)
    }

    func run() -> AgentReport {
        guard let url = URL(string: url) else { return .failed(reason: "not a URL: \(url)", retryable: false) }
        do {
            file = try PartFile.existing(partFile)
        } catch {
            return report(error)
        }
        let offset = file?.size ?? 0
        var request = URLRequest(url: url)
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
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
        if let outcome = take(http) {
            end(outcome)
            completionHandler(.cancel)
            return
        }
        // A strong ETag, else Last-Modified: what `If-Range` may name (RFC 9110, 13.1.5).
        if let tag = http.value(forHTTPHeaderField: "ETag"), !tag.hasPrefix("W/") {
            answerValidator = tag
        } else {
            answerValidator = http.value(forHTTPHeaderField: "Last-Modified") ?? ""
        }
        do throws(PartFile.Failure) {
            let opened: PartFile
            if let file {
                opened = file
            } else {
                opened = try PartFile.create(partFile)
                file = opened
            }
            try opened.truncate(to: done)
            reporter.progress(done, total)
            completionHandler(.allow)
        } catch {
            end(report(error))
            completionHandler(.cancel)
        }
    }

    /// Reads the answer's status and headers into where the body goes and ends; the outcome
    /// when the answer ends the attempt (nil: the body is to be written).
    private func take(_ http: HTTPURLResponse) -> AgentReport? {
        let status = http.statusCode
        let length = http.expectedContentLength
        let rangeValue = http.value(forHTTPHeaderField: "Content-Range")
        let range = rangeValue.flatMap(ContentRange.init)
        let offset = done
        if (200..<300).contains(status), let encoding = http.value(forHTTPHeaderField: "Content-Encoding"),
            !encoding.isEmpty, encoding.lowercased() != "identity"
        {
            return .encoded(encoding: encoding)
        }
        switch status {
        case 206 where offset > 0 && rangeValue != nil && range == nil:
            return .badRange(value: rangeValue ?? "")
        case 206 where offset > 0 && range?.first == offset:
            let end = range?.end ?? offset
            total = range?.size ?? (length >= 0 ? Self.sum(offset, length) : 0)
            bodyEnd = end
            announcedEnd = end
            stop = share.map { Self.sum(offset, $0) }
        case 200..<300 where status != 206:
            // The whole body again: what the partial file held is counted anew.
            let takesRanges = http.value(forHTTPHeaderField: "Accept-Ranges")?.lowercased().contains("bytes") == true
            done = 0
            total = max(length, 0)
            bodyEnd = total
            announcedEnd = length >= 0 ? length : nil
            stop = takesRanges ? share : nil
        case 416 where offset > 0 && range?.size == offset:
            // Nothing after the partial file's end: it is the whole file.
            total = offset
            return .completed
        default:
            // A refusal, or a range that does not start where the partial file ends: the next
            // attempt starts over.
            if status == 416 || status == 206 {
                file?.close()
                file = nil
                unlink(partFile)
            }
            return .refused(
                status: status, phrase: HTTPURLResponse.localizedString(forStatusCode: status),
                retryable: status >= 500 || status == 429 || status == 416 || status == 206)
        }
        return nil
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        moved(data.count)
        writing.lock()
        defer { writing.unlock() }
        guard !hasEnded, let file else { return }
        if let announcedEnd, Self.sum(done, Int64(data.count)) > announcedEnd {
            // More than announced: what fits is written, the rest never is.
            pending.append(data.prefix(Int(announcedEnd - done)))
            done = announcedEnd
            let failure = flush(to: file)
            file.close()
            reporter.finish(failure ?? .overlong(announced: announcedEnd))
            _exit(0)
        }
        done += Int64(data.count)
        pending.append(data)
        if pending.count >= 1 << 18 {
            if let failure = flush(to: file) {
                // The disk refused: nothing more can be written, so the agent ends here.
                reporter.finish(failure)
                _exit(0)
            }
        }
        reporter.progress(done, total)
        if let stop, done >= stop, total == 0 || done < total {
            // This agent's share is received (the piece that crossed it too): written, the next
            // agent continues and this one ends at once (see `HTTPTransfer` for why not a cancel).
            let failure = flush(to: file)
            file.close()
            reporter.finish(failure ?? .more(done: done, total: total, validator: answerValidator))
            _exit(0)
        }
    }

    /// Writes what `pending` holds; the failure when the disk refuses.
    private func flush(to file: PartFile) -> AgentReport? {
        defer { pending.removeAll(keepingCapacity: true) }
        do {
            try file.write(pending)
            return nil
        } catch {
            return report(error)
        }
    }

    /// The outcome of a partial file that cannot be opened or written.
    private func report(_ failure: PartFile.Failure) -> AgentReport {
        switch failure {
        case .unsafe: .unsafeFile
        case .system(let code): .failed(reason: "\(partFile): \(String(cString: strerror(code)))", retryable: false)
        }
    }

    /// Writes what is left and closes the partial file.
    private func closeFile() -> AgentReport? {
        let failure = file.flatMap { pending.isEmpty ? nil : flush(to: $0) }
        file?.close()
        file = nil
        return failure
    }

    /// Writes what was received before the agent ends early (too slow).
    override func settle() -> AgentReport? {
        writing.withLock { closeFile() }
    }

    /// Writes what is left and closes the partial file. A body shorter than announced is a
    /// dropped connection; a range that ends before the file does leaves more to fetch.
    override func ended() -> AgentReport? {
        if let failure = writing.withLock({ closeFile() }) { return failure }
        guard bodyEnd > 0 else { return nil }
        if done < bodyEnd { return .dropped(done: done, total: total) }
        return done < total ? .more(done: done, total: total, validator: answerValidator) : nil
    }

    /// `a + b`, or `Int64.max` when that does not fit.
    private static func sum(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int64.max : sum
    }
}
