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
        try QueueStore.save(sample, to: file)
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
            try QueueStore.save(TransferQueue(transfers: []), to: file)
            Issue.record("saved into a folder that does not exist")
        } catch {
            #expect(error.exitStatus == 1)
            #expect(error.description.hasPrefix("\(file.path): error: cannot save the queue ("))
        }
    }

    @Test("a read-only queue file is refused with the file's path, even for root, and left as it was")
    func readOnly() throws {
        let (folder, file) = try AppRunner.scratchQueue()
        defer { try? FileManager.default.removeItem(at: folder) }
        chmod(file.path, 0o444)
        let before = try Data(contentsOf: file)
        let result = AppRunner.run(AppRunner.regular, ["pause", "d1", "--queue", file.path, "--lang", "en"])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(
            result.errors
                == "\(file.path): error: cannot save the queue (the file is read-only, mode 0444: "
                + "make it writable to save changes)\n")
        #expect(try Data(contentsOf: file) == before)
    }

    @Test("a symbolically linked queue file: the link stays, its target is saved with its mode, owner and group")
    func linkedQueue() throws {
        let (folder, file) = try AppRunner.scratchQueue()
        defer { try? FileManager.default.removeItem(at: folder) }
        chmod(file.path, 0o640)
        if getuid() == 0 { #expect(chown(file.path, 65534, 65534) == 0) }
        let link = folder.appendingPathComponent("link.json")
        #expect(symlink("queue.json", link.path) == 0)
        let result = AppRunner.run(AppRunner.regular, ["pause", "d1", "--queue", link.path, "--lang", "en"])
        #expect(result.status == 0 && result.errors.isEmpty)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "queue.json")
        #expect(try QueueFile.load(file)[id: "d1"]?.state == .paused)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o640)
        if getuid() == 0 {
            #expect(
                (attributes[.ownerAccountID] as? Int) == 65534 && (attributes[.groupOwnerAccountID] as? Int) == 65534)
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["link.json", "queue.json"])
    }

    @Test("in the shell, a change applies to the file's latest content, not to the queue read at the start")
    func latestContent() throws {
        let (folder, file) = try AppRunner.scratchQueue()
        defer { try? FileManager.default.removeItem(at: folder) }
        let build = AppRunner.regular
        let context = try TransferApp.makeContext(build, lang: "en", localizations: nil, environment: [:])
        let console = Console(write: { _ in }, writeError: { _ in }, readLine: { nil }, isInteractive: false)
        var session = Session(context: context, queue: try QueueFile.load(file), queueURL: file, console: console)
        // Another process pauses d1 after this session read the file.
        var other = try QueueFile.load(file)
        var d1 = try #require(other[id: "d1"])
        d1.state = .paused
        other.update(d1)
        try QueueStore.save(other, to: file)
        #expect(try session.perform(build.program.parse(line: ["pause", "d3"])) == "Paused d3.\n")
        let saved = try QueueFile.load(file)
        #expect(saved[id: "d1"]?.state == .paused && saved[id: "d3"]?.state == .paused)
        #expect(session.queue == saved)
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
