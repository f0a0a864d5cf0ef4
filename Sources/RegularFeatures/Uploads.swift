import Flavors
import TransferAgentProtocol
import TransferCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Uploads in the queue: the core shows downloads only.
package enum Uploads {
    /// The feature that shows uploads.
    package static let feature = Feature("uploads") { text in text("feature.uploads") }

    /// The whole queue with the feature enabled, else its downloads (the core's default).
    package static func visible(_ queue: TransferQueue, context: AppContext) -> TransferQueue {
        context.has(feature) ? queue : queue.downloads
    }

    /// With the feature enabled, an attempt at sending `transfer`'s file to its URL (by `PUT`,
    /// through the transfer agent, under the flavor's low-speed limit).
    package static func attempt(
        for transfer: Transfer, context: AppContext, progress: @escaping TransferProgress
    ) -> (any TransferAttempt)? {
        guard context.has(feature), let file = transfer.file, let url = transfer.url, URL(string: url) != nil
        else { return nil }
        return AgentAttempt(
            .upload(file: file, url: url, lowSpeed: context.lowSpeedLimit), texts: context.texts, progress: progress)
    }
}
