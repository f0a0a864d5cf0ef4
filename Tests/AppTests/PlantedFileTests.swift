import AppTesting
import Foundation
import TestSupport
import Testing
import TransferCore

/// `run` in a download folder someone else can write to: names planted ahead of it (the
/// partial file's name is predictable) are never followed out of `--into`, and a URL cannot
/// put control characters in a file name.
@Suite("Downloads into a folder others write to", .timeLimit(.minutes(1)))
struct PlantedFileTests {
    typealias Scratch = TransferRunTests.Scratch

    @Test("a symbolic link planted under the partial file's name is refused; the file it points to is left alone")
    func plantedPartFile() throws {
        let body = TransferRunTests.body(10_000)
        let server = try LoopbackServer(routes: ["v.bin": .init(.data(body))])
        defer { server.stop() }
        let transfer = Transfer(
            id: "d1", title: "v.bin", kind: .download, state: .pending, bytesDone: 0, bytesTotal: 0,
            url: server.url("v.bin"))
        let scratch = try Scratch([transfer])
        defer { scratch.remove() }
        let outside = scratch.folder.appendingPathComponent("outside.txt")
        try Data("precious".utf8).write(to: outside)
        let part = scratch.downloads.appendingPathComponent("v.bin.d1.part")
        try FileManager.default.createSymbolicLink(at: part, withDestinationURL: outside)
        let result = scratch.runQueue(AppRunner.light)
        let reason = "\(part.path) is a symbolic link or not a regular file of its own: nothing was written to it"
        #expect(result.status == 1 && result.output.contains("d1 v.bin: Failed (\(reason))\n"), "\(result.output)")
        #expect(try scratch.load()[id: "d1"]?.reason == reason)
        #expect(try String(contentsOf: outside, encoding: .utf8) == "precious")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.downloads.path) == ["v.bin.d1.part"])
        #expect(server.rangesAsked("v.bin").isEmpty, "refused before asking the server")
    }

    @Test("a symbolic link planted under the file's own name is never written through: the download takes the next")
    func plantedFinishedName() throws {
        let server = try LoopbackServer(routes: ["v.bin": .init(.data(Data("downloaded".utf8)))])
        defer { server.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let outside = scratch.folder.appendingPathComponent("outside.txt")
        try Data("precious".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(
            at: scratch.downloads.appendingPathComponent("v.bin"), withDestinationURL: outside)
        _ = scratch.run(AppRunner.light, ["add", server.url("v.bin")])
        let result = scratch.runQueue(AppRunner.light)
        #expect(result.status == 0, "\(result.errors)")
        #expect(try String(contentsOf: outside, encoding: .utf8) == "precious")
        let placed = scratch.downloads.appendingPathComponent("v (2).bin")
        #expect(try String(contentsOf: placed, encoding: .utf8) == "downloaded")
        #expect(
            try FileManager.default.attributesOfItem(atPath: placed.path)[.type] as? FileAttributeType == .typeRegular)
        #expect(try scratch.load()[id: "d1"]?.file == placed.path)
    }

    @Test("control and bidirectional formatting characters of a URL become _ in the file name")
    func controlCharacters() throws {
        let path = "clip%1B%5B2J%0Aname%E2%80%AEvom.exe"
        let server = try LoopbackServer(routes: [path: .init(.data(Data("video".utf8)))])
        defer { server.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = scratch.run(AppRunner.light, ["add", server.url(path)])
        let result = scratch.runQueue(AppRunner.light)
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.downloads.path) == ["clip_[2J_name_vom.exe"])
    }
}
