import AppTesting
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built transfer agent run as a child process the way the app runs it: its input on a
/// pipe this test holds open (closing it stops the agent), its output and errors in files of
/// a scratch folder, its environment the test's own (a home of its own, for one), and no
/// signal blocked, as from a shell (a child inherits the mask of the thread that starts it,
/// and a test's threads block most signals).
final class RealAgent {
    let process = Process()
    private let input = Pipe()
    private let folder: URL

    /// Starts the agent with `arguments` and `environment` (replacing the test's).
    init(_ arguments: [String], environment: [String: String]) throws {
        let agent = try #require(AppRunner.binary("TransferAgent"), "build the TransferAgent product first")
        folder = try AppRunner.temporaryFolder()
        // Other tests start agents meanwhile: none of them may hold this pipe's input open.
        _ = fcntl(input.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
        try Data().write(to: folder.appendingPathComponent("stdout"))
        try Data().write(to: folder.appendingPathComponent("stderr"))
        process.executableURL = agent
        process.arguments = arguments
        process.environment = ChildProcess.withCoverage(environment)
        process.currentDirectoryURL = folder
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: folder.appendingPathComponent("stdout"))
        process.standardError = try FileHandle(forWritingTo: folder.appendingPathComponent("stderr"))
        // Started from a thread of its own that blocks no signal.
        final class Launch: @unchecked Sendable {
            let process: Process
            var error: (any Error)?
            let done = DispatchSemaphore(value: 0)
            init(_ process: Process) { self.process = process }
        }
        let launch = Launch(process)
        Thread {
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            do { try launch.process.run() } catch { launch.error = error }
            launch.done.signal()
        }.start()
        launch.done.wait()
        if let error = launch.error { throw error }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: folder)
    }

    /// What the agent reported so far.
    var output: String { read("stdout") }
    /// What it wrote on its standard error so far.
    var errors: String { read("stderr") }

    /// Closes the agent's input: it stops.
    func stop() {
        try? input.fileHandleForWriting.close()
    }

    /// Waits up to `seconds` for the agent to end; whether it did.
    func wait(seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        guard !process.isRunning else { return false }
        process.waitUntilExit()
        return true
    }

    private func read(_ name: String) -> String {
        String(decoding: (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data(), as: UTF8.self)
    }
}
