#if canImport(XCTest)
import Foundation
import XCTest

/// `expectInlineSnapshot(_:matches:redactions:sourceLocation:)` for XCTest: verifies `text`
/// against the literal `expected` byte for byte, after `redactions`, records it into the test's
/// source as `SNAPSHOT_RECORD` and `CI` say (written when the test process ends), and fails the
/// test case with the diff at the call when it does not pass. `file`, `line` and `column` find
/// the call in the source: leave them to their defaults.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func XCTAssertInlineSnapshot(
    _ text: String, matches expected: String? = nil, redactions: [Redaction] = [],
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let settings: SnapshotSettings
    switch InlineSnapshotRecorder.settings {
    case .success(let value): settings = value
    case .failure(let problem):
        XCTFail(problem.description, file: file, line: line)
        return
    }
    let place = InlineSnapshotPlace(path: "\(file)", line: Int(line), column: Int(column))
    let outcome = InlineSnapshotRecorder.shared.verify(
        text, expected: expected, at: place, settings: settings, redactions: redactions)
    report(outcome, file: file, line: line)
}
#endif
