import Diagnostics
import Foundation
import Testing
import TextSnapshots

@Suite("Record policy and verification")
struct VerifierTests {
    @Test(
        "SNAPSHOT_RECORD and CI choose the mode",
        arguments: [
            ([:], RecordMode.missing),
            (["CI": "true"], .never),
            (["CI": "1"], .never),
            (["CI": "0"], .missing),
            (["CI": "false"], .missing),
            (["CI": "true", "SNAPSHOT_RECORD": "all"], .all),
            (["SNAPSHOT_RECORD": "failed"], .failed),
            (["SNAPSHOT_RECORD": "never"], .never),
            (["SNAPSHOT_RECORD": "MISSING"], .missing),
        ] as [([String: String], RecordMode)])
    func modes(environment: [String: String], mode: RecordMode) throws {
        #expect(try RecordMode.resolve(environment: environment) == mode)
    }

    @Test(
        "a mode asked for in code comes after SNAPSHOT_RECORD, and never writes in CI",
        arguments: [
            ([:], RecordMode.failed, RecordMode.failed),
            (["SNAPSHOT_RECORD": "all"], .failed, .all),
            (["CI": "true"], .all, .never),
            (["CI": "true", "SNAPSHOT_RECORD": "missing"], .never, .missing),
        ] as [([String: String], RecordMode, RecordMode)])
    func requestedInCode(environment: [String: String], requested: RecordMode, mode: RecordMode) throws {
        #expect(try RecordMode.resolve(environment: environment, requested: requested) == mode)
        #expect(try SnapshotSettings(environment: environment, arguments: [], record: requested).mode == mode)
    }

    @Test("in CI a missing snapshot never passes: recorded on request it fails, and so does a retry")
    func recordedInCI() throws {
        let verifier = try Self.verifier(.missing, ci: true)
        defer { try? FileManager.default.removeItem(at: verifier.store.root) }
        let first = verifier.verify("text\n", as: Self.name)
        #expect(first.kind == .recorded && !first.passed)
        #expect(try verifier.store.read(Self.name) == "text\n")
        let retry = verifier.verify("text\n", as: Self.name)
        #expect(!retry.passed)
        #expect(retry.message.contains("was recorded by this run in CI"))
        // Off CI, the same file is an ordinary snapshot.
        let developer = SnapshotVerifier(store: verifier.store, mode: .missing, isCI: false)
        #expect(developer.verify("text\n", as: Self.name).kind == .matched)
    }

    @Test("an unknown mode is an error listing the valid ones")
    func unknownMode() {
        #expect(
            throws: Diagnostic(
                "SNAPSHOT_RECORD=sometimes is not a record mode; use one of: missing, all, failed, never")
        ) {
            try RecordMode.resolve(environment: ["SNAPSHOT_RECORD": "sometimes"])
        }
    }

    static let name = try! SnapshotName("Light", "ja", "queue")

    static func verifier(_ mode: RecordMode, ci: Bool = false) throws -> SnapshotVerifier {
        SnapshotVerifier(store: SnapshotStore(root: try scratchFolder()), mode: mode, isCI: ci)
    }

    @Test("a missing snapshot: recorded on a developer's machine, an error in CI with nothing written")
    func missing() throws {
        let developer = try Self.verifier(.missing)
        defer { try? FileManager.default.removeItem(at: developer.store.root) }
        let recorded = developer.verify("text\n", as: Self.name)
        #expect(recorded.kind == .recorded && recorded.passed)
        #expect(try developer.store.read(Self.name) == "text\n")

        let ci = try Self.verifier(.never, ci: true)
        defer { try? FileManager.default.removeItem(at: ci.store.root) }
        let missing = ci.verify("text\n", as: Self.name)
        #expect(missing.kind == .missing && !missing.passed)
        #expect(missing.message.contains(ci.store.url(for: Self.name).path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: ci.store.root.path).isEmpty)
    }

    @Test("a mismatch writes a pending file on a developer's machine only")
    func mismatch() throws {
        for ci in [false, true] {
            let verifier = try Self.verifier(ci ? .never : .missing, ci: ci)
            defer { try? FileManager.default.removeItem(at: verifier.store.root) }
            try verifier.store.write("old\n", for: Self.name)
            let outcome = verifier.verify("new\n", as: Self.name)
            #expect(outcome.kind == .mismatch && !outcome.passed)
            #expect(outcome.message.contains("-old\n+new"))
            #expect(FileManager.default.fileExists(atPath: verifier.store.pendingURL(for: Self.name).path) == !ci)
            #expect(try verifier.store.read(Self.name) == "old\n")
        }
    }

    @Test(
        "all rewrites and passes; failed rewrites and fails; never writes nothing",
        arguments: [
            (RecordMode.all, true, "new\n"), (.failed, false, "new\n"), (.never, false, "old\n"),
        ])
    func rewriting(mode: RecordMode, passes: Bool, stored: String) throws {
        let verifier = try Self.verifier(mode)
        defer { try? FileManager.default.removeItem(at: verifier.store.root) }
        try verifier.store.write("old\n", for: Self.name)
        #expect(verifier.verify("new\n", as: Self.name).passed == passes)
        #expect(try verifier.store.read(Self.name) == stored)
        #expect(verifier.store.pendingPaths().isEmpty)
    }

    @Test("a match clears a stale pending file; CRLF in the recorded file still matches")
    func matchClearsPending() throws {
        let verifier = try Self.verifier(.missing)
        defer { try? FileManager.default.removeItem(at: verifier.store.root) }
        try Data("a\r\nb\r\n".utf8).write(to: verifier.store.url(for: Self.name).createFolder())
        try verifier.store.writePending("stale\n", for: Self.name)
        #expect(verifier.verify("a\nb\n", as: Self.name).kind == .matched)
        #expect(verifier.store.pendingPaths().isEmpty)
    }

    @Test("verification is byte for byte: canonically equivalent text is a mismatch")
    func byteExact() throws {
        let verifier = try Self.verifier(.never)
        defer { try? FileManager.default.removeItem(at: verifier.store.root) }
        try verifier.store.write("caf\u{E9}\n", for: Self.name)
        #expect(verifier.verify("caf\u{E9}\n", as: Self.name).passed)
        #expect(!verifier.verify("cafe\u{301}\n", as: Self.name).passed)
    }

    @Test("many tests recording at once never corrupt or lose a file")
    func parallelRecording() async throws {
        let verifier = try Self.verifier(.all)
        defer { try? FileManager.default.removeItem(at: verifier.store.root) }
        let body = String(repeating: "0123456789 abcdefghij\n", count: 2_000)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<64 {
                group.addTask {
                    // Half the tasks fight over the same names.
                    let name = try! SnapshotName("Flavor", "l\(task % 8)", "screen\(task / 8 % 4)")
                    _ = verifier.verify(body, as: name)
                }
            }
        }
        #expect(verifier.store.snapshotPaths().count == 32)
        for path in verifier.store.snapshotPaths() {
            #expect(try Data(contentsOf: verifier.store.root.appendingPathComponent(path)) == Data(body.utf8))
        }
        #expect(verifier.store.leftoverPaths().isEmpty)
    }
}

extension URL {
    /// Creates the folder this file goes in; returns the file's URL.
    func createFolder() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
