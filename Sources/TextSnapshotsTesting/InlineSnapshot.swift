import Testing
@_exported import TextSnapshots

/// Verifies `text` against `expected`, the string literal written in the call, byte for byte
/// (every space, blank line and trailing white space), after `redactions`, and records a Swift
/// Testing issue with the diff at the call when it does not match:
///
///     @Test func emptyQueue() {
///         expectInlineSnapshot(render(queue: []), matches: """
///             Nothing to transfer.
///             """)
///     }
///
/// Recording writes the literal into the test's source, as `SNAPSHOT_RECORD` and `CI` say
/// (`RecordMode`): a call without `matches:` gets one (`missing`, the default on a developer's
/// machine, passes with a note), a changed text replaces the literal with `all` or `failed`,
/// and in CI nothing is written and a missing snapshot fails. The sources are rewritten once,
/// when the test process ends, each only if it is as it was when the tests were built; the
/// literal is a multi-line raw literal with the fewest `#` it needs, indented to the call,
/// every invisible character written as an escape. A call that cannot be found at its place
/// (a helper passing its caller's `sourceLocation` on, a macro, a file changed while the tests
/// ran) fails, with its place, and leaves the new text beside the source in
/// `<File>.swift.<line>.<column>.inline.new`, for `flavorkit snapshots status`, `review`,
/// `accept` and `reject`; so does a text that differs in the default mode. A call verified
/// with different texts in one run (a parameterized test) fails and writes nothing.
public func expectInlineSnapshot(
    _ text: String, matches expected: String? = nil, redactions: [Redaction] = [],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let settings: SnapshotSettings
    switch InlineSnapshotRecorder.settings {
    case .success(let value): settings = value
    case .failure(let problem):
        Issue.record(Comment(rawValue: problem.description), sourceLocation: sourceLocation)
        return
    }
    let place = InlineSnapshotPlace(
        path: sourceLocation.filePath, line: sourceLocation.line, column: sourceLocation.column)
    report(
        InlineSnapshotRecorder.shared.verify(
            text, expected: expected, at: place, settings: settings, redactions: redactions),
        sourceLocation: sourceLocation)
}
