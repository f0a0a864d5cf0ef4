import Dispatch

/// Where a run reads the time that paces its saves (at most twice a second per transfer) and
/// its redraws (at most five times a second): the monotonic clock, or one a test drives so
/// that every screen is drawn the same way on every machine.
public struct RunClock: Sendable {
    /// Nanoseconds since an arbitrary start; never decreasing.
    public var now: @Sendable () -> UInt64

    /// A clock reading `now`.
    public init(now: @escaping @Sendable () -> UInt64) {
        self.now = now
    }

    /// The system's monotonic clock.
    public static var system: RunClock { RunClock { DispatchTime.now().uptimeNanoseconds } }
}
