import AppTesting
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
}
