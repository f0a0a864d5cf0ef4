import Diagnostics
import FileFormats
import Foundation
import Testing

/// `FolderTree` walks a folder without following a link and reads each file through the
/// folder it was found in: what it lists, what it reads, and what it refuses or reports when
/// the folder is not what the walk found.
@Suite("Walking and reading a folder of sources")
struct FolderTreeTests {
    /// A scratch folder: `tree/` with `b.swift`, `a/x.swift`, `a/deep/y.swift`, `a/notes.txt`
    /// and `.swift` (no name before the suffix), and `outside/` beside it with `z.swift`.
    static func scratch() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tree-\(UUID().uuidString)")
        for (path, text) in [
            ("tree/b.swift", "b"), ("tree/a/x.swift", "x"), ("tree/a/deep/y.swift", "y"), ("tree/a/notes.txt", "n"),
            ("tree/.swift", "hidden"), ("outside/z.swift", "SECRET"),
        ] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static func swiftTree(_ root: URL) -> FolderTree {
        FolderTree(root: root.appendingPathComponent("tree").path) { $0.hasSuffix(".swift") && $0 != ".swift" }
    }

    /// Every file of the tree read: each file's path and its text, or its error.
    static func contents(_ tree: FolderTree) -> [String: Result<String?, Diagnostic>] {
        var read: [String: Result<String?, Diagnostic>] = [:]
        tree.read(0..<tree.files.count, limit: 1 << 20) { file, result in
            read[file.path] = result.map { $0.map { String(decoding: $0, as: UTF8.self) } }
        }
        return read
    }

    @Test("the accepted files, in path order, read whole; a folder that does not exist has none")
    func listsAndReads() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let tree = Self.swiftTree(root)
        let base = root.appendingPathComponent("tree").path
        #expect(tree.files.map(\.path) == ["a/deep/y.swift", "a/x.swift", "b.swift"].map { base + "/" + $0 })
        #expect(tree.problems.isEmpty)
        let read = Self.contents(tree)
        #expect(try read[base + "/a/deep/y.swift"]?.get() == "y")
        #expect(try read[base + "/b.swift"]?.get() == "b")
        let missing = FolderTree(root: root.appendingPathComponent("none").path) { _ in true }
        #expect(missing.files.isEmpty && missing.problems.isEmpty)
    }

    @Test("a root that is a file, or a link to nothing, is an error naming it, not a folder with no files")
    func rootNotAFolder() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("tree/b.swift").path
        #expect(FolderTree(root: file) { _ in true }.problems == [Diagnostic("not a folder", path: file)])
        let dangling = root.appendingPathComponent("dangling").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "none")
        #expect(
            FolderTree(root: dangling) { _ in true }.problems == [
                Diagnostic("a symbolic link that leads to no folder", path: dangling)
            ])
    }

    @Test("a link to a folder is not followed: inside, its files are listed where they are; outside, an error")
    func folderLinks() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = root.appendingPathComponent("tree")
        for (link, destination) in [
            ("tree/inner", "a/deep"), ("tree/a/again", "../a"), ("tree/a/up", ".."), ("tree/out", "../outside"),
        ] {
            try FileManager.default.createSymbolicLink(
                atPath: root.appendingPathComponent(link).path, withDestinationPath: destination)
        }
        let tree = Self.swiftTree(root)
        #expect(tree.files.map(\.path) == ["a/deep/y.swift", "a/x.swift", "b.swift"].map { base.path + "/" + $0 })
        let outside = InputFile.canonicalFolder(root.appendingPathComponent("outside").path)
        #expect(
            tree.problems == [
                Diagnostic(
                    "a symbolic link to a folder outside \(base.path) (\(outside)); its files are not read",
                    path: base.path + "/out")
            ])
        #expect(!Self.contents(tree).values.contains { (try? $0.get()) == "SECRET" })
    }

    @Test("a linked file is read when it leads inside, refused when it leads out")
    func links() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = root.appendingPathComponent("tree")
        try FileManager.default.createSymbolicLink(
            atPath: base.appendingPathComponent("inner.swift").path, withDestinationPath: "a/x.swift")
        try FileManager.default.createSymbolicLink(
            atPath: base.appendingPathComponent("out.swift").path, withDestinationPath: "../outside/z.swift")
        let read = Self.contents(Self.swiftTree(root))
        #expect(try read[base.path + "/inner.swift"]?.get() == "x")
        let refused = try #require(read[base.path + "/out.swift"])
        #expect(throws: Diagnostic.self) { try refused.get() }
        if case .failure(let error) = refused {
            #expect(error.message.contains("a symbolic link to"))
            #expect(error.message.contains("outside"))
        }
        #expect(!read.values.contains { (try? $0.get()) == "SECRET" })
    }

    @Test("a file swapped for a link out, or a folder for a link out, after the walk: nothing outside is read")
    func swappedAfterTheWalk() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = root.appendingPathComponent("tree")
        let tree = Self.swiftTree(root)
        // b.swift becomes a link to the file outside; a/ becomes a link to a folder outside
        // holding files of the same names.
        try FileManager.default.removeItem(at: base.appendingPathComponent("b.swift"))
        try FileManager.default.createSymbolicLink(
            atPath: base.appendingPathComponent("b.swift").path, withDestinationPath: "../outside/z.swift")
        let decoy = root.appendingPathComponent("outside/a")
        try FileManager.default.createDirectory(
            at: decoy.appendingPathComponent("deep"), withIntermediateDirectories: true)
        try Data("SECRET".utf8).write(to: decoy.appendingPathComponent("x.swift"))
        try Data("SECRET".utf8).write(to: decoy.appendingPathComponent("deep/y.swift"))
        try FileManager.default.moveItem(at: base.appendingPathComponent("a"), to: root.appendingPathComponent("moved"))
        try FileManager.default.createSymbolicLink(at: base.appendingPathComponent("a"), withDestinationURL: decoy)
        let read = Self.contents(tree)
        #expect(read.count == 3)
        #expect(!read.values.contains { (try? $0.get()) == "SECRET" })
        for path in ["/b.swift", "/a/x.swift", "/a/deep/y.swift"] {
            let result = try #require(read[base.path + path])
            #expect(throws: Diagnostic.self, "\(path)") { try result.get() }
        }
    }

    @Test("a link that leads to no file, with an accepted name, is an error naming it")
    func danglingLink() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let link = root.appendingPathComponent("tree/a/gone.swift")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "nowhere.swift")
        let read = Self.contents(Self.swiftTree(root))
        let result = try #require(read[link.path])
        #expect(throws: Diagnostic("a symbolic link that leads to no file", path: link.path)) { try result.get() }
    }

    @Test("a named pipe with an accepted name is an error naming it, at once")
    func pipe() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let pipe = root.appendingPathComponent("tree/a/pipe.swift")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        let read = Self.contents(Self.swiftTree(root))
        let result = try #require(read[pipe.path])
        #expect(throws: Diagnostic("not a regular file (a named pipe); only regular files are read", path: pipe.path)) {
            try result.get()
        }
    }

    /// Creates an empty file in `folder` named by `name`'s bytes, whatever they are.
    static func createFile(named name: [UInt8], in folder: String) throws {
        let descriptor = (name.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { name in
            folder.withCString { folder in
                let directory = open(folder, O_RDONLY | O_DIRECTORY)
                defer { close(directory) }
                return openat(directory, name.baseAddress!, O_WRONLY | O_CREAT, 0o600)
            }
        }
        try #require(descriptor >= 0)
        close(descriptor)
    }

    @Test("a name that is not UTF-8 is a problem naming the folder, not a file dropped in silence")
    func nameNotUTF8() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("tree/a").path
        // "bad\u{FF}.swift": a byte no UTF-8 text holds; another file's name ("logo\u{E9}.png")
        // is none of the walk's business.
        try Self.createFile(named: Array("bad".utf8) + [0xFF] + Array(".swift".utf8), in: folder)
        try Self.createFile(named: Array("logo".utf8) + [0xE9] + Array(".png".utf8), in: folder)
        let tree = Self.swiftTree(root)
        #expect(tree.problems.count == 1)
        #expect(tree.problems.first?.message == "a name that is not UTF-8; it is not read")
        #expect(tree.problems.first?.path?.hasPrefix(folder + "/bad") == true)
    }
}
