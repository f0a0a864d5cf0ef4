import Commands
import Flavors
import TerminalText

/// `show ID`: one transfer in detail, fitted to `context.width`.
package enum TransferScreen {
    /// The screen as text, every line at most `context.width` columns.
    package static func render(_ transfer: Transfer, context: AppContext) -> String {
        let text = context.texts
        var table = TextColumns([[text("detail.id"), transfer.id]])
        table.append([text("detail.kind"), text.kind(transfer.kind)])
        table.append([text("detail.state"), text.state(transfer.state)])
        table.append([
            text("detail.progress"),
            ProgressBar.render(transfer.fraction, look: context.identity.look) + " " + text.percent(transfer.fraction),
        ])
        table.append([text("detail.size"), QueueScreen.size(transfer, text: text)])
        let title = DisplayColumns.wrap(QueueScreen.title(transfer), to: context.width)
        return (title + [""] + table.render(width: context.width, indent: 2)).joined(separator: "\n") + "\n"
    }
}
