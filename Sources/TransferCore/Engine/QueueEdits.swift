import Commands
import Diagnostics
import Flavors

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `add` and `delete`: changes to the queue file's latest content, under its lock
/// (`QueueStore.update`), so that two processes adding the same URL at once add it once.
enum QueueEdits {
    /// Carries out `add` or `delete` on `queue`; returns the message to print, or throws to
    /// leave the queue file as it was.
    static func perform(
        _ line: ParsedCommandLine, on queue: inout TransferQueue, context: AppContext
    ) throws(AppError) -> String {
        if line.path.first == TransferCommands.delete.name {
            return try delete(line.argument(AppCommandLine.transferID) ?? "", from: &queue, context: context)
        }
        return try add(
            line.argument(TransferCommands.url) ?? "", title: line.value(TransferCommands.title),
            upload: line.value(TransferCommands.upload), to: &queue, context: context)
    }

    /// Checks the URL and the file to upload, refuses a URL already in the queue, and appends
    /// a pending transfer with the next free id (`d1`, `d2`, … for downloads, `u1`, … uploads).
    static func add(
        _ address: String, title: String?, upload: String?, to queue: inout TransferQueue, context: AppContext
    ) throws(AppError) -> String {
        let text = context.texts
        let trimmed = Self.trimmed(address)
        guard !trimmed.isEmpty else { throw AppError.failed(text("error.add.empty")) }
        let shown = Diagnostic.quote(trimmed)
        guard let url = URL(string: trimmed), let scheme = url.scheme, url.host?.isEmpty == false else {
            throw AppError.failed(text("error.add.notURL", .string(shown)))
        }
        guard ["http", "https"].contains(scheme.lowercased()) else {
            throw AppError.failed(text("error.add.scheme", .string(shown), .string(Diagnostic.quote(scheme))))
        }
        var kind = Transfer.Kind.download
        var size: Int64 = 0
        if let upload {
            guard context.flavor.features.contains(where: { $0.name == uploadsFeature }) else {
                throw AppError.unavailable(
                    text("error.unavailable", .string("--upload"), .string(context.flavor.displayName)))
            }
            guard FileManager.default.isReadableFile(atPath: upload),
                let attributes = try? FileManager.default.attributesOfItem(atPath: upload),
                attributes[.type] as? FileAttributeType == .typeRegular
            else {
                throw AppError.failed(text("error.add.uploadFile", .string(Diagnostic.quote(upload))))
            }
            kind = .upload
            size = FileStatus.size(upload) ?? 0
        }
        if let existing = queue.transfers.first(where: { $0.url == trimmed && $0.kind == kind }) {
            throw AppError.failed(text("error.add.duplicate", .string(shown), .string(existing.id)))
        }
        let prefix = kind == .download ? "d" : "u"
        let used = Set(queue.transfers.map(\.id))
        let id = (1...).lazy.map { "\(prefix)\($0)" }.first { !used.contains($0) }!
        let name = title.map(Self.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        let fileName = url.lastPathComponent.isEmpty || url.lastPathComponent == "/" ? trimmed : url.lastPathComponent
        queue.transfers.append(
            Transfer(
                id: id, title: name ?? fileName, kind: kind, state: .pending, bytesDone: 0, bytesTotal: size,
                url: trimmed, file: upload.map { URL(fileURLWithPath: $0).standardizedFileURL.path }))
        return text("done.added", .string(shown), .string(id))
    }

    /// Removes the visible transfer `id` (a running one stops at the runner's next save).
    static func delete(_ id: String, from queue: inout TransferQueue, context: AppContext) throws(AppError) -> String {
        let text = context.texts
        let shown = Diagnostic.quote(id)
        guard context.visible(queue)[id: id] != nil else {
            throw AppError.failed(text("error.unknownTransfer", .string(shown)))
        }
        queue.transfers.removeAll { $0.id == id }
        return text("done.deleted", .string(shown))
    }

    /// The name of Regular's feature that allows uploads.
    static let uploadsFeature = "uploads"

    /// `text` without white space (spaces, tabs, line breaks) at either end.
    private static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
