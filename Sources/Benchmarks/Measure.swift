import Foundation

/// Timing helpers. Every figure is compared with a reference measured in the same run,
/// alternating the two in each round so that both see the same machine load.
enum Measure {
    /// `--quick`: one round of each figure, to prove the benchmarks run (CI); the figures
    /// are then not worth quoting.
    static let quick = CommandLine.arguments.dropFirst().contains("--quick")

    /// Seconds `body` takes, once.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2]
            : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// Runs `ours` and `reference` alternately for `rounds` rounds (after one warm-up each;
    /// one round and no warm-up in `quick` mode) and returns the median seconds of each.
    static func paired(rounds: Int, ours: () throws -> Void, reference: () throws -> Void) rethrows
        -> (ours: Double, reference: Double)
    {
        try paired(rounds: rounds, prepare: {}, ours: ours, reference: reference)
    }

    /// `paired(rounds:ours:reference:)`, with `prepare` run before each run of `ours`, outside
    /// its time (to put back a file it changes).
    static func paired(
        rounds: Int, prepare: () throws -> Void, ours: () throws -> Void, reference: () throws -> Void
    ) rethrows -> (ours: Double, reference: Double) {
        if !quick {
            try prepare()
            try ours()
            try reference()
        }
        var oursTimes: [Double] = [], referenceTimes: [Double] = []
        for round in 0..<(quick ? 1 : rounds) {
            try prepare()
            if round % 2 == 0 {
                oursTimes.append(try time(ours))
                referenceTimes.append(try time(reference))
            } else {
                referenceTimes.append(try time(reference))
                oursTimes.append(try time(ours))
            }
        }
        return (median(oursTimes), median(referenceTimes))
    }
}

/// One printed figure: what was measured, against what, and the bar it must clear.
struct Figure {
    enum Goal {
        /// `ours` must be at least this many times faster than the reference.
        case fasterBy(Double)
        /// `ours` may take at most this many times the reference.
        case atMost(Double)
        /// `ours` (a rate: more is better) must be at least this fraction of the reference's.
        case atLeast(Double)
        /// `ours` must stay below this bound, in its unit, whatever the reference (an issue's
        /// absolute budget); the ratio to the reference is printed too.
        case below(Double)
    }

    let name: String
    let ours: Double
    let reference: Double
    let referenceName: String
    let goal: Goal
    var unit = "s"
    var detail = ""

    var passes: Bool {
        switch goal {
        case .fasterBy(let factor): return reference / ours >= factor
        case .atMost(let factor): return ours / reference <= factor
        case .atLeast(let factor): return ours / reference >= factor
        case .below(let bound): return ours < bound
        }
    }

    var line: String {
        let ratio: String
        switch goal {
        case .fasterBy(let factor):
            ratio = String(format: "%.1f× faster (goal ≥ %.1f×)", reference / ours, factor)
        case .atMost(let factor):
            ratio = String(format: "%.2f× the reference (goal ≤ %.2f×)", ours / reference, factor)
        case .atLeast(let factor):
            ratio = String(format: "%.2f× the reference (goal ≥ %.2f×)", ours / reference, factor)
        case .below(let bound):
            ratio = String(format: "%.1f× the reference; goal below %@", ours / reference, Self.format(bound, unit))
        }
        return "\(passes ? "PASS" : "FAIL")  \(name): \(ratio); ours \(Self.format(ours, unit)), "
            + "\(referenceName) \(Self.format(reference, unit))\(detail.isEmpty ? "" : "; " + detail)"
    }

    static func format(_ value: Double, _ unit: String) -> String {
        guard unit == "s" else { return String(format: "%.1f %@", value, unit) }
        switch value {
        case ..<1e-6: return String(format: "%.1f ns", value * 1e9)
        case ..<1e-3: return String(format: "%.2f µs", value * 1e6)
        case ..<1: return String(format: "%.2f ms", value * 1e3)
        default: return String(format: "%.2f s", value)
        }
    }
}
