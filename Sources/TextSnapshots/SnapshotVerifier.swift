import Diagnostics
import Foundation
import Synchronization

/// What verifying one snapshot came to.
public struct SnapshotOutcome: Sendable, Equatable {
    /// What happened to the snapshot.
    public enum Kind: Sendable, Equatable {
        /// The output matches the recorded snapshot.
        case matched
        /// There was no snapshot; it was written (record modes `missing`, `all`, `failed`).
        case recorded
        /// The snapshot differed and was rewritten (`all`, `failed`).
        case rerecorded
        /// There was no snapshot and none was written.
        case missing
        /// The output differs from the snapshot.
        case mismatch
        /// The recorded snapshot holds merge conflict markers (``ConflictMarkers``): it fails,
        /// whatever the output, until it is recorded again.
        case conflict
        /// The recorded snapshot is not read (a symbolic link out of the snapshot folder, not a
        /// regular file, too large): it fails, and nothing is written through it.
        case unreadable
    }

    /// What happened to the snapshot.
    public var kind: Kind
    /// Whether the test passes.
    public var passed: Bool
    /// What to tell the person: the diff, where a file was written, what to do.
    public var message: String
    /// The failure as a GitHub Actions workflow command (`::error file=…,line=…,title=snapshot::…`)
    /// when the settings ask for annotations and the snapshot failed; print it on its own line.
    public var annotation: String?

    /// An outcome; `annotation` is nil unless given.
    public init(kind: Kind, passed: Bool, message: String, annotation: String? = nil) {
        self.kind = kind
        self.passed = passed
        self.message = message
        self.annotation = annotation
    }
}

/// Compares rendered text with its recorded snapshot and applies the record policy
/// (`SnapshotSettings`): writes what the mode allows, leaves a failing snapshot's new output
/// as a pending `.txt.new` file on a developer's machine or under `SNAPSHOT_ARTIFACTS`, and
/// words every failure with the commands that fix it.
public struct SnapshotVerifier: Sendable {
    /// The snapshot folder.
    public let store: SnapshotStore
    /// What the environment says.
    public let settings: SnapshotSettings
    /// The command that runs the tests again, named in messages (`swift test --filter MySuite`).
    public var rerunCommand = "swift test"
    /// What is replaced in the output before it is compared or recorded, in order.
    public var redactions: [Redaction] = []

    /// When snapshots are written.
    public var mode: RecordMode { settings.mode }
    /// In CI nothing is written unless `SNAPSHOT_RECORD` says so, not even pending files.
    public var isCI: Bool { settings.isCI }

    /// A verifier of `store` with `settings`.
    public init(store: SnapshotStore, settings: SnapshotSettings) {
        self.store = store
        self.settings = settings
    }

    /// A verifier of `store` in `mode`, with nothing else from the environment.
    public init(store: SnapshotStore, mode: RecordMode, isCI: Bool, colored: Bool = false) {
        self.init(store: store, settings: SnapshotSettings(mode: mode, isCI: isCI, colored: colored))
    }

    /// A verifier of the snapshots in `snapshotsFolder` (a package's `snapshots/`, as its
    /// `PackageLayout` names it), with the settings `environment` gives.
    public init(
        snapshotsFolder: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(Diagnostic) {
        self.init(store: SnapshotStore(root: snapshotsFolder), settings: try SnapshotSettings(environment: environment))
    }

    /// The snapshots this process recorded in CI (absolute paths): a test retried in CI must
    /// not pass on a snapshot its own first attempt wrote.
    private static let recordedInCI = Mutex<Set<String>>([])

    /// Matching is byte for byte: `==` on strings would take canonically equivalent text
    /// (a precomposed and a decomposed "é") as equal. In CI a missing snapshot never passes:
    /// recorded there (only when `SNAPSHOT_RECORD` asks), it fails, and so does every later
    /// verification of it in the same process, a retried test's included.
    public func verify(_ output: String, as name: SnapshotName) -> SnapshotOutcome {
        let output = Redaction.apply(redactions, to: output)
        let path = store.url(for: name).path
        if store.matches(output, name) == true {
            if isCI, Self.recordedInCI.withLock({ $0.contains(path) }) {
                let message =
                    "snapshot \(path) was recorded by this run in CI and is not in the repository; a test run "
                    + "again does not pass on it: record it on your machine, review and commit it"
                return failure(.missing, name, output: output, recorded: "", message: message)
            }
            if !isCI { store.removePending(for: name) }
            return SnapshotOutcome(kind: .matched, passed: true, message: "")
        }
        let read: String?
        do throws(Diagnostic) {
            read = try store.read(name)
        } catch {
            return failure(.unreadable, name, output: output, recorded: "", message: "\(error)")
        }
        guard let recorded = read else {
            guard mode != .never else {
                let message =
                    "missing snapshot \(path) (nothing was written\(isCI ? " in CI" : "")); record it with "
                    + "`SNAPSHOT_RECORD=missing \(rerunCommand)`, then review and commit it"
                return failure(.missing, name, output: output, recorded: "", message: message)
            }
            guard isCI else {
                return write(
                    output, name, kind: .recorded, passed: mode != .failed,
                    message: "recorded new snapshot \(path); review and commit it")
            }
            Self.recordedInCI.withLock { _ = $0.insert(path) }
            return write(
                output, name, kind: .recorded, passed: false,
                message: "recorded new snapshot \(path) in CI, where a missing snapshot never passes; "
                    + "review and commit it")
        }
        if let line = ConflictMarkers.firstLine(in: recorded), mode == .missing || mode == .never {
            return conflict(output, name, recorded: recorded, line: line)
        }
        var shownDiff = report(colored: settings.colored, name)
        shownDiff.showsControlCharacters = true
        let diff = shownDiff.render(old: recorded, new: output)
        switch mode {
        case .all:
            return write(output, name, kind: .rerecorded, passed: true, message: "re-recorded \(path):\n\(diff)")
        case .failed:
            return write(
                output, name, kind: .rerecorded, passed: false,
                message: "snapshot \(path) differed and was re-recorded; review the change:\n\(diff)")
        case .missing, .never:
            var message = "snapshot \(path) does not match the output:\n\(diff)"
            if mode == .missing, !isCI {
                do {
                    try store.writePending(output, for: name)
                    let relative = name.relativePath
                    message +=
                        "\nThe new output is in \(store.pendingURL(for: name).path): "
                        + "`swift run flavorkit snapshots accept \(relative)` takes it, "
                        + "`swift run flavorkit snapshots reject \(relative)` drops it."
                    return failure(.mismatch, name, output: output, recorded: recorded, message: message, written: true)
                } catch {
                    message += "\n(could not write the pending file: \(error))"
                }
            } else {
                message +=
                    "\nOn your machine, `\(rerunCommand)` writes the new output beside the snapshot for "
                    + "`swift run flavorkit snapshots accept`."
            }
            return failure(.mismatch, name, output: output, recorded: recorded, message: message)
        }
    }

    /// A snapshot a merge left with conflict markers: a failure that says so, with the new
    /// output left as a pending file on a developer's machine (never written in CI).
    private func conflict(_ output: String, _ name: SnapshotName, recorded: String, line: Int) -> SnapshotOutcome {
        var message =
            "snapshot \(store.url(for: name).path) holds merge conflict markers (line \(line)): a merge left it "
            + "unfinished. Record it again with `SNAPSHOT_RECORD=failed \(rerunCommand)`, then review and commit it"
        if mode == .missing, !isCI, (try? store.writePending(output, for: name)) != nil {
            message += "; or take this run's output: `swift run flavorkit snapshots accept \(name.relativePath)`."
            return failure(.conflict, name, output: output, recorded: recorded, message: message, written: true)
        }
        return failure(.conflict, name, output: output, recorded: recorded, message: message + ".")
    }

    private func report(colored: Bool, _ name: SnapshotName) -> UnifiedDiff {
        var report = UnifiedDiff(oldLabel: "a/" + name.relativePath, newLabel: "b/" + name.relativePath)
        report.colored = colored
        return report
    }

    /// A failed outcome: the new output, the recorded snapshot and the diff go to the artifacts
    /// folder when there is one and nothing was `written` next to the snapshots, and the
    /// annotation is made when asked for.
    private func failure(
        _ kind: SnapshotOutcome.Kind, _ name: SnapshotName, output: String, recorded: String, message: String,
        written: Bool = false
    ) -> SnapshotOutcome {
        var message = message
        let plainDiff =
            settings.artifacts == nil && settings.annotationRoot == nil
            ? "" : report(colored: false, name).render(old: recorded, new: output)
        if !written, let folder = settings.artifacts {
            let artifacts = SnapshotArtifacts(folder: folder)
            do {
                try artifacts.write(
                    output: output, recorded: kind == .missing ? nil : recorded, diff: plainDiff, for: name)
                message +=
                    "\nThe new output is in \(artifacts.outputURL(for: name).path) (the recorded snapshot and the "
                    + "diff beside it); download that folder and run `swift run flavorkit snapshots accept --from DIR` "
                    + "to take it."
            } catch {
                message += "\n(could not write to SNAPSHOT_ARTIFACTS: \(error))"
            }
        }
        var annotation: String?
        if let root = settings.annotationRoot {
            let line: Int
            let summary: String
            switch kind {
            case .missing:
                line = 1
                summary =
                    "missing snapshot (nothing was written in CI); record it with `SNAPSHOT_RECORD=missing \(rerunCommand)`"
            case .conflict:
                line = ConflictMarkers.firstLine(in: recorded) ?? 1
                summary =
                    "merge conflict markers in the snapshot; record it again with `SNAPSHOT_RECORD=failed \(rerunCommand)`"
            default:
                line = Self.firstDifferingLine(old: recorded, new: output)
                summary = "the output differs from line \(line):\n\(plainDiff)"
            }
            annotation = Diagnostic(summary, path: annotationPath(name, root: root), line: line, rule: "snapshot")
                .workflowCommand()
        }
        return SnapshotOutcome(kind: kind, passed: false, message: message, annotation: annotation)
    }

    /// The snapshot's path relative to `root` (the workspace), or to the package (the folder
    /// that holds the snapshot folder) when it lies outside.
    private func annotationPath(_ name: SnapshotName, root: URL) -> String {
        let file = store.url(for: name).standardizedFileURL.path
        for base in [root.standardizedFileURL, store.root.standardizedFileURL.deletingLastPathComponent()] {
            let prefix = base.path.hasSuffix("/") ? base.path : base.path + "/"
            if file.hasPrefix(prefix) { return String(file.dropFirst(prefix.count)) }
        }
        return file
    }

    /// The 1-based line of the recorded text where the new output first differs (the line
    /// before which lines were inserted, when nothing was deleted there).
    public static func firstDifferingLine(old: String, new: String) -> Int {
        let diff = LineDiff(old: old, new: new)
        var oldIndex = 0, newIndex = 0
        while oldIndex < diff.oldCount, newIndex < diff.newCount, !diff.deleted[oldIndex], !diff.inserted[newIndex] {
            oldIndex += 1
            newIndex += 1
        }
        return min(oldIndex + 1, max(diff.oldCount, 1))
    }

    private func write(
        _ output: String, _ name: SnapshotName, kind: SnapshotOutcome.Kind, passed: Bool,
        message: String
    ) -> SnapshotOutcome {
        do {
            try store.write(output, for: name)
            store.removePending(for: name)
            return SnapshotOutcome(kind: kind, passed: passed, message: message)
        } catch {
            return SnapshotOutcome(
                kind: kind, passed: false,
                message: "cannot write snapshot \(store.url(for: name).path): \(error)")
        }
    }
}
