import AppTesting
import Foundation
import TestSupport
import Testing
import TransferCore

/// The built `Regular` binary killed or interrupted in the middle of `run`, then run again.
@Suite("Interrupted runs", .timeLimit(.minutes(2)))
struct InterruptedRunTests {
    /// Starts `Regular run` on a one-download queue served slowly; returns the process once
    /// the partial file holds some bytes.
    static func startRun(_ server: LoopbackServer, folder: URL) throws -> Process {
        let binary = try #require(AppRunner.binary("Regular"), "build the Regular product first")
        let queue = folder.appendingPathComponent("queue.json")
        let transfer = Transfer(
            id: "d1", title: "Talk", kind: .download, state: .pending, bytesDone: 0, bytesTotal: 0,
            url: server.url("talk.mp4"))
        try JSONEncoder().encode(["transfers": [transfer]]).write(to: queue)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--queue", queue.path, "--lang", "en", "run", "--into", folder.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let part = folder.appendingPathComponent("talk.mp4.d1.part")
        let deadline = Date(timeIntervalSinceNow: 60)
        while Date() < deadline, Self.size(part) < 200_000 { Thread.sleep(forTimeInterval: 0.02) }
        return process
    }

    static func size(_ url: URL) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
    }

    @Test("kill -9 mid-download leaves a queue that loads; the next run asks for the missing range only")
    func killThenResume() throws {
        let body = TransferRunTests.body(1 << 20)
        let server = try LoopbackServer(routes: ["talk.mp4": .init(.data(body), pacing: 0.03)])
        defer { server.stop() }
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = try Self.startRun(server, folder: folder)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let queueFile = folder.appendingPathComponent("queue.json")
        #expect(try QueueFile.load(queueFile)[id: "d1"]?.state == .inProgress)
        let kept = Self.size(folder.appendingPathComponent("talk.mp4.d1.part"))
        #expect(kept > 0 && kept < body.count)
        let result = AppRunner.run(
            AppRunner.regular, ["--queue", queueFile.path, "--lang", "en", "run", "--into", folder.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(server.rangesAsked("talk.mp4") == [nil, "bytes=\(kept)-"])
        #expect(try Data(contentsOf: folder.appendingPathComponent("talk.mp4")) == body)
    }

    @Test("Ctrl-C stops the run cleanly: exit 0, the transfer pending, its partial file kept")
    func interruptSaves() throws {
        let server = try LoopbackServer(routes: ["talk.mp4": .init(.data(TransferRunTests.body(1 << 20)), pacing: 0.03)]
        )
        defer { server.stop() }
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = try Self.startRun(server, folder: folder)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        let transfer = try #require(try QueueFile.load(folder.appendingPathComponent("queue.json"))[id: "d1"])
        #expect(transfer.state == .pending)
        #expect(Self.size(folder.appendingPathComponent("talk.mp4.d1.part")) > 0)
    }
}
