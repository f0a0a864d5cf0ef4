import Foundation

/// Benchmarks that leave files behind until `cleanUp()`.
protocol CleansUp { func cleanUp() }
extension CatalogBenchmarks: CleansUp {}
extension LintBenchmarks: CleansUp {}
extension StartupBenchmarks: CleansUp {}
extension DiffBenchmarks: CleansUp {}
extension WriterBenchmarks: CleansUp {}
extension ExtractionBenchmarks: CleansUp {}
extension ReportBenchmarks: CleansUp {}
extension MergeBenchmarks: CleansUp {}

// Run with `swift run -c release Benchmarks [group…]`. Each figure is a ratio against a
// reference measured in the same run; medians of alternating rounds. `--quick` runs one round
// of each, to prove they run (CI), not to quote. Naming groups (downloads, catalogs, readers,
// plurals, lint, growth, startup, diffs, writers, extraction, report, merge) runs only those.
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
]
let asked = Set(CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("-") })
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
    for group in groups where asked.isEmpty || asked.contains(group.name) {
        for figure in try group.run() {
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
