import TransferCore

/// `pause`, `resume` and `cancel`: commands that change a transfer's state.
public enum QueueControl {
    /// The feature that enables the three commands.
    public static let feature = Feature("queueControl") { text in text("feature.queueControl") }

    /// `pause ID`, `resume ID` and `cancel ID`, in the order `--help` lists them.
    public static let commands: [ExtensionCommand] = Command.allCases.map { command in
        ExtensionCommand(CommandSignature(command.rawValue, arguments: ["ID"]), feature: feature.name,
                         summary: { text in command.summary(text) }) { arguments, queue, context throws(AppError) in
            try command.perform(on: arguments[0], in: &queue, context: context)
        }
    }

    /// One of the three commands.
    enum Command: String, CaseIterable {
        case pause, resume, cancel

        /// What `--help` says of the command.
        func summary(_ text: Texts) -> String {
            switch self {
            case .pause: return text("help.pause")
            case .resume: return text("help.resume")
            case .cancel: return text("help.cancel")
            }
        }

        /// Changes the state of the visible transfer `id`; returns the message to print.
        func perform(on id: String, in queue: inout TransferQueue, context: AppContext) throws(AppError) -> String {
            let text = context.texts
            guard var transfer = context.visible(queue)[id: id] else {
                throw AppError.failed(text("error.unknownTransfer", .string(id)))
            }
            let message: String
            switch self {
            case .pause:
                guard transfer.state == .inProgress || transfer.state == .pending else {
                    throw AppError.failed(text("error.cannotPause", .string(id), .string(text.state(transfer.state))))
                }
                transfer.state = .paused
                message = text("done.paused", .string(id))
            case .resume:
                guard transfer.state == .paused || transfer.state == .failed else {
                    throw AppError.failed(text("error.cannotResume", .string(id), .string(text.state(transfer.state))))
                }
                let running = queue.count(in: .inProgress)
                if running < context.concurrentTransfers {
                    transfer.state = .inProgress
                    message = text("done.resumed", .string(id))
                } else {
                    transfer.state = .pending
                    message = text("done.queued", .string(id), .int(context.concurrentTransfers))
                }
            case .cancel:
                guard transfer.state != .completed && transfer.state != .cancelled else {
                    throw AppError.failed(text("error.cannotCancel", .string(id), .string(text.state(transfer.state))))
                }
                transfer.state = .cancelled
                message = text("done.cancelled", .string(id))
            }
            queue.update(transfer)
            return message
        }
    }
}
