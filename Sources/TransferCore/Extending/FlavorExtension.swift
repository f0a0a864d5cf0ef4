import Flavors

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Code a flavor plugs into TransferCore from outside: features, commands, which transfers
/// are shown and how a changed queue is kept. TransferCore never imports the module that
/// implements it, so a build that does not link that module does not contain its code.
///
/// Every requirement has a default, and the defaults are the core's own behaviour (Light's):
/// no features or commands beyond the core's, downloads only, changes kept in memory.
package protocol FlavorExtension: Sendable {
    /// The features this code implements, in the order `about` lists them (after `downloads`).
    var features: [Feature] { get }
    /// The commands this code adds, in the order `--help` lists them (after the core's).
    var commands: [ExtensionCommand] { get }
    /// The transfers the screens show and commands may address. Default: the downloads.
    func visible(_ queue: TransferQueue, context: AppContext) -> TransferQueue
    /// Called before the command `name` changes the queue; throws to refuse a change that
    /// could not be kept. `queueURL` is the `--queue` file (nil for the sample queue);
    /// `inShell` tells that the change may live in the interactive session's memory.
    func willChange(by name: String, queueURL: URL?, inShell: Bool, context: AppContext) throws(AppError)
    /// Carries out `change` (an extension command's action) and keeps its result; returns the
    /// queue as changed and the message to print. `queue` is the queue in memory. Default: the
    /// change is applied to `queue` and the result passed to `didChange`. An extension that
    /// keeps the queue in a file shared with other processes applies the change to the file's
    /// latest content instead, under a lock, so that no process's change is lost.
    func apply(
        _ change: QueueChange, to queue: TransferQueue, queueURL: URL?, context: AppContext
    ) throws(AppError) -> (queue: TransferQueue, message: String)
    /// Keeps the queue after an extension command changed it (called by the default `apply`).
    /// Default: nothing is written.
    func didChange(_ queue: TransferQueue, queueURL: URL?, context: AppContext) throws(AppError)
    /// An attempt at sending upload `transfer`'s file to its URL, for `run`; nil when the
    /// flavor does not send uploads. Default: nil.
    func uploadAttempt(for transfer: Transfer, context: AppContext, progress: @escaping TransferProgress)
        -> (any TransferAttempt)?
    /// The state Ctrl-C leaves a running transfer in during `run` (its partial file kept),
    /// and the message that says so. Default: `pending`, which the next `run` continues.
    func interruption(context: AppContext) -> (state: Transfer.State, message: String)
}

/// A change to a queue made by an extension command: edits the queue and returns the message
/// to print, or throws to leave it as it was.
package typealias QueueChange = (_ queue: inout TransferQueue) throws(AppError) -> String

extension FlavorExtension {
    /// None beyond the core's `downloads`.
    package var features: [Feature] { [] }

    /// None beyond the core's.
    package var commands: [ExtensionCommand] { [] }

    /// The downloads of `queue`.
    package func visible(_ queue: TransferQueue, context: AppContext) -> TransferQueue { queue.downloads }

    /// Every change is allowed.
    package func willChange(by name: String, queueURL: URL?, inShell: Bool, context: AppContext) throws(AppError) {}

    /// Applies `change` to `queue`, then calls `didChange`.
    package func apply(
        _ change: QueueChange, to queue: TransferQueue, queueURL: URL?, context: AppContext
    ) throws(AppError) -> (queue: TransferQueue, message: String) {
        var changed = queue
        let message = try change(&changed)
        try didChange(changed, queueURL: queueURL, context: context)
        return (changed, message)
    }

    /// Changes stay in memory.
    package func didChange(_ queue: TransferQueue, queueURL: URL?, context: AppContext) throws(AppError) {}

    /// Pending again: the next `run` continues it.
    package func interruption(context: AppContext) -> (state: Transfer.State, message: String) {
        let text = context.texts
        return (.pending, text("run.interrupted"))
    }

    /// The core sends no uploads.
    package func uploadAttempt(
        for transfer: Transfer, context: AppContext, progress: @escaping TransferProgress
    ) -> (any TransferAttempt)? { nil }
}

/// The core alone: every default of `FlavorExtension`.
struct CoreOnly: FlavorExtension {}
