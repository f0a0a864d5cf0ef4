import Diagnostics
import Foundation
import Testing
import TextSnapshots

@Suite("The books: manifest, obsolete and pending snapshots")
struct BooksTests {
    static let a = try! SnapshotName("App", "en", "a")
    static let b = try! SnapshotName("App", "en", "b")
    static let local = SnapshotSettings(mode: .missing, isCI: false)
    static let ci = SnapshotSettings(mode: .never, isCI: true)

    /// Books over a scratch folder holding `recorded` snapshots and, when given, a manifest.
    static func books(recorded: [SnapshotName], manifest: [SnapshotName]? = nil) throws -> SnapshotBooks {
        let store = SnapshotStore(root: try scratchFolder())
        for name in recorded { try store.write("text\n", for: name) }
        if let manifest { try store.writeManifest(manifest) }
        return SnapshotBooks(store: store)
    }

    @Test("outside CI, the last suite to finish writes exactly what the suites produced")
    func writesManifest() throws {
        let books = try Self.books(recorded: [Self.a, Self.b], manifest: [Self.a])
        defer { try? FileManager.default.removeItem(at: books.store.root) }
        books.open()
        books.open()
        books.note(Self.a)
        #expect(books.close(settings: Self.local).isEmpty)
        #expect(books.store.manifest() == ["App/en/a.txt"])
        books.note(Self.b)
        books.note(Self.a)
        #expect(books.close(settings: Self.local).isEmpty)
        #expect(books.store.manifest() == ["App/en/a.txt", "App/en/b.txt"])
        #expect(
            try String(contentsOf: books.store.manifestURL, encoding: .utf8)
                == SnapshotStore.manifestText([Self.a, Self.b]))
    }

    @Test("a snapshot file nothing produced fails the run and names prune; the manifest drops it")
    func obsolete() throws {
        let books = try Self.books(recorded: [Self.a, Self.b], manifest: [Self.a, Self.b])
        defer { try? FileManager.default.removeItem(at: books.store.root) }
        books.open()
        books.note(Self.a)
        let problems = books.close(settings: Self.local)
        #expect(problems.count == 1)
        #expect(problems.first?.message.hasPrefix("snapshots that no test produces: App/en/b.txt;") == true)
        #expect(problems.first?.message.contains("`swift run flavorkit snapshots prune`") == true)
        #expect(books.store.manifest() == ["App/en/a.txt"])
    }

    @Test("a run that leaves tests out only adds to the manifest and calls nothing obsolete")
    func partialRun() throws {
        let books = try Self.books(recorded: [Self.a, Self.b], manifest: [Self.a])
        defer { try? FileManager.default.removeItem(at: books.store.root) }
        var partial = Self.local
        partial.isPartialRun = true
        books.open()
        books.open()
        books.note(Self.b)
        // Settled at each close: the other suite may never run.
        #expect(books.close(settings: partial).isEmpty)
        #expect(books.store.manifest() == ["App/en/a.txt", "App/en/b.txt"])
    }

    @Test("in CI nothing is written: a stale manifest and committed pending files fail, naming what to run")
    func ciChecks() throws {
        let books = try Self.books(recorded: [Self.a, Self.b], manifest: [Self.a])
        defer { try? FileManager.default.removeItem(at: books.store.root) }
        try books.store.writePending("new\n", for: Self.a)
        let before = try Data(contentsOf: books.store.manifestURL)
        books.open()
        books.note(Self.a)
        books.note(Self.b)
        let problems = books.close(settings: Self.ci, rerunCommand: "swift test --filter Screens")
        #expect(
            problems.map(\.message) == [
                "the manifest does not list what the tests produce; it lacks App/en/b.txt. "
                    + "Run `SNAPSHOT_RECORD=missing swift test --filter Screens` outside CI to rewrite it, and commit it",
                "pending snapshots were committed: App/en/a.txt.new; review them on your machine with "
                    + "`swift run flavorkit snapshots accept` or `reject`",
            ])
        #expect(problems.first?.path == books.store.manifestURL.path)
        #expect(try Data(contentsOf: books.store.manifestURL) == before)
    }

    @Test("in CI, books that match the folder report nothing")
    func ciClean() throws {
        let books = try Self.books(recorded: [Self.a, Self.b], manifest: [Self.a, Self.b])
        defer { try? FileManager.default.removeItem(at: books.store.root) }
        books.open()
        for name in [Self.a, Self.b] { books.note(name) }
        #expect(books.close(settings: Self.ci).isEmpty)
    }

    @Test("notes from many tasks at once are all kept")
    func concurrentNotes() async throws {
        let books = try Self.books(recorded: [])
        defer { try? FileManager.default.removeItem(at: books.store.root) }
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask { books.note(try! SnapshotName("App", "l\(index % 50)", "s")) }
            }
        }
        #expect(books.produced.count == 50)
    }

    @Test("one set of books per folder in a process")
    func shared() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = SnapshotBooks.shared(for: SnapshotStore(root: folder))
        let second = SnapshotBooks.shared(for: SnapshotStore(root: folder.appendingPathComponent("x/..")))
        #expect(first === second)
    }

    @Test("a test process run with --filter or --skip leaves tests out")
    func partialArguments() {
        #expect(SnapshotSettings.leavesTestsOut(["tests", "--filter", "A"]))
        #expect(SnapshotSettings.leavesTestsOut(["tests", "--skip=B"]))
        #expect(!SnapshotSettings.leavesTestsOut(["tests", "--testing-library", "swift-testing"]))
        #expect(!SnapshotSettings.leavesTestsOut(["--filter"]))
    }
}
