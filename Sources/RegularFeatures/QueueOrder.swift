import Commands
import Diagnostics
import Flavors
import TransferCore

/// `move ID --to N` and `prioritize ID`: the queue's order is the order `run` starts
/// transfers in, so moving a transfer up makes it start sooner. Part of `queueControl`.
package enum QueueOrder {
    /// `--to N`: the 1-based position to move to.
    static let position = Option.value("to", placeholder: "N", required: true, summary: Summary.text("help.option.to"))

    /// `move ID --to N` and `prioritize ID`, in the order `--help` lists them.
    package static let commands: [ExtensionCommand] = [
        ExtensionCommand(
            Command(
                "move", summary: Summary.text("help.move"), arguments: [AppCommandLine.transferID],
                options: [position]), feature: QueueControl.feature.name
        ) { line, queue, context throws(AppError) in
            let text = context.texts
            let value = line.value(position) ?? ""
            guard let number = Int(value), number >= 1, number <= queue.transfers.count else {
                throw AppError.failed(
                    text(
                        "error.move.position", .string(Diagnostic.quote(value)),
                        .string(text.number(queue.transfers.count))))
            }
            return try move(
                line.argument(AppCommandLine.transferID) ?? "", to: number - 1, in: &queue, context: context)
        },
        ExtensionCommand(
            Command("prioritize", summary: Summary.text("help.prioritize"), arguments: [AppCommandLine.transferID]),
            feature: QueueControl.feature.name
        ) { line, queue, context throws(AppError) in
            try move(line.argument(AppCommandLine.transferID) ?? "", to: 0, in: &queue, context: context)
        },
    ]

    /// Moves the visible transfer `id` to `index` of the whole queue; returns the message.
    static func move(_ id: String, to index: Int, in queue: inout TransferQueue, context: AppContext) throws(AppError)
        -> String
    {
        let text = context.texts
        let shown = Diagnostic.quote(id)
        guard context.visible(queue)[id: id] != nil, let from = queue.transfers.firstIndex(where: { $0.id == id })
        else {
            throw AppError.failed(text("error.unknownTransfer", .string(shown)))
        }
        let transfer = queue.transfers.remove(at: from)
        queue.transfers.insert(transfer, at: index)
        return text("done.moved", .string(shown), .string(text.number(index + 1)))
    }
}
