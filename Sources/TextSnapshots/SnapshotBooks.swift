import Diagnostics
import FileWriting
import Foundation
import Synchronization

/// The books of one snapshot folder in a test process: which snapshots the suites that use
/// the folder produce, and, once they have all run, the manifest (`manifest.txt`) that says
/// so. Every suite *opens* the books before the run starts, *notes* each snapshot it names
/// (also those it skips because they belong to another shard, so a sharded run still knows
/// the whole matrix) and *closes* them when it has finished; the last close settles:
///
/// - Where snapshots may be written (`SNAPSHOT_RECORD` is not `never`), the manifest becomes
///   exactly what was produced; in CI (`never`) it must already be, or the run fails.
/// - Snapshot files nothing produced fail the run (`flavorkit snapshots prune` deletes
///   them), and in CI so do pending `.txt.new` files.
///
/// A run that leaves tests out (`swift test --filter` or `--skip`) proves nothing about the
/// rest: each suite's close only adds what it produced to the manifest (or, in CI, checks
/// that the manifest lists it) and calls nothing obsolete. Thread-safe; the manifest is
/// changed under a lock on the folder, so processes running at once do not lose names.
public final class SnapshotBooks: Sendable {
    /// The folder kept.
    public let store: SnapshotStore

    private struct State {
        var open = 0
        var produced: Set<SnapshotName> = []
    }
    private let state = Mutex(State())

    private static let shared = Mutex<[String: SnapshotBooks]>([:])

    /// The one set of books of `store`'s folder in this process, shared by every suite that
    /// uses the folder.
    public static func shared(for store: SnapshotStore) -> SnapshotBooks {
        let key = store.root.standardizedFileURL.path
        return shared.withLock { all in
            if let books = all[key] { return books }
            let books = SnapshotBooks(store: store)
            all[key] = books
            return books
        }
    }

    /// Books of their own (tests); suites use `shared(for:)`.
    public init(store: SnapshotStore) {
        self.store = store
    }

    /// A suite that names snapshots here will run: the books stay open until it closes.
    public func open() {
        state.withLock { $0.open += 1 }
    }

    /// `name` is a snapshot the suite produces, verified or not.
    public func note(_ name: SnapshotName) {
        _ = state.withLock { $0.produced.insert(name) }
    }

    /// Every snapshot noted so far.
    public var produced: Set<SnapshotName> {
        state.withLock { $0.produced }
    }

    /// A suite finished. Returns what is wrong with the folder's books (empty when nothing
    /// is); settles when this was the last open suite, or at once when the run leaves tests
    /// out (`settings.isPartialRun`). `rerunCommand` is named in the messages.
    public func close(settings: SnapshotSettings, rerunCommand: String = "swift test") -> [Diagnostic] {
        let (last, produced) = state.withLock { state in
            state.open = max(state.open - 1, 0)
            return (state.open == 0, state.produced)
        }
        if settings.isPartialRun { return settle(produced, complete: false, settings, rerunCommand) }
        return last ? settle(produced, complete: true, settings, rerunCommand) : []
    }

    /// The manifest and folder checks for a run that produced `produced`; `complete` when
    /// every suite ran whole.
    func settle(
        _ produced: Set<SnapshotName>, complete: Bool, _ settings: SnapshotSettings, _ rerunCommand: String
    ) -> [Diagnostic] {
        let paths = Set(produced.map(\.relativePath))
        let mayWrite = settings.mode != .never
        var problems: [Diagnostic] = []
        let manifest = store.manifestURL.path
        do throws(Diagnostic) {
            if mayWrite {
                try AtomicFile.createFolder(store.root)
            } else if !FileManager.default.fileExists(atPath: store.root.path) {
                return paths.isEmpty ? [] : [Diagnostic("no snapshot folder here", path: store.root.path)]
            }
            let lock = try FileLock(exclusive: store.root)
            defer { lock.release() }
            let current = store.manifest()
            let expected = complete ? paths : (current ?? []).union(paths)
            if current != expected {
                if mayWrite {
                    try store.writeManifest(paths: expected)
                } else {
                    let unlisted = expected.subtracting(current ?? []), extra = (current ?? []).subtracting(expected)
                    var message = "the manifest does not list what the tests produce"
                    if !unlisted.isEmpty { message += "; it lacks " + Self.list(unlisted) }
                    if !extra.isEmpty { message += "; it lists, though nothing produces them, " + Self.list(extra) }
                    message +=
                        ". Run `SNAPSHOT_RECORD=missing \(rerunCommand)` outside CI to rewrite it, and commit it"
                    problems.append(Diagnostic(message, path: manifest))
                }
            }
        } catch {
            problems.append(error)
        }
        guard complete else { return problems }
        let obsolete = store.obsoletePaths(expected: paths)
        if !obsolete.isEmpty {
            problems.append(
                Diagnostic(
                    "snapshots that no test produces: \(Self.list(obsolete)); delete them with "
                        + "`swift run flavorkit snapshots prune` (or restore the tests that named them)",
                    path: store.root.path))
        }
        let pending = store.pendingPaths()
        if settings.isCI, !pending.isEmpty {
            problems.append(
                Diagnostic(
                    "pending snapshots were committed: \(Self.list(pending)); review them on your machine with "
                        + "`swift run flavorkit snapshots accept` or `reject`", path: store.root.path))
        }
        return problems
    }

    /// Up to 10 paths, sorted, and how many more.
    static func list(_ paths: some Collection<String>) -> String {
        let sorted = paths.sorted()
        let shown = sorted.prefix(10).joined(separator: ", ")
        return sorted.count > 10 ? shown + " and \(sorted.count - 10) more" : shown
    }
}
