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

@Suite("Inline snapshot faces")
struct InlineFaceTests {
    func place(
        _ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation, column: Int = #column
    ) -> (Testing.SourceLocation, Int) {
        (sourceLocation, column)
    }

    @Test("Swift Testing gives a call the column #column gives it, where the call's ( is")
    func columns() {
        let (location, column) = place("x")
        #expect(location.column == column)
    }

    @Test("a literal that is the text passes, byte for byte")
    func matching() {
        expectInlineSnapshot(
            "Queue\n  1 video  \n\n\u{1B}[1mdone\u{1B}[0m",
            matches: """
                Queue
                  1 video \u{20}

                \u{1B}[1mdone\u{1B}[0m
                """)
    }

    @Test("a text that differs records an issue carrying the diff and the place")
    func mismatch() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Elsewhere.swift").path
        try Data("expectInlineSnapshot(text, matches: \"old\")\n".utf8).write(to: URL(fileURLWithPath: path))
        withKnownIssue {
            expectInlineSnapshot(
                "new", matches: "old",
                sourceLocation: Testing.SourceLocation(fileID: "M/Elsewhere.swift", filePath: path, line: 1, column: 21)
            )
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("-old") && text.contains("+new") && text.contains("Elsewhere.swift:1:21")
        }
    }
}

final class XCTestInlineFaceTests: XCTestCase {
    func testMatchingPasses() {
        XCTAssertInlineSnapshot(
            "one\ntwo\n",
            matches: """
                one
                two

                """)
    }
}
