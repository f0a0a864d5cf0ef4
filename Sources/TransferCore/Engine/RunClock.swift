import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a run reads the time that paces its saves (at most twice a second per transfer) and
/// its redraws (at most five times a second), and waits before a retry: the monotonic clock,
/// or one a test drives so that every screen is drawn the same way on every machine and no
/// test waits out a retry's delay.
package struct RunClock: Sendable {
    /// Nanoseconds since an arbitrary start; never decreasing.
    package var now: @Sendable () -> UInt64
    /// Waits this many nanoseconds (a test's clock moves its time on instead).
    package var sleep: @Sendable (UInt64) -> Void

    /// A clock reading `now` and waiting with `sleep` (by default, the thread sleeps).
    package init(
        now: @escaping @Sendable () -> UInt64,
        sleep: @escaping @Sendable (UInt64) -> Void = { usleep(useconds_t(min($0 / 1_000, 1_000_000))) }
    ) {
        self.now = now
        self.sleep = sleep
    }

    /// The system's monotonic clock.
    package static var system: RunClock { RunClock { DispatchTime.now().uptimeNanoseconds } }
}
