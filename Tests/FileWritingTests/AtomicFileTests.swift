import Diagnostics
import FileWriting
import Foundation
import Testing

@Suite("Atomic writes that keep the file's setup")
struct AtomicFileTests {
    @Test("a new file is written, and nothing else is left in the folder")
    func newFile() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("queue.json")
        try AtomicFile.write(Data("one\n".utf8), to: file)
        try AtomicFile.write(Data("two\n".utf8), to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "two\n")
        #expect(try entries(folder) == ["queue.json"])
    }

    @Test("creatingFolder makes the folders on the way; a file in the way is an error naming it")
    func creatingFolder() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a/b/c/index.html")
        try AtomicFile.write(Data("page\n".utf8), to: file, creatingFolder: true)
        #expect(try String(contentsOf: file, encoding: .utf8) == "page\n")
        try AtomicFile.createFolder(folder.appendingPathComponent("a/b"))  // already there: nothing to do

        try Data("x".utf8).write(to: folder.appendingPathComponent("blocker"))
        let inTheWay = #expect(throws: Diagnostic.self) {
            try AtomicFile.write(
                Data("y".utf8), to: folder.appendingPathComponent("blocker/inside/file"), creatingFolder: true)
        }
        #expect(inTheWay?.path == folder.appendingPathComponent("blocker/inside").path)
        #expect(inTheWay?.message == "Not a directory")
    }

    @Test("the mode is kept", arguments: [0o640, 0o600, 0o664, 0o644] as [mode_t])
    func mode(_ mode: mode_t) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("queue.json")
        try Data("old\n".utf8).write(to: file)
        chmod(file.path, mode)
        try AtomicFile.write(Data("new\n".utf8), to: file)
        #expect(status(file).st_mode & 0o7777 == mode)
    }

    @Test("the owner and group are kept (as root, for a file owned by nobody:nogroup)")
    func owner() throws {
        try #require(getuid() == 0, "giving a file to another user needs root")
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("queue.json")
        try Data("old\n".utf8).write(to: file)
        #expect(chown(file.path, 65534, 65534) == 0)
        chmod(file.path, 0o640)
        try AtomicFile.write(Data("new\n".utf8), to: file)
        let info = status(file)
        #expect(info.st_uid == 65534 && info.st_gid == 65534)
        #expect(info.st_mode & 0o7777 == 0o640)
    }

    @Test("a read-only file is refused, even for root, and left as it was")
    func readOnly() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("queue.json")
        try Data("old\n".utf8).write(to: file)
        chmod(file.path, 0o444)
        #expect(
            throws: Diagnostic("the file is read-only, mode 0444: make it writable to save changes", path: file.path)
        ) {
            try AtomicFile.write(Data("new\n".utf8), to: file)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "old\n")
        #expect(status(file).st_mode & 0o7777 == 0o444)
        #expect(try entries(folder) == ["queue.json"])
    }

    @Test("a symbolic link (relative, or to another link) stays a link and its target gets the content")
    func symbolicLink() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let target = data.appendingPathComponent("real.json")
        try Data("old\n".utf8).write(to: target)
        chmod(target.path, 0o640)
        let link = folder.appendingPathComponent("queue.json"), chain = folder.appendingPathComponent("chain.json")
        #expect(symlink("data/real.json", link.path) == 0)
        #expect(symlink("queue.json", chain.path) == 0)
        try AtomicFile.write(Data("new\n".utf8), to: chain)
        #expect(status(link).st_mode & S_IFMT == S_IFLNK && status(chain).st_mode & S_IFMT == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "data/real.json")
        #expect(try String(contentsOf: target, encoding: .utf8) == "new\n")
        #expect(status(target).st_mode & 0o7777 == 0o640)
        #expect(try entries(data) == ["real.json"])
    }

    @Test("a file with hard links is refused rather than split from them")
    func hardLink() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("queue.json"), other = folder.appendingPathComponent("other.json")
        try Data("old\n".utf8).write(to: file)
        #expect(link(file.path, other.path) == 0)
        #expect(
            throws: Diagnostic(
                "the file has 2 hard links, which replacing it would split; link it with a symbolic link instead (ln -s)",
                path: file.path)
        ) {
            try AtomicFile.write(Data("new\n".utf8), to: file)
        }
        #expect(status(file).st_ino == status(other).st_ino)
        #expect(try String(contentsOf: other, encoding: .utf8) == "old\n")
    }

    @Test("a folder that does not exist is an error naming the file")
    func missingFolder() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("missing/queue.json")
        #expect(
            throws: Diagnostic(
                "cannot create a temporary file beside it: No such file or directory", path: file.path)
        ) {
            try AtomicFile.write(Data(), to: file)
        }
    }
}
