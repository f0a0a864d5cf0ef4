import Flavors
import TransferCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Changes written back to the queue file named with `--queue`.
package enum SavedQueue {
    /// The feature that saves changes.
    package static let feature = Feature("savedQueue") { text in text("feature.savedQueue") }

    /// With the feature enabled, a change needs a file to go to, except in the interactive
    /// session, where it may live in memory.
    package static func willChange(by name: String, queueURL: URL?, inShell: Bool, context: AppContext)
        throws(AppError)
    {
        let text = context.texts
        guard queueURL != nil || inShell || !context.has(feature) else {
            throw AppError.usage(text("error.needsQueueFile", .string(name)))
        }
    }

    /// With the feature enabled and a queue file, applies `change` to the file's latest
    /// content and saves it, holding the file's lock from reading to saving: processes that
    /// change the same file take turns, and none overwrites another's change with a queue it
    /// read before. Otherwise the change is applied to `queue` in memory.
    package static func apply(
        _ change: QueueChange, to queue: TransferQueue, queueURL: URL?, context: AppContext
    ) throws(AppError) -> (queue: TransferQueue, message: String) {
        guard let queueURL, context.has(feature) else {
            var changed = queue
            let message = try change(&changed)
            return (changed, message)
        }
        let (latest, message) = try QueueStore.update(queueURL, change)
        return (latest, message)
    }
}
