import Flavors
import Foundation
import TestSupport
import TextSnapshots

/// Issue "Text-snapshot harness": our line diff against GNU `diff -u` run as a child process,
/// and verifying a matching snapshot against reading the file and comparing bytes.
struct DiffBenchmarks {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flavorkit-diff-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    func run() throws -> [Figure] {
        guard let diffTool = Self.findTool("diff") else {
            print("skipped: GNU diff is not on PATH, so the diff figures have no reference")
            return [try verification()]
        }
        var figures: [Figure] = []
        var random = SeededGenerator(seed: 7)
        let varied = (0..<10_000).map { "line \($0): value \(random.next() % 1_000_000) of the rendered screen" }
        figures.append(
            try compare(
                varied, changes: 100, name: "diff 10,000 lines, 100 scattered changes", goal: 1.5, tool: diffTool))
        let blanky = (0..<4_000).map { $0 % 2 == 0 ? "" : "row \($0 % 40)" }
        figures.append(
            try compare(
                blanky, changes: 100, name: "diff 4,000 lines, half blank, 100 changes", goal: 3, tool: diffTool))
        figures.append(try verification())
        return figures
    }

    /// Writes the text and a copy with `changes` lines replaced at spread positions, then
    /// times our diff plus unified report against `diff -u` on the two files.
    func compare(_ lines: [String], changes: Int, name: String, goal: Double, tool: URL) throws -> Figure {
        var changed = lines
        var random = SeededGenerator(seed: 11)
        for index in 0..<changes {
            let position = index * lines.count / changes + Int(random.next() % UInt64(lines.count / changes))
            changed[position] = "changed \(index)"
        }
        let old = lines.joined(separator: "\n") + "\n", new = changed.joined(separator: "\n") + "\n"
        let oldURL = folder.appendingPathComponent("old.txt"), newURL = folder.appendingPathComponent("new.txt")
        try Data(old.utf8).write(to: oldURL)
        try Data(new.utf8).write(to: newURL)
        var ours = "", theirs = Data()
        let times = try Measure.paired(
            rounds: 15,
            ours: {
                var report = UnifiedDiff(oldLabel: oldURL.path, newLabel: newURL.path)
                report.maximumLines = .max
                ours = report.render(
                    old: try String(contentsOf: oldURL, encoding: .utf8),
                    new: try String(contentsOf: newURL, encoding: .utf8))
            },
            reference: {
                theirs = ChildProcess.run(tool, ["-u", oldURL.path, newURL.path])
            })
        let ourChanges = ours.split(separator: "\n").filter { $0.hasPrefix("+") || $0.hasPrefix("-") }.count
        let theirChanges = String(decoding: theirs, as: UTF8.self).split(separator: "\n")
            .filter { $0.hasPrefix("+") || $0.hasPrefix("-") }.count
        return Figure(
            name: name, ours: times.ours, reference: times.reference, referenceName: "GNU diff -u (a process)",
            goal: .atMost(goal), detail: "changed lines: ours \(ourChanges - 2), GNU \(theirChanges - 2)")
    }

    /// Verifying a matching 10,000-line snapshot against reading the file and comparing bytes.
    func verification() throws -> Figure {
        let store = SnapshotStore(root: PackageLayout(root: folder).snapshots)
        let name = try SnapshotName("Flavor", "en", "long")
        var random = SeededGenerator(seed: 3)
        let text = (0..<10_000).map { "line \($0): \(random.next() % 1_000_000) ok\n" }.joined()
        try store.write(text, for: name)
        let verifier = SnapshotVerifier(store: store, mode: .never, isCI: true)
        var matched = false, same = false
        let times = try Measure.paired(
            rounds: 31,
            ours: {
                matched = verifier.verify(text, as: name).passed
            },
            reference: {
                same = try Data(contentsOf: store.url(for: name)) == Data(text.utf8)
            })
        precondition(matched && same)
        return Figure(
            name: "verify a matching 10,000-line snapshot", ours: times.ours, reference: times.reference,
            referenceName: "read the file + compare bytes", goal: .atMost(2))
    }

    static func findTool(_ name: String) -> URL? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
