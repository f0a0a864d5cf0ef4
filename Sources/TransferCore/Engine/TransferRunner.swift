import Dispatch
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

/// `run`: performs the queue file's pending downloads (and uploads, where the flavor's
/// extension sends them), at most the flavor's
/// `concurrentTransfers` at once, each streamed to `<name>.<id>.part` in `folder` and linked
/// into place under its own name when complete (`name (2).ext` when the name is taken: an
/// existing file is never overwritten; see `DownloadName` and `FinishedFile`). One run of a
/// queue file at a time (`RunLock`): a second one fails, naming the running process. Every
/// state change and, at most twice a second, the bytes done are saved to the queue file under
/// its lock (`QueueStore`), so a `kill -9` leaves a file that loads and the next `run`
/// resumes the partial files. A transfer that
/// another command pauses, cancels or deletes meanwhile stops at the next save. Ctrl-C stops
/// every running transfer, leaves it in the flavor's `FlavorExtension.interruption` state
/// (pending for the core, paused for a flavor that can resume; its partial file kept) and ends
/// the run.
/// A failed attempt (a 5xx, a dropped connection, an agent that died, one slower than the
/// flavor's low-speed limit) is retried after 0.25 s, 0.5 s, 1 s, … up to the flavor's
/// `transferRetries` times; a 4xx answer, or one the server would only give again (a body
/// compressed or longer than announced, a `Content-Range` that is no range), is not, nor is a
/// partial file that is a link.
package struct TransferRunner {
    let context: AppContext
    let queueURL: URL
    let folder: URL
    let console: Console
    let clock: RunClock
    let transfers: TransferSource

    /// A run of the queue file at `queueURL` into `folder`, writing progress to `console`,
    /// paced by `clock`; the bytes move by HTTP unless `transfers` makes the attempts.
    package init(
        context: AppContext, queueURL: URL, folder: URL, console: Console, clock: RunClock = .system,
        transfers: TransferSource? = nil
    ) {
        self.context = context
        self.queueURL = queueURL
        self.folder = folder
        self.console = console
        self.clock = clock
        self.transfers = transfers ?? Self.http(context: context)
    }

    /// Downloads by the transfer agent (`AgentAttempt`); uploads by the flavor's extension hook
    /// `uploadAttempt`.
    private static func http(context: AppContext) -> TransferSource {
        { transfer, partFile, progress in
            if transfer.kind == .upload {
                return context.build.flavorExtension.uploadAttempt(
                    for: transfer, context: context, progress: progress)
            }
            guard let url = transfer.url, URL(string: url) != nil else { return nil }
            let request = AgentRequest.download(
                url: url, partFile: partFile.path, share: AgentAttempt.downloadShare, lowSpeed: context.lowSpeedLimit)
            return AgentAttempt(request, texts: context.texts, progress: progress)
        }
    }

    /// Runs until no transfer is left to start or Ctrl-C; returns the summary line to print.
    /// Throws when a transfer failed for good (after the summary is written).
    package func run() throws(AppError) -> String {
        let text = context.texts
        guard FileStatus.isFolder(folder.path) else {
            throw AppError.failed(text("error.run.folder", .string(folder.path)))
        }
        let start = try QueueStore.update(queueURL) { _ throws(AppError) in () }.queue
        let runLock = try RunLock.acquire(for: queueURL, text: text)
        defer { runLock.release() }
        let output = RunOutput(console: console, context: context, queue: start, clock: clock)
        let state = RunState(clock: clock)
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler { state.interrupt() }
        interrupt.resume()
        defer {
            interrupt.cancel()
            signal(SIGINT, SIG_DFL)
        }
        let workers = DispatchGroup()
        let errors = ErrorBox()
        let job = RunJob(
            context: context, queueURL: queueURL, folder: folder, transfers: transfers, state: state, output: output)
        for _ in 0..<max(context.concurrentTransfers, 1) {
            workers.enter()
            WorkerThread.start {
                defer { workers.leave() }
                do throws(AppError) {
                    while let transfer = try job.claim() { try job.perform(transfer) }
                } catch {
                    errors.set(error)
                    state.interrupt()
                }
            }
        }
        workers.wait()
        output.finish()
        if let error = errors.error { throw error }
        if state.isInterrupted {
            return context.build.flavorExtension.interruption(context: context).message + "\n"
        }
        let end = try QueueFile.load(queueURL)
        let summary = text("run.finished", .string(QueueScreen.summary(context.visible(end), text: text))) + "\n"
        guard !state.hadFailures else {
            console.write(summary)
            throw AppError.failed(text("run.failures"))
        }
        return summary
    }
}

/// The work of one run shared by its workers.
private struct RunJob: Sendable {
    let context: AppContext
    let queueURL: URL
    let folder: URL
    let transfers: TransferSource
    let state: RunState
    let output: RunOutput

    private var text: Texts { context.texts }

    /// Marks the first pending (or left in progress by a killed run: no other run is going,
    /// see `RunLock`) download in progress.
    func claim() throws(AppError) -> Transfer? {
        let (_, claimed) = try update { queue throws(AppError) -> Transfer? in
            guard !state.isInterrupted else { return nil }
            let next = context.visible(queue).transfers.first { transfer in
                transfer.url != nil
                    && (transfer.state == .pending || transfer.state == .inProgress) && state.isNew(transfer.id)
            }
            guard var transfer = next, state.claim(transfer.id) else { return nil }
            transfer.state = .inProgress
            transfer.reason = nil
            queue.update(transfer)
            return transfer
        } show: { queue, claimed in
            output.changed(queue, claimed.map { ($0, nil) })
        }
        return claimed
    }

    /// Changes the queue file through `QueueStore` and shows the result, one worker at a time:
    /// the screen never goes back to a queue older than one it showed, and the events come in
    /// the order of the changes.
    private func update<Result>(
        _ change: (inout TransferQueue) throws(AppError) -> Result, show: (TransferQueue, Result) -> Void
    ) throws(AppError) -> (queue: TransferQueue, result: Result) {
        var saved: (queue: TransferQueue, result: Result)?
        try state.saving.withLock { _ throws(AppError) in
            let (queue, result) = try QueueStore.update(queueURL, change)
            show(queue, result)
            saved = (queue, result)
        }
        return saved!
    }

    /// Downloads `transfer` (or sends an upload, through the flavor's `uploadAttempt`),
    /// retrying failed attempts, until it completes, fails for good or is stopped.
    func perform(_ transfer: Transfer) throws(AppError) {
        let name = DownloadName.of(transfer)
        let partURL = folder.appendingPathComponent("\(name).\(transfer.id).part")
        var attempt = 0
        while true {
            attempt += 1
            let progress: TransferProgress = { done, total in
                guard state.shouldSave(transfer.id) else { return }
                let stillWanted = try? save(transfer.id) { current in
                    current.bytesDone = done
                    current.bytesTotal = max(total, done)
                }
                if stillWanted != true { state.stop(transfer.id) }
            }
            guard let transferAttempt = transfers(transfer, partURL, progress) else { return }
            state.register(transfer.id, transferAttempt)
            let outcome = transferAttempt.perform()
            state.unregister(transfer.id)
            switch outcome {
            case .completed where transfer.kind == .upload:
                _ = try save(transfer.id, line: true) { current in
                    current.state = .completed
                    current.bytesDone = current.bytesTotal
                    current.reason = nil
                }
                return
            case .completed:
                let placed: (url: URL, size: Int64)
                do throws(FinishedFile.Failure) {
                    placed = try FinishedFile.place(partURL, name: name, in: folder)
                } catch {
                    switch error {
                    case .unsafe:
                        // Someone put a link (or something else) under the partial file's name.
                        state.failed()
                        _ = try save(transfer.id, line: true) { current in
                            current.state = .failed
                            current.reason = text("reason.unsafeFile", .string(partURL.path))
                        }
                        return
                    case .system(let path, let reason):
                        throw AppError.failed(text("error.run.place", .string(path), .string(reason)))
                    }
                }
                _ = try save(transfer.id, line: true) { current in
                    current.state = .completed
                    current.bytesDone = placed.size
                    current.bytesTotal = placed.size
                    current.reason = nil
                    current.file = placed.url.path
                }
                return
            case .stopped:
                try stopped(transfer.id, partURL: partURL)
                return
            case .failed(let reason, let retryable):
                guard retryable, attempt <= context.retryLimit, !state.isInterrupted else {
                    state.failed()
                    _ = try save(transfer.id, line: true) { current in
                        current.state = .failed
                        current.reason = reason
                    }
                    return
                }
                let delay = 0.25 * Double(1 << min(attempt - 1, 10))
                output.retry(transfer, reason: reason, attempt: attempt, of: context.retryLimit + 1, delay: delay)
                _ = try save(transfer.id) { current in current.reason = reason }
                guard state.wait(delay, for: transfer.id) else {
                    try stopped(transfer.id, partURL: partURL)
                    return
                }
            }
        }
    }

    /// After a stop: an interrupted transfer takes the flavor's interruption state; one
    /// cancelled or deleted meanwhile loses its partial file; a paused one keeps it for `resume`.
    private func stopped(_ id: String, partURL: URL) throws(AppError) {
        let interrupted = state.isInterrupted
        let interruptedState = context.build.flavorExtension.interruption(context: context).state
        try save(id, line: true) { current in
            if interrupted && current.state == .inProgress { current.state = interruptedState }
        }
        let latest = state.latestState(id)
        // `unlink`: a name, never a folder or what a link points to.
        if latest == nil || latest == .cancelled { unlink(partURL.path) }
    }

    /// Applies `change` to transfer `id` in the queue file's latest content; returns whether
    /// the transfer is still there and in progress (false: stop it).
    @discardableResult
    private func save(_ id: String, line: Bool = false, _ change: (inout Transfer) -> Void) throws(AppError) -> Bool {
        let queue = try update { queue throws(AppError) -> Transfer? in
            guard var current = queue[id: id] else { return nil }
            let before = current.state
            change(&current)
            queue.update(current)
            return before == current.state && !line ? nil : current
        } show: { queue, changed in
            state.note(id, queue[id: id]?.state)
            output.changed(queue, line ? changed.map { ($0, $0.reason) } : nil)
        }.queue
        return queue[id: id]?.state == .inProgress
    }
}

/// What the workers of a run share, behind one lock.
private final class RunState: Sendable {
    private struct Shared {
        var interrupted = false
        var failures = false
        var seen: Set<String> = []
        var attempts: [String: any TransferAttempt] = [:]
        var stopping: Set<String> = []
        var lastSave: [String: UInt64] = [:]
        var states: [String: Transfer.State?] = [:]
    }

    private let shared = Mutex(Shared())
    private let clock: RunClock
    /// Held while a worker changes the queue file and shows the change.
    let saving = Mutex(())

    init(clock: RunClock) { self.clock = clock }

    var isInterrupted: Bool { shared.withLock { $0.interrupted } }
    var hadFailures: Bool { shared.withLock { $0.failures } }

    func isNew(_ id: String) -> Bool { shared.withLock { !$0.seen.contains(id) } }
    func claim(_ id: String) -> Bool { shared.withLock { $0.seen.insert(id).inserted } }
    func failed() { shared.withLock { $0.failures = true } }
    func note(_ id: String, _ state: Transfer.State?) { shared.withLock { $0.states[id] = state } }
    func latestState(_ id: String) -> Transfer.State? { shared.withLock { $0.states[id] ?? nil } }

    func register(_ id: String, _ attempt: any TransferAttempt) {
        let stop = shared.withLock {
            $0.attempts[id] = attempt
            return $0.interrupted || $0.stopping.contains(id)
        }
        if stop { attempt.stop() }
    }

    func unregister(_ id: String) { shared.withLock { $0.attempts[id] = nil } }

    /// Whether enough time passed since `id`'s last progress save (half a second).
    func shouldSave(_ id: String) -> Bool {
        let now = clock.now()
        return shared.withLock {
            if let last = $0.lastSave[id], now - last < 500_000_000 { return false }
            $0.lastSave[id] = now
            return true
        }
    }

    /// Stops transfer `id` (paused, cancelled or deleted meanwhile).
    func stop(_ id: String) {
        let attempt = shared.withLock {
            $0.stopping.insert(id)
            return $0.attempts[id]
        }
        attempt?.stop()
    }

    /// Ctrl-C: stops every running transfer.
    func interrupt() {
        let running = shared.withLock {
            $0.interrupted = true
            return Array($0.attempts.values)
        }
        running.forEach { $0.stop() }
    }

    /// Waits `seconds` on the run's clock before a retry, looking every 10 ms whether the
    /// transfer or the run was stopped meanwhile; false when it was.
    func wait(_ seconds: Double, for id: String) -> Bool {
        let stopped = { self.shared.withLock { $0.interrupted || $0.stopping.contains(id) } }
        let deadline = clock.now() + UInt64(seconds * 1e9)
        while clock.now() < deadline {
            if stopped() { return false }
            clock.sleep(10_000_000)
        }
        return !stopped()
    }
}

/// The first error a worker met, which ends the run.
private final class ErrorBox: Sendable {
    private let first = Mutex<AppError?>(nil)
    var error: AppError? { first.withLock { $0 } }
    func set(_ error: AppError) { first.withLock { $0 = $0 ?? error } }
}
