import Foundation
import TestSupport
import Testing

/// Snapshot files come from pull requests: their text and their names reach a terminal only
/// with control characters written out, and a link never takes a read or a write out of the
/// snapshot folder.
@Suite("flavorkit snapshots on hostile files")
struct HostileSnapshotTests {
    /// OSC 52 (writes the clipboard), OSC 0 (sets the window title), BEL, and CSI as one C1
    /// character.
    static let sequences = "\u{1B}]52;c;cm0gLXJmIH4=\u{7}\u{1B}]0;pwned\u{7}\u{9B}31mred"
    static let hostileName = "evil\u{1B}]0;title\u{7}\u{9B}1m"

    /// What a terminal would act on: ESC but our own colour codes (`ESC [ digits m`), BEL, C1.
    static func actsOnTerminal(_ text: String) -> Bool {
        let ours = text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        return ours.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" || (0x80...0x9F).contains($0.value) }
    }

    /// A snapshot folder with a recorded snapshot and a pending change holding `sequences`,
    /// and a recorded snapshot and a pending file whose names hold them.
    static func fixture() throws -> URL {
        let root = try ToolRunner.temporaryFolder()
        try FileTree.write("one\n", to: "snapshots/App/en/a.txt", in: root)
        try FileTree.write("one\n\(sequences)\n", to: "snapshots/App/en/a.txt.new", in: root)
        try FileTree.write("x\n", to: "snapshots/App/en/\(hostileName).txt", in: root)
        try FileTree.write("y\n", to: "snapshots/App/en/\(hostileName).txt.new", in: root)
        try FileTree.write("z\n", to: "snapshots/App/en/gone\u{1B}[2J.txt", in: root)
        try FileTree.write("App/en/a.txt\nApp/en/\(hostileName).txt\n", to: "snapshots/manifest.txt", in: root)
        return root
    }

    @Test("status, list, review without a terminal, reject and prune write control characters out")
    func commands() throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let runs = try [
            ["snapshots", "status"], ["snapshots", "list"], ["snapshots", "review"],
            ["snapshots", "reject", "App/en/\(Self.hostileName).txt"], ["snapshots", "prune"],
        ].map { try ToolRunner.run($0 + ["--root", root.path]) }
        for run in runs {
            #expect(!Self.actsOnTerminal(run.output) && !Self.actsOnTerminal(run.errors), "\(run.output)\(run.errors)")
        }
        #expect(runs[0].output.contains(#"pending   App/en/evil\u{1B}]0;title\u{7}\u{9B}1m.txt.new"#))
        #expect(runs[1].output.contains(#"App/en/evil\u{1B}]0;title\u{7}\u{9B}1m.txt"#))
        #expect(runs[3].output == #"rejected App/en/evil\u{1B}]0;title\u{7}\u{9B}1m.txt.new"# + "\n")
        #expect(runs[4].output == #"removed App/en/gone\u{1B}[2J.txt"# + "\n")
    }

    @Test("review in a terminal shows the pending text's escape sequences written out, and the name's")
    func terminalReview() throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let binary = try #require(ChildProcess.builtProduct("flavorkit"))
        let terminal = try PseudoTerminal(
            binary, ["snapshots", "review"], environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm"], in: root,
            columns: 200)
        let first = terminal.output(showing: "q quit: ")
        #expect(first.contains(#"+\u{1B}]52;c;cm0gLXJmIH4=\u{7}\u{1B}]0;pwned\u{7}\u{9B}31mred"#))
        terminal.type("s")
        let second = terminal.output(showing: "[2/2]")
        #expect(second.contains(#"[2/2] App/en/evil\u{1B}]0;title\u{7}\u{9B}1m.txt"#))
        terminal.type("q")
        let last = terminal.output(showing: "pending")
        #expect(terminal.exitStatus() == 1)
        for shown in [first, second, last] { #expect(!Self.actsOnTerminal(shown), "\(shown)") }
    }

    @Test("a recorded snapshot that links out of the folder is refused by status and review, and never written through")
    func linkOut() throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let outside = root.appendingPathComponent("outside.txt")
        try Data("SECRET\n".utf8).write(to: outside)
        let linked = root.appendingPathComponent("snapshots/App/en/a.txt")
        try FileManager.default.removeItem(at: linked)
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: outside)
        let status = try ToolRunner.run(["snapshots", "status", "--root", root.path])
        #expect(status.status == 1)
        #expect(status.output.contains("unread    App/en/a.txt: a symbolic link to \"\(outside.path)\", outside"))
        #expect(!status.output.contains("SECRET"))
        let binary = try #require(ChildProcess.builtProduct("flavorkit"))
        let terminal = try PseudoTerminal(binary, ["snapshots", "review"], environment: [:], in: root, columns: 200)
        let shown = terminal.output(showing: "error")
        #expect(!shown.contains("SECRET"))
        #expect(terminal.exitStatus() == 1)
        #expect(try String(contentsOf: outside, encoding: .utf8) == "SECRET\n")
    }
}

/// `extract` and `lint` read the package's Swift sources: a named pipe or a link to a device
/// where a source is expected is an error naming it, at once, and nothing is written.
@Suite("extract and lint on hostile source files")
struct HostileSourceTests {
    @Test(
        "a named pipe and a link to /dev/zero among the sources are errors, not a hang",
        .timeLimit(.minutes(1)), arguments: [["extract", "--check"], ["extract"], ["extract", "--prune"], ["lint"]])
    func pipesAndDevices(command: [String]) throws {
        let package = try ScratchPackage(main: #"print(text("title"))"#)
        defer { package.remove() }
        let pipe = package.root.appendingPathComponent("Sources/App/pipe.swift")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: package.root.appendingPathComponent("Sources/App/zero.swift").path, withDestinationPath: "/dev/zero"
        )
        let before = try package.read("Localizations/en.lproj/Localizable.strings")
        let run = try ToolRunner.run(command, in: package.root)
        #expect(run.status == 1)
        let said = run.output + run.errors
        #expect(
            said.contains(
                "Sources/App/pipe.swift: error: not a regular file (a named pipe); only regular files are read"))
        #expect(said.contains(#"Sources/App/zero.swift: error: a symbolic link to "/dev/zero", outside"#))
        #expect(try package.read("Localizations/en.lproj/Localizable.strings") == before)
    }

    /// Its keys would look unused, and `--prune` would remove them.
    @Test(
        "a link to a folder of sources outside Sources/ is an error: nothing is pruned for what it holds",
        arguments: [["extract", "--check"], ["extract", "--prune"], ["lint"]])
    func linkedFolder(command: [String]) throws {
        let package = try ScratchPackage(
            main: #"print(text("title"))"#, english: "\"title\" = \"Transfers\";\n\"shared.key\" = \"Shared\";\n")
        defer { package.remove() }
        try package.write("Shared/Shared.swift", #"print(text("shared.key"))"#)
        try FileManager.default.createSymbolicLink(
            atPath: package.root.appendingPathComponent("Sources/Shared").path, withDestinationPath: "../Shared")
        let before = try package.read("Localizations/en.lproj/Localizable.strings")
        let run = try ToolRunner.run(command, in: package.root)
        #expect(run.status == 1)
        #expect((run.output + run.errors).contains("Sources/Shared: error: a symbolic link to a folder outside"))
        #expect(try package.read("Localizations/en.lproj/Localizable.strings") == before)
    }
}
