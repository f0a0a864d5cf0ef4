import FileFormats
import Foundation
import TestSupport
import Testing

/// `LargePages` is a hint to Linux: it is given for the whole 2 MiB pages inside a large
/// fresh buffer (as `/proc/self/smaps` flags them: `hg`) and nowhere else, and a file read
/// through such a buffer arrives whole.
@Suite("Large pages for large buffers")
struct LargePagesTests {
    #if os(Linux)
    /// The `VmFlags` of the mapping that holds `address`, from `/proc/self/smaps`.
    static func flags(at address: UnsafeMutableRawPointer) throws -> [String] {
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        let smaps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        let target = UInt(bitPattern: address)
        var inside = false
        for line in smaps.split(separator: "\n") {
            if line.hasPrefix("VmFlags:") {
                if inside { return line.dropFirst("VmFlags:".count).split(separator: " ").map(String.init) }
                continue
            }
            // A mapping's first line: `start-end perms offset device inode [path]`.
            let range = line.prefix { $0 != " " }.split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16) else {
                continue
            }
            inside = start <= target && target < end
        }
        Issue.record("no mapping holds \(address)")
        return []
    }

    /// Whether the kernel can take the advice (built with transparent huge pages).
    static let kernelHasLargePages = FileManager.default.fileExists(
        atPath: "/sys/kernel/mm/transparent_hugepage/enabled")

    @Test(
        "the whole 2 MiB pages inside a buffer of 4 MiB or more are advised; its ragged ends, and a smaller buffer, are not",
        .enabled(if: kernelHasLargePages, "the kernel has transparent huge pages"),
        arguments: [
            (size: 10 << 20, offset: 100, advised: true), (size: 4 << 20, offset: 100, advised: true),
            // Starting on a page: it holds a whole one, and only its size keeps it from advice.
            (size: (4 << 20) - 4096, offset: 0, advised: false),
        ])
    func advised(size: Int, offset: Int, advised: Bool) throws {
        let page = 2 << 20
        // A mapping of its own, with room to start the buffer anywhere in its first page.
        let length = size + 2 * page
        let mapping = try #require(
            mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0).flatMap {
                $0 == MAP_FAILED ? nil : $0
            })
        defer { munmap(mapping, length) }
        let aligned = UnsafeMutableRawPointer(
            bitPattern: (UInt(bitPattern: mapping) + UInt(page) - 1) & ~UInt(page - 1))!
        let start = aligned + offset
        LargePages.advise(start, count: size)
        // The whole pages: from the first boundary at or after the start to the last at or
        // before the end.
        let first = offset == 0 ? aligned : aligned + page
        let end = aligned + (offset + size) / page * page
        #expect(try Self.flags(at: first).contains("hg") == advised)
        #expect(try Self.flags(at: end - 1).contains("hg") == advised)
        if start < first { #expect(try !Self.flags(at: start).contains("hg")) }
        #expect(try !Self.flags(at: start + size - 1).contains("hg"))
        #expect(try !Self.flags(at: end).contains("hg"))
    }
    #endif

    @Test("a large file arrives whole through both of InputFile's buffers", arguments: [5 << 20, 9 << 20 + 3])
    func largeFileRead(size: Int) throws {
        let folder = try ChildProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("large.bin")
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) }
        try Data(bytes).write(to: file)
        #expect(try InputFile.bytes(file, limit: InputFile.catalogLimit) == bytes)
        #expect(try InputFile.read(file, limit: InputFile.catalogLimit, within: folder) == Data(bytes))
    }
}
