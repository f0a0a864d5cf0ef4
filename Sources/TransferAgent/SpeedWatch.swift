import Foundation
import Synchronization
import TransferAgentProtocol

/// Ends an attempt slower than its `LowSpeedLimit`, as curl's `--speed-limit` and
/// `--speed-time` do: once a second it notes how many bytes have moved, and when fewer than
/// the limit asks moved over the last `seconds` (the wait for the server's answer included),
/// it calls `tooSlow` on its own thread. Without it, a server sending a byte every few seconds
/// would keep an attempt going for ever (the session's idle timeout never fires).
final class SpeedWatch: Sendable {
    /// The limit watched.
    let limit: LowSpeedLimit
    private let moved = Mutex<Int64>(0)

    /// A watch over `limit`; nothing is watched before `start(_:)`.
    init(_ limit: LowSpeedLimit) {
        self.limit = limit
    }

    /// Counts `count` more bytes moved.
    func add(_ count: Int) {
        moved.withLock { $0 &+= Int64(count) }
    }

    /// Starts watching; `tooSlow` is called at most once.
    func start(tooSlow: @escaping @Sendable () -> Void) {
        Thread { [self] in
            // The bytes moved at each whole second since the start, over the last `seconds`.
            var samples: [Int64] = [0]
            while true {
                Thread.sleep(forTimeInterval: 1)
                samples.append(moved.withLock { $0 })
                if Int64(samples.count - 1) > limit.seconds { samples.removeFirst() }
                if Int64(samples.count - 1) == limit.seconds, samples.last! - samples.first! < limit.bytesPerPeriod {
                    tooSlow()
                    return
                }
            }
        }.start()
    }
}
