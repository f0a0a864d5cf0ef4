/// `show ID`: one transfer in detail.
public enum TransferScreen {
    public static func render(_ transfer: Transfer, context: AppContext) -> String {
        let text = context.texts
        var table = TextTable(header: [text("detail.id"), transfer.id])
        table.append([text("detail.kind"), text.kind(transfer.kind)])
        table.append([text("detail.state"), text.state(transfer.state)])
        table.append([
            text("detail.progress"), ProgressBar.render(transfer.fraction) + " " + text.percent(transfer.fraction),
        ])
        table.append([
            text("detail.size"),
            text("size.progress", .string(text.bytes(transfer.bytesDone)), .string(text.bytes(transfer.bytesTotal))),
        ])
        return ([transfer.title, ""] + table.render().map { "  " + $0 }).joined(separator: "\n") + "\n"
    }
}
