import Foundation
import Testing
import TextSnapshotsTesting
import XCTest

@Suite("Swift Testing face")
struct SwiftTestingFaceTests {
    @Test("a match passes quietly; a mismatch records an issue carrying the diff")
    func expectSnapshotFace() throws {
        let verifier = SnapshotVerifier(store: SnapshotStore(root: try scratchFolder()), mode: .never, isCI: true)
        defer { try? FileManager.default.removeItem(at: verifier.store.root) }
        let name = try SnapshotName("Face", "en", "screen")
        try verifier.store.write("one\ntwo\n", for: name)
        expectSnapshot("one\ntwo\n", named: name, verifier: verifier)
        withKnownIssue {
            expectSnapshot("one\nthree\n", named: name, verifier: verifier)
        } matching: { issue in
            String(describing: issue).contains("-two") && String(describing: issue).contains("+three")
        }
    }
}

final class XCTestFaceTests: XCTestCase {
    func testMatchingAndRecordingPass() throws {
        let verifier = SnapshotVerifier(store: SnapshotStore(root: try scratchFolder()), mode: .missing, isCI: false)
        defer { try? FileManager.default.removeItem(at: verifier.store.root) }
        let name = try SnapshotName("Face", "en", "xctest")
        XCTAssertSnapshot("recorded on first use\n", named: name, verifier: verifier)
        XCTAssertEqual(try verifier.store.read(name), "recorded on first use\n")
        XCTAssertSnapshot("recorded on first use\n", named: name, verifier: verifier)
    }
}
