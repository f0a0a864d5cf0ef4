import Foundation

// Run with `swift run -c release Benchmarks`. Each figure is a ratio against a reference
// measured in the same run; medians of alternating rounds. `--quick` runs one round of each,
// to prove they run (CI), not to quote.
#if DEBUG
print("warning: a debug build; run `swift run -c release Benchmarks` for figures that mean anything\n")
#endif

var figures: [Figure] = []
/// `Benchmarks downloads` runs the download figures only.
let downloadsOnly = CommandLine.arguments.dropFirst().first == "downloads"
do {
    if let downloads = try DownloadBenchmarks() {
        defer { downloads.cleanUp() }
        for figure in try downloads.run() {
            print(figure.line)
            figures.append(figure)
        }
    }
    if downloadsOnly {
        print("\n\(figures.filter(\.passes).count) passed, \(figures.filter { !$0.passes }.count) failed")
        exit(figures.allSatisfy(\.passes) ? 0 : 1)
    }
    let catalogs = try CatalogBenchmarks()
    defer { catalogs.cleanUp() }
    for figure in try catalogs.run() {
        print(figure.line)
        figures.append(figure)
    }
    for figure in try ReaderBenchmarks().run() {
        print(figure.line)
        figures.append(figure)
    }
    for figure in try PluralBenchmarks().run() {
        print(figure.line)
        figures.append(figure)
    }
    let lint = try LintBenchmarks()
    defer { lint.cleanUp() }
    for figure in try lint.run() {
        print(figure.line)
        figures.append(figure)
    }
    for figure in GrowthBenchmarks().run() {
        print(figure.line)
        figures.append(figure)
    }
    let startup = try StartupBenchmarks()
    defer { startup.cleanUp() }
    for figure in startup.run() {
        print(figure.line)
        figures.append(figure)
    }
    let diffs = try DiffBenchmarks()
    defer { diffs.cleanUp() }
    for figure in try diffs.run() {
        print(figure.line)
        figures.append(figure)
    }
} catch {
    print("error: \(error)")
    exit(1)
}
let failed = figures.filter { !$0.passes }.count
print(
    "\n\(figures.count - failed) passed, \(failed) failed"
        + (Measure.quick ? " (quick mode: one round each, not figures to quote)" : ""))
