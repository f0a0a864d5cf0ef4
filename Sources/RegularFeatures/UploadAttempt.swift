import Flavors
import Foundation
import TransferCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One attempt at sending an upload: the file, by `PUT`, through a URLSession upload task
/// that reads it from disk (never whole in memory); any 2xx answer completes it.
final class UploadAttempt: NSObject, TransferAttempt, URLSessionDataDelegate, @unchecked Sendable {
    private let file: URL
    private let url: URL
    private let text: Texts
    private let progress: TransferProgress
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    private var outcome: TransferOutcome?
    private var stopRequested = false
    private var task: URLSessionUploadTask?

    init(file: URL, url: URL, texts: Texts, progress: @escaping TransferProgress) {
        self.file = file
        self.url = url
        self.text = texts
        self.progress = progress
    }

    func perform() -> TransferOutcome {
        var request = URLRequest(url: url)
        request.httpMethod = "PUT"
        let delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: delegateQueue)
        let task = session.uploadTask(with: request, fromFile: file)
        let stopped = lock.withLock {
            self.task = task
            return stopRequested
        }
        guard !stopped else {
            session.invalidateAndCancel()
            return .stopped
        }
        task.resume()
        finished.wait()
        session.finishTasksAndInvalidate()
        return lock.withLock { outcome ?? .stopped }
    }

    func stop() {
        let task = lock.withLock {
            stopRequested = true
            return self.task
        }
        task?.cancel()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        progress(totalBytesSent, max(totalBytesExpectedToSend, 0))
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            let status = http.statusCode
            let reason = text(
                "reason.http", .int(status), .string(HTTPURLResponse.localizedString(forStatusCode: status)))
            lock.withLock { outcome = .failed(reason: reason, retryable: status >= 500 || status == 429) }
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.withLock {
            if outcome == nil {
                if stopRequested {
                    outcome = .stopped
                } else if let error {
                    outcome = .failed(reason: error.localizedDescription, retryable: true)
                } else {
                    outcome = .completed
                }
            }
        }
        finished.signal()
    }
}
