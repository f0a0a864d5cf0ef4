import Flavors
import Synchronization
import TransferAgentProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One attempt carried out by the transfer agent: `TransferAgent`, the executable built
/// beside the app's (`swift build --product Light` builds both), moves the bytes with
/// Foundation's URL loading and reports on a pipe (`AgentReport`); this side shows its
/// progress and puts its outcome into the user's language. The networking libraries (on
/// Linux libcurl and some thirty more) are thus loaded by the agent alone, and every other
/// command of the app starts without them.
///
/// `stop()` closes the agent's standard input; the agent then ends at once, saying so. A download
/// may take several agents in turn, each writing a share of it (`downloadShare`).
public final class AgentAttempt: TransferAttempt, @unchecked Sendable {
    private let request: AgentRequest
    private let agent: URL
    private let text: Texts
    private let progress: TransferProgress
    private let lock = Mutex(())
    /// The agent's standard input while it runs; -1 before and after.
    private var input: Int32 = -1
    private var stopRequested = false

    /// An attempt at `request` by the agent executable `agent`, its reasons written in `texts`,
    /// its bytes reported to `progress`.
    public init(
        _ request: AgentRequest, agent: URL = AgentAttempt.location, texts: Texts,
        progress: @escaping TransferProgress
    ) {
        self.request = request
        self.agent = agent
        self.text = texts
        self.progress = progress
    }

    /// How much of a download one agent writes before the next takes over (when the server
    /// takes ranges): 64 MiB. FoundationNetworking keeps a dispatch timer for every 16 KiB
    /// piece of a fast body until its queue is idle, so one process downloading a large file
    /// grows (about 20 MiB a GiB on loopback) and slows down; fresh agents stay at the memory
    /// of a 64 MiB download and are faster overall, a new process and request every 64 MiB
    /// costing less than the backlog they avoid (`Benchmarks downloads`).
    public static let downloadShare: Int64 = 64 << 20

    /// Where the agent is looked for: beside the running executable (symbolic links followed).
    public static var location: URL {
        let folder = ResourceLocator.runningExecutable?.deletingLastPathComponent() ?? URL(fileURLWithPath: ".")
        return folder.appendingPathComponent("TransferAgent")
    }

    /// Runs agents until the request is carried out: a download an agent leaves with `more`
    /// (its share written) goes on with another, which sends the validator the last one got.
    public func perform() -> TransferOutcome {
        guard FileManager.default.isExecutableFile(atPath: agent.path) else {
            return .failed(reason: text("reason.agentMissing", .string(agent.path)), retryable: false)
        }
        var request = request
        while true {
            if lock.withLock({ _ in stopRequested }) { return .stopped }
            switch runAgent(request) {
            case .next(let following): request = following
            case .finished(let outcome): return outcome
            }
        }
    }

    /// What one agent left: the rest of a download for the next, or the attempt's outcome.
    private enum Step {
        case next(AgentRequest)
        case finished(TransferOutcome)
    }

    /// Runs one agent for `request`, passing its progress on. An agent that ends without an
    /// outcome failed (retried: it may have been killed); one that cannot start failed for good.
    private func runAgent(_ request: AgentRequest) -> Step {
        let process: AgentProcess
        do {
            process = try AgentProcess.start(agent, arguments: request.arguments)
        } catch {
            let reason = text("reason.agentFailed", .string(agent.path), .string(error.reason))
            return .finished(.failed(reason: reason, retryable: false))
        }
        if lock.withLock({ _ in
            input = process.input
            return stopRequested
        }) {
            closeInput()
        }
        var outcome: AgentReport?
        process.readLines { line in
            switch AgentReport(line: line) {
            case .progress(let done, let total)?: progress(done, total)
            case let report?: outcome = outcome ?? report
            case nil: break
            }
        }
        closeInput()
        let end = process.wait()
        switch outcome {
        case .more(let done, let total, let validator)?:
            progress(done, total)
            guard case .download(let url, let partFile, let share, _) = request else { return .finished(.completed) }
            return .next(.download(url: url, partFile: partFile, share: share, validator: validator))
        case .completed?: return .finished(.completed)
        case .stopped?: return .finished(.stopped)
        case .refused(let status, let phrase, let retryable)?:
            return .finished(.failed(reason: text("reason.http", .int(status), .string(phrase)), retryable: retryable))
        case .dropped(let done, let total)?:
            let reason = text("reason.dropped", .string(text.bytes(done)), .string(text.bytes(total)))
            return .finished(.failed(reason: reason, retryable: true))
        case .failed(let reason, let retryable)?: return .finished(.failed(reason: reason, retryable: retryable))
        case .progress?, nil:
            if lock.withLock({ _ in stopRequested }) { return .finished(.stopped) }
            let reason =
                end.signal.map { text("reason.agentSignal", .int(Int($0))) }
                ?? text("reason.agentStatus", .int(Int(end.status ?? 0)))
            return .finished(.failed(reason: reason, retryable: true))
        }
    }

    /// Stops the attempt: the agent's standard input closes; `perform` then returns `.stopped`.
    public func stop() {
        lock.withLock { _ in stopRequested = true }
        closeInput()
    }

    private func closeInput() {
        let descriptor = lock.withLock { _ in
            defer { input = -1 }
            return input
        }
        if descriptor >= 0 { close(descriptor) }
    }
}
