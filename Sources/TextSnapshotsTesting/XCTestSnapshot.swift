#if canImport(XCTest)
import Foundation
import XCTest

/// Verifies `output` against its snapshot and fails the XCTest test case, with the diff, at
/// the caller's file and line when it does not pass. (Named like XCTest's own assertions.)
/// It keeps no books; `SnapshotSuite` (Swift Testing) does.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func XCTAssertSnapshot(
    _ output: String, named name: SnapshotName, verifier: SnapshotVerifier,
    file: StaticString = #filePath, line: UInt = #line
) {
    report(verifier.verify(output, as: name), file: file, line: line)
}

/// Fails the XCTest test case with a failed outcome at `file` and `line` (and prints its
/// annotation); a passing outcome's note goes to standard error. `report(_:sourceLocation:)`
/// is Swift Testing's.
func report(_ outcome: SnapshotOutcome, file: StaticString, line: UInt) {
    if let annotation = outcome.annotation { print(annotation) }
    if !outcome.passed {
        XCTFail(outcome.message, file: file, line: line)
    } else if !outcome.message.isEmpty {
        FileHandle.standardError.write(Data((outcome.message + "\n").utf8))
    }
}
#endif
