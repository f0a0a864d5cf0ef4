import TransferCore

/// What only Regular ships: uploads in the queue, and `pause`, `resume` and `cancel`, whose
/// changes are saved to the queue file.
public struct QueueControl: FlavorExtension {
    public init() {}

    public var features: Set<Feature> { [.uploads, .queueControl, .savedQueue] }

    public func perform(_ command: QueueCommand, id: String, in queue: inout TransferQueue, context: AppContext)
        throws(AppError) -> String
    {
        let text = context.texts
        guard var transfer = context.visible(queue)[id: id] else {
            throw AppError.failed(text("error.unknownTransfer", .string(id)))
        }
        let message: String
        switch command {
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
