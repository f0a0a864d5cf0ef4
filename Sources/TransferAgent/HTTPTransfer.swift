import Foundation
import TransferAgentProtocol

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transfer the agent carries out: `run` moves the bytes and waits until they are moved.
protocol AgentTransfer: Sendable {
    func run() -> AgentReport
}

/// What the agent's download and upload share: their own URLSession, the wait until the task
/// ends, and the outcome (the first one recorded wins). Subclasses start their task with
/// `perform(_:)` and record outcomes from their delegate methods with `end(_:)`. The agent is
/// stopped by ending its process (see `main.swift`), not by cancelling the task: a cancel
/// waits for the session's queue, which a fast body keeps busy until it has all arrived.
///
/// On Linux the delegate methods run on the session's own thread, where libcurl hands over
/// each piece of the body, instead of being queued for another thread: a body is then written
/// as fast as it arrives and no faster (the socket waits while the disk does), and no
/// operation is allocated per 16 KiB piece.
///
/// The session keeps nothing: no URL cache, cookies or credentials (see also
/// `StorageFolders`). With a low-speed limit, a `SpeedWatch` ends a transfer slower than it;
/// subclasses count the bytes they move with `moved(_:)`.
class HTTPTransfer: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    /// Where progress and the outcome go.
    let reporter: Reporter
    private let speedWatch: SpeedWatch?
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    private var outcome: AgentReport?

    init(reporter: Reporter, lowSpeed: LowSpeedLimit?) {
        self.reporter = reporter
        speedWatch = lowSpeed.map(SpeedWatch.init)
    }

    /// Starts the task `makeTask` makes in a new session and waits until it ends.
    func perform(_ makeTask: (URLSession) -> URLSessionTask) -> AgentReport {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: Self.delegateQueue())
        if let speedWatch {
            speedWatch.start { [self] in abandon(.tooSlow(limit: speedWatch.limit)) }
        }
        makeTask(session).resume()
        finished.wait()
        session.finishTasksAndInvalidate()
        return lock.withLock { outcome ?? .completed }
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

    /// Whether the outcome is recorded (the rest of the body is then ignored).
    var hasEnded: Bool { lock.withLock { outcome != nil } }

    /// Counts `count` more bytes moved, for the low-speed limit.
    func moved(_ count: Int) {
        speedWatch?.add(count)
    }

    /// Called once when the task ended, before the outcome is settled: close what the transfer
    /// opened, and return the outcome when it fell short without an error.
    func ended() -> AgentReport? { nil }

    /// Called from another thread when the agent is about to end before its task: keep what
    /// can be kept (a download writes what it received); the failure when that failed.
    func settle() -> AgentReport? { nil }

    /// Ends the agent at once with `report` (or the failure `settle()` met), without waiting
    /// for the task: a cancel would wait for the session's queue.
    func abandon(_ report: AgentReport) -> Never {
        let failure = settle()
        reporter.finish(failure ?? report)
        _exit(0)
    }

    /// Settles the outcome (a shortfall from `ended()`, the task's error, or completed) and
    /// wakes `perform(_:)`.
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let shortfall = ended()
        lock.withLock {
            if outcome == nil {
                if let shortfall {
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
