import Diagnostics
import Foundation

/// What verifying one snapshot came to.
public struct SnapshotOutcome: Sendable, Equatable {
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
    }

    public var kind: Kind
    /// Whether the test passes.
    public var passed: Bool
    /// What to tell the person: the diff, where a file was written, what to do.
    public var message: String
}

/// Compares rendered text with its recorded snapshot and applies the record policy.
public struct SnapshotVerifier: Sendable {
    public let store: SnapshotStore
    public let mode: RecordMode
    /// In CI nothing is written unless `SNAPSHOT_RECORD` says so, not even pending files.
    public let isCI: Bool
    public let colored: Bool

    public init(store: SnapshotStore, mode: RecordMode, isCI: Bool, colored: Bool = false) {
        self.store = store
        self.mode = mode
        self.isCI = isCI
        self.colored = colored
    }

    /// The policy from the environment: `SNAPSHOT_RECORD`, `CI`, and colour only on a
    /// terminal when `NO_COLOR` is not set.
    public init(root: URL, environment: [String: String] = ProcessInfo.processInfo.environment) throws(Diagnostic) {
        let colored = environment["NO_COLOR"] == nil && isatty(STDERR_FILENO) == 1 && environment["TERM"] != "dumb"
        self.init(
            store: SnapshotStore(root: root), mode: try RecordMode.resolve(environment: environment),
            isCI: RecordMode.isCI(environment), colored: colored)
    }

    /// Matching is byte for byte: `==` on strings would take canonically equivalent text
    /// (a precomposed and a decomposed "é") as equal.
    public func verify(_ output: String, as name: SnapshotName) -> SnapshotOutcome {
        let path = store.url(for: name).path
        if store.matches(output, name) == true {
            if !isCI { store.removePending(for: name) }
            return SnapshotOutcome(kind: .matched, passed: true, message: "")
        }
        guard let recorded = store.read(name) else {
            guard mode != .never else {
                return SnapshotOutcome(
                    kind: .missing, passed: false,
                    message:
                        "missing snapshot \(path) (nothing was written\(isCI ? " in CI" : ""); "
                        + "run the tests with SNAPSHOT_RECORD=missing to record it, then review and commit it)")
            }
            return write(
                output, name, kind: .recorded, passed: mode != .failed,
                message: "recorded new snapshot \(path); review and commit it")
        }
        var report = UnifiedDiff(oldLabel: "a/" + name.relativePath, newLabel: "b/" + name.relativePath)
        report.colored = colored
        let diff = report.render(old: recorded, new: output)
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
                    message +=
                        "\nThe new output is in \(store.pendingURL(for: name).path): "
                        + "`flavorkit snapshots accept` takes it, `reject` drops it."
                } catch {
                    message += "\n(could not write the pending file: \(error))"
                }
            }
            return SnapshotOutcome(kind: .mismatch, passed: false, message: message)
        }
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
