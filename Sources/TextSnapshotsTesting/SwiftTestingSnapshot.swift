import Foundation
import Testing
@_exported import TextSnapshots

/// Verifies `output` against its snapshot with a verifier of one's own and records a Swift
/// Testing issue, with the diff, at the caller's source location when it does not pass.
/// Notes of newly recorded snapshots go to standard error. This keeps no books (no manifest,
/// no obsolete check, no shards): `SnapshotSuite` does, and is what a package's snapshot
/// tests should use.
public func expectSnapshot(
    _ output: String, named name: SnapshotName, verifier: SnapshotVerifier,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    report(verifier.verify(output, as: name), sourceLocation: sourceLocation)
}
