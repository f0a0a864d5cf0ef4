import CatalogFiles
import Commands
import Diagnostics
import FileFormats
import FileWriting
import Foundation

/// `flavorkit merge-catalogs BASE OURS THEIRS [PATH]`: git's merge driver for String
/// Catalogs and `.strings` files (`%O %A %B %P`). The merge (`CatalogMerge`) is written into
/// OURS, as git expects; exit status 0 when it is clean, 1 with conflicts (each named on
/// standard error, and written between markers in the file). Any other file, or a version
/// that cannot be read, is merged line by line by `git merge-file`, as git itself would.
enum MergeCatalogsCommand: ToolCommand {
    static let base = Argument("BASE", summary: "the common ancestor's version (git's %O)")
    static let ours = Argument("OURS", summary: "our version, where the merge is written (git's %A)")
    static let theirs = Argument("THEIRS", summary: "their version (git's %B)")
    static let path = Argument(
        "PATH", .optional, summary: "the file's path in the repository, to know its kind (git's %P)")

    static let command = Command(
        "merge-catalogs", summary: "merge three versions of a String Catalog or .strings file (a git merge driver)",
        arguments: [base, ours, theirs, path])

    /// The most conflicts named on standard error.
    static let conflictsNamed = 20

    static func run(_ parsed: ParsedCommandLine) throws -> Int32 {
        let urls = [base, ours, theirs].map { ToolContext.url(parsed.arguments($0)[0]) }
        let name = parsed.arguments(path).first ?? urls[1].path
        guard let kind = CatalogMerge.kind(ofPath: name) else { return try mergeLines(urls, name: name) }
        let result: CatalogMerge.Result
        // A version that cannot be read is an error, not a reason to merge by lines.
        var unreadable: Diagnostic?
        do throws(Diagnostic) {
            // Each version read when the merge comes to it, so that three large ones are not held at once.
            result = try CatalogMerge.merge(kind, path: name) { version throws(Diagnostic) in
                do throws(Diagnostic) {
                    switch version {
                    case .base: return try contents(of: urls[0])
                    case .ours: return try contents(of: urls[1])
                    case .theirs: return try contents(of: urls[2])
                    }
                } catch {
                    unreadable = error
                    throw error
                }
            }
        } catch {
            if let unreadable { throw unreadable }
            FlavorKitTool.printError("\(error)\nmerging \(Diagnostic.visible(name)) line by line instead\n")
            return try mergeLines(urls, name: name)
        }
        try AtomicFile.write(result.data, to: urls[1])
        guard !result.conflicts.isEmpty else { return 0 }
        let count = result.conflicts.count
        // The first few named: the markers in the file show them all.
        let shown = result.conflicts.prefix(Self.conflictsNamed).joined(separator: "; ")
        FlavorKitTool.printError(
            "\(Diagnostic.visible(name)): \(count) conflict\(count == 1 ? "" : "s"), between <<<<<<< and >>>>>>> in the file: "
                + shown + (count > Self.conflictsNamed ? "; and \(count - Self.conflictsNamed) more" : "") + "\n")
        return 1
    }

    /// The bytes of the file at `url`, as large as a catalog may be; one that cannot be read,
    /// or is no regular file (a FIFO would block the merge), is an error.
    private static func contents(of url: URL) throws(Diagnostic) -> [UInt8] {
        try InputFile.bytes(url, limit: InputFile.catalogLimit)
    }

    /// `git merge-file`: ours updated in place, conflicts marked; its status (the number of
    /// conflicts) becomes 0 or 1. Each version must first be a regular file (a FIFO would
    /// block git, a folder or a missing file would give git's words): one that is not is the
    /// error `InputFile` gives for it, and nothing is merged.
    private static func mergeLines(_ urls: [URL], name: String) throws -> Int32 {
        for url in urls where !InputFile.isRegularFile(url) { _ = try contents(of: url) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["git", "merge-file", "-L", "ours", "-L", "base", "-L", "theirs"] + [urls[1], urls[0], urls[2]].map(\.path)
        do {
            try process.run()
        } catch {
            throw Diagnostic("cannot run git merge-file: \(error.localizedDescription)", path: name)
        }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus >= 0, process.terminationStatus < 128 else {
            throw Diagnostic("git merge-file failed", path: name)
        }
        return process.terminationStatus == 0 ? 0 : 1
    }
}
