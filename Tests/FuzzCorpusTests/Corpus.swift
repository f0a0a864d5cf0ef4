import Foundation
import FuzzTargets
import Testing

/// One checked-in seed: the target whose entry point reads it and its file.
struct Seed: Sendable, CustomTestStringConvertible {
    let target: FuzzTarget
    let file: URL
    var testDescription: String { "\(target.rawValue)/\(file.lastPathComponent)" }
}

/// The seed corpus in `Fuzz/corpus/<target>/`, and the reproducers of bugs not fixed yet in
/// `Fuzz/corpus-pending/<target>/` (kept, but not replayed: they crash or take too long).
enum Corpus {
    static let fuzz = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")
    static let seedsFolder = fuzz.appendingPathComponent("corpus")
    static let pendingFolder = fuzz.appendingPathComponent("corpus-pending")

    /// The files of `folder/<target>/`, sorted by name.
    static func files(of target: FuzzTarget, in folder: URL) -> [URL] {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(target.rawValue).path))
            ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map {
            folder.appendingPathComponent(target.rawValue).appendingPathComponent($0)
        }
    }

    /// Every seed of every target.
    static let seeds: [Seed] = FuzzTarget.allCases.flatMap { target in
        files(of: target, in: seedsFolder).map { Seed(target: target, file: $0) }
    }

    /// The folders under `folder` (target names, if the layout is kept).
    static func subfolders(of folder: URL) -> Set<String> {
        Set(((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") })
    }
}
