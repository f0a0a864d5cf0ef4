import Foundation

/// What a snapshot folder holds besides the snapshots the tests expect, for a person
/// (`flavorkit snapshots status`) or a machine (`--format json`): pending files, obsolete
/// snapshots, leftovers of interrupted writes and snapshots a merge left with conflict markers.
public struct SnapshotStatus: Sendable, Equatable {
    /// A snapshot that holds merge conflict markers, and the line of the first.
    public struct Conflict: Sendable, Equatable {
        /// Its path, relative to the snapshot folder.
        public var path: String
        /// The 1-based line of its first `<<<<<<<`.
        public var line: Int
    }

    /// The snapshot folder.
    public var folder: URL
    /// Whether the folder has a manifest; without one nothing can be called obsolete.
    public var hasManifest: Bool
    /// Pending files (`*.txt.new`), relative to the folder, sorted.
    public var pending: [String]
    /// Snapshots the manifest does not name, sorted.
    public var obsolete: [String]
    /// Temporary files interrupted writes left, sorted.
    public var leftover: [String]
    /// Snapshots with merge conflict markers, sorted by path.
    public var conflicted: [Conflict]

    /// The status of `store`'s folder, read now (every snapshot is read for conflict markers).
    public init(_ store: SnapshotStore) {
        folder = store.root
        let manifest = store.manifest()
        hasManifest = manifest != nil
        pending = store.pendingPaths()
        obsolete = manifest.map { store.obsoletePaths(expected: $0) } ?? []
        leftover = store.leftoverPaths()
        conflicted = store.snapshotPaths().compactMap { path in
            guard let data = FileManager.default.contents(atPath: store.root.appendingPathComponent(path).path),
                let line = ConflictMarkers.firstLine(in: String(decoding: data, as: UTF8.self))
            else { return nil }
            return Conflict(path: path, line: line)
        }
    }

    /// Whether nothing needs doing.
    public var isClean: Bool { pending.isEmpty && obsolete.isEmpty && leftover.isEmpty && conflicted.isEmpty }

    /// One line per file (`pending   Light/en/queue.txt.new`), a note when there is no
    /// manifest, and a summary line.
    public var text: String {
        var lines = pending.map { "pending   \($0)" } + obsolete.map { "obsolete  \($0)" }
        lines += leftover.map { "leftover  \($0)" } + conflicted.map { "conflict  \($0.path):\($0.line)" }
        if !hasManifest {
            lines.append(
                "no manifest: run the snapshot tests once outside CI (swift test) to write snapshots/manifest.txt")
        }
        var summary = "\(pending.count) pending, \(obsolete.count) obsolete, \(leftover.count) leftover"
        if !conflicted.isEmpty { summary += ", \(conflicted.count) with conflict markers" }
        lines.append(isClean ? "snapshots are clean" : summary)
        return lines.joined(separator: "\n") + "\n"
    }

    /// One JSON object: `folder` (absolute), `manifest` (whether there is one), and `pending`
    /// (each `path` with the `snapshot` it would replace), `obsolete`, `leftover` and
    /// `conflicted` (each `path` with the `line` of its first marker), paths relative to the
    /// folder.
    public var json: String {
        let object: [String: Any] = [
            "folder": folder.path, "manifest": hasManifest,
            "pending": pending.map {
                ["path": $0, "snapshot": String($0.dropLast(SnapshotStore.pendingExtension.count))]
            },
            "obsolete": obsolete.map { ["path": $0] }, "leftover": leftover.map { ["path": $0] },
            "conflicted": conflicted.map { ["path": $0.path, "line": $0.line] as [String: Any] },
        ]
        // Plain JSON values only: serializing cannot fail.
        let data = try? JSONSerialization.data(
            withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data ?? Data(), as: UTF8.self) + "\n"
    }
}
