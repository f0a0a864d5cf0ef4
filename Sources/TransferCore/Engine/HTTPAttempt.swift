import Flavors
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What every attempt over HTTP shares: its own URLSession, the wait until the task ends, a
/// stop from another thread, and the outcome (the first failure recorded wins; a stop wins
/// over what the cancelled task reports). `DownloadAttempt` and the flavors' uploads subclass
/// it and conform to `TransferAttempt`: their `perform()` builds the request and returns
/// `run(_:)`; their own delegate methods record failures with `fail(_:retryable:)` or
/// `refuse(status:retryable:)`.
///
/// On Linux the delegate methods run on the session's own thread, where libcurl hands over
/// each piece of the body, instead of being queued for another thread: a body is then written
/// as fast as it arrives and no faster (the socket waits while the disk does, so memory stays
/// flat), and no operation is allocated per 16 KiB piece.
open class HTTPAttempt: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    /// The texts reasons are written in.
    public let text: Texts
    /// Where the bytes done are reported.
    public let progress: TransferProgress
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    private var task: URLSessionTask?
    private var outcome: TransferOutcome?
    private var stopRequested = false

    /// An attempt reporting in `texts` to `progress`.
    public init(texts: Texts, progress: @escaping TransferProgress) {
        self.text = texts
        self.progress = progress
    }

    /// Starts the task `makeTask` makes in a new session and waits until it ends.
    public func run(_ makeTask: (URLSession) -> URLSessionTask) -> TransferOutcome {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: Self.delegateQueue())
        let task = makeTask(session)
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

    /// Stops the attempt; `run` then returns `.stopped`.
    public func stop() {
        let task = lock.withLock {
            stopRequested = true
            return self.task
        }
        task?.cancel()
    }

    /// Records a failure, unless one is recorded already.
    public func fail(_ reason: String, retryable: Bool) {
        lock.withLock {
            if outcome == nil { outcome = .failed(reason: reason, retryable: retryable) }
        }
    }

    /// Records the attempt as completed before the task ends (nothing was left to send).
    public func complete() {
        lock.withLock {
            if outcome == nil { outcome = .completed }
        }
    }

    /// Records the server's refusal with HTTP `status` (`HTTP 404 (not found)`); retried when
    /// `retryable`.
    public func refuse(status: Int, retryable: Bool) {
        let reason = text(
            "reason.http", .int(status), .string(HTTPURLResponse.localizedString(forStatusCode: status)))
        fail(reason, retryable: retryable)
    }

    /// Whether a failure is recorded (the rest of the body is then ignored).
    public var hasFailed: Bool { lock.withLock { outcome != nil } }

    /// Called once when the task ended, before the outcome is settled: close what the attempt
    /// opened, and return the reason when the transfer fell short without an error.
    open func ended() -> String? { nil }

    /// Settles the outcome (a stop, a shortfall from `ended()`, the task's error, or
    /// completed) and wakes `run(_:)`.
    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let shortfall = ended()
        lock.withLock {
            if outcome == nil {
                if stopRequested {
                    outcome = .stopped
                } else if let shortfall {
                    outcome = .failed(reason: shortfall, retryable: true)
                } else if let error {
                    outcome = .failed(reason: error.localizedDescription, retryable: true)
                } else {
                    outcome = .completed
                }
            }
        }
        finished.signal()
    }

    /// A serial queue for the delegate; on Linux, the session's own thread (see above).
    private static func delegateQueue() -> OperationQueue {
        #if canImport(FoundationNetworking)
        return InlineOperationQueue()
        #else
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        return queue
        #endif
    }
}

#if canImport(FoundationNetworking)
/// An operation queue that runs each block at once on the thread adding it. FoundationNetworking
/// adds every delegate call with `addOperation(_:)` from its session's serial work queue, and
/// answers completion handlers asynchronously on that queue, so nothing waits on itself.
private final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @Sendable @escaping () -> Void) { block() }
    override func addOperation(_ operation: Operation) { operation.start() }
}
#endif
