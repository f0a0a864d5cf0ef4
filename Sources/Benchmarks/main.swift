import Foundation

/// Benchmarks that leave files behind until `cleanUp()`.
protocol CleansUp { func cleanUp() }
extension CatalogBenchmarks: CleansUp {}
extension LintBenchmarks: CleansUp {}
extension VariantBenchmarks: CleansUp {}
extension StartupBenchmarks: CleansUp {}
extension DiffBenchmarks: CleansUp {}
extension WriterBenchmarks: CleansUp {}
extension ExtractionBenchmarks: CleansUp {}
extension ReportBenchmarks: CleansUp {}
extension MergeBenchmarks: CleansUp {}
extension ScaleBenchmarks: CleansUp {}

// Run with `swift run -c release Benchmarks [group…]`. Each figure is a ratio against a
// reference measured in the same run; medians of alternating rounds. `--quick` runs one round
// of each, to prove they run, not to quote; `--tripwire` is CI's check (see `Measure.tripwire`).
// Naming groups (downloads, catalogs, readers, plurals, lint, growth, startup, diffs, writers,
// extraction, report, merge, variants, scale) runs only those; `scale` runs only when named.
#if DEBUG
print("warning: a debug build; run `swift run -c release Benchmarks` for figures that mean anything\n")
#endif

let groups: [(name: String, run: () throws -> [Figure])] = [
    ("downloads", { try DownloadBenchmarks.runAll() }),
    ("catalogs", { try cleaningUp(CatalogBenchmarks()) { try $0.run() } }),
    ("readers", { try ReaderBenchmarks().run() }),
    ("plurals", { try PluralBenchmarks().run() }),
    ("lint", { try cleaningUp(LintBenchmarks()) { try $0.run() } }),
    ("growth", { GrowthBenchmarks().run() }),
    ("startup", { try cleaningUp(StartupBenchmarks()) { $0.run() } }),
    ("diffs", { try cleaningUp(DiffBenchmarks()) { try $0.run() } }),
    ("writers", { try cleaningUp(WriterBenchmarks()) { try $0.run() } }),
    ("extraction", { try cleaningUp(ExtractionBenchmarks()) { try $0.run() } }),
    ("report", { try cleaningUp(ReportBenchmarks()) { try $0.run() } }),
    ("merge", { try cleaningUp(MergeBenchmarks()) { try $0.run() } }),
    ("variants", { try cleaningUp(VariantBenchmarks()) { try $0.run() } }),
    ("scale", { try cleaningUp(ScaleBenchmarks()) { try $0.run() } }),
]
/// Every group but `scale` (minutes at 1 GB), which runs only when named.
let defaultGroups = Set(groups.map(\.name)).subtracting(["scale"])
/// The groups `--tripwire` runs when none is named: in process, needing nothing but the
/// toolchain, and together within 30 seconds.
let tripwireGroups: Set = ["catalogs", "readers", "plurals", "lint", "extraction"]
let flags: Set = ["--quick", "--tripwire", "--help"]
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") {
    print(
        """
        usage: Benchmarks [--quick | --tripwire] [--scale-keys=N] [group…]
          --quick     one round of each figure: that they run, not figures to quote
          --tripwire  CI's check: three rounds of each figure; fails (exit 1) only on a figure
                      more than \(Measure.tripwireMargin)× past its goal; without groups runs \(tripwireGroups.sorted().joined(separator: ", "))
          --scale-keys=N  the large catalog of the scale group: N keys in 40 languages (default 100,000: about 1 GB)
        groups: \(groups.map(\.name).joined(separator: ", ")) (scale only when named)
        """)
    exit(0)
}
if let flag = arguments.first(where: { $0.hasPrefix("-") && !flags.contains($0) && !$0.hasPrefix("--scale-keys=") }) {
    print("error: unknown option '\(flag)'; options: \(flags.sorted().joined(separator: ", "))")
    exit(2)
}
let asked = Set(arguments.filter { !$0.hasPrefix("-") })
if let unknown = asked.first(where: { name in !groups.contains { $0.name == name } }) {
    print("error: no benchmark group '\(unknown)'; groups: \(groups.map(\.name).joined(separator: ", "))")
    exit(2)
}

/// Runs `body` on benchmarks that made files, then removes them.
func cleaningUp<B: CleansUp>(_ benchmarks: B, _ body: (B) throws -> [Figure]) rethrows -> [Figure] {
    defer { benchmarks.cleanUp() }
    return try body(benchmarks)
}

var figures: [Figure] = []
do {
    let chosen = asked.isEmpty ? (Measure.tripwire ? tripwireGroups : defaultGroups) : asked
    for group in groups where chosen.contains(group.name) {
        var found = try group.run()
        // The tripwire measures a group again, twice at most, while one of its figures is past
        // the margin, and keeps each figure's best attempt: only a miss that persists fails.
        var attempts = 1
        while Measure.tripwire, attempts < 3, found.contains(where: { !$0.passesTripwire }) {
            attempts += 1
            found = zip(found, try group.run()).map { $0.shortfall <= $1.shortfall ? $0 : $1 }
        }
        for var figure in found {
            if attempts > 1 { figure.detail += "\(figure.detail.isEmpty ? "" : "; ")best of \(attempts) attempts" }
            print(figure.line)
            figures.append(figure)
        }
    }
} catch {
    print("error: \(error)")
    exit(1)
}
let failed = figures.filter { !$0.passes }.count
print(
    "\n\(figures.count - failed) passed, \(failed) failed"
        + (Measure.quick ? " (quick mode: one round each, not figures to quote)" : ""))
if Measure.tripwire {
    for figure in figures where Measure.knownMisses[figure.name] != nil {
        print(
            String(format: "note: tripwire: a known miss, held to %.2f× past its goal instead: ", figure.tripwireMargin)
                + figure.tripped)
    }
    let tripped = figures.filter { !$0.passesTripwire }
    for figure in tripped { print("error: tripwire: \(figure.tripped)") }
    print(
        tripped.isEmpty
            ? "tripwire: no figure is more than \(Measure.tripwireMargin)× past its goal (known misses: as noted)"
            : "tripwire: \(tripped.count) figure(s) past the tripwire's limit")
    exit(tripped.isEmpty ? 0 : 1)
}
