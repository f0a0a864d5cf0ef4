import Diagnostics
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
package final class AgentAttempt: TransferAttempt, Sendable {
    private let request: AgentRequest
    private let agent: URL
    private let text: Texts
    private let progress: TransferProgress
    /// The agent's standard input while it runs (-1 before and after), and whether `stop`
    /// was called.
    private let state = Mutex((input: Int32(-1), stopRequested: false))

    /// An attempt at `request` by the agent executable `agent`, its reasons written in `texts`,
    /// its bytes reported to `progress`.
    package init(
        _ request: AgentRequest, agent: URL = AgentAttempt.location, texts: Texts,
        progress: @escaping TransferProgress
    ) {
        self.request = request
        self.agent = agent
        self.text = texts
        self.progress = progress
    }

    /// How much of a download one agent writes before the next takes over (when the server
    /// takes ranges): 256 MiB. FoundationNetworking keeps a dispatch timer for every 16 KiB
    /// piece of a fast body until its queue is idle, so one process downloading a large file
    /// grows (about 20 MiB a GiB on loopback) and slows down; fresh agents stay near the
    /// memory of a small download. Each costs a process and a request: shares of 256 MiB are
    /// the smallest that keep a GiB from loopback within its goal of curl's speed, the memory
    /// within its goal of a 64 MiB download's (`Benchmarks downloads`; the figures are in the
    /// commit that chose them).
    package static let downloadShare: Int64 = 256 << 20

    /// Where the agent is looked for: beside the running executable (symbolic links followed).
    package static var location: URL {
        let folder = ResourceLocator.runningExecutable?.deletingLastPathComponent() ?? URL(fileURLWithPath: ".")
        return folder.appendingPathComponent("TransferAgent")
    }

    /// Runs agents until the request is carried out: a download an agent leaves with `more`
    /// (its share written) goes on with another, which sends the validator the last one got.
    package func perform() -> TransferOutcome {
        guard FileManager.default.isExecutableFile(atPath: agent.path) else {
            return .failed(reason: text("reason.agentMissing", .string(agent.path)), retryable: false)
        }
        var request = request
        while true {
            if state.withLock({ $0.stopRequested }) { return .stopped }
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

    /// Runs one agent for `request`, passing its progress on. Its report counts only when it
    /// ended normally (status 0): one that dies on a signal or with another status, or that
    /// ends without an outcome, or says it was stopped when the app did not stop it (a crash
    /// can look like that), failed, and is retried. One that cannot start failed for good.
    private func runAgent(_ request: AgentRequest) -> Step {
        let process: AgentProcess
        do {
            process = try AgentProcess.start(agent, arguments: request.arguments)
        } catch {
            let reason = text("reason.agentFailed", .string(agent.path), .string(error.reason))
            return .finished(.failed(reason: reason, retryable: false))
        }
        if state.withLock({
            $0.input = process.input
            return $0.stopRequested
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
        if state.withLock({ $0.stopRequested }) { return .finished(.stopped) }
        if let signal = end.signal {
            return .finished(.failed(reason: text("reason.agentSignal", .int(Int(signal))), retryable: true))
        }
        if let status = end.status, status != 0 {
            return .finished(.failed(reason: text("reason.agentStatus", .int(Int(status))), retryable: true))
        }
        switch outcome {
        case .more(let done, let total, let validator)?:
            progress(done, total)
            guard case .download(let url, let partFile, let share, _, let lowSpeed) = request else {
                return .finished(.completed)
            }
            return .next(
                .download(url: url, partFile: partFile, share: share, validator: validator, lowSpeed: lowSpeed))
        case .completed?: return .finished(.completed)
        case let report?:
            guard let failure = failure(report, request: request) else { break }
            return .finished(failure)
        case nil: break
        }
        return .finished(.failed(reason: text("reason.agentQuit"), retryable: true))
    }

    /// A failed attempt's outcome in the user's words; nil for a report that is not a failure.
    private func failure(_ report: AgentReport, request: AgentRequest) -> TransferOutcome? {
        switch report {
        case .refused(let status, let phrase, let retryable):
            return .failed(reason: text("reason.http", .int(status), .string(phrase)), retryable: retryable)
        case .dropped(let done, let total):
            let reason = text("reason.dropped", .string(text.bytes(done)), .string(text.bytes(total)))
            return .failed(reason: reason, retryable: true)
        case .failed(let reason, let retryable): return .failed(reason: reason, retryable: retryable)
        case .unsafeFile:
            guard case .download(_, let partFile, _, _, _) = request else { return nil }
            return .failed(reason: text("reason.unsafeFile", .string(partFile)), retryable: false)
        case .overlong(let announced):
            return .failed(reason: text("reason.overlong", .string(text.bytes(announced))), retryable: false)
        case .encoded(let encoding):
            return .failed(reason: text("reason.encoded", .string(Diagnostic.quote(encoding))), retryable: false)
        case .badRange(let value):
            return .failed(reason: text("reason.badRange", .string(Diagnostic.quote(value))), retryable: false)
        case .tooSlow(let limit):
            let reason = text(
                "reason.tooSlow", .string(text.bytes(limit.bytesPerSecond)), .int(Int(clamping: limit.seconds)))
            return .failed(reason: reason, retryable: true)
        case .progress, .completed, .more, .stopped: return nil
        }
    }

    /// Stops the attempt: the agent's standard input closes; `perform` then returns `.stopped`.
    package func stop() {
        state.withLock { $0.stopRequested = true }
        closeInput()
    }

    private func closeInput() {
        let descriptor = state.withLock { state in
            defer { state.input = -1 }
            return state.input
        }
        if descriptor >= 0 { close(descriptor) }
    }
}
