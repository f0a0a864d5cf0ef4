import Diagnostics
import Foundation
import TransferCore

/// Changes written back to the queue file named with `--queue`.
public enum SavedQueue {
    /// The feature that saves changes.
    public static let feature = Feature("savedQueue") { text in text("feature.savedQueue") }

    /// With the feature enabled, a change needs a file to go to, except in the interactive
    /// session, where it may live in memory.
    public static func willChange(by name: String, queueURL: URL?, inShell: Bool, context: AppContext)
        throws(AppError)
    {
        let text = context.texts
        guard queueURL != nil || inShell || !context.features.contains(feature.name) else {
            throw AppError.usage(text("error.needsQueueFile", .string(name)))
        }
    }

    /// Saves `queue` to `queueURL` when there is one and the feature is enabled.
    public static func didChange(_ queue: TransferQueue, queueURL: URL?, context: AppContext) throws(AppError) {
        guard let queueURL, context.features.contains(feature.name) else { return }
        try save(queue, to: queueURL)
    }

    /// Writes the queue atomically: Foundation's `.atomic` writes a temporary file in the same
    /// folder, flushes it and renames it over the queue, so an interruption leaves either the
    /// old file or the new one, never a truncated one.
    public static func save(_ queue: TransferQueue, to url: URL) throws(AppError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            let data = try encoder.encode(["transfers": queue.transfers])
            try (data + Data("\n".utf8)).write(to: url, options: .atomic)
        } catch {
            throw AppError.file(Diagnostic("cannot save the queue (\(error))", path: url.path))
        }
    }
}
