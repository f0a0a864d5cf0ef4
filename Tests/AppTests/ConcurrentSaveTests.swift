import AppTesting
import Foundation
import TestSupport
import Testing
import TransferCore

@Suite("Concurrent saves from many processes")
struct ConcurrentSaveTests {
    /// How many `Regular shell` processes change the queue file at once, and how many
    /// changes each makes (every line of a shell loads, changes and saves the file). Kept
    /// small for CI's two cores; 20 × 50 was run too (the lock makes the saves take turns).
    static let processes = 20, operations = 10

    /// A queue of `count` downloads in progress, `t0`, `t1`, …
    static func generatedQueue(_ count: Int) throws -> Data {
        let transfers = (0..<count).map {
            Transfer(
                id: "t\($0)", title: "Video \($0)", kind: .download, state: .inProgress, bytesDone: 1,
                bytesTotal: 10)
        }
        return TransferQueue(transfers: transfers).fileData
    }

    @Test("20 processes × 10 pause or cancel on distinct transfers of one file: no update lost")
    func noLostUpdate() throws {
        let binary = try #require(
            AppRunner.binary("Regular"), "build the Regular product first (swift build --product Regular)")
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("queue.json")
        try Self.generatedQueue(Self.processes * Self.operations).write(to: file)
        // Even processes pause their transfers, odd ones cancel them.
        let runs = (0..<Self.processes).map { process in
            let command = process.isMultiple(of: 2) ? "pause" : "cancel"
            let lines = (0..<Self.operations).map { "\(command) t\(process * Self.operations + $0)\n" }
            return (arguments: ["shell", "--queue", file.path, "--lang", "en"], input: lines.joined())
        }
        let results = try ChildProcess.runConcurrently(binary, runs, environment: [:])
        for (process, result) in results.enumerated() {
            #expect(result.status == 0 && result.errors.isEmpty, "process \(process): \(result.errors)")
            let word = process.isMultiple(of: 2) ? "Paused" : "Cancelled"
            #expect(result.output.split(separator: "\n").filter { $0.hasPrefix(word) }.count == Self.operations)
        }
        let queue = try QueueFile.load(file)
        let lost = queue.transfers.enumerated().filter { index, transfer in
            transfer.state != ((index / Self.operations).isMultiple(of: 2) ? .paused : .cancelled)
        }
        #expect(lost.isEmpty, "\(lost.count) of \(queue.transfers.count) updates lost")
        #expect(queue.transfers.count == Self.processes * Self.operations)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["queue.json"])
    }

    @Test("processes adding to a queue file that does not exist yet start it once and lose no transfer")
    func startingOneFile() throws {
        let binary = try #require(
            AppRunner.binary("Light"), "build the Light product first (swift build --product Light)")
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("queue.json")
        let refused = try ChildProcess.run(
            binary, ["--queue", file.path, "--lang", "en", "add", "ftp://x/y"], environment: [:])
        #expect(refused.status == 1)
        #expect(!FileManager.default.fileExists(atPath: file.path), "a refused add starts no file")
        let runs = (0..<Self.processes).map { process in
            (
                arguments: ["--queue", file.path, "--lang", "en", "add", "https://media.example/v\(process).mp4"],
                input: ""
            )
        }
        let results = try ChildProcess.runConcurrently(binary, runs, environment: [:])
        for (process, result) in results.enumerated() {
            #expect(result.status == 0 && result.errors.isEmpty, "process \(process): \(result.errors)")
        }
        let urls = Set(try QueueFile.load(file).transfers.compactMap(\.url))
        #expect(urls == Set((0..<Self.processes).map { "https://media.example/v\($0).mp4" }))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["queue.json"])
    }
}
