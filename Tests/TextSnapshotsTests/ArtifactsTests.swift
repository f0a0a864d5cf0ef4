import Diagnostics
import Foundation
import Testing
import TextSnapshots

@Suite("Artifacts of failing snapshots")
struct ArtifactsTests {
    static let name = try! SnapshotName("Light", "ja", "queue")

    /// A CI verifier of a scratch folder whose artifacts go to a second scratch folder.
    static func verifier() throws -> SnapshotVerifier {
        SnapshotVerifier(
            store: SnapshotStore(root: try scratchFolder()),
            settings: SnapshotSettings(mode: .never, isCI: true, artifacts: try scratchFolder()))
    }

    @Test("a mismatch in CI leaves the new output, the recorded snapshot and the diff under its relative path")
    func mismatch() throws {
        let verifier = try Self.verifier()
        let artifacts = SnapshotArtifacts(folder: try #require(verifier.settings.artifacts))
        defer {
            try? FileManager.default.removeItem(at: verifier.store.root)
            try? FileManager.default.removeItem(at: artifacts.folder)
        }
        try verifier.store.write("one\ntwo\n", for: Self.name)
        let outcome = verifier.verify("one\nthree\n", as: Self.name)
        #expect(!outcome.passed)
        #expect(
            try String(contentsOf: artifacts.folder.appendingPathComponent("Light/ja/queue.txt"), encoding: .utf8)
                == "one\nthree\n")
        let diff = try String(
            contentsOf: artifacts.folder.appendingPathComponent("Light/ja/queue.txt.diff"), encoding: .utf8)
        #expect(
            diff.hasPrefix("--- a/Light/ja/queue.txt\n+++ b/Light/ja/queue.txt\n") && diff.contains("-two\n+three\n"))
        #expect(
            try String(
                contentsOf: artifacts.folder.appendingPathComponent("Light/ja/queue.txt.recorded"), encoding: .utf8)
                == "one\ntwo\n")
        #expect(outcome.message.contains("`swift run flavorkit snapshots accept --from DIR`"))
        #expect(try verifier.store.pendingPaths().isEmpty && verifier.store.read(Self.name) == "one\ntwo\n")
        // accept --from takes the new output only: the recorded snapshot and the diff are reported.
        try verifier.store.writeManifest([Self.name])
        #expect(
            try artifacts.accept(into: verifier.store) == [
                .init(path: "Light/ja/queue.txt", outcome: .accepted),
                .init(path: "Light/ja/queue.txt.diff", outcome: .diff),
                .init(path: "Light/ja/queue.txt.recorded", outcome: .recorded),
            ])
        #expect(try verifier.store.read(Self.name) == "one\nthree\n")
    }

    @Test("a missing snapshot in CI leaves its output too; a download applied with accept --from adds it")
    func missingThenAccepted() throws {
        let verifier = try Self.verifier()
        let artifacts = SnapshotArtifacts(folder: try #require(verifier.settings.artifacts))
        defer {
            try? FileManager.default.removeItem(at: verifier.store.root)
            try? FileManager.default.removeItem(at: artifacts.folder)
        }
        #expect(verifier.verify("new screen\n", as: Self.name).kind == .missing)
        // Only what the manifest names is taken: here, the screen the tests produce.
        try verifier.store.writeManifest([Self.name])
        let applied = try artifacts.accept(into: verifier.store)
        #expect(
            applied == [
                .init(path: "Light/ja/queue.txt", outcome: .accepted),
                .init(path: "Light/ja/queue.txt.diff", outcome: .diff),
            ])
        #expect(try verifier.store.read(Self.name) == "new screen\n")
    }

    @Test(
        "a file the manifest does not name (the manifest itself too) or reached through a link is refused, and nothing is applied",
        arguments: ["manifest.txt", "Other/evil.txt", "Light/ja/linked.txt", "Linked/ja/queue.txt"])
    func refusedByManifest(path: String) throws {
        let store = SnapshotStore(root: try scratchFolder())
        let folder = try scratchFolder()
        let outside = try scratchFolder()
        defer {
            for url in [store.root, folder, outside] { try? FileManager.default.removeItem(at: url) }
        }
        let linked = try SnapshotName("Light", "ja", "linked")
        try store.writeManifest([Self.name, linked, try SnapshotName("Linked", "ja", "queue")])
        try Data("secret\n".utf8).write(to: outside.appendingPathComponent("secret.txt"))
        try Data("good\n".utf8).write(to: folder.appendingPathComponent("Light/ja/queue.txt").createFolder())
        let file = folder.appendingPathComponent(path)
        switch path {
        case "Light/ja/linked.txt":
            try FileManager.default.createSymbolicLink(
                at: file, withDestinationURL: outside.appendingPathComponent("secret.txt"))
        case "Linked/ja/queue.txt":
            try FileManager.default.createSymbolicLink(
                at: folder.appendingPathComponent("Linked"), withDestinationURL: outside)
            try FileManager.default.createDirectory(
                at: outside.appendingPathComponent("ja"), withIntermediateDirectories: true)
            try Data("planted\n".utf8).write(to: outside.appendingPathComponent("ja/queue.txt"))
        default:
            try Data("x\n".utf8).write(to: file.createFolder())
        }
        let applied = try SnapshotArtifacts(folder: folder).accept(into: store)
        // A link to a folder is refused as it is: nothing below it is read.
        let seen = path == "Linked/ja/queue.txt" ? "Linked" : path
        #expect(applied.contains { $0.path == seen && $0.outcome != .accepted }, "\(applied)")
        #expect(applied.contains(.init(path: "Light/ja/queue.txt", outcome: .accepted)))
        #expect(try store.read(Self.name) == nil)
        #expect(try store.read(linked) == nil)
        #expect(try String(contentsOf: store.manifestURL, encoding: .utf8).contains("Light/ja/queue.txt"))
    }

    @Test(
        "a file that is not a snapshot, or would land outside the folder, is refused and nothing is applied",
        arguments: [".hidden.txt", "Light/.git/x.txt", "Light/ja/notes.md", "Light/ja/line\u{1B}.txt", "out/x.txt"])
    func refused(path: String) throws {
        let store = SnapshotStore(root: try scratchFolder())
        let folder = try scratchFolder()
        let outside = try scratchFolder()
        defer {
            for url in [store.root, folder, outside] { try? FileManager.default.removeItem(at: url) }
        }
        // `out` in the snapshot folder is a link to a folder elsewhere.
        try FileManager.default.createSymbolicLink(
            at: store.root.appendingPathComponent("out"), withDestinationURL: outside)
        for file in ["Light/ja/good.txt", path] {
            try Data("x\n".utf8).write(to: folder.appendingPathComponent(file).createFolder())
        }
        try store.writeManifest(paths: ["Light/ja/good.txt", path])
        let applied = try SnapshotArtifacts(folder: folder).accept(into: store)
        #expect(applied.contains { if case .refused = $0.outcome { $0.path == path } else { false } })
        #expect(store.snapshotPaths().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test("a folder that does not exist is an error naming it")
    func noFolder() throws {
        let store = SnapshotStore(root: try scratchFolder())
        defer { try? FileManager.default.removeItem(at: store.root) }
        let missing = store.root.appendingPathComponent("nothing")
        #expect(throws: Diagnostic("no artifacts folder here", path: missing.path)) {
            try SnapshotArtifacts(folder: missing).accept(into: store)
        }
    }
}

@Suite("GitHub annotations of failing snapshots")
struct AnnotationTests {
    @Test("a mismatch is an error annotation on the snapshot file, at its first differing line")
    func mismatch() throws {
        let package = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: package) }
        let verifier = SnapshotVerifier(
            store: SnapshotStore(root: package.appendingPathComponent("snapshots")),
            settings: SnapshotSettings(mode: .never, isCI: true, annotationRoot: package))
        let name = try SnapshotName("Light", "ja", "queue")
        try verifier.store.write("a\nb\nc\n", for: name)
        let annotation = try #require(verifier.verify("a\nB\nc\n", as: name).annotation)
        #expect(
            annotation
                == "::error file=snapshots/Light/ja/queue.txt,line=2,title=snapshot::the output differs from line 2:"
                + "%0A--- a/Light/ja/queue.txt%0A+++ b/Light/ja/queue.txt%0A@@ -1,3 +1,3 @@%0A a%0A-b%0A+B%0A c%0A")
        #expect(verifier.verify("a\nb\nc\n", as: name).annotation == nil)
    }

    @Test("paths are relative to the workspace when the package lies inside it, else to the package")
    func paths() throws {
        let workspace = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: workspace) }
        let store = SnapshotStore(root: workspace.appendingPathComponent("Examples/My App/snapshots"))
        let name = try SnapshotName("Free", "fr", "home")
        for (root, path) in [
            (workspace, "Examples/My App/snapshots/Free/fr/home.txt"),
            (URL(fileURLWithPath: "/elsewhere"), "snapshots/Free/fr/home.txt"),
        ] {
            let verifier = SnapshotVerifier(
                store: store, settings: SnapshotSettings(mode: .never, isCI: true, annotationRoot: root))
            let annotation = try #require(verifier.verify("x\n", as: name).annotation)
            #expect(annotation.hasPrefix("::error file=\(path),line=1,title=snapshot::missing snapshot"))
        }
    }

    @Test("workflow commands escape what GitHub's runner reads as syntax")
    func escaping() {
        let diagnostic = Diagnostic("100% new,\r\nline: two", path: "a,b:c%.txt", line: 3, column: 1, rule: "r:1")
        #expect(
            diagnostic.workflowCommand(pathPrefix: "Ex/")
                == "::error file=Ex/a%2Cb%3Ac%25.txt,line=3,col=1,title=r%3A1::100%25 new,%0D%0Aline: two")
        #expect(Diagnostic("plain", severity: .warning).workflowCommand() == "::warning::plain")
    }

    @Test(
        "the first differing line of the recorded text",
        arguments: [
            ("a\nb\nc\n", "a\nB\nc\n", 2), ("a\nb\n", "a\nb\nc\n", 2), ("a\nb\n", "x\na\nb\n", 1), ("", "x\n", 1),
            ("a\nb\n", "a\nb", 2), ("a\nb\nc\n", "a\nc\n", 2),
        ])
    func firstLine(old: String, new: String, line: Int) {
        #expect(SnapshotVerifier.firstDifferingLine(old: old, new: new) == line)
    }

    @Test("SNAPSHOT_ARTIFACTS, GITHUB_ACTIONS and GITHUB_WORKSPACE are read from the environment")
    func settings() throws {
        let settings = try SnapshotSettings(
            environment: [
                "CI": "true", "SNAPSHOT_ARTIFACTS": "/tmp/artifacts", "GITHUB_ACTIONS": "true",
                "GITHUB_WORKSPACE": "/work/repo", "SNAPSHOT_SHARD": "2/3",
            ], arguments: ["tests"])
        #expect(settings.mode == .never && settings.isCI && !settings.isPartialRun)
        #expect(settings.artifacts?.path == "/tmp/artifacts")
        #expect(settings.annotationRoot?.path == "/work/repo")
        #expect(settings.shard == (try SnapshotShard(2, of: 3)))
        let plain = try SnapshotSettings(
            environment: ["GITHUB_ACTIONS": "false"], arguments: ["tests", "--filter", "X"])
        #expect(plain.annotationRoot == nil && plain.artifacts == nil && plain.shard == nil && plain.isPartialRun)
    }
}
