import Commands
import Diagnostics
import Flavors
import Synchronization
import TerminalText

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `run` shows while it works. On a terminal, the queue screen redrawn in place (at most
/// five times a second) with the latest event under it; otherwise one line per state change
/// (`d1 Ocean Documentary: Completed`), retries and failures with their reason.
final class RunOutput: Sendable {
    /// The console and what was drawn on it, behind one lock (the console's functions are
    /// only ever called under it).
    private struct Screen: Sendable {
        let console: Console
        let context: AppContext
        let clock: RunClock
        var queue: TransferQueue
        var event = ""
        var drawnLines = 0
        var lastDraw: UInt64?

        mutating func emit(_ line: String) {
            if console.isTerminal { event = line } else { console.write(line + "\n") }
        }

        mutating func redraw(force: Bool) {
            guard console.isTerminal else { return }
            let now = clock.now()
            if !force, let lastDraw, now - lastDraw < 200_000_000 { return }
            lastDraw = now
            let screen = RunScreen.render(queue, event: event, context: context)
            let up = drawnLines > 0 ? "\u{1B}[\(drawnLines)A\u{1B}[J" : ""
            console.write(up + screen)
            drawnLines = screen.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        }
    }

    private let screen: Mutex<Screen>

    init(console: Console, context: AppContext, queue: TransferQueue, clock: RunClock) {
        screen = Mutex(Screen(console: console, context: context, clock: clock, queue: queue))
    }

    /// The queue file's content after a save; `change` is the transfer whose state changed and
    /// the reason it failed, if any.
    func changed(_ queue: TransferQueue, _ change: (transfer: Transfer, reason: String?)?) {
        screen.withLock { screen in
            screen.queue = queue
            if let change {
                screen.emit(RunScreen.line(change.transfer, reason: change.reason, context: screen.context))
            }
            screen.redraw(force: change != nil)
        }
    }

    /// A failed attempt to be retried.
    func retry(_ transfer: Transfer, reason: String, attempt: Int, of attempts: Int, delay: Double) {
        screen.withLock { screen in
            screen.emit(
                RunScreen.retry(
                    transfer, reason: reason, attempt: attempt, of: attempts, delay: delay, context: screen.context))
            screen.redraw(force: true)
        }
    }

    /// The last screen, drawn whatever the time since the one before.
    func finish() {
        screen.withLock { $0.redraw(force: true) }
    }
}

/// The texts of a run: the live screen and its one-line events.
package enum RunScreen {
    /// The queue screen with `event` (the latest state change, retry or failure) under it.
    package static func render(_ queue: TransferQueue, event: String, context: AppContext) -> String {
        let screen = QueueScreen.render(queue, context: context)
        guard !event.isEmpty else { return screen }
        return screen + "\n" + DisplayColumns.wrap(event, to: context.width).joined(separator: "\n") + "\n"
    }

    /// `d1 Title: Completed`, or with the reason a transfer failed.
    package static func line(_ transfer: Transfer, reason: String?, context: AppContext) -> String {
        let text = context.texts
        let state = text.state(transfer.state)
        if transfer.state == .failed, let reason {
            return text(
                "run.failedLine", .string(transfer.id), .string(Diagnostic.visible(transfer.title)), .string(state),
                .string(reason))
        }
        return text("run.line", .string(transfer.id), .string(Diagnostic.visible(transfer.title)), .string(state))
    }

    /// `d1 Title: attempt 1 of 3 failed (HTTP 500 internal server error); next try in 0.5 s`.
    package static func retry(
        _ transfer: Transfer, reason: String, attempt: Int, of attempts: Int, delay: Double, context: AppContext
    ) -> String {
        let text = context.texts
        let seconds = text.number(delay, maximumFractionDigits: 2)
        return text(
            "run.retry", .string(transfer.id), .string(Diagnostic.visible(transfer.title)),
            .string(text.number(attempt)),
            .string(text.number(attempts)), .string(reason), .string(seconds))
    }
}
