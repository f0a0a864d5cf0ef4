import AppTesting
import Flavors
import Foundation
import Synchronization
import Testing
import TransferAgentProtocol
import TransferCore

/// How the app reads its transfer agent, with stand-in agents (shell scripts) that say what
/// a real one would, or fail as one might: progress, outcomes in the user's words, an agent
/// that dies, one that is stopped, one that is missing.
@Suite("Attempts through the transfer agent", .timeLimit(.minutes(1)))
struct AgentAttemptTests {
    /// Progress the attempt reported, in order.
    final class Progress: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [[Int64]] = []
        var reports: [[Int64]] { lock.withLock { seen } }
        func add(_ done: Int64, _ total: Int64) { lock.withLock { seen.append([done, total]) } }
    }

    /// A stand-in agent running `script` (sh), in a scratch folder removed by the caller.
    /// The script is written by `cp`, not by this process: a file this process held open for
    /// writing could not be run ("text file busy") while a process another test starts still
    /// holds a copy of that descriptor.
    static func agent(_ script: String) throws -> (agent: URL, folder: URL) {
        let folder = try AppRunner.temporaryFolder()
        let source = folder.appendingPathComponent("script.sh"), agent = folder.appendingPathComponent("TransferAgent")
        try Data("#!/bin/sh\n\(script)\n".utf8).write(to: source)
        let copied = try AppRunner.runBinary(URL(fileURLWithPath: "/bin/cp"), [source.path, agent.path])
        try #require(copied.status == 0, "\(copied.errors)")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: agent.path)
        return (agent, folder)
    }

    static func texts() throws -> Texts {
        try Flavor.load("Light", features: AppRunner.core.features, language: "en").text
    }

    /// Runs one download attempt by `script` (into `partFile`, else a file in the agent's
    /// scratch folder); returns its outcome and the progress it reported.
    static func attempt(_ script: String, partFile: String? = nil) throws -> (TransferOutcome, [[Int64]]) {
        let (agent, folder) = try Self.agent(script)
        defer { try? FileManager.default.removeItem(at: folder) }
        let progress = Progress()
        let attempt = AgentAttempt(
            .download(
                url: "http://127.0.0.1:9/a.mov", partFile: partFile ?? folder.appendingPathComponent("a.part").path),
            agent: agent, texts: try texts(), progress: progress.add)
        return (attempt.perform(), progress.reports)
    }

    @Test("progress reaches the app in order, then the outcome; lines that are no report are ignored")
    func progressThenOutcome() throws {
        let (outcome, progress) = try Self.attempt(
            "echo 'progress 0 300'; echo 'noise'; echo 'progress 100 300'; echo 'progress 300 300'; echo completed")
        #expect(outcome == .completed)
        #expect(progress == [[0, 300], [100, 300], [300, 300]])
    }

    @Test("the agent receives the request as its arguments")
    func arguments() throws {
        let (outcome, _) = try Self.attempt(
            #"[ "$1" = download ] && [ "$2" = http://127.0.0.1:9/a.mov ] && echo completed || echo "failed final $*""#)
        #expect(outcome == .completed)
    }

    @Test(
        "the agent's outcomes in the user's words",
        arguments: [
            ("refused 404 final Not Found", TransferOutcome.failed(reason: "HTTP 404 Not Found", retryable: false)),
            ("refused 503 retry Service Unavailable", .failed(reason: "HTTP 503 Service Unavailable", retryable: true)),
            ("dropped 1000 5000", .failed(reason: "connection dropped after 1 kB of 5 kB", retryable: true)),
            (
                "failed retry Could not connect to the server.",
                .failed(reason: "Could not connect to the server.", retryable: true)
            ),
            (
                "unsafe-file",
                .failed(
                    reason:
                        "/tmp/a.part is a symbolic link or not a regular file of its own: nothing was written to it",
                    retryable: false)
            ),
            (
                "overlong 1000", .failed(reason: "the server sent more than the 1 kB it announced", retryable: false)
            ),
            (
                "encoded gzip",
                .failed(
                    reason: "the server sent the file compressed (gzip) although it was asked for it uncompressed",
                    retryable: false)
            ),
            (
                "bad-range bytes 10-9223372036854775807/*",
                .failed(
                    reason:
                        "the server answered with the range bytes 10-9223372036854775807/*, which is not part of the file",
                    retryable: false)
            ),
            ("slow 1024 30", .failed(reason: "slower than 1 kB a second for 30 s", retryable: true)),
        ])
    func outcomes(line: String, outcome: TransferOutcome) throws {
        #expect(try Self.attempt("echo '\(line)'", partFile: "/tmp/a.part").0 == outcome)
    }

    @Test(
        "an agent that says it stopped when the app did not stop it failed, and is retried: a crash can look like that"
    )
    func stoppedUnasked() throws {
        #expect(
            try Self.attempt("echo stopped").0
                == .failed(reason: "the transfer agent ended without finishing the transfer", retryable: true))
        #expect(
            try Self.attempt("echo 'progress 1 2'").0
                == .failed(reason: "the transfer agent ended without finishing the transfer", retryable: true))
    }

    @Test("a report counts only from an agent that ended normally: one that then dies or fails is retried")
    func reportThenDies() throws {
        #expect(
            try Self.attempt("echo stopped; kill -9 $$").0
                == .failed(reason: "the transfer agent stopped on signal 9", retryable: true))
        #expect(
            try Self.attempt("echo completed; exit 2").0
                == .failed(reason: "the transfer agent stopped with status 2", retryable: true))
    }

    @Test("an agent that ends without an outcome fails the attempt, which is retried")
    func diesWithoutOutcome() throws {
        #expect(
            try Self.attempt("echo 'progress 1 2'; exit 3").0
                == .failed(reason: "the transfer agent stopped with status 3", retryable: true))
        #expect(
            try Self.attempt("kill -9 $$").0
                == .failed(reason: "the transfer agent stopped on signal 9", retryable: true))
    }

    @Test("an agent that leaves more of a download is followed by another, which sends its validator as If-Range")
    func shares() throws {
        let (agent, folder) = try Self.agent(
            """
            here=$(dirname "$0"); n=$(($(cat "$here/count" 2>/dev/null || echo 0) + 1)); echo $n > "$here/count"
            echo "$*" >> "$here/arguments"
            if [ $n -lt 3 ]; then echo "more $((n * 10)) 30 'v$n'"; else echo completed; fi
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let progress = Progress()
        let attempt = AgentAttempt(
            .download(url: "http://127.0.0.1:9/a.mov", partFile: "/tmp/a.part", share: 10), agent: agent,
            texts: try Self.texts(), progress: progress.add)
        #expect(attempt.perform() == .completed)
        #expect(progress.reports == [[10, 30], [20, 30]])
        let arguments = try String(contentsOf: folder.appendingPathComponent("arguments"), encoding: .utf8)
        #expect(
            arguments == """
                download http://127.0.0.1:9/a.mov /tmp/a.part --share 10
                download http://127.0.0.1:9/a.mov /tmp/a.part --share 10 --if-range 'v1'
                download http://127.0.0.1:9/a.mov /tmp/a.part --share 10 --if-range 'v2'

                """)
    }

    @Test("stop closes the agent's input: it ends, and the attempt is stopped")
    func stop() throws {
        let (agent, folder) = try Self.agent("echo 'progress 1 10'; cat > /dev/null; echo stopped")
        defer { try? FileManager.default.removeItem(at: folder) }
        let progress = Progress()
        let attempt = AgentAttempt(
            .download(url: "http://127.0.0.1:9/a.mov", partFile: folder.appendingPathComponent("a.part").path),
            agent: agent, texts: try Self.texts(), progress: progress.add)
        let ended = DispatchSemaphore(value: 0)
        let outcome = Mutex<TransferOutcome?>(nil)
        Thread {
            outcome.withLock { $0 = attempt.perform() }
            ended.signal()
        }.start()
        let deadline = Date(timeIntervalSinceNow: 10)
        while progress.reports.isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(ended.wait(timeout: .now() + 0.2) == .timedOut, "the agent waits for its input to close")
        attempt.stop()
        #expect(ended.wait(timeout: .now() + 10) == .success)
        #expect(outcome.withLock { $0 } == .stopped)
    }

    @Test("a stop before the agent starts stops it at once")
    func stopBeforeStart() throws {
        let (agent, folder) = try Self.agent("cat > /dev/null; echo stopped")
        defer { try? FileManager.default.removeItem(at: folder) }
        let attempt = AgentAttempt(
            .upload(file: "/dev/null", url: "http://127.0.0.1:9/up"), agent: agent, texts: try Self.texts(),
            progress: { _, _ in })
        attempt.stop()
        #expect(attempt.perform() == .stopped)
    }

    @Test("a missing agent fails for good, naming where it was looked for")
    func missing() throws {
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let agent = folder.appendingPathComponent("TransferAgent")
        let attempt = AgentAttempt(
            .download(url: "http://127.0.0.1:9/a.mov", partFile: "/tmp/a.part"), agent: agent, texts: try Self.texts(),
            progress: { _, _ in })
        #expect(
            attempt.perform()
                == .failed(
                    reason: "no transfer agent at \(agent.path): it is built with the app, so ship it beside the app",
                    retryable: false))
    }

    @Test("the agent is looked for beside the running executable")
    func location() {
        let executable = Bundle.main.executableURL?.resolvingSymlinksInPath()
        #expect(AgentAttempt.location.deletingLastPathComponent().path == executable?.deletingLastPathComponent().path)
        #expect(AgentAttempt.location.lastPathComponent == "TransferAgent")
    }
}
