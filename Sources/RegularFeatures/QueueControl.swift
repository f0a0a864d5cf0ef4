import Commands
import Diagnostics
import Flavors
import TransferCore

/// `pause`, `resume` and `cancel`: commands that change a transfer's state.
package enum QueueControl {
    /// The feature that enables the three commands.
    package static let feature = Feature("queueControl") { text in text("feature.queueControl") }

    /// `pause ID`, `resume ID` and `cancel ID`, in the order `--help` lists them.
    package static let commands: [ExtensionCommand] = Command.allCases.map { command in
        ExtensionCommand(command.declaration, feature: feature.name) { line, queue, context throws(AppError) in
            // The parser counted the arguments: the ID is there.
            try command.perform(on: line.argument(AppCommandLine.transferID) ?? "", in: &queue, context: context)
        }
    }

    /// One of the three commands.
    enum Command: String, CaseIterable {
        case pause, resume, cancel

        /// `pause ID`, with what `--help` says of it.
        var declaration: Commands.Command {
            Commands.Command(rawValue, summary: summary, arguments: [AppCommandLine.transferID])
        }

        /// What `--help` says of the command: a catalog key.
        private var summary: String {
            switch self {
            case .pause: return Summary.text("help.pause")
            case .resume: return Summary.text("help.resume")
            case .cancel: return Summary.text("help.cancel")
            }
        }

        /// Changes the state of the visible transfer `id`; returns the message to print.
        func perform(on id: String, in queue: inout TransferQueue, context: AppContext) throws(AppError) -> String {
            let text = context.texts
            // The id as typed, safe to quote on a terminal.
            let shown = Diagnostic.quote(id)
            guard var transfer = context.visible(queue)[id: id] else {
                throw AppError.failed(text("error.unknownTransfer", .string(shown)))
            }
            let message: String
            switch self {
            case .pause:
                guard transfer.state == .inProgress || transfer.state == .pending else {
                    throw AppError.failed(
                        text("error.cannotPause", .string(shown), .string(text.state(transfer.state))))
                }
                transfer.state = .paused
                message = text("done.paused", .string(shown))
            case .resume:
                guard transfer.state == .paused || transfer.state == .failed else {
                    throw AppError.failed(
                        text("error.cannotResume", .string(shown), .string(text.state(transfer.state))))
                }
                let running = queue.count(in: .inProgress)
                if running < context.concurrentTransfers {
                    transfer.state = .inProgress
                    message = text("done.resumed", .string(shown))
                } else {
                    transfer.state = .pending
                    message = text("done.queued", .string(shown), .int(context.concurrentTransfers))
                }
            case .cancel:
                guard transfer.state != .completed && transfer.state != .cancelled else {
                    throw AppError.failed(
                        text("error.cannotCancel", .string(shown), .string(text.state(transfer.state))))
                }
                transfer.state = .cancelled
                message = text("done.cancelled", .string(shown))
            }
            queue.update(transfer)
            return message
        }
    }
}
