#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How one attempt at a transfer ended.
package enum TransferOutcome: Sendable, Equatable {
    case completed
    /// `reason` as shown to the user; `retryable` unless the server refused for good (a 4xx).
    case failed(reason: String, retryable: Bool)
    /// Stopped from outside (an interrupt, a pause, a cancel, a delete).
    case stopped
}

/// The bytes done and the total (0 when unknown) of an attempt, reported as they move.
package typealias TransferProgress = @Sendable (_ done: Int64, _ total: Int64) -> Void

/// One attempt at moving a transfer's bytes: `run` performs it on a worker thread, and may
/// stop it from another.
package protocol TransferAttempt: AnyObject, Sendable {
    /// Moves the bytes and waits until the attempt ends.
    func perform() -> TransferOutcome
    /// Ends the attempt early; `perform` then returns `.stopped`.
    func stop()
}

/// Makes the attempt that moves a transfer's bytes, given the partial file a download writes
/// to and where to report progress; nil when nothing can move it (an upload in a flavor that
/// does not send them). `run` uses HTTP; tests pass scripted attempts.
package typealias TransferSource =
    @Sendable (_ transfer: Transfer, _ partFile: URL, _ progress: @escaping TransferProgress) -> (any TransferAttempt)?
