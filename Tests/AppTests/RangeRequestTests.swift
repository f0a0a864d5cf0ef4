import AppTesting
import Flavors
import Foundation
import TestSupport
import Testing
import TransferCore

/// How `run` asks for the rest of a partial file (`Range: bytes=N-`) and reads the answers:
/// 206 from N, 416 when nothing is left, 200 when the server sends everything again.
@Suite("Downloads by ranges")
struct RangeRequestTests {
    typealias Scratch = TransferRunTests.Scratch

    @Test("a partial file that is already whole (a kill before its rename) is put in place on a 416")
    func wholePartialFile() throws {
        let body = TransferRunTests.body(100_000)
        let server = try LoopbackServer(routes: ["clip.mov": .init(.data(body))])
        defer { server.stop() }
        let transfer = Transfer(
            id: "d1", title: "Clip", kind: .download, state: .inProgress, bytesDone: 100_000, bytesTotal: 100_000,
            url: server.url("clip.mov"))
        let scratch = try Scratch([transfer])
        defer { scratch.remove() }
        try body.write(to: scratch.downloads.appendingPathComponent("clip.mov.d1.part"))
        let result = scratch.runQueue(AppRunner.light)
        #expect(result.status == 0, "\(result.errors)")
        #expect(server.rangeStarts("clip.mov") == [100_000], "one request, answered 416 with the size")
        #expect(try Data(contentsOf: scratch.downloads.appendingPathComponent("clip.mov")) == body)
        #expect(try scratch.load()[id: "d1"]?.state == .completed)
    }

    @Test("an empty file downloads as an empty file")
    func emptyFile() throws {
        let server = try LoopbackServer(routes: ["empty.txt": .init(.data(Data()))])
        defer { server.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = scratch.run(AppRunner.light, ["add", server.url("empty.txt")])
        let result = scratch.runQueue(AppRunner.light)
        #expect(result.status == 0, "\(result.errors)")
        #expect(try Data(contentsOf: scratch.downloads.appendingPathComponent("empty.txt")).isEmpty)
        #expect(try scratch.load()[id: "d1"]?.state == .completed)
    }

    /// Downloads `body` from a route with the given range support by the real agent, in
    /// shares of 100,000 bytes; returns the file and the ranges the server was asked for.
    static func downloadInShares(_ body: Data, supportsRange: Bool) throws -> (Data, [Int?]) {
        let server = try LoopbackServer(routes: ["clip.mov": .init(.data(body), supportsRange: supportsRange)])
        defer { server.stop() }
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let part = folder.appendingPathComponent("clip.mov.part")
        let texts = try Flavor.load("Light", features: AppRunner.light.features, language: "en").text
        let attempt = AgentAttempt(
            .download(url: server.url("clip.mov"), partFile: part.path, share: 100_000), texts: texts,
            progress: { _, _ in })
        #expect(attempt.perform() == .completed)
        return (try Data(contentsOf: part), server.rangeStarts("clip.mov"))
    }

    @Test("a download in shares: each agent writes its share, the next continues with Range; the file is whole")
    func shares() throws {
        let body = TransferRunTests.body(350_000)
        let (file, starts) = try Self.downloadInShares(body, supportsRange: true)
        #expect(TransferRunTests.checksum(file) == TransferRunTests.checksum(body) && file.count == body.count)
        #expect(starts.first == .some(nil), "the first agent asks for the whole file")
        let resumed = starts.dropFirst().compactMap { $0 }
        #expect(resumed.count == starts.count - 1 && (3...4).contains(starts.count), "\(starts)")
        #expect(resumed == resumed.sorted() && resumed.allSatisfy { $0 >= 100_000 }, "\(starts)")
    }

    @Test("a server that takes no ranges sends the whole file to one agent, share or not")
    func sharesWithoutRanges() throws {
        let body = TransferRunTests.body(350_000)
        let (file, starts) = try Self.downloadInShares(body, supportsRange: false)
        #expect(TransferRunTests.checksum(file) == TransferRunTests.checksum(body))
        #expect(starts == [nil])
    }
}
