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

    @Test("status --format json: every file with its path, for a machine; the exit status is the text's")
    func statusJSON() throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let snapshots = root.appendingPathComponent("snapshots")
        try Data("a\n<<<<<<< HEAD\nb\n=======\nc\n>>>>>>> other\n".utf8).write(
            to: snapshots.appendingPathComponent("App/en/merged.txt"))
        try Data("half\n".utf8).write(to: snapshots.appendingPathComponent("App/en/.kept.txt.flavorkit-tmp-1-2"))
        let text = try ToolRunner.run(["snapshots", "status", "--root", root.path])
        #expect(text.output.contains("conflict  App/en/merged.txt:2\n"))
        let result = try ToolRunner.run(["snapshots", "status", "--format", "json", "--root", root.path])
        #expect(result.status == 1 && result.status == text.status)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["folder"] as? String == snapshots.path)
        #expect(object["manifest"] as? Bool == true)
        #expect(
            object["pending"] as? [[String: String]] == [
                ["path": "App/en/kept.txt.new", "snapshot": "App/en/kept.txt"]
            ])
        // merged.txt is not in the manifest either.
        #expect(
            object["obsolete"] as? [[String: String]] == [["path": "App/en/gone.txt"], ["path": "App/en/merged.txt"]])
        #expect(object["leftover"] as? [[String: String]] == [["path": "App/en/.kept.txt.flavorkit-tmp-1-2"]])
        let conflicted = try #require(object["conflicted"] as? [[String: Any]])
        #expect(conflicted.count == 1)
        #expect(conflicted.first?["path"] as? String == "App/en/merged.txt")
        #expect(conflicted.first?["line"] as? Int == 2)
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

@Suite("flavorkit snapshots prune deletes only what it owns")
struct SnapshotsPruneTests {
    /// A package with `recorded` snapshots under `snapshots/App/en/`, a manifest with
    /// `manifest` as its text, and files that are not snapshots: hidden ones, foreign ones,
    /// and a temporary file a killed write left.
    static func fixture(recorded: [String], manifest: String) throws -> URL {
        let root = try ToolRunner.temporaryFolder()
        let folder = root.appendingPathComponent("snapshots/App/en")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(manifest.utf8).write(to: root.appendingPathComponent("snapshots/manifest.txt"))
        for name in recorded { try Data("\(name)\n".utf8).write(to: folder.appendingPathComponent(name)) }
        for foreign in [
            "snapshots/.gitattributes", "snapshots/App/.gitkeep", "snapshots/README.md", "snapshots/App/en/logo.png",
        ] {
            try Data("mine\n".utf8).write(to: root.appendingPathComponent(foreign))
        }
        return root
    }

    /// Every file under `root`'s snapshots folder, relative to it, sorted.
    static func files(_ root: URL) -> [String] {
        let folder = root.appendingPathComponent("snapshots").path
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue
            {
                files.append(path)
            }
        }
        return files.sorted()
    }

    static let foreign = [".gitattributes", "App/.gitkeep", "App/en/logo.png", "README.md"]

    @Test("obsolete snapshots, their pending files and leftover temporary files go; hidden and foreign files stay")
    func ownedOnly() throws {
        let root = try Self.fixture(
            recorded: ["a.txt", "b.txt", "c.txt", "gone.txt", "gone.txt.new", ".gone.txt.flavorkit-tmp-999999999-ab"],
            manifest: "# header\nApp/en/a.txt\nApp/en/b.txt\nApp/en/c.txt\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let prune = try ToolRunner.run(["snapshots", "prune", "--root", root.path])
        #expect(prune.status == 0)
        #expect(
            prune.output
                == "removed App/en/.gone.txt.flavorkit-tmp-999999999-ab\nremoved App/en/gone.txt\n"
                + "removed App/en/gone.txt.new\n")
        #expect(
            Self.files(root)
                == (Self.foreign + ["App/en/a.txt", "App/en/b.txt", "App/en/c.txt", "manifest.txt"]).sorted())
    }

    @Test(
        "refuses, deleting nothing, when the manifest is empty or would remove more than half, unless --force",
        arguments: [
            ("# header only\n", "the manifest names no snapshot, so pruning would delete all 3", []),
            ("App/en/a.txt\n", "pruning would delete 2 of the 3 snapshots, more than half", ["App/en/a.txt"]),
        ])
    func refused(manifest: String, message: String, kept: [String]) throws {
        let root = try Self.fixture(recorded: ["a.txt", "b.txt", "c.txt"], manifest: manifest)
        defer { try? FileManager.default.removeItem(at: root) }
        let before = Self.files(root)
        let refused = try ToolRunner.run(["snapshots", "prune", "--root", root.path])
        #expect(refused.status == 1)
        #expect(refused.output.isEmpty)
        #expect(refused.errors.hasPrefix("\(root.path)/snapshots/manifest.txt: error: \(message);"))
        #expect(refused.errors.contains("--force"))
        #expect(Self.files(root) == before)

        let forced = try ToolRunner.run(["snapshots", "prune", "--force", "--root", root.path])
        #expect(forced.status == 0)
        #expect(Self.files(root) == (Self.foreign + kept + ["manifest.txt"]).sorted())
    }

    @Test("refuses, deleting nothing, when the manifest cannot be read, even with --force")
    func unreadable() throws {
        for damage in ["folder", "bytes"] {
            let root = try Self.fixture(recorded: ["a.txt", "b.txt"], manifest: "")
            defer { try? FileManager.default.removeItem(at: root) }
            let manifest = root.appendingPathComponent("snapshots/manifest.txt")
            try FileManager.default.removeItem(at: manifest)
            if damage == "folder" {
                try FileManager.default.createDirectory(at: manifest, withIntermediateDirectories: false)
            } else {
                try Data([0x41, 0xFF, 0xFE, 0x0A]).write(to: manifest)
            }
            let before = Self.files(root)
            let result = try ToolRunner.run(["snapshots", "prune", "--force", "--root", root.path])
            #expect(result.status == 1)
            #expect(result.errors.hasPrefix("\(manifest.path): error: "))
            #expect(Self.files(root) == before)
        }
    }

    @Test("prune --help lists --force")
    func help() throws {
        let help = try ToolRunner.run(["snapshots", "prune", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("--force"))
    }
}

@Suite("flavorkit snapshots list and accept --from")
struct SnapshotsShardAndArtifactsTests {
    static let names = (0..<12).map { "App/l\($0)/screen.txt" }

    /// A package whose manifest lists `names`.
    static func fixture() throws -> URL {
        let root = try ToolRunner.temporaryFolder()
        let snapshots = root.appendingPathComponent("snapshots")
        try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
        try Data(("# header\n" + names.reversed().map { $0 + "\n" }.joined()).utf8).write(
            to: snapshots.appendingPathComponent("manifest.txt"))
        return root
    }

    @Test("list prints the manifest's snapshots; the shards of a count split them, each once")
    func list() throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let all = try ToolRunner.run(["snapshots", "list", "--root", root.path])
        #expect(all.status == 0)
        #expect(all.output == Self.names.sorted().map { $0 + "\n" }.joined())
        var seen: [String] = []
        for index in 1...3 {
            let shard = try ToolRunner.run(["snapshots", "list", "--shard", "\(index)/3", "--root", root.path])
            #expect(shard.status == 0)
            let listed = shard.output.split(separator: "\n").map(String.init)
            #expect(!listed.isEmpty && listed == listed.sorted())
            seen += listed
        }
        #expect(seen.sorted() == Self.names.sorted())
    }

    @Test("a shard that does not exist is a usage error", arguments: ["4/3", "0/3", "two"])
    func badShard(shard: String) throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ToolRunner.run(["snapshots", "list", "--shard", shard, "--root", root.path])
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("error: '\(shard)' is not a shard (INDEX/COUNT, e.g. 2/4)"))
    }

    @Test("accept --from applies an artifacts folder, reporting each file")
    func acceptFrom() throws {
        let root = try Self.fixture()
        let artifacts = try ToolRunner.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: artifacts)
        }
        let snapshot = root.appendingPathComponent("snapshots/App/l1/screen.txt")
        try FileManager.default.createDirectory(
            at: snapshot.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("old\n".utf8).write(to: snapshot)
        try FileManager.default.createDirectory(
            at: artifacts.appendingPathComponent("App/l1"), withIntermediateDirectories: true)
        try Data("new\n".utf8).write(to: artifacts.appendingPathComponent("App/l1/screen.txt"))
        try Data("-old\n+new\n".utf8).write(to: artifacts.appendingPathComponent("App/l1/screen.txt.diff"))
        let result = try ToolRunner.run(["snapshots", "accept", "--from", artifacts.path, "--root", root.path])
        #expect(result.status == 0)
        #expect(result.output == "accepted App/l1/screen.txt\nskipped  App/l1/screen.txt.diff (a diff)\n")
        #expect(try String(contentsOf: snapshot, encoding: .utf8) == "new\n")
    }

    @Test("accept --from refuses a file that is not a snapshot, applying nothing; it takes no PATH")
    func acceptFromRefused() throws {
        let root = try Self.fixture()
        let artifacts = try ToolRunner.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: artifacts)
        }
        try FileManager.default.createDirectory(
            at: artifacts.appendingPathComponent("App/l1"), withIntermediateDirectories: true)
        try Data("new\n".utf8).write(to: artifacts.appendingPathComponent("App/l1/screen.txt"))
        try Data("x\n".utf8).write(to: artifacts.appendingPathComponent("App/.escape.txt"))
        let refused = try ToolRunner.run(["snapshots", "accept", "--from", artifacts.path, "--root", root.path])
        #expect(refused.status == 1)
        #expect(refused.errors.hasPrefix("\(artifacts.path)/App/.escape.txt: error: not a snapshot"))
        // Nothing was applied, and nothing says it was.
        #expect(refused.output.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("snapshots/App/l1").path))
        let withPath = try ToolRunner.run(
            ["snapshots", "accept", "--from", artifacts.path, "App/l1/screen.txt", "--root", root.path])
        #expect(withPath.status == 64)
    }
}
