import Foundation
import TransferAgentProtocol

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transfer the agent carries out: `run` moves the bytes and waits; `stop`, from another
/// thread, ends it early.
protocol AgentTransfer: Sendable {
    func run() -> AgentReport
    func stop()
}

/// What the agent's download and upload share: their own URLSession, the wait until the task
/// ends, a stop from another thread, and the outcome (the first one recorded wins; a stop wins
/// over what the cancelled task reports). Subclasses start their task with `perform(_:)` and
/// record outcomes from their delegate methods with `end(_:)`.
///
/// On Linux the delegate methods run on the session's own thread, where libcurl hands over
/// each piece of the body, instead of being queued for another thread: a body is then written
/// as fast as it arrives and no faster (the socket waits while the disk does, so memory stays
/// flat), and no operation is allocated per 16 KiB piece.
class HTTPTransfer: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    /// Where progress and the outcome go.
    let reporter: Reporter
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    private var task: URLSessionTask?
    private var outcome: AgentReport?
    private var stopRequested = false

    init(reporter: Reporter) {
        self.reporter = reporter
    }

    /// Starts the task `makeTask` makes in a new session and waits until it ends.
    func perform(_ makeTask: (URLSession) -> URLSessionTask) -> AgentReport {
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

    /// Stops the transfer; `perform` then returns `.stopped`.
    func stop() {
        let task = lock.withLock {
            stopRequested = true
            return self.task
        }
        task?.cancel()
    }

    /// Records the outcome, unless one is recorded already.
    func end(_ report: AgentReport) {
        lock.withLock {
            if outcome == nil { outcome = report }
        }
    }

    /// Records the server's refusal with HTTP `status`; worth another attempt when `retryable`.
    func refuse(status: Int, retryable: Bool) {
        end(
            .refused(
                status: status, phrase: HTTPURLResponse.localizedString(forStatusCode: status), retryable: retryable))
    }

    /// Whether the transfer ended or was stopped (the rest of the body is then ignored).
    var hasEnded: Bool { lock.withLock { outcome != nil || stopRequested } }

    /// Called once when the task ended, before the outcome is settled: close what the transfer
    /// opened, and return the outcome when it fell short without an error.
    func ended() -> AgentReport? { nil }

    /// Settles the outcome (a stop, a shortfall from `ended()`, the task's error, or
    /// completed) and wakes `perform(_:)`.
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let shortfall = ended()
        lock.withLock {
            if outcome == nil {
                if stopRequested {
                    outcome = .stopped
                } else if let shortfall {
                    outcome = shortfall
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
