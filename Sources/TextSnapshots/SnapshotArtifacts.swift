import Diagnostics
import FileWriting
import Foundation

/// The folder where failing snapshots leave what a reviewer needs when nothing may be written
/// next to the snapshots (in CI): `SNAPSHOT_ARTIFACTS`. Each failure keeps the snapshot's
/// relative path: `<folder>/Light/ja/queue.txt` holds the new output and
/// `<folder>/Light/ja/queue.txt.diff` the unified diff from the recorded text. A workflow
/// uploads the folder; `flavorkit snapshots accept --from DIR` applies a downloaded copy.
public struct SnapshotArtifacts: Sendable {
    /// The diff's extension, after the snapshot's `.txt`.
    public static let diffExtension = ".diff"

    /// The artifacts folder.
    public let folder: URL

    /// The artifacts under `folder`.
    public init(folder: URL) {
        self.folder = folder
    }

    /// `<folder>/<name>.txt`: the new output.
    public func outputURL(for name: SnapshotName) -> URL { folder.appendingPathComponent(name.relativePath) }

    /// `<folder>/<name>.txt.diff`: the diff from the recorded snapshot.
    public func diffURL(for name: SnapshotName) -> URL {
        folder.appendingPathComponent(name.relativePath + Self.diffExtension)
    }

    /// Writes the new output, and the diff when there is one, each atomically.
    public func write(output: String, diff: String, for name: SnapshotName) throws(Diagnostic) {
        try SnapshotStore.atomicWrite(output, to: outputURL(for: name))
        if !diff.isEmpty { try SnapshotStore.atomicWrite(diff, to: diffURL(for: name)) }
    }

    /// One file of an artifacts folder and what applying it came to.
    public struct Applied: Sendable, Equatable {
        /// The file's path relative to the artifacts folder.
        public var path: String
        /// Whether it replaced (or added) a snapshot; false for a diff, which is left alone.
        public var accepted: Bool

        /// A file at `path` that was `accepted` (or reported only).
        public init(path: String, accepted: Bool) {
            self.path = path
            self.accepted = accepted
        }
    }

    /// Copies every snapshot file (`*.txt`) of the artifacts folder to the same relative path
    /// in `store`, each atomically, and returns every file it saw, sorted. Refuses (before
    /// writing anything) a folder that does not exist, and a file whose path is not a snapshot
    /// name (a hidden component, a control character) or that would land outside the store
    /// through a symbolic link; diffs are reported and not applied.
    public func accept(into store: SnapshotStore) throws(Diagnostic) -> [Applied] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw Diagnostic("no artifacts folder here", path: folder.path)
        }
        var applied: [Applied] = []
        var copies: [(source: URL, name: SnapshotName)] = []
        for path in Self.files(in: folder) {
            let source = folder.appendingPathComponent(path)
            if path.hasSuffix(".txt" + Self.diffExtension) {
                applied.append(Applied(path: path, accepted: false))
                continue
            }
            guard path.hasSuffix(".txt"),
                let name = try? SnapshotName(path.dropLast(4).split(separator: "/").map(String.init)),
                store.isInside(store.url(for: name))
            else {
                throw Diagnostic(
                    "not a snapshot of the snapshots folder \(store.root.path); nothing was applied",
                    path: source.path)
            }
            copies.append((source, name))
            applied.append(Applied(path: path, accepted: true))
        }
        for (source, name) in copies {
            let data: Data
            do {
                data = try Data(contentsOf: source)
            } catch {
                throw Diagnostic("cannot read the file (\((error as NSError).localizedDescription))", path: source.path)
            }
            try SnapshotStore.atomicWrite(data, to: store.url(for: name))
        }
        return applied
    }

    /// Every file under `folder` (hidden ones too, so that none is passed over in silence),
    /// relative to it, sorted.
    static func files(in folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var result: [String] = []
        while let path = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                result.append(path)
            }
        }
        return result.sorted()
    }
}
