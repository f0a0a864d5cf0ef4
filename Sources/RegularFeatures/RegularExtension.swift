import Flavors
import TransferCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What only Regular ships, plugged into TransferCore: uploads in the queue, and `pause`,
/// `resume` and `cancel`, whose changes are saved to the queue file.
package struct RegularExtension: FlavorExtension {
    /// Regular's extension; its features are enabled by Regular's Info.plist.
    package init() {}

    /// `uploads`, `queueControl` and `savedQueue`.
    package var features: [Feature] { [Uploads.feature, QueueControl.feature, SavedQueue.feature] }

    /// `pause`, `resume`, `cancel`, `move` and `prioritize`.
    package var commands: [ExtensionCommand] { QueueControl.commands + QueueOrder.commands }

    /// Uploads too, with the `uploads` feature.
    package func visible(_ queue: TransferQueue, context: AppContext) -> TransferQueue {
        Uploads.visible(queue, context: context)
    }

    /// With `savedQueue`, a change needs a queue file (or the interactive session).
    package func willChange(by name: String, queueURL: URL?, inShell: Bool, context: AppContext) throws(AppError) {
        try SavedQueue.willChange(by: name, queueURL: queueURL, inShell: inShell, context: context)
    }

    /// With `savedQueue` and a queue file, the change is applied to the file's latest content,
    /// under its lock, and saved.
    package func apply(
        _ change: QueueChange, to queue: TransferQueue, queueURL: URL?, context: AppContext
    ) throws(AppError) -> (queue: TransferQueue, message: String) {
        try SavedQueue.apply(change, to: queue, queueURL: queueURL, context: context)
    }

    /// With `queueControl`, paused: the user resumes it (`resume ID`, then `run`).
    package func interruption(context: AppContext) -> (state: Transfer.State, message: String) {
        let text = context.texts
        guard context.has(QueueControl.feature) else { return (.pending, text("run.interrupted")) }
        return (.paused, text("run.interruptedPaused"))
    }

    /// With `uploads`, `run` sends an upload's file (`Uploads.attempt`).
    package func uploadAttempt(
        for transfer: Transfer, context: AppContext, progress: @escaping TransferProgress
    ) -> (any TransferAttempt)? {
        Uploads.attempt(for: transfer, context: context, progress: progress)
    }
}
