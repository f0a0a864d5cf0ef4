import Foundation
import Testing
import TextSnapshots

@Suite("Interrupted recording")
struct InterruptedRecordingTests {
    static let versions = [
        String(repeating: "first version of a long line\n", count: 20_000),
        String(repeating: "second version, a little longer\n", count: 20_000),
    ]
    static let names = (0..<8).map { try! SnapshotName("Flavor", "l\($0)", "screen") }

    #if !os(Windows)
    @Test(
        "killing a recording run at any moment never leaves a truncated snapshot",
        arguments: [0, 1, 2, 3, 5, 8, 13, 21])
    func killed(afterMilliseconds delay: Int) async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = folder.path
        // The child records the two versions in turn, over and over; once every snapshot
        // exists, it kills itself `delay` milliseconds later, in the middle of rewriting.
        await #expect(processExitsWith: .signal(SIGKILL)) { [root = root as String, delay = delay as Int] in
            let verifier = SnapshotVerifier(
                store: SnapshotStore(root: URL(fileURLWithPath: root)), mode: .all, isCI: false)
            var round = 0
            while true {
                for name in InterruptedRecordingTests.names {
                    _ = verifier.verify(InterruptedRecordingTests.versions[round % 2], as: name)
                }
                if round == 0 {
                    Thread.detachNewThread {
                        usleep(useconds_t(delay * 1_000))
                        kill(getpid(), SIGKILL)
                    }
                }
                round += 1
            }
        }
        let store = SnapshotStore(root: folder)
        #expect(store.snapshotPaths().count == Self.names.count)
        for path in store.snapshotPaths() {
            let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent(path)), as: UTF8.self)
            #expect(Self.versions.contains(text), "\(path) holds \(text.utf8.count) bytes: a torn write")
        }
        // A kill between writing a temporary file and renaming it leaves that hidden file; prune removes it.
        _ = try store.prune(expected: Set(Self.names.map(\.relativePath)))
        #expect(store.leftoverPaths().isEmpty)
    }
    #endif
}
