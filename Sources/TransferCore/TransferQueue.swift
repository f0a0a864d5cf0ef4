import Diagnostics
import FileFormats
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The transfers of a queue file, in order.
package struct TransferQueue: Sendable, Hashable {
    package var transfers: [Transfer]

    package init(transfers: [Transfer]) {
        self.transfers = transfers
    }

    package subscript(id id: String) -> Transfer? {
        transfers.first { $0.id == id }
    }

    /// Replaces the transfer with the same id.
    package mutating func update(_ transfer: Transfer) {
        guard let index = transfers.firstIndex(where: { $0.id == transfer.id }) else { return }
        transfers[index] = transfer
    }

    /// The downloads, in order.
    package var downloads: TransferQueue {
        TransferQueue(transfers: transfers.filter { $0.kind == .download })
    }

    package func count(in state: Transfer.State) -> Int {
        transfers.lazy.filter { $0.state == state }.count
    }
}

/// Reading queue files: `{"transfers": [{"id", "title", "kind", "state", "bytesDone",
/// "bytesTotal", and optionally "url", "file", "reason"}, …]}`; `TransferQueue.json` is what
/// `QueueStore` writes.
extension TransferQueue {
    /// The queue file's content: the queue as JSON, keys sorted (what `QueueFile` reads), and
    /// a line break.
    package var fileData: Data { Data((JSONOutput.text(json) + "\n").utf8) }

    /// The queue as its file holds it.
    private var json: JSONTree {
        .sorted([
            "transfers": .array(
                transfers.map { transfer in
                    .sorted([
                        "id": .string(transfer.id), "title": .string(transfer.title),
                        "kind": .string(transfer.kind.rawValue), "state": .string(transfer.state.rawValue),
                        "bytesDone": .int(Int(transfer.bytesDone)), "bytesTotal": .int(Int(transfer.bytesTotal)),
                        "url": transfer.url.map(JSONTree.string), "file": transfer.file.map(JSONTree.string),
                        "reason": transfer.reason.map(JSONTree.string),
                    ])
                })
        ])
    }
}

package enum QueueFile {
    /// Reads and validates a queue file. Every problem is reported with the file's path and
    /// the transfer it concerns.
    package static func load(_ url: URL) throws(AppError) -> TransferQueue {
        let read: Data?
        do throws(Diagnostic) {
            read = try InputFile.readIfPresent(url, limit: sizeLimit)
        } catch {
            throw AppError.file(error)
        }
        guard let data = read else { throw problem("no queue file here (`add URL` starts one)", in: url.path) }
        return try decode(data, path: url.path)
    }

    /// The most read of a queue file (a million transfers take about 300 MB): a regular file
    /// only, so that a named pipe or a device given as `--queue` is refused at once.
    static let sizeLimit = 1 << 30

    /// Reads and validates a queue file's content; a problem with a transfer is reported at
    /// its line and column. Each transfer is converted as it is read, so that a long queue is
    /// not held twice.
    package static func decode(_ data: Data, path: String) throws(AppError) -> TransferQueue {
        var transfers: [Transfer] = []
        var ids = Set<String>()
        let object: Any
        do {
            object = try JSONValues.value(of: data, path: path, streaming: "transfers") {
                item, index throws(JSONValues.Rejection) in
                let transfer = try parseTransfer(item, at: "transfers[\(index)]")
                guard ids.insert(transfer.id).inserted else {
                    throw JSONValues.Rejection(
                        "transfers[\(index)].id: \"\(Diagnostic.quote(transfer.id))\" is used twice")
                }
                transfers.append(transfer)
            }
        } catch {
            throw .file(error)
        }
        guard let root = object as? [String: Any], root["transfers"] is [Any] else {
            throw problem("expected an object with a \"transfers\" array", in: path)
        }
        return TransferQueue(transfers: transfers)
    }

    private static func parseTransfer(_ item: Any, at place: String) throws(JSONValues.Rejection) -> Transfer {
        guard let fields = item as? [String: Any] else {
            throw JSONValues.Rejection("\(place): expected an object")
        }
        func string(_ name: String) throws(JSONValues.Rejection) -> String {
            guard let value = fields[name] as? String, !value.isEmpty else {
                throw JSONValues.Rejection("\(place).\(name): expected a non-empty string")
            }
            return value
        }
        func count(_ name: String) throws(JSONValues.Rejection) -> Int64 {
            let number = fields[name]
            guard let value = (number as? Int).map(Int64.init) ?? (number as? Double).flatMap(Int64.init(exactly:)),
                value >= 0
            else {
                throw JSONValues.Rejection("\(place).\(name): expected a whole number of bytes, 0 or more")
            }
            return value
        }
        let kindName = try string("kind")
        guard let kind = Transfer.Kind(rawValue: kindName) else {
            throw JSONValues.Rejection(
                "\(place).kind: unknown kind \"\(Diagnostic.quote(kindName))\" (expected \(Self.list(Transfer.Kind.allCases)))"
            )
        }
        let stateName = try string("state")
        guard let state = Transfer.State(rawValue: stateName) else {
            throw JSONValues.Rejection(
                "\(place).state: unknown state \"\(Diagnostic.quote(stateName))\" (expected \(Self.list(Transfer.State.allCases)))"
            )
        }
        let done = try count("bytesDone"), total = try count("bytesTotal")
        guard done <= total else {
            throw JSONValues.Rejection("\(place).bytesDone: \(done) is more than bytesTotal \(total)")
        }
        func optionalString(_ name: String) throws(JSONValues.Rejection) -> String? {
            guard fields[name] != nil else { return nil }
            return try string(name)
        }
        return Transfer(
            id: try string("id"), title: try string("title"), kind: kind, state: state,
            bytesDone: done, bytesTotal: total, url: try optionalString("url"), file: try optionalString("file"),
            reason: try optionalString("reason"))
    }

    /// A problem with the queue file at `path`.
    private static func problem(_ message: String, in path: String) -> AppError {
        .file(Diagnostic(message, path: path))
    }

    private static func list<T: RawRepresentable<String>>(_ cases: [T]) -> String {
        cases.map(\.rawValue).joined(separator: ", ")
    }
}
