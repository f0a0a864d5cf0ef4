import Flavors
import TransferCore

/// Uploads in the queue: the core shows downloads only.
public enum Uploads {
    /// The feature that shows uploads.
    public static let feature = Feature("uploads") { text in text("feature.uploads") }

    /// The whole queue with the feature enabled, else its downloads (the core's default).
    public static func visible(_ queue: TransferQueue, context: AppContext) -> TransferQueue {
        context.has(feature) ? queue : queue.downloads
    }
}
