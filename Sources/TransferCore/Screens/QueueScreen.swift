import Flavors

/// The default screen: every visible transfer with its state, a progress bar, the percent
/// and the sizes, then a summary line.
public enum QueueScreen {
    public static func render(_ queue: TransferQueue, context: AppContext) -> String {
        let text = context.texts
        let visible = context.visible(queue)
        var lines = [text("queue.heading", .string(context.flavor.displayName)), ""]
        guard !visible.transfers.isEmpty else {
            return (lines + [text("queue.empty"), "", summary(visible, text: text)]).joined(separator: "\n") + "\n"
        }
        var table = TextTable(header: [
            text("column.id"), text("column.kind"), text("column.state"), text("column.progress"), "",
            text("column.size"), text("column.title"),
        ])
        for transfer in visible.transfers {
            table.append([
                transfer.id, text.kind(transfer.kind), text.state(transfer.state),
                ProgressBar.render(transfer.fraction), text.percent(transfer.fraction),
                text(
                    "size.progress", .string(text.bytes(transfer.bytesDone)), .string(text.bytes(transfer.bytesTotal))),
                transfer.title,
            ])
        }
        lines += table.render()
        lines += ["", summary(visible, text: text)]
        return lines.joined(separator: "\n") + "\n"
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
