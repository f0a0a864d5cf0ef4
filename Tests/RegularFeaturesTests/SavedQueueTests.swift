import AppTesting
import Foundation
import RegularFeatures
import Testing
import TransferCore

@Suite("Regular's saved queue")
struct SavedQueueTests {
    @Test("saving and loading keeps every transfer")
    func roundTrip() throws {
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sample = try QueueFile.load(AppRunner.repository.sampleQueue)
        let file = folder.appendingPathComponent("queue.json")
        try SavedQueue.save(sample, to: file)
        #expect(try QueueFile.load(file) == sample)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(leftovers == ["queue.json"])
    }

    @Test("a queue that cannot be written is an error naming the file")
    func unwritable() throws {
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("missing/queue.json")
        do {
            try SavedQueue.save(TransferQueue(transfers: []), to: file)
            Issue.record("saved into a folder that does not exist")
        } catch {
            #expect(error.exitStatus == 1)
            #expect(error.description.hasPrefix("\(file.path): error: cannot save the queue ("))
        }
    }

    @Test("without savedQueue in the plist, a change is made but not written, and needs no --queue")
    func disabled() throws {
        let root = try AppRunner.regularResources(without: "savedQueue")
        defer { try? FileManager.default.removeItem(at: root) }
        let (folder, file) = try AppRunner.scratchQueue()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Data(contentsOf: file)
        let environment = ["FLAVORKIT_RESOURCES": root.path]
        let saved = AppRunner.run(
            AppRunner.regular, ["pause", "d1", "--queue", file.path, "--lang", "en"],
            environment: environment)
        #expect(saved.status == 0)
        #expect(saved.output == "Paused d1.\n")
        #expect(try Data(contentsOf: file) == before)
        let sample = AppRunner.run(AppRunner.regular, ["pause", "d1", "--lang", "en"], environment: environment)
        #expect(sample.status == 0)
        #expect(sample.output == "Paused d1.\n")
    }

    @Test("in the shell without --queue, changes live in memory")
    func shellMemory() {
        let result = AppRunner.run(
            AppRunner.regular, ["shell", "--lang", "en"],
            input: ["pause d1", "resume d1", "show d1"])
        #expect(result.errors.isEmpty)
        #expect(result.output.hasPrefix("Paused d1.\nResumed d1.\n"))
        #expect(result.output.contains("State     In progress"))
    }
}
