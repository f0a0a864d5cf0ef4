import Diagnostics
import FileFormats
import FileWriting
import Foundation

/// The snapshot files under one folder: `<root>/<name>.txt`, pending reviews beside them as
/// `<name>.txt.new`, and `manifest.txt`, the list of every snapshot something produces.
/// Every write goes through `AtomicFile`: a temporary file in the same folder
/// (`.<name>.flavorkit-tmp-<pid>-<random>`), renamed into place, so readers and interrupted
/// runs never see half a file; the next write of a file removes what killed runs left.
/// Only these names are the store's: hidden files (`.gitattributes`, `.gitkeep`) and any
/// other file in the folder are never listed as snapshots nor deleted. A file is read only when
/// it is a regular file inside the folder once links are followed (`InputFile`), and written
/// only there: a committed link to `/proc/self/environ` or out of the package is an error,
/// never read nor written through.
public struct SnapshotStore: Sendable {
    /// A pending file's extension, after the snapshot's `.txt`.
    public static let pendingExtension = ".new"
    /// The manifest's name in the folder.
    public static let manifestName = "manifest.txt"

    /// The snapshot folder.
    public let root: URL

    /// The snapshots in the folder `root`.
    public init(root: URL) {
        self.root = root
    }

    /// `<root>/<name>.txt`.
    public func url(for name: SnapshotName) -> URL { root.appendingPathComponent(name.relativePath) }

    /// `<root>/<name>.txt.new`.
    public func pendingURL(for name: SnapshotName) -> URL {
        root.appendingPathComponent(name.relativePath + Self.pendingExtension)
    }

    // MARK: Reading and writing one snapshot

    /// The recorded text with CRLF and CR turned into LF, or nil when there is none; a file
    /// that is not read (a link out of the folder, not a regular file, too large) is an error.
    public func read(_ name: SnapshotName) throws(Diagnostic) -> String? {
        try Self.text(at: url(for: name), within: root)
    }

    /// The text of a snapshot file inside `folder` (the store's, a pending file, one in an
    /// artifacts folder), read as `read(_:)` reads a recorded one; nil when there is none.
    public static func text(at url: URL, within folder: URL) throws(Diagnostic) -> String? {
        guard let data = try InputFile.readIfPresent(url, limit: InputFile.textLimit, within: folder) else {
            return nil
        }
        return normalizingLineEndings(String(decoding: data, as: UTF8.self))
    }

    /// Whether the recorded snapshot is `text`, byte for byte (after line-ending
    /// normalisation); nil when there is none or it is not read (`read(_:)` says why).
    /// Compares bytes without building a string.
    public func matches(_ text: String, _ name: SnapshotName) -> Bool? {
        guard let data = try? InputFile.readIfPresent(url(for: name), limit: InputFile.textLimit, within: root)
        else { return nil }
        var text = text
        return text.withUTF8 { expected in
            data.withUnsafeBytes { recorded in
                if sameBytes(recorded.bindMemory(to: UInt8.self), expected) { return true }
                // A checkout with CRLF line endings still matches.
                guard recorded.contains(UInt8(ascii: "\r")) else { return false }
                let normalized = Self.normalizingLineEndings(String(decoding: recorded, as: UTF8.self))
                return normalized.utf8.elementsEqual(expected)
            }
        }
    }

    /// Records `text` as the snapshot `name`, atomically; never through a link out of the folder.
    public func write(_ text: String, for name: SnapshotName) throws(Diagnostic) {
        try writeInside(Data(text.utf8), to: url(for: name))
    }

    /// Writes `text` as the pending file of `name`, atomically; never through a link out of
    /// the folder.
    public func writePending(_ text: String, for name: SnapshotName) throws(Diagnostic) {
        try writeInside(Data(text.utf8), to: pendingURL(for: name))
    }

    /// Writes `data` to `url` when it lands inside the folder once links are followed.
    func writeInside(_ data: Data, to url: URL) throws(Diagnostic) {
        guard isInside(url) else {
            throw Diagnostic(
                "a symbolic link out of the snapshot folder \(root.path); not written through", path: url.path)
        }
        try Self.atomicWrite(data, to: url)
    }

    /// Deletes the pending file of `name`, if there is one.
    public func removePending(for name: SnapshotName) {
        let path = pendingURL(for: name).path
        if FileManager.default.fileExists(atPath: path) { try? FileManager.default.removeItem(atPath: path) }
    }

    static func atomicWrite(_ text: String, to url: URL) throws(Diagnostic) {
        try atomicWrite(Data(text.utf8), to: url)
    }

    /// Writes `data` to `url` through `AtomicFile`, creating the folders it goes in.
    static func atomicWrite(_ data: Data, to url: URL) throws(Diagnostic) {
        try AtomicFile.createFolder(url.deletingLastPathComponent())
        try AtomicFile.write(data, to: url)
    }

    /// Whether `url` lies inside the store's folder once symbolic links are followed
    /// (`AtomicFile.isInside`): a file written there cannot land anywhere else.
    func isInside(_ url: URL) -> Bool {
        AtomicFile.isInside(url, root)
    }

    /// `text` with CRLF and CR turned into LF.
    public static func normalizingLineEndings(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "\r")) else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    // MARK: The whole folder

    /// Relative paths of every recorded snapshot (`*.txt`, not the manifest, none hidden), sorted.
    public func snapshotPaths() -> [String] {
        files().filter { $0.hasSuffix(".txt") && $0 != Self.manifestName && !Self.isHidden($0) }
    }

    /// Relative paths of every pending file (`*.txt.new`, none hidden), sorted.
    public func pendingPaths() -> [String] {
        files().filter { $0.hasSuffix(".txt" + Self.pendingExtension) && !Self.isHidden($0) }
    }

    /// The store's temporary files that interrupted writes left behind, sorted: only names
    /// `AtomicFile` gives, never other hidden files.
    public func leftoverPaths() -> [String] {
        files().filter { TemporaryFile.isTemporary(String($0.split(separator: "/").last ?? "")) }
    }

    /// Whether a component of `path` is hidden: no snapshot name has one.
    static func isHidden(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0.hasPrefix(".") }
    }

    private func files() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var result: [String] = []
        while let path = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                result.append(path)
            }
        }
        return result.sorted()
    }

    // MARK: Manifest

    /// The snapshots listed in `manifest.txt`, or nil when there is no manifest or it cannot be read.
    public func manifest() -> Set<String>? {
        try? readManifest()
    }

    /// The snapshots listed in `manifest.txt`; throws when there is none, or it cannot be read
    /// as UTF-8 text.
    public func readManifest() throws(Diagnostic) -> Set<String> {
        let url = root.appendingPathComponent(Self.manifestName)
        guard let data = try InputFile.readIfPresent(url, limit: InputFile.textLimit, within: root) else {
            throw Diagnostic(
                "no manifest; run the snapshot tests once outside CI (swift test) to write it", path: url.path)
        }
        return try Self.manifestPaths(in: data, path: url.path)
    }

    /// The relative paths a manifest's bytes list (blank lines and `#` comments left out).
    package static func manifestPaths(in data: Data, path: String) throws(Diagnostic) -> Set<String> {
        guard let text = String(data: data, encoding: .utf8) else {
            throw Diagnostic("the manifest is not UTF-8 text", path: path)
        }
        let lines = Self.normalizingLineEndings(text).split(separator: "\n")
        return Set(lines.map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") })
    }

    /// The manifest's text for `names`: a header, then one relative path a line, sorted.
    public static func manifestText(_ names: some Sequence<SnapshotName>) -> String {
        manifestText(paths: names.map(\.relativePath))
    }

    /// The manifest's text for snapshots given by their relative paths.
    public static func manifestText(paths: some Sequence<String>) -> String {
        "# Every snapshot the tests produce; written by the snapshot suite, read by `flavorkit snapshots`.\n"
            + paths.sorted().map { $0 + "\n" }.joined()
    }

    /// Writes `manifest.txt` listing `names`.
    public func writeManifest(_ names: some Sequence<SnapshotName>) throws(Diagnostic) {
        try writeManifest(paths: names.map(\.relativePath))
    }

    /// Writes `manifest.txt` listing the snapshots at `paths` (relative to the folder).
    public func writeManifest(paths: some Sequence<String>) throws(Diagnostic) {
        try writeInside(Data(Self.manifestText(paths: paths).utf8), to: manifestURL)
    }

    /// `manifest.txt` in the folder.
    public var manifestURL: URL { root.appendingPathComponent(Self.manifestName) }

    /// Recorded snapshots that nothing produces: not in `expected`.
    public func obsoletePaths(expected: Set<String>) -> [String] {
        snapshotPaths().filter { !expected.contains($0) }
    }

    // MARK: Review

    /// Moves pending files into place (all of them, or those named by their snapshot or
    /// pending path). Returns the snapshots replaced.
    @discardableResult
    public func accept(_ paths: [String]? = nil) throws -> [String] {
        var accepted: [String] = []
        for pending in try selectPending(paths) {
            let target = String(pending.dropLast(Self.pendingExtension.count))
            // rename(2) replaces the snapshot in one step.
            let source = root.appendingPathComponent(pending).path,
                destination = root.appendingPathComponent(target).path
            guard rename(source, destination) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination])
            }
            accepted.append(target)
        }
        return accepted
    }

    /// Deletes pending files (all, or those named). Returns the pending paths removed.
    @discardableResult
    public func reject(_ paths: [String]? = nil) throws -> [String] {
        let rejected = try selectPending(paths)
        for pending in rejected { try FileManager.default.removeItem(at: root.appendingPathComponent(pending)) }
        return rejected
    }

    /// Deletes obsolete snapshots, their pending files and the store's leftover temporary
    /// files; never hidden or other files. Unless `force`, refuses (deleting nothing) when
    /// `expected` is empty or when more than half of the recorded snapshots would go: a
    /// manifest that lost its content must not cost the recordings.
    @discardableResult
    public func prune(expected: Set<String>, force: Bool = false) throws -> [String] {
        let obsolete = obsoletePaths(expected: expected)
        if !force {
            let total = snapshotPaths().count
            let manifest = root.appendingPathComponent(Self.manifestName).path
            if expected.isEmpty, total > 0 {
                throw Diagnostic(
                    "the manifest names no snapshot, so pruning would delete all \(total); "
                        + "run the tests to write it, or prune with --force", path: manifest)
            }
            if obsolete.count * 2 > total {
                throw Diagnostic(
                    "pruning would delete \(obsolete.count) of the \(total) snapshots, more than half; "
                        + "check the manifest, or prune with --force", path: manifest)
            }
        }
        let pendingOfObsolete = pendingPaths().filter {
            !expected.contains(String($0.dropLast(Self.pendingExtension.count)))
        }
        let removed = obsolete + pendingOfObsolete + leftoverPaths()
        for path in removed { try FileManager.default.removeItem(at: root.appendingPathComponent(path)) }
        removeEmptyFolders()
        return removed.sorted()
    }

    private func selectPending(_ paths: [String]?) throws -> [String] {
        let pending = pendingPaths()
        guard let paths else { return pending }
        return try paths.map { path in
            let relative = relativePath(path)
            let candidate = relative.hasSuffix(Self.pendingExtension) ? relative : relative + Self.pendingExtension
            guard pending.contains(candidate) else {
                throw Diagnostic("no pending snapshot (.txt.new) here", path: path)
            }
            return candidate
        }
    }

    /// `path` relative to the root, whether given relative to it, to the current folder, or absolute.
    private func relativePath(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let rootPath = root.standardizedFileURL.path + "/"
        if absolute.hasPrefix(rootPath) { return String(absolute.dropFirst(rootPath.count)) }
        return path
    }

    private func removeEmptyFolders() {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return }
        var folders: [String] = []
        while let path = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder),
                isFolder.boolValue
            {
                folders.append(path)
            }
        }
        for folder in folders.sorted(by: >) {
            let url = root.appendingPathComponent(folder)
            if (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.isEmpty == true {
                try? FileManager.default.removeItem(at: url)
            }
        }
    }
}
