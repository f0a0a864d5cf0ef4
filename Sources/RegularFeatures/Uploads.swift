import Flavors
import Foundation
import TransferCore

/// Uploads in the queue: the core shows downloads only.
public enum Uploads {
    /// The feature that shows uploads.
    public static let feature = Feature("uploads") { text in text("feature.uploads") }

    /// The whole queue with the feature enabled, else its downloads (the core's default).
    public static func visible(_ queue: TransferQueue, context: AppContext) -> TransferQueue {
        context.has(feature) ? queue : queue.downloads
    }

    /// With the feature enabled, an attempt at sending `transfer`'s file to its URL.
    public static func attempt(
        for transfer: Transfer, context: AppContext, progress: @escaping TransferProgress
    ) -> (any TransferAttempt)? {
        guard context.has(feature), let file = transfer.file,
            let url = transfer.url.flatMap(URL.init(string:))
        else { return nil }
        return UploadAttempt(file: URL(fileURLWithPath: file), url: url, texts: context.texts, progress: progress)
    }
}
