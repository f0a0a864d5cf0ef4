import AppTesting
import Flavors
import Foundation
import TestSupport
import Testing
import TransferCore

/// `run` against a server that lies or stalls: every answer a download cannot trust ends the
/// attempt with a reason in the user's words, and nothing past what the server announced is
/// written.
@Suite("Downloads from hostile servers", .timeLimit(.minutes(1)))
struct HostileServerTests {
    typealias Scratch = TransferRunTests.Scratch

    /// A transfer `kill -9` left in progress, its partial file holding `body`'s first `kept` bytes.
    static func resuming(_ server: LoopbackServer, _ path: String, body: Data, kept: Int) throws -> Scratch {
        let transfer = Transfer(
            id: "d1", title: path, kind: .download, state: .inProgress, bytesDone: Int64(kept),
            bytesTotal: Int64(body.count), url: server.url(path))
        let scratch = try Scratch([transfer])
        try body.prefix(kept).write(to: scratch.downloads.appendingPathComponent("\(path).d1.part"))
        return scratch
    }

    @Test("a download asks for the file's own bytes: Accept-Encoding: identity")
    func asksForIdentity() throws {
        let server = try LoopbackServer(routes: ["a.txt": .init(.data(Data(repeating: 65, count: 10_000)))])
        defer { server.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = scratch.run(AppRunner.light, ["add", server.url("a.txt")])
        #expect(scratch.runQueue(AppRunner.light).status == 0)
        #expect(server.headerAsked("Accept-Encoding", "a.txt") == ["identity"])
    }

    @Test("a body sent compressed anyway is refused: nothing is decoded or written")
    func compressedRefused() throws {
        let server = try LoopbackServer(routes: [
            "bomb.bin": .init(.data(Data(repeating: 0, count: 4096)), quirk: .contentEncoding("gzip"))
        ])
        defer { server.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = scratch.run(AppRunner.regular, ["add", server.url("bomb.bin")])
        let result = scratch.runQueue(AppRunner.regular)
        let reason = "the server sent the file compressed (gzip) although it was asked for it uncompressed"
        #expect(result.status == 1 && result.output.contains("d1 bomb.bin: Failed (\(reason))\n"), "\(result.output)")
        #expect(server.rangesAsked("bomb.bin").count == 1, "not retried: the server would do it again")
        #expect(try scratch.load()[id: "d1"]?.reason == reason)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.downloads.path).isEmpty)
    }

    @Test("a 206 longer than its Content-Range fails, and nothing past the range's end is written")
    func longerThanRange() throws {
        let body = TransferRunTests.body(100_000)
        let server = try LoopbackServer(routes: [
            "long.bin": .init(.data(body), quirk: .longerThanAnnounced(extra: 50_000))
        ])
        defer { server.stop() }
        let scratch = try Self.resuming(server, "long.bin", body: body, kept: 30_000)
        defer { scratch.remove() }
        let result = scratch.runQueue(AppRunner.light)
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("d1 long.bin: Failed (the server sent more than the 100 kB it announced)\n"))
        #expect(try Data(contentsOf: scratch.downloads.appendingPathComponent("long.bin.d1.part")) == body)
    }

    @Test("a chunked 200 longer than its Content-Length fails, and nothing past that length is written")
    func longerThanLength() throws {
        let body = TransferRunTests.body(100_000)
        let server = try LoopbackServer(routes: [
            "long.bin": .init(.data(body), quirk: .longerThanAnnounced(extra: 50_000))
        ])
        defer { server.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = scratch.run(AppRunner.light, ["add", server.url("long.bin")])
        let result = scratch.runQueue(AppRunner.light)
        #expect(result.output.contains("d1 long.bin: Failed (the server sent more than the 100 kB it announced)\n"))
        #expect(try Data(contentsOf: scratch.downloads.appendingPathComponent("long.bin.d1.part")) == body)
    }

    @Test("a 206 whose Content-Range ends at Int64.max is a failure with its reason, not a crash taken for a stop")
    func rangeEndingAtInt64Max() throws {
        let body = TransferRunTests.body(1000)
        let value = "bytes 10-9223372036854775807/*"
        let server = try LoopbackServer(routes: ["huge.bin": .init(.data(body), quirk: .contentRange(value))])
        defer { server.stop() }
        let scratch = try Self.resuming(server, "huge.bin", body: body, kept: 10)
        defer { scratch.remove() }
        let result = scratch.runQueue(AppRunner.regular)
        let reason = "the server answered with the range \(value), which is not part of the file"
        #expect(result.status == 1 && result.output.contains("d1 huge.bin: Failed (\(reason))\n"), "\(result.output)")
        let transfer = try #require(try scratch.load()[id: "d1"])
        #expect(transfer.state == .failed && transfer.reason == reason)
        #expect(try Data(contentsOf: scratch.downloads.appendingPathComponent("huge.bin.d1.part")) == body.prefix(10))
    }

    @Test("a server sending a byte now and then fails the attempt at the flavor's low-speed limit; it is retried")
    func lowSpeedLimit() throws {
        let root = try AppRunner.scratchResources([
            PackageLayout.Name.flavors, PackageLayout.Name.localizations, PackageLayout.samplesFolder,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let plist = PackageLayout(root: root).infoPlist(flavor: "Light")
        let limits =
            "<key>transferRetries</key><integer>1</integer><key>lowSpeedBytesPerSecond</key><integer>100</integer>"
            + "<key>lowSpeedSeconds</key><integer>1</integer>"
        try String(contentsOf: plist, encoding: .utf8)
            .replacingOccurrences(of: "<key>transferRetries</key>\n\t\t<integer>2</integer>", with: limits)
            .write(to: plist, atomically: true, encoding: .utf8)
        let server = try LoopbackServer(routes: [
            "slow.bin": .init(.data(TransferRunTests.body(1000)), quirk: .trickle(interval: 0.2))
        ])
        defer { server.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let environment = ["FLAVORKIT_RESOURCES": root.path]
        _ = AppRunner.run(AppRunner.light, ["--queue", scratch.queue.path, "add", server.url("slow.bin")])
        let started = Date()
        let result = AppRunner.run(
            AppRunner.light, ["--queue", scratch.queue.path, "--lang", "en", "run", "--into", scratch.downloads.path],
            environment: environment)
        let reason = "slower than 100 bytes a second for 1 s"
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        #expect(result.output.contains("d1 slow.bin: attempt 1 of 2 failed (\(reason)); trying again in"))
        #expect(result.output.contains("d1 slow.bin: Failed (\(reason))\n"))
        #expect(server.rangesAsked("slow.bin").count == 2)
        #expect(Date().timeIntervalSince(started) < 20, "at 5 bytes a second the file would take 200 s")
    }

    @Test("without low-speed limits in the plist, a transfer may go as slowly as 1 kB a second for 30 s")
    func lowSpeedDefaults() throws {
        let context = try TransferApp.makeContext(AppRunner.light, lang: "en", localizations: nil, environment: [:])
        #expect(context.lowSpeedLimit.bytesPerSecond == 1024 && context.lowSpeedLimit.seconds == 30)
    }
}
