import Diagnostics
import Foundation
import Testing
import TextSnapshots

@Suite("Snapshot store and review")
struct StoreTests {
    @Test("names are paths of components")
    func names() throws {
        #expect(try SnapshotName("Regular", "pt-BR", "show-d1").relativePath == "Regular/pt-BR/show-d1.txt")
        #expect(!SnapshotName.isValid("../x") && !SnapshotName.isValid("a/b") && !SnapshotName.isValid(""))
        #expect(!SnapshotName.isValid(".hidden"))
    }

    @Test(
        "a component that is empty, . or .., or holds a slash, a newline or a control character is refused",
        arguments: ["", ".", "..", "a/b", "a\\b", "line\nbreak", "esc\u{1B}[2J", "nul\u{0}", "bidi\u{202E}"])
    func invalidComponent(component: String) {
        #expect(!SnapshotName.isValid(component))
        #expect(throws: Diagnostic.self) { try SnapshotName("Light", component, "queue") }
        do {
            _ = try SnapshotName("Light", component)
        } catch {
            #expect(!error.description.contains("\n") && !error.description.contains("\u{1B}"))
        }
    }

    @Test("status, accept, reject and prune")
    func review() throws {
        let store = SnapshotStore(root: try scratchFolder())
        defer { try? FileManager.default.removeItem(at: store.root) }
        let kept = try SnapshotName("Light", "en", "queue"), other = try SnapshotName("Light", "en", "about")
        let stray = try SnapshotName("Light", "xx", "old")
        for name in [kept, other, stray] { try store.write("recorded \(name)\n", for: name) }
        try store.writePending("new queue\n", for: kept)
        try store.writePending("new about\n", for: other)
        try store.writeManifest([kept, other])

        #expect(store.manifest() == ["Light/en/queue.txt", "Light/en/about.txt"])
        #expect(store.pendingPaths() == ["Light/en/about.txt.new", "Light/en/queue.txt.new"])
        #expect(store.obsoletePaths(expected: try #require(store.manifest())) == ["Light/xx/old.txt"])

        #expect(try store.accept(["Light/en/queue.txt"]) == ["Light/en/queue.txt"])
        #expect(try store.read(kept) == "new queue\n")
        #expect(throws: Diagnostic("no pending snapshot (.txt.new) here", path: "Light/en/nothing.txt")) {
            try store.accept(["Light/en/nothing.txt"])
        }
        #expect(try store.reject() == ["Light/en/about.txt.new"])
        #expect(try store.read(other) == "recorded Light/en/about.txt\n")

        #expect(try store.prune(expected: try #require(store.manifest())) == ["Light/xx/old.txt"])
        #expect(!FileManager.default.fileExists(atPath: store.root.appendingPathComponent("Light/xx").path))
        #expect(store.snapshotPaths() == ["Light/en/about.txt", "Light/en/queue.txt"])
    }

    @Test("accept takes paths relative to the current folder or absolute too")
    func acceptAbsolute() throws {
        let store = SnapshotStore(root: try scratchFolder())
        defer { try? FileManager.default.removeItem(at: store.root) }
        let name = try SnapshotName("Regular", "de", "about")
        try store.writePending("x\n", for: name)
        #expect(try store.accept([store.pendingURL(for: name).path]) == ["Regular/de/about.txt"])
        #expect(try store.read(name) == "x\n")
    }
}

@Suite("The store's temporary files")
struct StoreTemporaryFileTests {
    @Test("writes leave no temporary file; only the store's own names are leftovers, never other hidden files")
    func recognised() throws {
        let store = SnapshotStore(root: try scratchFolder())
        defer { try? FileManager.default.removeItem(at: store.root) }
        let name = try SnapshotName("Light", "en", "queue")
        try store.write("one\n", for: name)
        try store.writePending("two\n", for: name)
        #expect(store.leftoverPaths().isEmpty)
        let folder = store.root.appendingPathComponent("Light/en")
        for hidden in [".gitkeep", ".notes.txt", ".queue.txt.flavorkit-tmp-999999999-ab"] {
            try Data("x".utf8).write(to: folder.appendingPathComponent(hidden))
        }
        #expect(store.leftoverPaths() == ["Light/en/.queue.txt.flavorkit-tmp-999999999-ab"])
        #expect(store.snapshotPaths() == ["Light/en/queue.txt"])
        #expect(store.pendingPaths() == ["Light/en/queue.txt.new"])
        // The next write of the snapshot removes the dead writer's temporary file.
        try store.write("three\n", for: name)
        #expect(store.leftoverPaths().isEmpty)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".gitkeep").path))
    }
}
