import Foundation
import Testing
@_exported import TextSnapshots

/// Verifies `output` against its snapshot and records a Swift Testing issue, with the diff,
/// at the caller's source location when it does not pass. Notes of newly recorded
/// snapshots go to standard error.
public func expectSnapshot(
    _ output: String, named name: SnapshotName, verifier: SnapshotVerifier,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let outcome = verifier.verify(output, as: name)
    if !outcome.passed {
        Issue.record(Comment(rawValue: outcome.message), sourceLocation: sourceLocation)
    } else if !outcome.message.isEmpty {
        FileHandle.standardError.write(Data((outcome.message + "\n").utf8))
    }
}
