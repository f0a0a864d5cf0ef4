import Foundation
import TestSupport
import Testing

@Suite("flavorkit snapshots with inline snapshots")
struct InlineSnapshotsCommandTests {
    static let source = """
        @Test func empty() {
            expectInlineSnapshot(render([]), matches: "old")
        }

        """

    /// A package with a clean snapshot folder and a test source with a pending inline snapshot.
    static func fixture() throws -> (root: URL, source: URL, pending: URL) {
        let root = try ToolRunner.temporaryFolder()
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("snapshots"), withIntermediateDirectories: true)
        try Data("# produced by the tests\n".utf8).write(to: root.appendingPathComponent("snapshots/manifest.txt"))
        let tests = root.appendingPathComponent("Tests/AppTests")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        let source = tests.appendingPathComponent("Empty.swift")
        try Data(Self.source.utf8).write(to: source)
        let pending = tests.appendingPathComponent("Empty.swift.2.25.inline.new")
        try Data("Nothing \u{1B}[1mhere\u{1B}[0m\n".utf8).write(to: pending)
        return (root, source, pending)
    }

    @Test("status lists a pending inline snapshot by its call's place, and fails")
    func status() throws {
        let fixture = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: fixture.root) }
        let text = try ToolRunner.run(["snapshots", "status", "--root", fixture.root.path])
        #expect(text.status == 1)
        #expect(
            text.output
                == "inline    Tests/AppTests/Empty.swift:2:25 (Tests/AppTests/Empty.swift.2.25.inline.new)\n"
                + "0 pending, 0 obsolete, 0 leftover, 1 inline pending\n")
        let json = try ToolRunner.run(["snapshots", "status", "--format", "json", "--root", fixture.root.path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let inline = try #require(object["inline"] as? [[String: Any]])
        #expect(inline.count == 1)
        #expect(inline.first?["source"] as? String == "Tests/AppTests/Empty.swift")
        #expect(inline.first?["line"] as? Int == 2 && inline.first?["column"] as? Int == 25)
        let review = try ToolRunner.run(["snapshots", "review", "--root", fixture.root.path])
        #expect(review.status == 1)
        #expect(review.output.hasPrefix("inline    \(fixture.source.path):2:25\n"))
    }

    @Test("accept writes the pending text into the call's literal, and nothing else; status is clean after")
    func accept() throws {
        let fixture = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: fixture.root) }
        let accept = try ToolRunner.run(
            ["snapshots", "accept", "Tests/AppTests/Empty.swift.2.25.inline.new"], in: fixture.root)
        #expect(accept.status == 0, "\(accept.output)")
        #expect(
            try String(contentsOf: fixture.source, encoding: .utf8)
                == Self.source.replacingOccurrences(
                    of: "\"old\"", with: "\"\"\"\n        Nothing \\u{1B}[1mhere\\u{1B}[0m\n\n        \"\"\""))
        #expect(!FileManager.default.fileExists(atPath: fixture.pending.path))
        #expect(try ToolRunner.run(["snapshots", "status"], in: fixture.root).output == "snapshots are clean\n")
    }

    @Test("review in a terminal shows the source's diff that accepting makes, and a writes it")
    func review() throws {
        let fixture = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: fixture.root) }
        let binary = try #require(ChildProcess.builtProduct("flavorkit"))
        let terminal = try PseudoTerminal(
            binary, ["snapshots", "review"], environment: ["PATH": "/usr/bin:/bin", "TERM": "dumb"],
            in: fixture.root, columns: 100)
        let shown = terminal.output(showing: "q quit: ")
        #expect(shown.contains("[1/1] \(fixture.source.path):2:25"))
        #expect(shown.contains("-    expectInlineSnapshot(render([]), matches: \"old\")"))
        #expect(shown.contains("+        Nothing \\u{1B}[1mhere\\u{1B}[0m"), "the escape, never the control")
        terminal.type("a")
        #expect(terminal.output(showing: "pending").contains("1 accepted, 0 rejected, 0 skipped; 0 pending"))
        #expect(terminal.exitStatus() == 0)
        #expect(try String(contentsOf: fixture.source, encoding: .utf8).contains("Nothing \\u{1B}[1mhere"))
        #expect(!FileManager.default.fileExists(atPath: fixture.pending.path))
    }

    @Test("reject deletes the pending file and leaves the source alone")
    func reject() throws {
        let fixture = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: fixture.root) }
        let reject = try ToolRunner.run(["snapshots", "reject", "--root", fixture.root.path])
        #expect(reject.status == 0)
        #expect(!FileManager.default.fileExists(atPath: fixture.pending.path))
        #expect(try String(contentsOf: fixture.source, encoding: .utf8) == Self.source)
    }

    @Test("a source changed after its pending snapshot was written, or without the call there, is not written")
    func refused() throws {
        let fixture = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: fixture.root) }
        let moved = "// a line above moves the call\n" + Self.source
        try Data(moved.utf8).write(to: fixture.source)
        let written = timespec(tv_sec: 1_000_000, tv_nsec: 0)
        _ = [written, written].withUnsafeBufferPointer { utimensat(AT_FDCWD, fixture.pending.path, $0.baseAddress, 0) }
        let accept = try ToolRunner.run(["snapshots", "accept", fixture.pending.path], in: fixture.root)
        #expect(accept.status != 0)
        #expect(accept.errors.contains("Empty.swift:2:25: error: the source changed after this pending snapshot"))
        #expect(try String(contentsOf: fixture.source, encoding: .utf8) == moved)
        #expect(FileManager.default.fileExists(atPath: fixture.pending.path))
    }
}
