import Foundation
import Testing
import TextSnapshots

@Suite("Snapshots a merge left with conflict markers")
struct ConflictTests {
    static let name = try! SnapshotName("Light", "de", "queue")
    static let conflicted = """
        Übertragungen
        <<<<<<< HEAD
        d1  Warten
        =======
        d1  Wartend
        >>>>>>> feature

        """

    @Test(
        "markers count only as a whole set at line starts",
        arguments: [
            (conflicted, 2),
            ("a\n=======\nb\n", nil),
            ("<<<<<<< HEAD\na\n", nil),
            ("x <<<<<<< y\n=======\n>>>>>>> z\n", nil),
            ("[=======-----]\n<<<<<<< ours\n=======\n>>>>>>> theirs\n", 2),
        ] as [(String, Int?)])
    func markers(text: String, line: Int?) {
        #expect(ConflictMarkers.firstLine(in: text) == line)
    }

    @Test("a conflicted snapshot fails as a conflict naming the file, whatever the output; the new output is pending")
    func developer() throws {
        let verifier = SnapshotVerifier(store: SnapshotStore(root: try scratchFolder()), mode: .missing, isCI: false)
        defer { try? FileManager.default.removeItem(at: verifier.store.root) }
        try verifier.store.write(Self.conflicted, for: Self.name)
        let outcome = verifier.verify("Übertragungen\nd1  Wartend\n", as: Self.name)
        #expect(outcome.kind == .conflict && !outcome.passed)
        #expect(
            outcome.message.hasPrefix(
                "snapshot \(verifier.store.url(for: Self.name).path) holds merge conflict markers (line 2)"))
        #expect(outcome.message.contains("SNAPSHOT_RECORD=failed"))
        #expect(outcome.message.contains("`swift run flavorkit snapshots accept Light/de/queue.txt`"))
        #expect(try verifier.store.read(Self.name) == Self.conflicted)
        #expect(verifier.store.pendingPaths() == ["Light/de/queue.txt.new"])
        // Recording again on purpose resolves it.
        let again = SnapshotVerifier(store: verifier.store, mode: .failed, isCI: false)
        #expect(again.verify("Übertragungen\nd1  Wartend\n", as: Self.name).kind == .rerecorded)
        #expect(try verifier.store.read(Self.name) == "Übertragungen\nd1  Wartend\n")
    }

    @Test("in CI a conflicted snapshot is never written over; its annotation points at the first marker")
    func continuousIntegration() throws {
        let verifier = SnapshotVerifier(
            store: SnapshotStore(root: try scratchFolder()),
            settings: SnapshotSettings(mode: .never, isCI: true, annotationRoot: URL(fileURLWithPath: "/")))
        defer { try? FileManager.default.removeItem(at: verifier.store.root) }
        try verifier.store.write(Self.conflicted, for: Self.name)
        let outcome = verifier.verify("anything\n", as: Self.name)
        #expect(outcome.kind == .conflict && !outcome.passed)
        #expect(outcome.annotation?.contains(",line=2,") == true)
        #expect(outcome.annotation?.contains("merge conflict markers") == true)
        #expect(try verifier.store.read(Self.name) == Self.conflicted)
        #expect(verifier.store.pendingPaths().isEmpty)
    }
}
