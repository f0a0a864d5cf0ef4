import Foundation
import TerminalText
import TestSupport
import Testing

@Suite("flavorkit snapshots review")
struct SnapshotReviewTests {
    /// A package with three recorded snapshots, each with a pending change; the first change
    /// has a line far wider than the terminal.
    static func fixture() throws -> URL {
        let root = try ToolRunner.temporaryFolder()
        let folder = root.appendingPathComponent("snapshots/App/en")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let wide = "+" + String(repeating: "much wider than the terminal ", count: 6)
        for (name, old, new) in [("a", "one\n", "one\n\(wide)\n"), ("b", "two\n", "TWO\n"), ("c", "three\n", "3\n")] {
            try Data(old.utf8).write(to: folder.appendingPathComponent("\(name).txt"))
            try Data(new.utf8).write(to: folder.appendingPathComponent("\(name).txt.new"))
        }
        return root
    }

    static func read(_ root: URL, _ path: String) -> String? {
        FileManager.default.contents(atPath: root.appendingPathComponent("snapshots/App/en/" + path).path)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// The lines shown, without colour codes.
    static func plainLines(_ text: String) -> [String] {
        let plain = text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        return plain.replacingOccurrences(of: "\r", with: "").components(separatedBy: "\n")
    }

    @Test("in a terminal: each change with its coloured diff cut to the width; a accepts, r rejects, s skips")
    func terminal() throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let binary = try #require(ChildProcess.builtProduct("flavorkit"))
        let terminal = try PseudoTerminal(
            binary, ["snapshots", "review"], environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm"], in: root,
            columns: 40)
        let first = terminal.output(showing: "q quit: ")
        #expect(first.contains("[1/3] App/en/a.txt"))
        #expect(first.contains("\u{1B}[32m+"), "added lines are green")
        #expect(first.contains("…"), "the wide line is cut")
        #expect(Self.plainLines(first).allSatisfy { DisplayColumns.width($0) <= 40 })
        terminal.type("x")  // not a choice: asked again
        terminal.type("a")
        #expect(terminal.output(showing: "[2/3]").contains("accepted App/en/a.txt"))
        terminal.type("r")
        terminal.output(showing: "[3/3]")
        terminal.type("s")
        let last = terminal.output(showing: "pending")
        #expect(last.contains("1 accepted, 1 rejected, 1 skipped; 1 pending"))
        #expect(terminal.exitStatus() == 1)
        #expect(Self.read(root, "a.txt")?.hasPrefix("one\n+much wider") == true)
        #expect(Self.read(root, "a.txt.new") == nil)
        #expect(Self.read(root, "b.txt") == "two\n" && Self.read(root, "b.txt.new") == nil)
        #expect(Self.read(root, "c.txt.new") == "3\n")
    }

    @Test("q stops at once, leaving the rest pending; everything decided is exit 0")
    func quitAndDone() throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let binary = try #require(ChildProcess.builtProduct("flavorkit"))
        let quitting = try PseudoTerminal(binary, ["snapshots", "review"], environment: [:], in: root)
        quitting.output(showing: "q quit: ")
        quitting.type("q")
        #expect(quitting.output(showing: "pending").contains("0 accepted, 0 rejected, 0 skipped; 3 pending"))
        #expect(quitting.exitStatus() == 1)

        let accepting = try PseudoTerminal(binary, ["snapshots", "review"], environment: ["NO_COLOR": "1"], in: root)
        accepting.output(showing: "[1/3]")
        accepting.type("aaa")
        let shown = accepting.output(showing: "3 accepted")
        #expect(!shown.contains("\u{1B}[3"), "NO_COLOR: no colour")
        #expect(accepting.exitStatus() == 0)
        #expect(Self.read(root, "c.txt") == "3\n")
    }

    @Test("without a terminal it lists what is pending and exits 1; with nothing pending, 0")
    func noTerminal() throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let listed = try ToolRunner.run(["snapshots", "review", "--root", root.path])
        #expect(listed.status == 1)
        #expect(
            listed.output.hasPrefix(
                "pending   App/en/a.txt.new\npending   App/en/b.txt.new\npending   App/en/c.txt.new\n"))
        #expect(listed.output.contains("3 pending: run `flavorkit snapshots review` in a terminal"))
        _ = try ToolRunner.run(["snapshots", "accept", "--root", root.path])
        let clean = try ToolRunner.run(["snapshots", "review", "--root", root.path])
        #expect(clean.status == 0 && clean.output == "nothing to review\n")
    }
}
