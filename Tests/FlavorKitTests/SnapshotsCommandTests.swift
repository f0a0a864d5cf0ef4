import Foundation
import Testing

@Suite("flavorkit snapshots")
struct SnapshotsCommandTests {
    /// A package folder with one expected snapshot, one obsolete and one pending change.
    static func fixture() throws -> URL {
        let root = try ToolRunner.temporaryFolder()
        let snapshots = root.appendingPathComponent("snapshots/App/en")
        try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
        try Data("# produced by the tests\nApp/en/kept.txt\n".utf8).write(
            to: root.appendingPathComponent("snapshots/manifest.txt"))
        try Data("old\n".utf8).write(to: snapshots.appendingPathComponent("kept.txt"))
        try Data("new\n".utf8).write(to: snapshots.appendingPathComponent("kept.txt.new"))
        try Data("gone\n".utf8).write(to: snapshots.appendingPathComponent("gone.txt"))
        return root
    }

    @Test("status lists pending and obsolete files and fails; accept and prune leave it clean")
    func reviewCycle() throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let status = try ToolRunner.run(["snapshots", "status", "--root", root.path])
        #expect(status.status == 1)
        #expect(
            status.output
                == "pending   App/en/kept.txt.new\nobsolete  App/en/gone.txt\n1 pending, 1 obsolete, 0 leftover\n")

        let accept = try ToolRunner.run(["snapshots", "accept", "--root", root.path])
        #expect(accept.status == 0)
        #expect(
            try String(contentsOf: root.appendingPathComponent("snapshots/App/en/kept.txt"), encoding: .utf8) == "new\n"
        )

        let prune = try ToolRunner.run(["snapshots", "prune", "--root=\(root.path)"])
        #expect(prune.status == 0)
        #expect(prune.output == "removed App/en/gone.txt\n")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("snapshots/App/en/gone.txt").path))

        let clean = try ToolRunner.run(["snapshots", "status"], in: root)
        #expect(clean.status == 0)
        #expect(clean.output == "snapshots are clean\n")
    }

    @Test("reject deletes the pending file and keeps the snapshot")
    func reject() throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ToolRunner.run(["snapshots", "reject", "--root", root.path])
        #expect(result.status == 0)
        #expect(
            try String(contentsOf: root.appendingPathComponent("snapshots/App/en/kept.txt"), encoding: .utf8) == "old\n"
        )
        #expect(
            !FileManager.default.fileExists(atPath: root.appendingPathComponent("snapshots/App/en/kept.txt.new").path))
    }

    @Test("a folder without snapshots is an error naming it; an unknown action is a usage error")
    func errors() throws {
        let empty = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: empty) }
        let missing = try ToolRunner.run(["snapshots", "status", "--root", empty.path])
        #expect(missing.status == 1)
        #expect(missing.errors.contains("\(empty.path)/snapshots: error: no snapshots folder here"))
        let unknown = try ToolRunner.run(["snapshots", "publish", "--root", empty.path])
        #expect(unknown.status == 64)
        #expect(unknown.errors.hasPrefix("error: "))
        let noCommand = try ToolRunner.run([])
        #expect(noCommand.status == 64)
        #expect(noCommand.errors.contains("usage: flavorkit"))
    }
}
