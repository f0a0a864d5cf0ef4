import Diagnostics
import FileFormats
import Foundation
import Synchronization
import Testing

/// `InputFile` is how every reader of outside input opens a file: these are its four kinds of
/// refusal (not a regular file, too large, a link out of its folder) and what it reads.
@Suite("Reading a file from outside")
struct InputFileTests {
    /// A scratch folder with `inside/`, `inside/a.txt` and `outside.txt`.
    static func scratch() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("inside/sub"), withIntermediateDirectories: true)
        try Data("inside\n".utf8).write(to: root.appendingPathComponent("inside/a.txt"))
        try Data("SECRET\n".utf8).write(to: root.appendingPathComponent("outside.txt"))
        return root
    }

    /// Reads `path` 20,000 times with `read` while another thread swaps it for a link to
    /// `destination` and back (through `kept`), again and again; each read must be refused,
    /// missing or `inside\n`, never what the link leads to. Stopped, and waited for, before
    /// the caller's scratch folder is removed.
    static func readWhileSwapped(
        _ path: String, withLinkTo destination: String, kept: String, _ read: () -> Data?
    ) {
        let done = Atomic<Bool>(false)
        let finished = DispatchSemaphore(value: 0)
        let swapper = Thread {
            while !done.load(ordering: .relaxed) {
                rename(path, kept)
                symlink(destination, path)
                unlink(path)
                rename(kept, path)
            }
            finished.signal()
        }
        swapper.start()
        defer {
            done.store(true, ordering: .relaxed)
            finished.wait()
        }
        var taken = 0
        for _ in 0..<20_000 {
            if let data = read() {
                #expect(String(decoding: data, as: UTF8.self) == "inside\n")
                taken += 1
            }
        }
        #expect(taken > 0)
    }

    static func link(_ path: String, to destination: String, in root: URL) throws {
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent(path).path, withDestinationPath: destination)
    }

    @Test("a regular file is read whole; a missing one is nil; a link inside the folder is followed")
    func reads() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let inside = root.appendingPathComponent("inside")
        let file = inside.appendingPathComponent("a.txt")
        #expect(try InputFile.read(file, limit: 100, within: inside) == Data("inside\n".utf8))
        #expect(try InputFile.readIfPresent(inside.appendingPathComponent("none.txt"), limit: 100) == nil)
        #expect(try InputFile.readIfPresent(inside.appendingPathComponent("none/deeper.txt"), limit: 100) == nil)
        #expect(throws: Diagnostic("no such file", path: inside.appendingPathComponent("none.txt").path)) {
            try InputFile.read(inside.appendingPathComponent("none.txt"), limit: 100)
        }
        // A link to nothing is absent too, and said to be a link.
        try Self.link("inside/dangling.txt", to: "gone.txt", in: root)
        let dangling = inside.appendingPathComponent("dangling.txt")
        #expect(try InputFile.readIfPresent(dangling, limit: 100, within: inside) == nil)
        #expect(throws: Diagnostic("a symbolic link that leads to no file", path: dangling.path)) {
            try InputFile.read(dangling, limit: 100, within: inside)
        }
        try Self.link("inside/sub/b.txt", to: "../a.txt", in: root)
        #expect(
            try InputFile.read(inside.appendingPathComponent("sub/b.txt"), limit: 100, within: inside)
                == Data("inside\n".utf8))
        var buffer: [UInt8] = []
        #expect(try InputFile.read(file, limit: 100, within: inside, into: &buffer) == 7)
        #expect(buffer.prefix(7) == ArraySlice("inside\n".utf8))
        // An empty file, exactly at the limit, is read; one byte more is not.
        try Data().write(to: inside.appendingPathComponent("empty.txt"))
        #expect(try InputFile.read(inside.appendingPathComponent("empty.txt"), limit: 0) == Data())
        #expect(try InputFile.read(file, limit: 7) == Data("inside\n".utf8))
        #expect(throws: Diagnostic("larger than 6 bytes, more than such a file holds; not read", path: file.path)) {
            try InputFile.read(file, limit: 6)
        }
    }

    @Test(
        "a link out of the folder is refused, whether the file, a folder on the way or a chain of links leads out",
        arguments: [
            ("inside/out.txt", "../outside.txt"), ("inside/env.txt", "/proc/self/environ"),
            ("inside/hop.txt", "sub/hop2.txt"),
        ])
    func linkOut(path: String, destination: String) throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.link("inside/sub/hop2.txt", to: "../../outside.txt", in: root)
        try Self.link(path, to: destination, in: root)
        let inside = root.appendingPathComponent("inside")
        #expect {
            try InputFile.read(root.appendingPathComponent(path), limit: 1 << 20, within: inside)
        } throws: { error in
            let message = (error as? Diagnostic)?.message ?? ""
            return message.hasPrefix("a symbolic link to \"") && message.hasSuffix("; only files inside it are read")
        }
        // Without a folder to stay in (a path the user typed), the same link is followed.
        if destination != "/proc/self/environ" {
            #expect(try InputFile.read(root.appendingPathComponent(path), limit: 100) == Data("SECRET\n".utf8))
        }
    }

    @Test(
        "a file that holds more than fstat says (a /proc file says 0 bytes) is read whole; an empty one is empty",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func readsPastTheSizeGiven() throws {
        var status = stat()
        #expect(stat("/proc/self/status", &status) == 0 && status.st_size == 0)
        let data = try #require(try InputFile.readIfPresent(atPath: "/proc/self/status", limit: 1 << 20))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("Name:") && text.contains("\nPid:\t\(getpid())\n"))
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let empty = root.appendingPathComponent("inside/empty.txt")
        try Data().write(to: empty)
        #expect(try InputFile.read(empty, limit: 16, within: root.appendingPathComponent("inside")).isEmpty)
    }

    @Test("a folder on the way that links out is refused too")
    func folderOut() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.link("inside/elsewhere", to: root.path, in: root)
        #expect(throws: Diagnostic.self) {
            try InputFile.read(
                root.appendingPathComponent("inside/elsewhere/outside.txt"), limit: 100,
                within: root.appendingPathComponent("inside"))
        }
    }

    @Test(
        "a folder swapped for a link out while files are read: what was opened is checked, never read from outside",
        .timeLimit(.minutes(1)))
    func folderSwappedWhileRead() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        // inside/sub/a.txt is read, while another thread swaps inside/sub with a link to a folder
        // holding a.txt with the secret, and back, again and again.
        let outside = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("SECRET\n".utf8).write(to: outside.appendingPathComponent("a.txt"))
        try Data("inside\n".utf8).write(to: root.appendingPathComponent("inside/sub/a.txt"))
        Self.readWhileSwapped(
            root.appendingPathComponent("inside/sub").path, withLinkTo: outside.path,
            kept: root.appendingPathComponent("inside/kept").path
        ) {
            try? InputFile.readIfPresent(
                root.appendingPathComponent("inside/sub/a.txt"), limit: 100,
                within: root.appendingPathComponent("inside"))
        }
    }

    @Test(
        "a file directly in its folder: a pipe or a folder there is refused; swapped for a link out, never read",
        .timeLimit(.minutes(1)))
    func directlyInside() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let inside = root.appendingPathComponent("inside")
        #expect(mkfifo(inside.appendingPathComponent("pipe").path, 0o600) == 0)
        for (name, kind) in [("pipe", "a named pipe"), ("sub", "a folder")] {
            let url = inside.appendingPathComponent(name)
            #expect(throws: Diagnostic("not a regular file (\(kind)); only regular files are read", path: url.path)) {
                try InputFile.read(url, limit: 1 << 30, within: inside)
            }
        }
        // The folder given with a final `/` names the same files.
        #expect(
            try InputFile.read(atPath: inside.path + "/a.txt", limit: 100, within: inside.path + "/")
                == Data("inside\n".utf8))
        // inside/a.txt is swapped for a link to the secret and back while it is read.
        let file = inside.appendingPathComponent("a.txt").path
        Self.readWhileSwapped(
            file, withLinkTo: root.appendingPathComponent("outside.txt").path,
            kept: inside.appendingPathComponent("kept.txt").path
        ) {
            try? InputFile.readIfPresent(atPath: file, limit: 100, within: inside.path)
        }
    }

    @Test("a named pipe, a device and a folder are refused at once, before a byte is read", .timeLimit(.minutes(1)))
    func notRegular() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let pipe = root.appendingPathComponent("inside/pipe")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        let cases: [(URL, String)] = [
            (pipe, "a named pipe"), (URL(fileURLWithPath: "/dev/zero"), "a character device"),
            (root.appendingPathComponent("inside"), "a folder"),
        ]
        for (url, kind) in cases {
            #expect(throws: Diagnostic("not a regular file (\(kind)); only regular files are read", path: url.path)) {
                try InputFile.read(url, limit: 1 << 30)
            }
            var buffer: [UInt8] = []
            #expect(throws: Diagnostic.self) { try InputFile.read(url, limit: 1 << 30, into: &buffer) }
        }
    }

    #if os(Linux)
    @Test("a file holding more than its size says (a /proc file says 0) is read to its end, within the limit")
    func moreThanItsSize() throws {
        let status = try InputFile.read(URL(fileURLWithPath: "/proc/self/status"), limit: 1 << 20)
        #expect(status.count > 100)
        #expect(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
        var buffer: [UInt8] = []
        #expect(try InputFile.read(URL(fileURLWithPath: "/proc/self/status"), limit: 1 << 20, into: &buffer) ?? 0 > 100)
        #expect(throws: Diagnostic.self) { try InputFile.read(URL(fileURLWithPath: "/proc/self/status"), limit: 10) }
    }

    @Test("a buffer grown while a file is read keeps every byte read before, whatever it held")
    func growingKeepsWhatWasRead() throws {
        // `/proc/self/cmdline` says 0 bytes and holds the arguments: read through a buffer
        // grown from 1 byte, doubling, each time keeping what it had.
        let url = URL(fileURLWithPath: "/proc/self/cmdline")
        let expected: [UInt8] = CommandLine.arguments.flatMap { Array($0.utf8) + [0] }
        #expect(try InputFile.bytes(url, limit: 1 << 20) == expected)
        var buffer: [UInt8] = []
        #expect(try InputFile.read(url, limit: 1 << 20, into: &buffer) == expected.count)
        #expect(Array(buffer.prefix(expected.count)) == expected)
        // A buffer kept from a larger file: read over, its old bytes past the count left.
        var used = [UInt8](repeating: 0xAA, count: expected.count * 3)
        #expect(try InputFile.read(url, limit: 1 << 20, into: &used) == expected.count)
        #expect(Array(used.prefix(expected.count)) == expected)
    }
    #endif

    @Test("a file larger than the limit is refused without reading it (1 GiB, sparse)")
    func tooLarge() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let huge = root.appendingPathComponent("inside/huge.txt")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        #expect(throws: Diagnostic("larger than 1 MiB, more than such a file holds; not read", path: huge.path)) {
            try InputFile.read(huge, limit: 1 << 20)
        }
    }

    @Test(
        "folders are told apart by their bytes: café spelled two ways is two folders, a name may start with an accent")
    func bytesNotCharacters() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        // The package in café (one scalar é), a secret in cafe + U+0301 (two scalars): to Swift's
        // == the two names are one, to Linux's file systems two folders (APFS takes them as one).
        let composed = root.appendingPathComponent("caf\u{E9}")
        let decomposed = root.appendingPathComponent("cafe\u{301}")
        for folder in [composed, decomposed] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data("SECRET\n".utf8).write(to: decomposed.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: composed.appendingPathComponent("a.txt").path,
            withDestinationPath: decomposed.appendingPathComponent("secret.txt").path)
        #if os(Linux)
        #expect {
            try InputFile.read(composed.appendingPathComponent("a.txt"), limit: 100, within: composed)
        } throws: { error in
            (error as? Diagnostic)?.message.hasPrefix("a symbolic link to") == true
        }
        #endif
        // A name that starts with a combining mark is a name inside the folder like any other.
        let accented = composed.appendingPathComponent("\u{301}Tab.txt")
        try Data("inside\n".utf8).write(to: accented)
        #expect(try InputFile.read(accented, limit: 100, within: composed) == Data("inside\n".utf8))
    }
}
