import Foundation

/// The transfers of a queue file, in order.
public struct TransferQueue: Sendable, Hashable {
    public var transfers: [Transfer]

    public init(transfers: [Transfer]) {
        self.transfers = transfers
    }

    public subscript(id id: String) -> Transfer? {
        transfers.first { $0.id == id }
    }

    /// Replaces the transfer with the same id.
    public mutating func update(_ transfer: Transfer) {
        guard let index = transfers.firstIndex(where: { $0.id == transfer.id }) else { return }
        transfers[index] = transfer
    }

    public func count(in state: Transfer.State) -> Int {
        transfers.lazy.filter { $0.state == state }.count
    }
}

/// Reading and writing queue files: `{"transfers": [{"id", "title", "kind", "state",
/// "bytesDone", "bytesTotal"}, …]}`.
public enum QueueFile {
    /// Reads and validates a queue file. Every problem is reported with the file's path and
    /// the transfer it concerns.
    public static func load(_ url: URL) throws(AppError) -> TransferQueue {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw AppError.file(url.path, "cannot read the queue file")
        }
        return try decode(data, path: url.path)
    }

    public static func decode(_ data: Data, path: String) throws(AppError) -> TransferQueue {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw AppError.file(path, "not valid JSON (\(Self.reason(error)))")
        }
        guard let root = object as? [String: Any], let items = root["transfers"] as? [Any] else {
            throw AppError.file(path, "expected an object with a \"transfers\" array")
        }
        var transfers: [Transfer] = []
        var ids = Set<String>()
        for (index, item) in items.enumerated() {
            let transfer = try parseTransfer(item, at: "transfers[\(index)]", path: path)
            guard ids.insert(transfer.id).inserted else {
                throw AppError.file(path, "transfers[\(index)].id: \"\(transfer.id)\" is used twice")
            }
            transfers.append(transfer)
        }
        return TransferQueue(transfers: transfers)
    }

    private static func parseTransfer(_ item: Any, at place: String, path: String) throws(AppError) -> Transfer {
        guard let fields = item as? [String: Any] else { throw AppError.file(path, "\(place): expected an object") }
        func string(_ name: String) throws(AppError) -> String {
            guard let value = fields[name] as? String, !value.isEmpty else {
                throw AppError.file(path, "\(place).\(name): expected a non-empty string")
            }
            return value
        }
        func count(_ name: String) throws(AppError) -> Int64 {
            guard let number = fields[name] as? NSNumber, let value = Int64(exactly: number.doubleValue), value >= 0 else {
                throw AppError.file(path, "\(place).\(name): expected a whole number of bytes, 0 or more")
            }
            return value
        }
        let kindName = try string("kind")
        guard let kind = Transfer.Kind(rawValue: kindName) else {
            throw AppError.file(path, "\(place).kind: unknown kind \"\(kindName)\" (expected \(Self.list(Transfer.Kind.allCases)))")
        }
        let stateName = try string("state")
        guard let state = Transfer.State(rawValue: stateName) else {
            throw AppError.file(path, "\(place).state: unknown state \"\(stateName)\" (expected \(Self.list(Transfer.State.allCases)))")
        }
        let done = try count("bytesDone"), total = try count("bytesTotal")
        guard done <= total else {
            throw AppError.file(path, "\(place).bytesDone: \(done) is more than bytesTotal \(total)")
        }
        return Transfer(id: try string("id"), title: try string("title"), kind: kind, state: state,
                        bytesDone: done, bytesTotal: total)
    }

    /// Writes the queue atomically: Foundation's `.atomic` writes a temporary file in the same
    /// folder, flushes it and renames it over the queue, so an interruption leaves either the
    /// old file or the new one, never a truncated one.
    public static func save(_ queue: TransferQueue, to url: URL) throws(AppError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            let data = try encoder.encode(["transfers": queue.transfers])
            try (data + Data("\n".utf8)).write(to: url, options: .atomic)
        } catch {
            throw AppError.file(url.path, "cannot save the queue (\(error))")
        }
    }

    private static func list<T: RawRepresentable<String>>(_ cases: [T]) -> String {
        cases.map(\.rawValue).joined(separator: ", ")
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        return (nsError.userInfo["NSDebugDescription"] as? String) ?? nsError.localizedDescription
    }
}
