import Commands
import Diagnostics
import Flavors
import TerminalText

/// The default screen: every visible transfer with its state, a progress bar, the percent
/// and the sizes, then a summary line; fitted to `context.width`: the title column is cut
/// first, then the bars are halved, and below that each transfer is a block of lines.
package enum QueueScreen {
    /// The title column, the one cut when the table is too wide.
    static let titleColumn = 6
    /// The fewest columns a cut title keeps before the queue is stacked instead.
    static let minimumTitle = 10

    /// The screen as text, every line at most `context.width` columns.
    package static func render(_ queue: TransferQueue, context: AppContext) -> String {
        let text = context.texts
        let width = context.width
        let visible = context.visible(queue)
        var lines = wrap(text("queue.heading", .string(context.flavor.displayName)), width) + [""]
        guard !visible.transfers.isEmpty else {
            return (lines + wrap(text("queue.empty"), width) + [""] + wrap(summary(visible, text: text), width))
                .joined(separator: "\n") + "\n"
        }
        lines +=
            table(visible, bar: 20, context: context).aligned(
                width: width, shrinking: titleColumn, minimum: minimumTitle)
            ?? table(visible, bar: 10, context: context).aligned(
                width: width, shrinking: titleColumn, minimum: minimumTitle)
            ?? stacked(visible, context: context)
        lines += [""] + wrap(summary(visible, text: text), width)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The queue as a table whose progress bars are `bar` columns wide (and two brackets).
    static func table(_ queue: TransferQueue, bar: Int, context: AppContext) -> TextColumns {
        let text = context.texts
        var table = TextColumns([
            [
                text("column.id"), text("column.kind"), text("column.state"), text("column.progress"), "",
                text("column.size"), text("column.title"),
            ]
        ])
        for transfer in queue.transfers {
            table.append([
                transfer.id, text.kind(transfer.kind), text.state(transfer.state),
                ProgressBar.render(transfer.fraction, width: bar, look: context.identity.look),
                text.percent(transfer.fraction),
                size(transfer, text: text), title(transfer),
            ])
        }
        return table
    }

    /// One block a transfer, for widths the table does not fit: the ID and title, then kind
    /// and state, the progress bar, the sizes, each indented and fitted.
    static func stacked(_ queue: TransferQueue, context: AppContext) -> [String] {
        let text = context.texts
        let width = context.width
        let indent = "    "
        let room = width - indent.count
        var lines: [String] = []
        for transfer in queue.transfers {
            if !lines.isEmpty { lines.append("") }
            lines.append(DisplayColumns.truncate(transfer.id + "  " + title(transfer), to: width))
            let percent = text.percent(transfer.fraction)
            let barWidth = max(1, min(20, room - 3 - DisplayColumns.width(percent)))
            var details = wrap(text.kind(transfer.kind) + text("list.separator") + text.state(transfer.state), room)
            details += wrap(
                ProgressBar.render(transfer.fraction, width: barWidth, look: context.identity.look) + " " + percent,
                room)
            details += wrap(size(transfer, text: text), room)
            lines += details.map { indent + $0 }
        }
        return lines
    }

    /// A title from the queue file: untrusted, so shown with control and bidi characters made
    /// visible, and isolated when it is right-to-left.
    static func title(_ transfer: Transfer) -> String {
        DisplayColumns.isolated(Diagnostic.visible(transfer.title))
    }

    static func size(_ transfer: Transfer, text: Texts) -> String {
        text("size.progress", .string(text.bytes(transfer.bytesDone)), .string(text.bytes(transfer.bytesTotal)))
    }

    static func wrap(_ line: String, _ width: Int) -> [String] {
        DisplayColumns.wrap(line, to: width)
    }

    /// "7 transfers: 2 in progress, 1 completed, 1 failed": the total, then the states that
    /// occur, in a fixed order; every count a plural.
    static func summary(_ queue: TransferQueue, text: Texts) -> String {
        var parts: [String] = []
        for state in Transfer.State.allCases {
            let count = queue.count(in: state)
            guard count > 0 else { continue }
            switch state {
            case .pending: parts.append(text("summary.pending", .int(count)))
            case .inProgress: parts.append(text("summary.inProgress", .int(count)))
            case .paused: parts.append(text("summary.paused", .int(count)))
            case .completed: parts.append(text("summary.completed", .int(count)))
            case .failed: parts.append(text("summary.failed", .int(count)))
            case .cancelled: parts.append(text("summary.cancelled", .int(count)))
            }
        }
        let total = text("summary.total", .int(queue.transfers.count))
        guard !parts.isEmpty else { return total }
        return text("summary.line", .string(total), .string(parts.joined(separator: text("list.separator"))))
    }
}
