/// The slowest a transfer may go, as curl's `--speed-limit` and `--speed-time`: an attempt
/// that moves fewer than `bytesPerSecond` a second, on average over `seconds` seconds, fails
/// (waiting for the server's answer counts as moving nothing).
package struct LowSpeedLimit: Equatable, Sendable {
    /// The slowest average rate allowed, in bytes a second.
    package var bytesPerSecond: Int64
    /// How long the rate may stay below `bytesPerSecond` before the attempt fails.
    package var seconds: Int64

    /// A limit of `bytesPerSecond` over `seconds`; both above 0.
    package init(bytesPerSecond: Int64, seconds: Int64) {
        self.bytesPerSecond = bytesPerSecond
        self.seconds = seconds
    }

    /// The fewest bytes that must move in `seconds` seconds (`Int64.max` when it does not fit).
    package var bytesPerPeriod: Int64 {
        let (product, overflow) = bytesPerSecond.multipliedReportingOverflow(by: seconds)
        return overflow ? Int64.max : product
    }
}
