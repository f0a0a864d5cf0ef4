import AppTesting
import Foundation
import Testing
import TextSnapshotsTesting
import TransferCore

/// The live screens of `run` (a run in progress, a failure, a retry) for every flavor ×
/// locale × width, as `run` draws them on a terminal: the engine runs a queue with scripted
/// transfers (`ScriptedTransfers`) and a clock that lets every save and redraw through, so
/// that nothing depends on timing or a network.
extension AppSnapshotTests {
    /// The live screens, by snapshot name.
    static let liveScreens = ["run-progress", "run-failure", "run-retry"]

    /// Every flavor × locale × width, as snapshot name components.
    static var liveScreenCases: [[String]] {
        flavors.keys.sorted().flatMap { flavor in
            locales.flatMap { locale in widths.map { [flavor, locale, String($0)] } }
        }
    }

    /// The queue a run starts from: two downloads and an upload (shown by Regular only) to do,
    /// one download done.
    static let queueToRun = TransferQueue(transfers: [
        Transfer(
            id: "d1", title: "Ocean Documentary (4K)", kind: .download, state: .pending, bytesDone: 0,
            bytesTotal: 0, url: "https://media.example/ocean.mp4"),
        Transfer(
            id: "d2", title: "Cooking Basics, Episode 3", kind: .download, state: .completed,
            bytesDone: 734_003_200, bytesTotal: 734_003_200, url: "https://media.example/cooking-3.mp4"),
        Transfer(
            id: "d3", title: "Mountain Timelapse", kind: .download, state: .pending, bytesDone: 0, bytesTotal: 0,
            url: "https://media.example/mountain.mp4"),
        Transfer(
            id: "u1", title: "Family Trip Edit", kind: .upload, state: .pending, bytesDone: 0, bytesTotal: 0,
            url: "https://media.example/upload", file: "/videos/trip.mp4"),
    ])

    /// A clock that moves a second at each reading: no save or redraw is ever held back.
    static var steppingClock: RunClock {
        let ticks = Ticks()
        return RunClock { ticks.next() }
    }

    @Test("the live screens of run, drawn by the engine", arguments: liveScreenCases)
    func liveScreens(_ name: [String]) throws {
        let build = try #require(Self.flavors[name[0]])
        var context = try TransferApp.makeContext(build, lang: name[1], localizations: nil, environment: [:])
        let width = try #require(Int(name[2]))
        context.width = width
        let script = try Self.scriptedRun(context, terminalWidth: width)
        for screen in Self.liveScreens {
            let frame = try #require(script.checkpoints[screen], "no frame for \(screen)")
            appSnapshots.expect(frame, named: name + [screen])
        }
    }

    /// Every flavor × locale, as snapshot name components of the log `run` writes when its
    /// output is not a terminal (at the default width: it wraps nothing).
    static var runLogCases: [[String]] {
        flavors.keys.sorted().flatMap { flavor in locales.map { [flavor, $0, "80", "run-log"] } }
    }

    @Test("what run writes when its output is not a terminal: a line per change", arguments: runLogCases)
    func runLog(_ name: [String]) throws {
        let build = try #require(Self.flavors[name[0]])
        let context = try TransferApp.makeContext(build, lang: name[1], localizations: nil, environment: [:])
        let script = try Self.scriptedRun(context, terminalWidth: nil)
        appSnapshots.expect(script.written, named: name)
    }

    /// Runs the engine over `queueToRun` with scripted transfers: d1 moves, its connection
    /// drops, it is retried and completes; d3 fails with a 404; with three at once, the upload
    /// u1 moves and completes beside them. The run ends failed (d3).
    static func scriptedRun(_ context: AppContext, terminalWidth: Int?) throws -> ScriptedTransfers {
        let text = context.texts
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let queueURL = folder.appendingPathComponent("queue.json")
        try QueueStore.save(queueToRun, to: queueURL)

        let d1 = queueToRun.transfers[0]
        var d3 = queueToRun.transfers[2]
        d3.state = .failed
        let size: Int64 = 2_865_000_000
        let notFound = text("reason.http", .int(404), .string("Not Found"))
        let dropped = text("reason.dropped", .string(text.bytes(1_288_490_188)), .string(text.bytes(size)))
        let retry = RunScreen.retry(
            d1, reason: dropped, attempt: 1, of: context.retryLimit + 1, delay: 0.25, context: context)
        let failure = RunScreen.line(d3, reason: notFound, context: context)
        /// The line of `id` completed, which the next step waits for.
        func completed(_ id: String) -> String {
            var transfer = queueToRun.transfers.first { $0.id == id }!
            transfer.state = .completed
            return RunScreen.line(transfer, reason: nil, context: context)
        }
        typealias Step = ScriptedTransfers.Step
        let d1Steps: [Step] = [
            Step(id: "d1", action: .progress(done: 1_288_490_188, total: size, checkpoint: "run-progress")),
            Step(
                id: "d1",
                action: .end(.failed(reason: dropped, retryable: true), shownAs: retry, checkpoint: "run-retry")),
            Step(id: "d1", action: .end(.completed, shownAs: completed("d1"), size: size)),
        ]
        let d3Fails = Step(
            id: "d3",
            action: .end(.failed(reason: notFound, retryable: false), shownAs: failure, checkpoint: "run-failure"))
        let script: ScriptedTransfers
        if context.concurrentTransfers >= 3 {
            // d1, d3 and u1 all run: the upload moves, then d1; d3 fails while they run.
            script = ScriptedTransfers(
                [Step(id: "u1", action: .progress(done: 96_000_000, total: 320_000_000, checkpoint: nil)), d1Steps[0]]
                    + [d3Fails] + d1Steps.dropFirst() + [
                        Step(id: "u1", action: .end(.completed, shownAs: completed("u1")))
                    ],
                concurrent: 3)
        } else {
            // One at a time: d1 moves, fails, is retried and completes; then d3 fails.
            try #require(
                context.concurrentTransfers == 1
                    && !context.visible(queueToRun).transfers.contains { $0.kind == .upload })
            script = ScriptedTransfers(d1Steps + [d3Fails], concurrent: 1)
        }
        let console = Console(
            write: script.write, writeError: { _ in }, readLine: { nil }, isInteractive: false,
            terminalWidth: { terminalWidth })
        let runner = TransferRunner(
            context: context, queueURL: queueURL, folder: folder, console: console, clock: steppingClock,
            transfers: script.source)
        #expect(throws: AppError.self, "d3 failed for good") { try runner.run() }
        #expect(script.problems.isEmpty, "\(script.problems)")
        #expect(context.texts.localizer.issues.filter { "\($0)".contains("run.") }.isEmpty)
        return script
    }
}

/// Seconds in nanoseconds, one more at each reading.
private final class Ticks: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: UInt64 = 0
    func next() -> UInt64 {
        lock.withLock {
            seconds += 1
            return seconds * 1_000_000_000
        }
    }
}
