import FileWriting
import Foundation
import Testing

@Suite("Temporary files")
struct TemporaryFileTests {
    @Test("names are hidden, name the file and are recognised; others are not")
    func names() {
        #expect(TemporaryFile.prefix(for: "queue.json") == ".queue.json.flavorkit-tmp-")
        #expect(TemporaryFile.isTemporary(".queue.json.flavorkit-tmp-12-ab12"))
        #expect(!TemporaryFile.isTemporary(".gitkeep") && !TemporaryFile.isTemporary(".gitattributes"))
        #expect(!TemporaryFile.isTemporary("queue.json.flavorkit-tmp-12-ab12"))
        let long = String(repeating: "é", count: 200)
        #expect(TemporaryFile.prefix(for: long).utf8.count <= 200)
    }

    @Test("the next writer removes temporary files of ended processes, not of live ones nor other files")
    func staleRemoved() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("queue.json")
        // A process that has ended: its id is free once it has been waited for.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let stale = ".queue.json.flavorkit-tmp-\(ended.processIdentifier)-1f"
        let live = ".queue.json.flavorkit-tmp-1-2e"  // init never ends
        let foreign = [".gitkeep", ".other.json.flavorkit-tmp-\(ended.processIdentifier)-3d", "notes.txt"]
        for name in [stale, live] + foreign { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }
        try AtomicFile.write(Data("new\n".utf8), to: file)
        #expect(try entries(folder) == ([live, "queue.json"] + foreign).sorted())
    }
}
