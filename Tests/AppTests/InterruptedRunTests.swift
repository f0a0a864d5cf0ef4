import AppTesting
import Foundation
import TestSupport
import Testing
import TransferCore

/// The built `Regular` binary killed or interrupted in the middle of `run`, then run again.
@Suite("Interrupted runs", .timeLimit(.minutes(2)))
struct InterruptedRunTests {
    /// Starts `<flavor> run` on a one-download queue served slowly; returns the process once
    /// the partial file holds some bytes.
    static func startRun(_ server: LoopbackServer, folder: URL, flavor: String = "Regular") throws -> Process {
        let binary = try #require(AppRunner.binary(flavor), "build the \(flavor) product first")
        let queue = folder.appendingPathComponent("queue.json")
        let transfer = Transfer(
            id: "d1", title: "Talk", kind: .download, state: .pending, bytesDone: 0, bytesTotal: 0,
            url: server.url("talk.mp4"))
        try TransferQueue(transfers: [transfer]).fileData.write(to: queue)
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

    /// Whether `file` holds `body`, compared by checksum (a failed `==` on megabytes of `Data`
    /// would have the test library diff them byte by byte).
    static func holds(_ file: URL, _ body: Data) throws -> Bool {
        TransferRunTests.checksum(try Data(contentsOf: file)) == TransferRunTests.checksum(body)
    }

    /// The transfer agents working in `folder` (their process ids, read from `/proc`); nil
    /// where there is no `/proc`.
    static func agents(in folder: URL) -> [String]? {
        #if os(Linux)
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return processes.filter { pid in
            guard pid.allSatisfy(\.isNumber), let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
            else { return false }
            let words = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return words.first?.hasSuffix("TransferAgent") == true && words.contains { $0.hasPrefix(folder.path) }
        }
        #else
        return nil
        #endif
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
        if let agents = Self.agents(in: folder) { #expect(agents.count == 1, "one agent downloads") }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let deadline = Date(timeIntervalSinceNow: 5)
        while Self.agents(in: folder)?.isEmpty == false && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(Self.agents(in: folder)?.isEmpty != false, "the transfer agent outlived the app")
        let queueFile = folder.appendingPathComponent("queue.json")
        #expect(try QueueFile.load(queueFile)[id: "d1"]?.state == .inProgress)
        let kept = Self.size(folder.appendingPathComponent("talk.mp4.d1.part"))
        #expect(kept > 0 && kept < body.count)
        let result = AppRunner.run(
            AppRunner.regular, ["--queue", queueFile.path, "--lang", "en", "run", "--into", folder.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(server.rangeStarts("talk.mp4") == [nil, kept])
        #expect(try Self.holds(folder.appendingPathComponent("talk.mp4"), body))
    }

    @Test(
        "Ctrl-C stops Regular's run cleanly: exit 0, the transfer paused, its partial file kept; resumed, it asks for the rest"
    )
    func interruptSaves() throws {
        let body = TransferRunTests.body(1 << 20)
        let server = try LoopbackServer(routes: ["talk.mp4": .init(.data(body), pacing: 0.03)])
        defer { server.stop() }
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = try Self.startRun(server, folder: folder)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        let queueFile = folder.appendingPathComponent("queue.json")
        let transfer = try #require(try QueueFile.load(queueFile)[id: "d1"])
        #expect(transfer.state == .paused)
        let kept = Self.size(folder.appendingPathComponent("talk.mp4.d1.part"))
        #expect(kept > 0)
        // Paused, it waits: run leaves it alone until it is resumed.
        let arguments = ["--queue", queueFile.path, "--lang", "en"]
        #expect(AppRunner.run(AppRunner.regular, arguments + ["run", "--into", folder.path]).status == 0)
        #expect(server.rangeStarts("talk.mp4") == [nil])
        #expect(AppRunner.run(AppRunner.regular, arguments + ["resume", "d1"]).status == 0)
        let result = AppRunner.run(AppRunner.regular, arguments + ["run", "--into", folder.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(server.rangeStarts("talk.mp4") == [nil, kept])
        #expect(try Self.holds(folder.appendingPathComponent("talk.mp4"), body))
    }

    @Test("Ctrl-C stops Light's run cleanly: the transfer pending (Light cannot pause); the next run continues it")
    func interruptLight() throws {
        let body = TransferRunTests.body(1 << 20)
        let server = try LoopbackServer(routes: ["talk.mp4": .init(.data(body), pacing: 0.03)])
        defer { server.stop() }
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = try Self.startRun(server, folder: folder, flavor: "Light")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        let queueFile = folder.appendingPathComponent("queue.json")
        #expect(try QueueFile.load(queueFile)[id: "d1"]?.state == .pending)
        let kept = Self.size(folder.appendingPathComponent("talk.mp4.d1.part"))
        #expect(kept > 0)
        let result = AppRunner.run(
            AppRunner.light, ["--queue", queueFile.path, "--lang", "en", "run", "--into", folder.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(server.rangeStarts("talk.mp4") == [nil, kept])
        #expect(try Self.holds(folder.appendingPathComponent("talk.mp4"), body))
    }

    @Test("Ctrl-C during Regular's upload: paused, nothing half-sent kept; resumed, the file is sent again from byte 0")
    func interruptUpload() throws {
        let path = "incoming/trip.mp4"
        let server = try LoopbackServer(routes: [path: .init(.data(Data()), pacing: 0.02)])
        defer { server.stop() }
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let body = TransferRunTests.body(2 << 20)
        let file = folder.appendingPathComponent("trip.mp4")
        try body.write(to: file)
        let queue = folder.appendingPathComponent("queue.json")
        let arguments = ["--queue", queue.path, "--lang", "en"]
        try TransferQueue(transfers: [Transfer]()).fileData.write(to: queue)
        let added = AppRunner.run(AppRunner.regular, arguments + ["add", server.url(path), "--upload", file.path])
        #expect(added.status == 0, "\(added.errors)")

        let binary = try #require(AppRunner.binary("Regular"), "build the Regular product first")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments + ["run", "--into", folder.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date(timeIntervalSinceNow: 60)
        while Date() < deadline, server.bytesReceived(path) < 200_000 { Thread.sleep(forTimeInterval: 0.02) }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        #expect(try QueueFile.load(queue)[id: "u1"]?.state == .paused)
        #expect(server.uploaded(path) == nil, "the interrupted upload did not complete")

        #expect(AppRunner.run(AppRunner.regular, arguments + ["resume", "u1"]).status == 0)
        let result = AppRunner.run(AppRunner.regular, arguments + ["run", "--into", folder.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(server.rangesAsked(path).count == 2, "two PUTs, the second the whole file")
        #expect(server.uploaded(path).map(TransferRunTests.checksum) == TransferRunTests.checksum(body))
        let transfer = try #require(try QueueFile.load(queue)[id: "u1"])
        #expect(transfer.state == .completed && transfer.bytesDone == Int64(body.count))
    }
}
