import Diagnostics

/// When snapshots are written, from `SNAPSHOT_RECORD`.
public enum RecordMode: String, CaseIterable, Sendable {
    /// Write snapshots that do not exist yet, report them, pass. The default on a
    /// developer's machine.
    case missing
    /// Rewrite every snapshot.
    case all
    /// Rewrite snapshots that differ (or are missing), and still fail.
    case failed
    /// Write nothing. The default in CI.
    case never

    /// `SNAPSHOT_RECORD` if set (it wins in CI too, so a CI job can record on purpose);
    /// otherwise `never` in CI (a mode `requested` in code never writes there), else
    /// `requested`, else `missing`. An unknown value is an error that lists the valid ones.
    public static func resolve(
        environment: [String: String], requested: RecordMode? = nil
    ) throws(Diagnostic) -> RecordMode {
        if let value = environment["SNAPSHOT_RECORD"], !value.isEmpty {
            guard let mode = RecordMode(rawValue: value.lowercased()) else {
                throw Diagnostic(
                    "SNAPSHOT_RECORD=\(value) is not a record mode; use one of: "
                        + RecordMode.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return mode
        }
        return isCI(environment) ? .never : requested ?? .missing
    }

    /// Whether `CI` is set to anything but `0` or `false`.
    public static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"] else { return false }
        return !["0", "false", ""].contains(value.lowercased())
    }
}
