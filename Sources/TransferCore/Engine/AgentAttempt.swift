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
/// `stop()` closes the agent's standard input; the agent then stops and says so.
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

    /// Where the agent is looked for: beside the running executable (symbolic links followed).
    public static var location: URL {
        let folder = ResourceLocator.runningExecutable?.deletingLastPathComponent() ?? URL(fileURLWithPath: ".")
        return folder.appendingPathComponent("TransferAgent")
    }

    public func perform() -> TransferOutcome {
        if lock.withLock({ _ in stopRequested }) { return .stopped }
        guard FileManager.default.isExecutableFile(atPath: agent.path) else {
            return .failed(reason: text("reason.agentMissing", .string(agent.path)), retryable: false)
        }
        let process: AgentProcess
        do {
            process = try AgentProcess.start(agent, arguments: request.arguments)
        } catch {
            return .failed(
                reason: text("reason.agentFailed", .string(agent.path), .string(error.reason)), retryable: false)
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
        case .completed?: return .completed
        case .stopped?: return .stopped
        case .refused(let status, let phrase, let retryable)?:
            return .failed(reason: text("reason.http", .int(status), .string(phrase)), retryable: retryable)
        case .dropped(let done, let total)?:
            return .failed(
                reason: text("reason.dropped", .string(text.bytes(done)), .string(text.bytes(total))), retryable: true)
        case .failed(let reason, let retryable)?: return .failed(reason: reason, retryable: retryable)
        case .progress?, nil:
            if lock.withLock({ _ in stopRequested }) { return .stopped }
            let reason =
                end.signal.map { text("reason.agentSignal", .int(Int($0))) }
                ?? text("reason.agentStatus", .int(Int(end.status ?? 0)))
            return .failed(reason: reason, retryable: true)
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
