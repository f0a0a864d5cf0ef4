import Diagnostics
import FileFormats
import FileWriting
import Foundation

/// An inline snapshot's new text that was not written into its test's source (the call could
/// not be found unambiguously, the file changed during the run, or the text did not match
/// and is waiting for a review): the file `<Test>.swift.<line>.<column>.inline.new` beside the
/// source, holding the text exactly, named by the place of the call (where its argument list
/// opens, as the compiler gives `#line` and `#column`). `flavorkit snapshots status` lists
/// these, `review` and `accept` write one into its call's literal, `reject` deletes it.
package struct InlineSnapshotPending: Sendable, Equatable {
    /// What ends a pending file's name.
    package static let suffix = ".inline.new"
    /// The most read of a test's source or a pending file.
    package static let sizeLimit = 64 << 20

    /// The test's source.
    package var source: URL
    /// The place of the call in it.
    package var line: Int, column: Int

    /// The pending file of the call at `line` and `column` of `source`.
    package init(source: URL, line: Int, column: Int) {
        self.source = source
        self.line = line
        self.column = column
    }

    /// The pending file at `url`, by its name; nil when the name is not one.
    package init?(file url: URL) {
        let name = url.lastPathComponent
        guard name.hasSuffix(Self.suffix) else { return nil }
        let parts = name.dropLast(Self.suffix.count).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]),
            line > 0, column > 0, !parts[..<(parts.count - 2)].joined(separator: ".").isEmpty
        else { return nil }
        self.init(
            source: url.deletingLastPathComponent().appendingPathComponent(
                parts[..<(parts.count - 2)].joined(separator: ".")),
            line: line, column: column)
    }

    /// `<source>.<line>.<column>.inline.new`.
    package var url: URL {
        source.deletingLastPathComponent().appendingPathComponent(
            "\(source.lastPathComponent).\(line).\(column)\(Self.suffix)")
    }

    /// `path:line:column` of the call.
    package var place: String { "\(source.path):\(line):\(column)" }

    /// The folder of the source: nothing is read or written through a link out of it.
    private var folder: URL { source.deletingLastPathComponent() }

    /// Writes `text` as the pending file, atomically.
    package func write(_ text: String) throws(Diagnostic) {
        try AtomicFile.write(Data(text.utf8), to: url, within: folder)
    }

    /// The pending text.
    package func text() throws(Diagnostic) -> String {
        String(decoding: try InputFile.read(url, limit: Self.sizeLimit, within: folder), as: UTF8.self)
    }

    /// Deletes the pending file, if there is one.
    package func remove() {
        unlink(url.path)
    }

    /// What writing the pending text into the source changes: the source's bytes now and
    /// after. The source must not have changed since the pending file was written (its lines
    /// would have moved), and the call must be found at its place (`InlineSnapshotSite`).
    package func edit() throws(Diagnostic) -> (old: [UInt8], new: [UInt8]) {
        let text = try self.text()
        let old = [UInt8](try InputFile.read(source, limit: Self.sizeLimit, within: folder))
        if Self.isModified(source, after: url) {
            throw Diagnostic(
                "the source changed after this pending snapshot was written, so its line may have moved; "
                    + "run the tests again", path: source.path, line: line, column: column)
        }
        let site: InlineSnapshotSite
        do throws(Diagnostic) {
            site = try InlineSnapshotSite.locate(
                in: old, tokens: SwiftTokenizer.tokens(of: old), line: line, column: column)
        } catch {
            throw Diagnostic(error.message, path: source.path, line: line, column: column)
        }
        var new = old
        new.replaceSubrange(site.range, with: site.replacement(for: text))
        return (old, new)
    }

    /// Writes the pending text into its call's literal, atomically, and deletes the pending file.
    package func apply() throws(Diagnostic) {
        let lock = try FileLock(exclusive: source)
        defer { lock.release() }
        let (_, new) = try edit()
        try AtomicFile.write(Data(new), to: source, within: folder)
        remove()
    }

    /// Whether the file at `url` was modified after the file at `other`; false when either
    /// is missing.
    package static func isModified(_ url: URL, after other: URL) -> Bool {
        var status = stat(), otherStatus = stat()
        guard stat(url.path, &status) == 0, stat(other.path, &otherStatus) == 0 else { return false }
        #if canImport(Darwin)
        let (time, otherTime) = (status.st_mtimespec, otherStatus.st_mtimespec)
        #else
        let (time, otherTime) = (status.st_mtim, otherStatus.st_mtim)
        #endif
        return (time.tv_sec, time.tv_nsec) > (otherTime.tv_sec, otherTime.tv_nsec)
    }

    /// The pending files in the package at `folder`, sorted by path: a walk that follows no
    /// symbolic link and skips hidden folders, `.build` and nested packages (folders with a
    /// `Package.swift` of their own), at most `maximumDepth` folders down.
    package static func find(in folder: URL, maximumDepth: Int = 16) -> [InlineSnapshotPending] {
        var found: [InlineSnapshotPending] = []
        func walk(_ url: URL, depth: Int) {
            guard depth <= maximumDepth,
                let names = try? FileManager.default.contentsOfDirectory(atPath: url.path)
            else { return }
            for name in names.sorted() where !name.hasPrefix(".") {
                let child = url.appendingPathComponent(name)
                var status = stat()
                guard lstat(child.path, &status) == 0 else { continue }
                if status.st_mode & S_IFMT == S_IFDIR {
                    if !FileManager.default.fileExists(atPath: child.appendingPathComponent("Package.swift").path) {
                        walk(child, depth: depth + 1)
                    }
                } else if status.st_mode & S_IFMT == S_IFREG, let pending = InlineSnapshotPending(file: child) {
                    found.append(pending)
                }
            }
        }
        walk(folder.standardizedFileURL, depth: 0)
        return found
    }
}
