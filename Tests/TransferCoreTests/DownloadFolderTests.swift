import AppTesting
import Flavors
import Foundation
import Testing

@testable import TransferCore

/// What `run` does in the download folder, where anyone who can write may have planted
/// something: the names it derives from URLs, the finished file's placing, the run lock.
@Suite("The download folder")
struct DownloadFolderTests {
    static func download(_ url: String, title: String = "Title") -> Transfer {
        Transfer(id: "d1", title: title, kind: .download, state: .pending, bytesDone: 0, bytesTotal: 0, url: url)
    }

    @Test(
        "a file name from a URL holds no control or bidirectional formatting character",
        arguments: [
            ("https://example.com/clip%0A%0Drm%09-rf.mp4", "clip__rm_-rf.mp4"),
            ("https://example.com/%1B%5B31mred%1B%5B0m.txt", "_[31mred_[0m.txt"),
            ("https://example.com/a%00b%7Fc%C2%85d%C2%9Be.bin", "a_b_c_d_e.bin"),
            ("https://example.com/invoice%E2%80%AEfdp.exe", "invoice_fdp.exe"),
            ("https://example.com/%E2%80%AA%E2%80%AB%E2%80%AC%E2%80%AD%E2%80%AEx", "_____x"),
            ("https://example.com/%E2%81%A6%E2%81%A7%E2%81%A8%E2%81%A9y", "____y"),
            ("https://example.com/%D8%9Cz%E2%80%8E%E2%80%8F%E2%80%A8%E2%80%A9", "_z____"),
            ("https://example.com/a%2Fb", "a_b"),
            ("https://example.com/..", "_.."),
            ("https://example.com/.hidden", "_.hidden"),
            ("https://example.com/Caf%C3%A9%20%E2%80%94%20%E6%97%A5%E6%9C%AC.mp4", "Café — 日本.mp4"),
        ])
    func safeNames(url: String, name: String) {
        #expect(DownloadName.of(Self.download(url)) == name)
    }

    @Test("without a file name in the URL, the title is the name, made safe the same way")
    func titleName() {
        #expect(DownloadName.of(Self.download("https://example.com/", title: "a\u{1B}]0;x\u{7}b")) == "a_]0;x_b")
    }

    @Test("a finished partial file that is a symbolic link is refused, and the file it points to is left alone")
    func partFileLink() throws {
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outside = folder.appendingPathComponent("outside.txt"), downloads = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: outside)
        let part = downloads.appendingPathComponent("v.bin.d1.part")
        try FileManager.default.createSymbolicLink(at: part, withDestinationURL: outside)
        #expect(throws: FinishedFile.Failure.self) { try FinishedFile.place(part, name: "v.bin", in: downloads) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: downloads.path) == ["v.bin.d1.part"])
        #expect(try String(contentsOf: outside, encoding: .utf8) == "precious")
        // A hard link is a name of another file too.
        try FileManager.default.removeItem(at: part)
        try FileManager.default.linkItem(at: outside, to: part)
        #expect(throws: FinishedFile.Failure.self) { try FinishedFile.place(part, name: "v.bin", in: downloads) }
    }

    @Test("a symbolic link under the finished name is never written through: the file takes the next name")
    func destinationLink() throws {
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outside = folder.appendingPathComponent("outside.txt"), downloads = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: outside)
        let planted = downloads.appendingPathComponent("v.bin")
        try FileManager.default.createSymbolicLink(at: planted, withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(
            at: downloads.appendingPathComponent("v (2).bin"),
            withDestinationURL: folder.appendingPathComponent("nothing-here"))
        let part = downloads.appendingPathComponent("v.bin.d1.part")
        try Data("downloaded".utf8).write(to: part)
        let placed = try FinishedFile.place(part, name: "v.bin", in: downloads)
        #expect(placed.url.lastPathComponent == "v (3).bin" && placed.size == 10)
        #expect(try String(contentsOf: placed.url, encoding: .utf8) == "downloaded")
        #expect(try String(contentsOf: outside, encoding: .utf8) == "precious")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: planted.path) == outside.path)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("nothing-here").path))
        #expect(!FileManager.default.fileExists(atPath: part.path))
    }

    @Test("one run per queue: a second lock of the same queue, by any name, names the process that holds it")
    func runLock() throws {
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let queue = folder.appendingPathComponent("queue.json"), alias = folder.appendingPathComponent("alias.json")
        try Data("{\"transfers\": []}".utf8).write(to: queue)
        try FileManager.default.createSymbolicLink(at: alias, withDestinationURL: queue)
        let text = try Flavor.load("Light", features: AppRunner.core.features, language: "en").text
        let held = try RunLock.acquire(for: queue, text: text)
        #expect(throws: AppError.failed("Another run of \(alias.path) is already running (process \(getpid())).")) {
            try RunLock.acquire(for: alias, text: text)
        }
        held.release()
        try RunLock.acquire(for: alias, text: text).release()
    }

    @Test("a link planted under the run lock's name is refused, not written through")
    func runLockLink() throws {
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let queue = folder.appendingPathComponent("queue.json"), outside = folder.appendingPathComponent("outside")
        try Data("{\"transfers\": []}".utf8).write(to: queue)
        try Data("precious".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(at: RunLock.lockFile(of: queue), withDestinationURL: outside)
        let text = try Flavor.load("Light", features: AppRunner.core.features, language: "en").text
        #expect(throws: AppError.self) { try RunLock.acquire(for: queue, text: text) }
        #expect(try String(contentsOf: outside, encoding: .utf8) == "precious")
    }
}
