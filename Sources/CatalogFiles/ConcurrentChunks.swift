import Foundation
import Synchronization

extension Array where Element: Sendable {
    /// `count` indices in as many ranges as make good use of every core.
    package static func chunks(_ count: Int) -> [Range<Int>] {
        let chunks = Swift.max(1, Swift.min(count, ProcessInfo.processInfo.activeProcessorCount * 4))
        return (0..<chunks).map { $0 * count / chunks..<($0 + 1) * count / chunks }
    }
}

extension Array where Element == Range<Int> {
    /// `body` applied to each range on every core; the results in the ranges' order.
    package func concurrentChunks<Mapped: Sendable>(_ body: @Sendable (Range<Int>) -> Mapped) -> [Mapped] {
        let parts = Mutex([Int: Mapped](minimumCapacity: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let part = body(self[index])
            parts.withLock { $0[index] = part }
        }
        return parts.withLock { parts in indices.map { parts[$0]! } }
    }
}

/// `body` applied to `0..<count` in parts, the results in order: on every core when there
/// are `concurrentFrom` items or more (a large catalog's keys, units or messages), else in
/// one part on this thread, where starting threads would cost more than it saves.
package func inParts<Mapped: Sendable>(
    _ count: Int, concurrentFrom minimum: Int = 2_000, _ body: @Sendable (Range<Int>) -> Mapped
) -> [Mapped] {
    guard count >= minimum else { return [body(0..<count)] }
    return [Int].chunks(count).concurrentChunks(body)
}
