import AppTesting
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built transfer agent on its own: what it leaves on disk, and what ends it.
@Suite("The transfer agent process", .timeLimit(.minutes(1)))
struct TransferAgentTests {
    /// Every file and folder under `folder`, relative to it, sorted.
    static func contents(_ folder: URL) -> [String] {
        let paths = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return paths.sorted()
    }

    @Test("the agent writes nothing outside its partial file: no URL cache, cookie or data folder in its home")
    func nothingInHome() throws {
        let body = TransferRunTests.body(100_000)
        let server = try LoopbackServer(routes: ["clip.mov": .init(.data(body))])
        defer { server.stop() }
        let scratch = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let home = scratch.appendingPathComponent("home"), into = scratch.appendingPathComponent("into")
        for folder in [home, into] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let environment = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
            "XDG_CACHE_HOME": home.appendingPathComponent(".cache").path, "PATH": "/usr/bin:/bin",
        ]
        let part = into.appendingPathComponent("clip.mov.d1.part")
        let agent = try RealAgent(["download", server.url("clip.mov"), part.path], environment: environment)
        #expect(agent.wait(seconds: 30), "the agent ends once the file is written")
        #expect(agent.output.hasSuffix("completed\n"), "\(agent.output)\(agent.errors)")
        #expect(try Data(contentsOf: part) == body)
        #expect(Self.contents(home) == [], "FoundationNetworking's cookie and cache folders")
        #expect(Self.contents(into) == ["clip.mov.d1.part"])
    }

    #if os(Linux)
    @Test(
        "a signal that interrupts the agent's wait for its input is no stop: only the input's end stops it"
    )
    func interruptedRead() throws {
        // The answer is held back: the agent waits, its input open, when the signal comes.
        let server = try LoopbackServer(routes: ["held.mov": .init(.data(Data("x".utf8)), delay: 20)])
        defer { server.stop() }
        let scratch = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let part = scratch.appendingPathComponent("held.mov.d1.part")
        // SIGQUIT goes to the runtime's crash handler, which pauses every other thread with a
        // signal (their system calls end with EINTR) while it prints a backtrace, then lets
        // the process go on: what a crash does to the thread that waits for the input.
        let agent = try RealAgent(
            ["download", server.url("held.mov"), part.path],
            environment: ["HOME": scratch.path, "SWIFT_BACKTRACE": "enable=yes,interactive=no"])
        let asked = Date(timeIntervalSinceNow: 20)
        while server.rangesAsked("held.mov").isEmpty && Date() < asked { Thread.sleep(forTimeInterval: 0.02) }
        kill(agent.process.processIdentifier, SIGQUIT)
        // The handler is done when the backtrace stops growing (or the agent ended).
        var (size, still) = (-1, 0)
        let deadline = Date(timeIntervalSinceNow: 30)
        while agent.process.isRunning && still < 20 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            let now = agent.errors.utf8.count
            (size, still) = now > 0 && now == size ? (size, still + 1) : (now, 0)
        }
        #expect(agent.process.isRunning, "the agent went on")
        #expect(!agent.output.contains("stopped"), "\(agent.output)")
        agent.stop()
        #expect(agent.wait(seconds: 10))
        #expect(agent.output == "stopped\n" && agent.process.terminationStatus == 0)
    }
    #endif
}
