import Diagnostics
import FileFormats
import Foundation

/// What a snapshot folder holds besides the snapshots the tests expect, for a person
/// (`flavorkit snapshots status`) or a machine (`--format json`): pending files, obsolete
/// snapshots, leftovers of interrupted writes, snapshots a merge left with conflict markers,
/// snapshot files that are not read (a symbolic link out of the folder, not a regular file),
/// and inline snapshots waiting beside their tests' sources (`<File>.swift.<line>.<column>.inline.new`).
/// Paths are shown with their control characters made visible (`Diagnostic.visible`).
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
    /// Snapshots that are not read, sorted by path, each with why.
    public var unreadable: [Unreadable]
    /// Pending inline snapshots, sorted by path.
    public var inline: [Inline]

    /// An inline snapshot's new text waiting beside its test's source.
    public struct Inline: Sendable, Equatable {
        /// The pending file, relative to the package folder.
        public var path: String
        /// The test's source, relative to the package folder, and the place of the call.
        public var source: String, line: Int, column: Int
    }

    /// A snapshot file that is not read, and why.
    public struct Unreadable: Sendable, Equatable {
        /// Its path, relative to the snapshot folder.
        public var path: String
        /// Why it is not read (`a symbolic link to "/proc/self/environ", outside …`).
        public var reason: String
    }

    /// The status of `store`'s folder, read now (every snapshot is read for conflict markers),
    /// and of the pending inline snapshots in the package at `packageFolder`, when given.
    public init(_ store: SnapshotStore, packageFolder: URL? = nil) {
        folder = store.root
        var unreadable: [Unreadable] = []
        var manifest: Set<String>?
        do throws(Diagnostic) {
            manifest = try store.readManifest()
        } catch {
            // One that is there but not read (a link out, a device) is not "no manifest".
            var status = stat()
            if lstat(store.manifestURL.path, &status) == 0 {
                unreadable.append(Unreadable(path: SnapshotStore.manifestName, reason: error.message))
            }
        }
        hasManifest = manifest != nil
        pending = store.pendingPaths()
        obsolete = manifest.map { store.obsoletePaths(expected: $0) } ?? []
        leftover = store.leftoverPaths()
        var conflicted: [Conflict] = []
        for path in store.snapshotPaths() {
            do throws(Diagnostic) {
                guard
                    let text = try SnapshotStore.text(at: store.root.appendingPathComponent(path), within: store.root),
                    let line = ConflictMarkers.firstLine(in: text)
                else { continue }
                conflicted.append(Conflict(path: path, line: line))
            } catch {
                unreadable.append(Unreadable(path: path, reason: error.message))
            }
        }
        self.conflicted = conflicted
        self.unreadable = unreadable
        let package = packageFolder?.standardizedFileURL.path ?? ""
        func relative(_ url: URL) -> String {
            let path = url.standardizedFileURL.path
            return path.hasPrefix(package + "/") ? String(path.dropFirst(package.count + 1)) : path
        }
        inline =
            packageFolder.map { InlineSnapshotPending.find(in: $0) }?.map {
                Inline(path: relative($0.url), source: relative($0.source), line: $0.line, column: $0.column)
            } ?? []
    }

    /// Whether nothing needs doing.
    public var isClean: Bool {
        pending.isEmpty && obsolete.isEmpty && leftover.isEmpty && conflicted.isEmpty && unreadable.isEmpty
            && inline.isEmpty
    }

    /// One line per file (`pending   Light/en/queue.txt.new`, `inline    Tests/AppTests.swift:12:9`),
    /// a note when there is no manifest, and a summary line.
    public var text: String {
        let shown = { (path: String) in Diagnostic.visible(path) }
        var lines = pending.map { "pending   \(shown($0))" } + obsolete.map { "obsolete  \(shown($0))" }
        lines += leftover.map { "leftover  \(shown($0))" } + conflicted.map { "conflict  \(shown($0.path)):\($0.line)" }
        lines += unreadable.map { "unread    \(shown($0.path)): \($0.reason)" }
        lines += inline.map { "inline    \(shown($0.source)):\($0.line):\($0.column) (\(shown($0.path)))" }
        if !hasManifest {
            lines.append(
                "no manifest: run the snapshot tests once outside CI (swift test) to write snapshots/manifest.txt")
        }
        var summary = "\(pending.count) pending, \(obsolete.count) obsolete, \(leftover.count) leftover"
        if !conflicted.isEmpty { summary += ", \(conflicted.count) with conflict markers" }
        if !unreadable.isEmpty { summary += ", \(unreadable.count) not read" }
        if !inline.isEmpty { summary += ", \(inline.count) inline pending" }
        lines.append(isClean ? "snapshots are clean" : summary)
        return lines.joined(separator: "\n") + "\n"
    }

    /// One JSON object: `folder` (absolute), `manifest` (whether there is one), and `pending`
    /// (each `path` with the `snapshot` it would replace), `obsolete`, `leftover` and
    /// `conflicted` (each `path` with the `line` of its first marker), paths relative to the
    /// folder; `inline` (each pending `path`, its `source`, `line` and `column`), paths relative
    /// to the package.
    public var json: String {
        let paths = { (paths: [String]) in JSONTree.array(paths.map { .sorted(["path": .string($0)]) }) }
        let status = JSONTree.sorted([
            "folder": .string(folder.path), "manifest": .bool(hasManifest),
            "pending": .array(
                pending.map {
                    .sorted([
                        "path": .string($0),
                        "snapshot": .string(String($0.dropLast(SnapshotStore.pendingExtension.count))),
                    ])
                }),
            "obsolete": paths(obsolete), "leftover": paths(leftover),
            "conflicted": .array(conflicted.map { .sorted(["path": .string($0.path), "line": .int($0.line)]) }),
            "unreadable": .array(
                unreadable.map { .sorted(["path": .string($0.path), "reason": .string($0.reason)]) }),
            "inline": .array(
                inline.map {
                    .sorted([
                        "path": .string($0.path), "source": .string($0.source), "line": .int($0.line),
                        "column": .int($0.column),
                    ])
                }),
        ])
        return JSONOutput.text(status) + "\n"
    }
}
