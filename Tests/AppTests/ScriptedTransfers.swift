import Foundation
import TransferCore

/// A transfer source for `TransferRunner` whose attempts move no bytes: they act out a script,
/// one step at a time in the script's order whatever worker thread each runs on, so that a
/// run draws the same screens on every machine. It is also the run's terminal: it keeps every
/// frame drawn, and the frames named by the script's checkpoints.
final class ScriptedTransfers: @unchecked Sendable {
    enum Action {
        /// Reports `done` of `total` bytes; the frame drawn then is the checkpoint, if named.
        case progress(done: Int64, total: Int64, checkpoint: String?)
        /// Ends the attempt. The next step waits for the frame that contains `shownAs` (the
        /// run's line for this outcome), which is the checkpoint, if named. A completed download
        /// leaves a sparse partial file of `size` bytes for the run to put in place.
        case end(TransferOutcome, shownAs: String? = nil, checkpoint: String? = nil, size: Int64 = 0)
    }

    struct Step {
        let id: String
        let action: Action
    }

    private let steps: [Step]
    private let concurrent: Int
    private let condition = NSCondition()
    private var next = 0
    private var acting = false
    private var started = 0
    private var awaited: (text: String, checkpoint: String?)?
    private var frames: [String] = []
    private var named: [String: String] = [:]
    private var trouble: [String] = []

    /// A script that starts once `concurrent` attempts exist (the run's workers all claimed one).
    init(_ steps: [Step], concurrent: Int) {
        self.steps = steps
        self.concurrent = concurrent
    }

    /// The frames the script named, by checkpoint.
    var checkpoints: [String: String] { condition.withLock { named } }

    /// Everything the run wrote, in order.
    var written: String { condition.withLock { frames.joined() } }

    /// What went wrong: a step that waited too long, a transfer the script does not know.
    var problems: [String] { condition.withLock { trouble } }

    /// The source to give the run.
    var source: TransferSource {
        { transfer, partFile, progress in
            self.condition.withLock { self.started += 1 }
            self.condition.broadcast()
            return Attempt(id: transfer.id, partFile: partFile, progress: progress, script: self)
        }
    }

    /// Takes what the run writes to its terminal: each write is a frame, after the escape
    /// sequence that moves the cursor back over the one before.
    func write(_ text: String) {
        let frame = text.replacing(/^\u{1B}\[\d+A\u{1B}\[J/, with: "")
        condition.withLock {
            frames.append(frame)
            // The event under the table is wrapped to the width: compare without white space.
            if let awaited, frame.filter({ !$0.isWhitespace }).contains(awaited.text.filter { !$0.isWhitespace }) {
                if let name = awaited.checkpoint { named[name] = frame }
                self.awaited = nil
            }
        }
        condition.broadcast()
    }

    /// Waits until the next step is `id`'s and the step before it is done and on the screen;
    /// nil when the script has no more steps for `id`, or after ten seconds (a problem). The
    /// step is `id`'s until `done(_:)`.
    fileprivate func turn(of id: String, stopped: () -> Bool) -> Action? {
        let deadline = Date(timeIntervalSinceNow: 10)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if stopped() { return nil }
            guard steps[next...].contains(where: { $0.id == id }) else {
                trouble.append("\(id): an attempt the script does not have")
                return nil
            }
            if started >= concurrent, !acting, awaited == nil, steps[next].id == id {
                acting = true
                return steps[next].action
            }
            if !condition.wait(until: deadline) {
                trouble.append("\(id): waited ten seconds for step \(next + 1)")
                return nil
            }
        }
    }

    /// Ends the step `turn(of:stopped:)` gave: a progress step's checkpoint is the latest frame
    /// (its save and redraw are done when `progress` returns); an end step's is awaited.
    fileprivate func done(_ action: Action) {
        condition.withLock {
            switch action {
            case .progress(_, _, let checkpoint?): named[checkpoint] = frames.last
            case .end(_, let shownAs?, let checkpoint, _): awaited = (shownAs, checkpoint)
            default: break
            }
            next += 1
            acting = false
        }
        condition.broadcast()
    }

    fileprivate func wake() { condition.broadcast() }
}

/// One scripted attempt: the steps of its transfer, in turn.
private final class Attempt: TransferAttempt, @unchecked Sendable {
    let id: String
    let partFile: URL
    let progress: TransferProgress
    let script: ScriptedTransfers
    private let lock = NSLock()
    private var stopRequested = false

    init(id: String, partFile: URL, progress: @escaping TransferProgress, script: ScriptedTransfers) {
        self.id = id
        self.partFile = partFile
        self.progress = progress
        self.script = script
    }

    func perform() -> TransferOutcome {
        while let action = script.turn(of: id, stopped: { lock.withLock { stopRequested } }) {
            switch action {
            case .progress(let done, let total, _):
                progress(done, total)
                script.done(action)
            case .end(let outcome, _, _, let size):
                if outcome == .completed {
                    _ = FileManager.default.createFile(atPath: partFile.path, contents: nil)
                    try? FileHandle(forWritingTo: partFile).truncate(atOffset: UInt64(size))
                }
                script.done(action)
                return outcome
            }
        }
        return .stopped
    }

    func stop() {
        lock.withLock { stopRequested = true }
        script.wake()
    }
}
