import Foundation

/// Timing helpers. Every figure is compared with a reference measured in the same run,
/// alternating the two in each round so that both see the same machine load.
enum Measure {
    /// `--quick`: one round of each figure, to prove the benchmarks run (CI); the figures
    /// are then not worth quoting.
    static let quick = CommandLine.arguments.dropFirst().contains("--quick")
    /// `--tripwire`: CI's check that no figure has regressed. Three rounds of each figure
    /// (after the warm-up), each timed as on an idle machine (`time(_:)`), and a figure fails
    /// only when it misses its goal by more than `tripwireMargin` times: a miss that no noise
    /// on a shared machine explains.
    static let tripwire = CommandLine.arguments.dropFirst().contains("--tripwire")
    /// How far past its goal a figure may be before the tripwire fails it.
    static let tripwireMargin = 1.5
    /// Figures that miss their goal by more than the margin today, left open by issues 39 and 41, each
    /// with how many times past its goal it was when listed (median of the tripwire's runs on
    /// this project's machines). The tripwire holds them to the margin past that instead of
    /// past the goal, and names them on every run: they cannot get worse unnoticed, and CI
    /// stays green until they are fixed. Take a figure out once it meets its goal.
    static let knownMisses: [String: Double] = [:]

    /// The rounds a figure gets: `rounds`, one in `quick` mode, at most three for the tripwire.
    static func rounds(_ rounds: Int) -> Int { quick ? 1 : tripwire ? min(rounds, 3) : rounds }

    /// Seconds `body` takes, once. For the tripwire, the least of that and what the CPU time
    /// spent says it takes on an idle machine: no less than this thread's CPU time, nor than
    /// the whole process's spread over every core. Another process taking a core stretches the
    /// wall-clock time (of code on both cores most: it loses one), not the CPU time; more work
    /// grows both.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let cpuStart = tripwire ? cpuTimes() : (thread: 0, process: 0)
        try body()
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard tripwire else { return wall }
        let cpu = cpuTimes()
        let idle = max(cpu.thread - cpuStart.thread, (cpu.process - cpuStart.process) / Double(cores))
        return min(wall, idle)
    }

    static let cores = ProcessInfo.processInfo.activeProcessorCount

    /// CPU seconds used so far by this thread and by the whole process.
    private static func cpuTimes() -> (thread: Double, process: Double) {
        func seconds(_ clock: clockid_t) -> Double {
            var time = timespec()
            clock_gettime(clock, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        return (seconds(CLOCK_THREAD_CPUTIME_ID), seconds(CLOCK_PROCESS_CPUTIME_ID))
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
        for round in 0..<Self.rounds(rounds) {
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

    var passes: Bool { meets(margin: 1) }

    /// How many times past its goal the tripwire lets the figure be: `Measure.tripwireMargin`,
    /// times the shortfall of a known miss.
    var tripwireMargin: Double { Measure.tripwireMargin * (Measure.knownMisses[name] ?? 1) }

    /// Whether the tripwire lets the figure pass.
    var passesTripwire: Bool { meets(margin: tripwireMargin) }

    /// Whether the figure is within `margin` times its goal (1: the goal itself).
    func meets(margin: Double) -> Bool {
        if case .below = goal { return shortfall < margin }
        return shortfall <= margin
    }

    /// How many times worse than its goal the figure is: at most 1 when it meets it.
    var shortfall: Double {
        switch goal {
        case .fasterBy(let factor): return factor / (reference / ours)
        case .atMost(let factor): return ours / reference / factor
        case .atLeast(let factor): return factor / (ours / reference)
        case .below(let bound): return ours / bound
        }
    }

    /// The tripwire's verdict on a figure that fails it: the figure, its value, its goal and
    /// the limit it crossed.
    var tripped: String {
        let margin = tripwireMargin
        switch goal {
        case .fasterBy(let factor):
            return String(
                format: "%@: %.2f× faster, goal ≥ %.2f×, tripwire below %.2f×", name, reference / ours, factor,
                factor / margin)
        case .atMost(let factor):
            return String(
                format: "%@: %.2f× %@, goal ≤ %.2f×, tripwire above %.2f×", name, ours / reference, referenceName,
                factor, factor * margin)
        case .atLeast(let factor):
            return String(
                format: "%@: %.2f× %@, goal ≥ %.2f×, tripwire below %.2f×", name, ours / reference, referenceName,
                factor, factor / margin)
        case .below(let bound):
            return "\(name): \(Self.format(ours, unit)), goal below \(Self.format(bound, unit)), "
                + "tripwire above \(Self.format(bound * margin, unit))"
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
