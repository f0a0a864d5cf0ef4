import Diagnostics
import FileFormats
import FileWriting
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder where failing snapshots leave what a reviewer needs when nothing may be written
/// next to the snapshots (in CI): `SNAPSHOT_ARTIFACTS`. Each failure keeps the snapshot's
/// relative path: `<folder>/Light/ja/queue.txt` holds the new output (what would become the
/// snapshot), `<folder>/Light/ja/queue.txt.recorded` the snapshot as recorded (absent for a
/// missing one) and `<folder>/Light/ja/queue.txt.diff` the unified diff from the one to the
/// other. A workflow uploads the folder; `flavorkit snapshots accept --from DIR` applies the
/// new outputs of a downloaded copy (only snapshots the manifest names, never through a link).
public struct SnapshotArtifacts: Sendable {
    /// The diff's extension, after the snapshot's `.txt`.
    public static let diffExtension = ".diff"
    /// The recorded snapshot's extension, after its `.txt`.
    public static let recordedExtension = ".recorded"

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

    /// `<folder>/<name>.txt.recorded`: the snapshot as recorded.
    public func recordedURL(for name: SnapshotName) -> URL {
        folder.appendingPathComponent(name.relativePath + Self.recordedExtension)
    }

    /// Writes the new output, the recorded snapshot when there is one and the diff when there
    /// is one, each atomically.
    public func write(output: String, recorded: String?, diff: String, for name: SnapshotName) throws(Diagnostic) {
        try SnapshotStore.atomicWrite(output, to: outputURL(for: name))
        if let recorded { try SnapshotStore.atomicWrite(recorded, to: recordedURL(for: name)) }
        if !diff.isEmpty { try SnapshotStore.atomicWrite(diff, to: diffURL(for: name)) }
    }

    /// One file of an artifacts folder and what applying it came to.
    public struct Applied: Sendable, Equatable {
        /// What became of a file.
        public enum Outcome: Sendable, Equatable {
            /// It replaced (or added) the snapshot the manifest names.
            case accepted
            /// A diff: reported, never applied.
            case diff
            /// A recorded snapshot, kept for the reviewer: reported, never applied.
            case recorded
            /// Not taken, and why; when any file is refused, none is applied.
            case refused(String)
        }

        /// The file's path relative to the artifacts folder.
        public var path: String
        /// What became of it.
        public var outcome: Outcome

        /// A file at `path` and its `outcome`.
        public init(path: String, outcome: Outcome) {
            self.path = path
            self.outcome = outcome
        }
    }

    /// Copies every snapshot file (`*.txt`) of the artifacts folder that the store's manifest
    /// names to the same relative path in `store`, each atomically, and returns every file it
    /// saw, sorted, with what became of it. A file the manifest does not name (the manifest
    /// itself among them), one reached through a symbolic link, one that is not a regular file
    /// or would land outside the store is refused; when any is, nothing at all is applied.
    /// Diffs and recorded snapshots are reported and not applied. A folder that does not exist, or a store without a
    /// manifest, is an error.
    public func accept(into store: SnapshotStore) throws(Diagnostic) -> [Applied] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw Diagnostic("no artifacts folder here", path: folder.path)
        }
        let manifest = try store.readManifest()
        var applied: [Applied] = []
        var copies: [(path: String, name: SnapshotName)] = []
        for path in Self.files(in: folder) {
            if path.hasSuffix(".txt" + Self.diffExtension) {
                applied.append(Applied(path: path, outcome: .diff))
                continue
            }
            if path.hasSuffix(".txt" + Self.recordedExtension) {
                applied.append(Applied(path: path, outcome: .recorded))
                continue
            }
            let refusal: String?
            let name =
                path.hasSuffix(".txt")
                ? try? SnapshotName(path.dropLast(4).split(separator: "/").map(String.init)) : nil
            if let name, manifest.contains(name.relativePath) {
                if Self.hasLink(path, under: folder) {
                    refusal = "reached through a symbolic link"
                } else if !store.isInside(store.url(for: name)) {
                    refusal = "it would land outside the snapshots folder"
                } else {
                    refusal = nil
                }
            } else {
                refusal = "not a snapshot the manifest names"
            }
            if let refusal {
                applied.append(Applied(path: path, outcome: .refused(refusal)))
            } else {
                copies.append((path, name!))
                applied.append(Applied(path: path, outcome: .accepted))
            }
        }
        guard !applied.contains(where: { if case .refused = $0.outcome { true } else { false } }) else {
            return applied
        }
        for (path, name) in copies {
            try store.writeInside(
                try InputFile.read(folder.appendingPathComponent(path), limit: InputFile.textLimit, within: folder),
                to: store.url(for: name))
        }
        return applied
    }

    /// Whether a component of `path` (the file or a folder on the way) is a symbolic link.
    package static func hasLink(_ path: String, under folder: URL) -> Bool {
        var current = folder
        for component in path.split(separator: "/") {
            current.appendPathComponent(String(component))
            var status = stat()
            guard lstat(current.path, &status) == 0 else { return true }
            if status.st_mode & S_IFMT == S_IFLNK { return true }
        }
        return false
    }

    /// Every file under `folder` (hidden ones too, and symbolic links, whatever they point
    /// at, so that none is passed over in silence), relative to it, sorted.
    package static func files(in folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var result: [String] = []
        while let path = enumerator.nextObject() as? String {
            var status = stat()
            guard lstat(folder.appendingPathComponent(path).path, &status) == 0 else { continue }
            if status.st_mode & S_IFMT != S_IFDIR { result.append(path) }
        }
        return result.sorted()
    }
}
