import Foundation
import TransferAgentProtocol

/// Writes the agent's reports on standard output, one line each: progress at most every
/// 50 ms (the app redraws no faster), then the outcome, last.
final class Reporter: @unchecked Sendable {
    private let lock = NSLock()
    private var lastProgress: UInt64 = 0
    private var finished = false

    /// Reports `done` of `total` bytes, unless progress was reported less than 50 ms ago.
    func progress(_ done: Int64, _ total: Int64) {
        let now = DispatchTime.now().uptimeNanoseconds
        lock.withLock {
            guard !finished, now - lastProgress >= 50_000_000 else { return }
            lastProgress = now
            write(.progress(done: done, total: total))
        }
    }

    /// Reports the outcome, unless one was reported already; nothing is reported after it.
    func finish(_ outcome: AgentReport) {
        lock.withLock {
            guard !finished else { return }
            finished = true
            write(outcome)
        }
    }

    private func write(_ report: AgentReport) {
        let bytes = Array((report.line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.write(1, $0.baseAddress! + offset, $0.count - offset) }
            guard written > 0 else { return }
            offset += written
        }
    }
}
