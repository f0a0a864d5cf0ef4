import AppTesting
import Foundation
import TestSupport
import Testing
import TransferCore

/// Two `run`s of one queue would each take the other's transfers in progress for ones a killed
/// run left, and download the same files: a second run fails, in the user's language, naming
/// the process that runs the queue.
@Suite("One run per queue", .timeLimit(.minutes(1)))
struct OneRunPerQueueTests {
    @Test("a second run of a queue being run exits 1 naming the running process; no file is fetched twice")
    func secondRunRefused() throws {
        let body = TransferRunTests.body(1 << 20)
        let server = try LoopbackServer(routes: ["talk.mp4": .init(.data(body), pacing: 0.05)])
        defer { server.stop() }
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try InterruptedRunTests.startRun(server, folder: folder)
        let queue = folder.appendingPathComponent("queue.json")
        let second = AppRunner.run(
            AppRunner.regular, ["--queue", queue.path, "--lang", "de", "run", "--into", folder.path])
        #expect(second.status == 1)
        #expect(
            second.errors
                == "error: Ein anderer Durchlauf von \(queue.path) läuft bereits (Prozess \(first.processIdentifier)).\n"
        )
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        #expect(server.rangesAsked("talk.mp4").count == 1)
        #expect(try InterruptedRunTests.holds(folder.appendingPathComponent("talk.mp4"), body))
        // The lock goes with the run: the next run of the queue starts.
        let next = AppRunner.run(
            AppRunner.regular, ["--queue", queue.path, "--lang", "en", "run", "--into", folder.path])
        #expect(next.status == 0, "\(next.errors)")
    }

    @Test("two runs of one queue started at once: one runs it, the other exits 1; each file is fetched once")
    func concurrentRuns() throws {
        let binary = try #require(AppRunner.binary("Light"), "build the Light product first")
        let names = ["a.bin", "b.bin", "c.bin"]
        let server = try LoopbackServer(
            routes: Dictionary(
                uniqueKeysWithValues: names.map { ($0, LoopbackServer.Route(.data(Data($0.utf8)), delay: 0.4)) }))
        defer { server.stop() }
        let scratch = try TransferRunTests.Scratch()
        defer { scratch.remove() }
        for name in names { #expect(scratch.run(AppRunner.light, ["add", server.url(name)]).status == 0) }
        let arguments = ["--queue", scratch.queue.path, "--lang", "en", "run", "--into", scratch.downloads.path]
        let results = try ChildProcess.runConcurrently(
            binary, [(arguments, ""), (arguments, "")], environment: ["HOME": scratch.folder.path])
        #expect(results.map(\.status).sorted() == [0, 1], "\(results.map(\.errors))")
        let refused = try #require(results.first { $0.status == 1 })
        #expect(refused.errors.hasPrefix("error: Another run of \(scratch.queue.path) is already running (process "))
        for name in names { #expect(server.rangesAsked(name).count == 1, "\(name)") }
        #expect(try scratch.load().count(in: .completed) == 3)
    }
}
