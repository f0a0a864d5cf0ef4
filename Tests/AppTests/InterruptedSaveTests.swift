import AppTesting
import FileWriting
import Foundation
import Testing
import TransferCore

@Suite("Interrupted saves")
struct InterruptedSaveTests {
    @Test("killing Regular pause at any moment leaves the old queue or the new one")
    func killedMidSave() throws {
        let binary = try #require(
            AppRunner.binary("Regular"), "build the Regular product first (swift build --product Regular)")
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("queue.json")
        let sample = try Data(contentsOf: AppRunner.repository.sampleQueue)
        let states: Set<Transfer.State> = [.inProgress, .paused]
        for attempt in 0..<40 {
            try sample.write(to: file)
            let process = Process()
            process.executableURL = binary
            process.arguments = ["pause", "d1", "--queue", file.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Spread the kills over the process's whole life (a run takes tens of milliseconds).
            usleep(UInt32((attempt * 1_500) % 60_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let queue = try QueueFile.load(file)
            #expect(queue.transfers.count == 7)
            #expect(states.contains(try #require(queue[id: "d1"]).state))
        }
        // A kill between creating the temporary file and renaming it leaves that file behind,
        // never a damaged queue; the next save removes it, so at most the last one is left.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "queue.json" }
        #expect(leftovers.count <= 1)
        #expect(leftovers.allSatisfy { $0.hasPrefix(TemporaryFile.prefix(for: "queue.json")) })
        try sample.write(to: file)
        let saved = try AppRunner.runBinary(binary, ["pause", "d1", "--queue", file.path, "--lang", "en"])
        #expect(saved.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["queue.json"])
    }
}
