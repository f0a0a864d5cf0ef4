import AppTesting
import Foundation
import Synchronization
import TestSupport
import Testing
import TransferCore

/// `add`, `delete` and `run` against the loopback server: real bytes over HTTP.
@Suite("Transfers over HTTP", .timeLimit(.minutes(1)))
struct TransferRunTests {
    /// A scratch folder with an empty queue file and a download folder.
    struct Scratch {
        let folder: URL
        var queue: URL { folder.appendingPathComponent("queue.json") }
        var downloads: URL { folder.appendingPathComponent("downloads") }

        init(_ transfers: [Transfer] = []) throws {
            folder = try AppRunner.temporaryFolder()
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("downloads"), withIntermediateDirectories: true)
            try TransferQueue(transfers: transfers).fileData.write(to: folder.appendingPathComponent("queue.json"))
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }

        func run(_ build: FlavorBuild, _ arguments: [String]) -> AppRunner.Result {
            AppRunner.run(build, ["--queue", queue.path, "--lang", "en"] + arguments)
        }

        func runQueue(_ build: FlavorBuild) -> AppRunner.Result {
            run(build, ["run", "--into", downloads.path])
        }

        func load() throws -> TransferQueue { try QueueFile.load(queue) }
    }

    /// Bytes that differ at every position of a MiB, so that a misplaced piece shows.
    static func body(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// FNV-1a, 64 bits: the checksum compared.
    static func checksum(_ data: Data) -> UInt64 {
        data.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    @Test("a download's bytes equal the served file's", arguments: [AppRunner.light, AppRunner.regular])
    func downloadChecksum(build: FlavorBuild) throws {
        let body = Self.body(3 << 20)
        let server = try LoopbackServer(routes: ["video.mp4": .init(.data(body))])
        defer { server.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let added = scratch.run(build, ["add", server.url("video.mp4")])
        #expect(added.status == 0 && added.output == "Added \(server.url("video.mp4")) as d1.\n", "\(added.errors)")
        let result = scratch.runQueue(build)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasSuffix("d1 video.mp4: Completed\nRun finished: 1 transfer: 1 completed.\n"))
        let saved = try Data(contentsOf: scratch.downloads.appendingPathComponent("video.mp4"))
        #expect(Self.checksum(saved) == Self.checksum(body) && saved.count == body.count)
        let transfer = try #require(try scratch.load()[id: "d1"])
        #expect(transfer.state == .completed && transfer.bytesDone == Int64(body.count))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.downloads.path) == ["video.mp4"])
    }

    @Test("an existing file is never overwritten: the download takes the next free name")
    func neverOverwrites() throws {
        let server = try LoopbackServer(routes: ["clip.mov": .init(.data(Data("new".utf8)))])
        defer { server.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Data("old".utf8).write(to: scratch.downloads.appendingPathComponent("clip.mov"))
        _ = scratch.run(AppRunner.light, ["add", server.url("clip.mov")])
        #expect(scratch.runQueue(AppRunner.light).status == 0)
        #expect(try String(contentsOf: scratch.downloads.appendingPathComponent("clip.mov"), encoding: .utf8) == "old")
        #expect(
            try String(contentsOf: scratch.downloads.appendingPathComponent("clip (2).mov"), encoding: .utf8) == "new")
    }

    @Test(
        "at most the flavor's concurrentTransfers connections at once",
        arguments: [(AppRunner.light, 1), (AppRunner.regular, 3)])
    func concurrencyLimit(build: FlavorBuild, limit: Int) throws {
        let names = (1...6).map { "part\($0).bin" }
        let routes = Dictionary(
            uniqueKeysWithValues: names.map { ($0, LoopbackServer.Route(.data(Self.body(64 << 10)), delay: 0.3)) })
        let server = try LoopbackServer(routes: routes)
        defer { server.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        for name in names { #expect(scratch.run(build, ["add", server.url(name)]).status == 0) }
        let result = scratch.runQueue(build)
        #expect(result.status == 0, "\(result.errors)")
        #expect(server.peakConnections == limit)
        #expect(try scratch.load().count(in: .completed) == names.count)
    }

    @Test("after a kill, run asks for the missing range only", arguments: [true, false])
    func resumesWithRange(serverSupportsRange: Bool) throws {
        let body = Self.body(1 << 20)
        let server = try LoopbackServer(routes: ["talk.mp4": .init(.data(body), supportsRange: serverSupportsRange)])
        defer { server.stop() }
        // What a `kill -9` mid-run leaves: the transfer in progress, a partial file.
        let transfer = Transfer(
            id: "d1", title: "Talk", kind: .download, state: .inProgress, bytesDone: 300_000, bytesTotal: 1 << 20,
            url: server.url("talk.mp4"))
        let scratch = try Scratch([transfer])
        defer { scratch.remove() }
        try body.prefix(300_000).write(to: scratch.downloads.appendingPathComponent("talk.mp4.d1.part"))
        let result = scratch.runQueue(AppRunner.light)
        #expect(result.status == 0, "\(result.errors)")
        #expect(server.rangeStarts("talk.mp4") == [300_000])
        let saved = try Data(contentsOf: scratch.downloads.appendingPathComponent("talk.mp4"))
        #expect(saved == body, "a server without Range sends it all again, and the partial file starts over")
    }

    @Test("a dropped connection is retried from where it stopped")
    func droppedConnection() throws {
        let body = Self.body(1 << 20)
        let server = try LoopbackServer(routes: [
            "a.bin": .init(.data(body), failures: 1, failure: .drop(afterBytes: 200_000))
        ])
        defer { server.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = scratch.run(AppRunner.regular, ["add", server.url("a.bin")])
        let result = scratch.runQueue(AppRunner.regular)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("d1 a.bin: attempt 1 of 5 failed ("))
        #expect(server.rangeStarts("a.bin") == [nil, 200_000])
        #expect(try Data(contentsOf: scratch.downloads.appendingPathComponent("a.bin")) == body)
    }

    @Test("retries stop at the flavor's transferRetries", arguments: [(AppRunner.light, 2), (AppRunner.regular, 4)])
    func retriesStopAtLimit(build: FlavorBuild, retries: Int) throws {
        let server = try LoopbackServer(routes: ["b.bin": .init(.data(Data("x".utf8)), failures: 100)])
        defer { server.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = scratch.run(build, ["add", server.url("b.bin")])
        let result = scratch.runQueue(build)
        #expect(result.status == 1 && result.errors == "error: Some transfers failed.\n")
        #expect(server.rangesAsked("b.bin").count == retries + 1)
        #expect(result.output.contains("d1 b.bin: Failed (HTTP 500 Internal Server Error)\n"))
        let transfer = try #require(try scratch.load()[id: "d1"])
        #expect(transfer.state == .failed && transfer.reason == "HTTP 500 Internal Server Error")
    }

    @Test("a 404 fails at once with its reason")
    func notFound() throws {
        let server = try LoopbackServer(routes: [:])
        defer { server.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = scratch.run(AppRunner.regular, ["add", server.url("gone.mp4")])
        let result = scratch.runQueue(AppRunner.regular)
        #expect(result.status == 1)
        #expect(result.output.contains("d1 gone.mp4: Failed (HTTP 404 Not Found)\n"))
        #expect(server.rangesAsked("gone.mp4").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.downloads.path).isEmpty)
    }

    @Test("pause or cancel while a run is in progress stops the transfer", arguments: ["pause", "cancel"])
    func pauseOrCancelDuringRun(command: String) throws {
        let server = try LoopbackServer(routes: ["slow.bin": .init(.data(Self.body(1 << 16)), held: true)])
        defer { server.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = scratch.run(AppRunner.regular, ["add", server.url("slow.bin")])
        let run = OwnThread { scratch.runQueue(AppRunner.regular) }
        // The transfer is under way once its request arrives; the server answers only after
        // the command has changed the queue file.
        #expect(server.firstRequest(to: "slow.bin"))
        let changed = scratch.run(AppRunner.regular, [command, "d1"])
        server.release("slow.bin")
        #expect(changed.status == 0, "\(changed.errors)")
        let result = try #require(run.result())
        #expect(result.status == 0, "\(result.errors)")
        let transfer = try #require(try scratch.load()[id: "d1"])
        #expect(transfer.state == (command == "pause" ? .paused : .cancelled))
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.downloads.path)
        #expect(!left.contains("slow.bin"))
        #expect(command == "pause" || left.isEmpty, "a cancelled transfer leaves no partial file")
    }

    @Test("adding a URL already in the queue while a run is in progress is refused")
    func duplicateDuringRun() throws {
        let server = try LoopbackServer(routes: ["c.bin": .init(.data(Self.body(1 << 16)), held: true)])
        defer { server.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = scratch.run(AppRunner.light, ["add", server.url("c.bin")])
        let run = OwnThread { scratch.runQueue(AppRunner.light) }
        #expect(server.firstRequest(to: "c.bin"))
        let duplicate = scratch.run(AppRunner.light, ["add", server.url("c.bin")])
        server.release("c.bin")
        #expect(duplicate.status == 1)
        #expect(duplicate.errors == "error: \(server.url("c.bin")) is already in the queue as d1.\n")
        #expect(try #require(run.result()).status == 0)
        #expect(try scratch.load().transfers.count == 1)
    }

    @Test(
        "add refuses bad input with exit status 1 and leaves the queue file as it was",
        arguments: [
            ([""], "error: Give the URL to add.\n"),
            (["not a url"], "error: not a url is not a URL.\n"),
            (
                ["ftp://example.com/a.mp4"],
                "error: ftp://example.com/a.mp4 uses ftp: only http and https can be transferred.\n"
            ),
            (["https://example.com/a.mp4"], "error: https://example.com/a.mp4 is already in the queue as d1.\n"),
            (
                ["https://example.com/b.mp4", "--upload", "/nonexistent/file"],
                "error: Cannot read the file /nonexistent/file to upload.\n"
            ),
        ])
    func addRefuses(arguments: [String], message: String) throws {
        let existing = Transfer(
            id: "d1", title: "A", kind: .download, state: .pending, bytesDone: 0, bytesTotal: 0,
            url: "https://example.com/a.mp4")
        let scratch = try Scratch([existing])
        defer { scratch.remove() }
        let before = try Data(contentsOf: scratch.queue)
        let result = scratch.run(AppRunner.regular, ["add"] + arguments)
        #expect(result.status == 1 && result.errors == message && result.output.isEmpty)
        #expect(try Data(contentsOf: scratch.queue) == before)
    }

    @Test("uploads are Regular's: Light refuses --upload")
    func lightRefusesUpload() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let result = scratch.run(AppRunner.light, ["add", "https://example.com/u", "--upload", scratch.queue.path])
        #expect(result.status == 64 && result.errors == "error: --upload is not available in Transfers Light.\n")
        #expect(try scratch.load().transfers.isEmpty)
    }

    @Test("delete removes a transfer; an unknown id is refused")
    func delete() throws {
        let scratch = try Scratch([
            Transfer(id: "d1", title: "A", kind: .download, state: .failed, bytesDone: 0, bytesTotal: 0)
        ])
        defer { scratch.remove() }
        let refused = scratch.run(AppRunner.light, ["delete", "d9"])
        #expect(refused.status == 1 && refused.errors == "error: No transfer has the ID d9.\n")
        let deleted = scratch.run(AppRunner.light, ["delete", "d1"])
        #expect(deleted.status == 0 && deleted.output == "Deleted d1.\n")
        #expect(try scratch.load().transfers.isEmpty)
    }

    @Test("Regular's move and prioritize reorder the queue; Light has neither")
    func moveAndPrioritize() throws {
        let transfers = ["d1", "d2", "d3"].map {
            Transfer(id: $0, title: $0, kind: .download, state: .pending, bytesDone: 0, bytesTotal: 0)
        }
        let scratch = try Scratch(transfers)
        defer { scratch.remove() }
        #expect(scratch.run(AppRunner.regular, ["prioritize", "d3"]).output == "Moved d3 to position 1.\n")
        #expect(try scratch.load().transfers.map(\.id) == ["d3", "d1", "d2"])
        #expect(scratch.run(AppRunner.regular, ["move", "d3", "--to", "3"]).output == "Moved d3 to position 3.\n")
        #expect(try scratch.load().transfers.map(\.id) == ["d1", "d2", "d3"])
        let refused = scratch.run(AppRunner.regular, ["move", "d3", "--to", "4"])
        #expect(refused.status == 1 && refused.errors == "error: 4 is not a position from 1 to 3.\n")
        #expect(scratch.run(AppRunner.light, ["prioritize", "d3"]).status == 64)
    }

    @Test("8 processes adding one URL to one queue file at once: it is added once")
    func concurrentAddsOfOneURL() throws {
        let binary = try #require(AppRunner.binary("Regular"), "build the Regular product first")
        let scratch = try Scratch()
        defer { scratch.remove() }
        let runs = (0..<8).map { _ in
            (
                arguments: ["--queue", scratch.queue.path, "--lang", "en", "add", "https://example.com/one.mp4"],
                input: ""
            )
        }
        let results = try ChildProcess.runConcurrently(binary, runs, environment: [:])
        #expect(results.filter { $0.status == 0 }.count == 1)
        #expect(results.filter { $0.status == 1 && $0.errors.contains("is already in the queue as d1") }.count == 7)
        #expect(try scratch.load().transfers.map(\.id) == ["d1"])
    }

    @Test("Regular's run sends an upload's file; the server receives the same bytes")
    func upload() throws {
        let server = try LoopbackServer(routes: [:])
        defer { server.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let body = Self.body(2 << 20)
        let file = scratch.folder.appendingPathComponent("trip.mp4")
        try body.write(to: file)
        let added = scratch.run(AppRunner.regular, ["add", server.url("incoming/trip.mp4"), "--upload", file.path])
        #expect(added.status == 0 && added.output == "Added \(server.url("incoming/trip.mp4")) as u1.\n")
        let result = scratch.runQueue(AppRunner.regular)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("u1 trip.mp4: Completed\n"))
        #expect(server.uploaded("incoming/trip.mp4").map(Self.checksum) == Self.checksum(body))
        let transfer = try #require(try scratch.load()[id: "u1"])
        #expect(transfer.state == .completed && transfer.bytesDone == Int64(body.count))
    }
}

/// `body` run on a thread of its own, not on the tests' cooperative pool (a thread per core),
/// which a run blocked on a held answer would starve of the thread the test needs to go on.
private final class OwnThread<Value: Sendable>: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let value = Mutex<Value?>(nil)

    init(_ body: @escaping @Sendable () -> Value) {
        Thread { [self] in
            let result = body()
            value.withLock { $0 = result }
            done.signal()
        }.start()
    }

    /// What `body` returned, once it has (nil after `seconds`).
    func result(within seconds: Double = 120) -> Value? {
        done.wait(timeout: .now() + seconds) == .success ? value.withLock { $0 } : nil
    }
}
