import Foundation
import Testing

@testable import TextSnapshots

@Suite("Recording inline snapshots into a test's source")
struct InlineSnapshotRecorderTests {
    static let source = """
        @Test func screens() {
            expectInlineSnapshot(render(1))
            expectInlineSnapshot(render(2), matches: "old")
        }

        """

    /// A scratch folder holding `Screens.swift` with `text`, and the places of its calls.
    struct Scratch {
        let folder: URL
        let file: URL
        let places: [InlineSnapshotPlace]

        init(_ text: String = InlineSnapshotRecorderTests.source) throws {
            folder = try scratchFolder()
            file = folder.appendingPathComponent("Screens.swift")
            try Data(text.utf8).write(to: file)
            let path = file.path
            places = [2, 3].map { InlineSnapshotPlace(path: path, line: $0, column: 25) }
        }

        func read() throws -> String { String(decoding: try Data(contentsOf: file), as: UTF8.self) }
        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    static func settings(_ mode: RecordMode, ci: Bool = false) -> SnapshotSettings {
        SnapshotSettings(mode: mode, isCI: ci)
    }

    @Test("a missing snapshot is recorded and passes; the source gets the literal when flushed, nothing else")
    func recordsMissing() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let recorder = InlineSnapshotRecorder(builtAt: nil)
        let outcome = recorder.verify("one\n", expected: nil, at: scratch.places[0], settings: Self.settings(.missing))
        #expect(outcome.kind == .recorded && outcome.passed)
        #expect(outcome.message.contains("Screens.swift:2:25"))
        #expect(try scratch.read() == Self.source)
        #expect(recorder.flush().isEmpty)
        #expect(
            try scratch.read()
                == Self.source.replacingOccurrences(
                    of: "render(1))", with: "render(1), matches: \"\"\"\n        one\n\n        \"\"\")"))
    }

    @Test("several snapshots of one file are written together, once", arguments: [RecordMode.all, .failed])
    func several(mode: RecordMode) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let recorder = InlineSnapshotRecorder(builtAt: nil)
        let first = recorder.verify("a", expected: nil, at: scratch.places[0], settings: Self.settings(mode))
        let second = recorder.verify("b\\", expected: "old", at: scratch.places[1], settings: Self.settings(mode))
        #expect(first.passed == (mode == .all) && second.passed == (mode == .all))
        #expect(second.kind == .rerecorded && second.message.contains("-old") && second.message.contains("+b\\"))
        #expect(recorder.flush().isEmpty)
        let expected = """
            @Test func screens() {
                expectInlineSnapshot(render(1), matches: \"\"\"
                    a
                    \"\"\")
                expectInlineSnapshot(render(2), matches: #\"\"\"
                    b\\
                    \"\"\"#)
            }

            """
        #expect(try scratch.read() == expected)
        #expect(recorder.flush().isEmpty)
        #expect(try scratch.read() == expected)
    }

    @Test("a matching literal passes and writes nothing")
    func matches() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let recorder = InlineSnapshotRecorder(builtAt: nil)
        let outcome = recorder.verify("old", expected: "old", at: scratch.places[1], settings: Self.settings(.all))
        #expect(outcome.kind == .matched && outcome.passed)
        recorder.flush()
        #expect(try scratch.read() == Self.source)
    }

    @Test("the comparison is exact: trailing white space, blank lines, a final line break, é composed or not")
    func exact() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let recorder = InlineSnapshotRecorder(builtAt: nil)
        for (text, expected) in [("a ", "a"), ("a\n", "a"), ("a\n\nb", "a\nb"), ("\u{E9}", "e\u{301}")] {
            let outcome = recorder.verify(
                text, expected: expected, at: scratch.places[1], settings: Self.settings(.never))
            #expect(outcome.kind == .mismatch && !outcome.passed)
        }
    }

    @Test("in CI nothing is written: a missing or changed snapshot fails, also when retried")
    func inCI() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let recorder = InlineSnapshotRecorder(builtAt: nil)
        for _ in 0..<2 {
            let missing = recorder.verify(
                "a", expected: nil, at: scratch.places[0], settings: Self.settings(.never, ci: true))
            #expect(missing.kind == .missing && !missing.passed && missing.message.contains("in CI"))
            let changed = recorder.verify(
                "b", expected: "old", at: scratch.places[1], settings: Self.settings(.never, ci: true))
            #expect(changed.kind == .mismatch && !changed.passed)
        }
        recorder.flush()
        #expect(try scratch.read() == Self.source)
        #expect(!FileManager.default.fileExists(atPath: scratch.places[1].pending.url.path))
    }

    @Test("in CI a committed pending file fails its call, even when the literal matches")
    func committedPending() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.places[1].pending.write("new")
        let recorder = InlineSnapshotRecorder(builtAt: nil)
        let outcome = recorder.verify(
            "old", expected: "old", at: scratch.places[1], settings: Self.settings(.never, ci: true))
        #expect(!outcome.passed && outcome.message.contains("is committed"))
        #expect(try scratch.places[1].pending.text() == "new")
    }

    @Test("SNAPSHOT_RECORD=missing in CI records a missing snapshot and still fails, also when retried")
    func recordedInCI() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let recorder = InlineSnapshotRecorder(builtAt: nil)
        for _ in 0..<2 {
            let outcome = recorder.verify(
                "a", expected: nil, at: scratch.places[0], settings: Self.settings(.missing, ci: true))
            #expect(outcome.kind == .recorded && !outcome.passed)
        }
    }

    @Test("a changed text in the default mode fails and waits beside the source; accepting writes it")
    func pendingReview() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let recorder = InlineSnapshotRecorder(builtAt: nil)
        let outcome = recorder.verify(
            "new\n", expected: "old", at: scratch.places[1], settings: Self.settings(.missing))
        #expect(outcome.kind == .mismatch && !outcome.passed)
        let pending = try #require(InlineSnapshotPending.find(in: scratch.folder).first)
        #expect(pending.url.lastPathComponent == "Screens.swift.3.25.inline.new")
        #expect(pending == scratch.places[1].pending)
        #expect(try pending.text() == "new\n")
        recorder.flush()
        #expect(try scratch.read() == Self.source)
        try pending.apply()
        #expect(
            try scratch.read()
                == Self.source.replacingOccurrences(
                    of: "matches: \"old\"", with: "matches: \"\"\"\n        new\n\n        \"\"\""))
        #expect(InlineSnapshotPending.find(in: scratch.folder).isEmpty)
        // The next run matches, and would have removed a pending file.
        try pending.write("stale")
        let nextRun = InlineSnapshotRecorder(builtAt: nil)
        #expect(nextRun.verify("x", expected: "x", at: scratch.places[1], settings: Self.settings(.missing)).passed)
        #expect(InlineSnapshotPending.find(in: scratch.folder).isEmpty)
    }

    @Test("a call verified with different texts (a parameterized test) fails and nothing is written")
    func differentTexts() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let recorder = InlineSnapshotRecorder(builtAt: nil)
        #expect(recorder.verify("a", expected: nil, at: scratch.places[0], settings: Self.settings(.missing)).passed)
        let second = recorder.verify("b", expected: nil, at: scratch.places[0], settings: Self.settings(.missing))
        #expect(!second.passed && second.message.contains("different texts"))
        #expect(!recorder.verify("a", expected: nil, at: scratch.places[0], settings: Self.settings(.missing)).passed)
        #expect(recorder.flush().isEmpty)
        #expect(try scratch.read() == Self.source)
    }

    @Test("a call not found at its place fails with the place and leaves the text beside the source")
    func notFound() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let recorder = InlineSnapshotRecorder(builtAt: nil)
        let place = InlineSnapshotPlace(path: scratch.file.path, line: 1, column: 5)
        let outcome = recorder.verify("text", expected: nil, at: place, settings: Self.settings(.missing))
        #expect(!outcome.passed)
        #expect(outcome.message.hasPrefix("\(scratch.file.path):1:5: cannot write this inline snapshot"))
        #expect(try place.pending.text() == "text")
        recorder.flush()
        #expect(try scratch.read() == Self.source)
    }

    @Test("a source changed during the run is not written; its snapshots go to pending files")
    func changedDuringRun() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let recorder = InlineSnapshotRecorder(builtAt: nil)
        #expect(recorder.verify("a", expected: nil, at: scratch.places[0], settings: Self.settings(.missing)).passed)
        let edited = Self.source + "// edited\n"
        try Data(edited.utf8).write(to: scratch.file)
        let problems = recorder.flush()
        #expect(problems.count == 1 && problems[0].message.contains("changed while the tests ran"))
        #expect(try scratch.read() == edited)
        #expect(try scratch.places[0].pending.text() == "a")
    }

    @Test("a source changed after the test binary was built is not rewritten")
    func changedAfterBuild() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let binary = scratch.folder.appendingPathComponent("binary")
        try Data().write(to: binary)
        let old = timespec(tv_sec: 1_000_000, tv_nsec: 0)
        _ = [old, old].withUnsafeBufferPointer { utimensat(AT_FDCWD, binary.path, $0.baseAddress, 0) }
        let recorder = InlineSnapshotRecorder(builtAt: binary)
        let outcome = recorder.verify("a", expected: nil, at: scratch.places[0], settings: Self.settings(.missing))
        #expect(!outcome.passed && outcome.message.contains("changed after the tests were built"))
        recorder.flush()
        #expect(try scratch.read() == Self.source)
    }

    @Test("under GitHub Actions a failure is also an annotation at the call, relative to the workspace")
    func annotation() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let recorder = InlineSnapshotRecorder(builtAt: nil)
        let settings = SnapshotSettings(mode: .never, isCI: true, annotationRoot: scratch.folder)
        let failed = recorder.verify("new", expected: "old", at: scratch.places[1], settings: settings)
        #expect(failed.annotation?.hasPrefix("::error file=Screens.swift,line=3,col=25,title=snapshot::") == true)
        let passed = recorder.verify("old", expected: "old", at: scratch.places[0], settings: settings)
        #expect(passed.annotation == nil)
    }

    @Test("a source that is a link out of its folder is neither read nor written through")
    func linkedSource() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let inside = scratch.folder.appendingPathComponent("Tests")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        let link = inside.appendingPathComponent("Linked.swift")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: scratch.file)
        let recorder = InlineSnapshotRecorder(builtAt: nil)
        let place = InlineSnapshotPlace(path: link.path, line: 2, column: 25)
        let outcome = recorder.verify("a", expected: nil, at: place, settings: Self.settings(.missing))
        #expect(!outcome.passed && outcome.message.contains("cannot write this inline snapshot"))
        recorder.flush()
        #expect(try scratch.read() == Self.source)
    }

    @Test("redactions apply before comparing and recording")
    func redactions() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let recorder = InlineSnapshotRecorder(builtAt: nil)
        let outcome = recorder.verify(
            "at 2026-11-28", expected: "at [date]", at: scratch.places[1], settings: Self.settings(.never),
            redactions: [Redaction.isoDates])
        #expect(outcome.passed)
    }

    @Test("a pending file's name says its call's place; other names are not pending files")
    func pendingNames() {
        let folder = URL(fileURLWithPath: "/p/Tests")
        #expect(
            InlineSnapshotPending(file: folder.appendingPathComponent("A.b.swift.12.9.inline.new"))
                == InlineSnapshotPending(source: folder.appendingPathComponent("A.b.swift"), line: 12, column: 9))
        for name in ["A.swift.inline.new", "A.swift.x.9.inline.new", "A.swift.0.9.inline.new", ".1.2.inline.new"] {
            #expect(InlineSnapshotPending(file: folder.appendingPathComponent(name)) == nil)
        }
    }
}
