import Diagnostics
import Foundation
import TerminalText

/// What the environment says about a snapshot run, read once:
///
/// | variable | meaning |
/// |---|---|
/// | `SNAPSHOT_RECORD` | `missing`, `all`, `failed` or `never` (see `RecordMode`) |
/// | `CI` | anything but `0`/`false`: nothing is written next to the snapshots |
/// | `SNAPSHOT_ARTIFACTS` | a folder where failing snapshots leave their new output and diff |
/// | `SNAPSHOT_SHARD` | `INDEX/COUNT`: verify only that shard's snapshots (`SnapshotShard`) |
/// | `SNAPSHOT_VARIANT` | a variant's (or flavor's) name: skip the snapshots named after the package's other variants (`SnapshotSuite`) |
/// | `GITHUB_ACTIONS` | `true`: each failure is also printed as a workflow command (annotation) |
/// | `NO_COLOR`, `TERM=dumb` | no colour in diffs (colour needs a terminal anyway) |
public struct SnapshotSettings: Sendable {
    /// When snapshots are written.
    public var mode: RecordMode
    /// In CI nothing is written next to the snapshots unless `SNAPSHOT_RECORD` says so.
    public var isCI: Bool
    /// Whether diffs are coloured.
    public var colored: Bool
    /// The shard to verify; nil for all.
    public var shard: SnapshotShard?
    /// The variant to verify (`ProStaging`), as a CI job per variant wants: `SnapshotSuite`
    /// skips the snapshots named after the package's other variants; nil for all.
    public var variant: String?
    /// `SNAPSHOT_ARTIFACTS`, relative paths taken from the current folder.
    public var artifacts: URL?
    /// `GITHUB_WORKSPACE` when `GITHUB_ACTIONS=true`: failures are printed as annotations, with
    /// paths relative to it (or to the package, when the snapshots lie outside it).
    public var annotationRoot: URL?
    /// Whether the test run leaves tests out (`swift test --filter` or `--skip`): the books
    /// then only add to the manifest and never call a snapshot obsolete.
    public var isPartialRun: Bool

    /// Settings given one by one; the defaults write nothing extra.
    public init(
        mode: RecordMode, isCI: Bool, colored: Bool = false, shard: SnapshotShard? = nil, variant: String? = nil,
        artifacts: URL? = nil, annotationRoot: URL? = nil, isPartialRun: Bool = false
    ) {
        self.mode = mode
        self.isCI = isCI
        self.colored = colored
        self.shard = shard
        self.variant = variant
        self.artifacts = artifacts
        self.annotationRoot = annotationRoot
        self.isPartialRun = isPartialRun
    }

    /// The settings `environment` and the test process's `arguments` give, with the record
    /// mode `record` asked for in code (`SNAPSHOT_RECORD` wins over it, and in CI it writes
    /// nothing: see ``RecordMode/resolve(environment:requested:)``). An unknown
    /// `SNAPSHOT_RECORD`, a malformed `SNAPSHOT_SHARD` or a `SNAPSHOT_VARIANT` that cannot start
    /// a snapshot name is an error that says what to write.
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        arguments: [String] = CommandLine.arguments, record: RecordMode? = nil
    ) throws(Diagnostic) {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        func folder(_ variable: String) -> URL? {
            guard let path = environment[variable], !path.isEmpty else { return nil }
            return URL(fileURLWithPath: path, relativeTo: current).standardizedFileURL
        }
        self.init(
            mode: try RecordMode.resolve(environment: environment, requested: record),
            isCI: RecordMode.isCI(environment),
            colored: Terminal.usesColor(environment: environment, isTerminal: Terminal.isTerminal(STDERR_FILENO)),
            shard: try SnapshotShard.resolve(environment: environment),
            variant: try Self.variant(environment: environment),
            artifacts: folder("SNAPSHOT_ARTIFACTS"),
            annotationRoot: environment["GITHUB_ACTIONS"] == "true" ? folder("GITHUB_WORKSPACE") ?? current : nil,
            isPartialRun: Self.leavesTestsOut(arguments))
    }

    /// `SNAPSHOT_VARIANT`; nil when it is not set or empty (every variant runs).
    public static func variant(environment: [String: String]) throws(Diagnostic) -> String? {
        guard let value = environment["SNAPSHOT_VARIANT"], !value.isEmpty else { return nil }
        guard SnapshotName.isValid(value) else {
            throw Diagnostic(
                "SNAPSHOT_VARIANT=\"\(Diagnostic.quote(value))\" cannot start a snapshot name; write a variant's "
                    + "name, such as ProStaging")
        }
        return value
    }

    /// Whether a test process's arguments choose some tests only: `--filter`, `--skip`
    /// (as `swift test` passes them on), or their `=` forms.
    public static func leavesTestsOut(_ arguments: [String]) -> Bool {
        arguments.dropFirst().contains { argument in
            ["--filter", "--skip"].contains { argument == $0 || argument.hasPrefix($0 + "=") }
        }
    }
}
