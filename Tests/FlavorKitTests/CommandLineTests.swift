import Foundation
import TestSupport
import Testing

@Suite("flavorkit command line: help, usage errors, one error: per line")
struct CommandLineTests {
    @Test(
        "every command answers --help, -h and help COMMAND with its own help, exit 0",
        arguments: [
            ["lint"], ["export"], ["plural"], ["snapshots"], ["snapshots", "status"], ["snapshots", "accept"],
            ["snapshots", "reject"], ["snapshots", "prune"], ["help"],
        ])
    func help(command: [String]) throws {
        for arguments in [command + ["--help"], command + ["-h"], ["help"] + command] {
            let result = try ToolRunner.run(arguments)
            #expect(result.status == 0)
            #expect(result.errors.isEmpty)
            // --version is the program's own option, hence "[options]" before the command.
            let expected =
                command == ["help"]
                ? "usage: flavorkit " : "usage: flavorkit [options] \(command.joined(separator: " "))"
            #expect(result.output.hasPrefix(expected), "\(result.output)")
        }
    }

    @Test("flavorkit lint --help shows lint's usage and options, not an unknown option")
    func lintHelp() throws {
        let result = try ToolRunner.run(["lint", "--help"])
        #expect(result.status == 0)
        #expect(
            result.output.hasPrefix(
                "usage: flavorkit [options] lint [--root DIR] [--strict] [--format text|json|github|sarif] [--stats] "
                    + "[--sources DIR] [--localizations DIR] [--flavors DIR] [--key-call NAME]…\n"))
        #expect(result.output.contains("\n      --strict                         count warnings as errors\n"))
        #expect(!result.output.contains("unknown option"))
    }

    @Test("the tool's help lists every command with its arguments")
    func toolHelp() throws {
        let result = try ToolRunner.run(["--help"])
        #expect(result.status == 0)
        for row in ["  lint  ", "  plural LANG NUMBER…  ", "  snapshots accept [PATH…]  ", "  help [COMMAND…]  "] {
            #expect(result.output.contains(row))
        }
    }

    @Test("a mistyped command suggests the close one, exit 64, then the tool's help")
    func didYouMean() throws {
        let result = try ToolRunner.run(["lnit"])
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(
            result.errors.hasPrefix(
                "error: unknown command 'lnit'; did you mean 'lint'?\n\nusage: flavorkit [options] <command>\n"))
        let option = try ToolRunner.run(["lint", "--strcit"])
        #expect(option.status == 64)
        #expect(
            option.errors.hasPrefix(
                "error: unknown option '--strcit'; did you mean '--strict'?\n\nusage: flavorkit [options] lint "))
        let far = try ToolRunner.run(["publish"])
        #expect(far.errors.hasPrefix("error: unknown command 'publish'\n"))
    }

    @Test("--output DIR/ creates the folder and writes into it; an existing folder too; each file is reported")
    func exportIntoFolder() throws {
        let scratch = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let root = LintCommandTests.fixture.path
        let created = try ToolRunner.run(
            ["export", "--format", "json", "--output", "new-dir/", "--root", root], in: scratch)
        #expect(created.status == 0)
        #expect(created.output == "wrote new-dir/Localizable.json\n")
        let json = scratch.appendingPathComponent("new-dir/Localizable.json")
        #expect(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) is [String: Any])

        let existing = try ToolRunner.run(
            ["export", "--format", "xcstrings", "--output", "new-dir", "--root", root],
            in: scratch)
        #expect(existing.status == 0)
        #expect(existing.output == "wrote new-dir/Localizable.xcstrings\n")
        #expect(
            FileManager.default.fileExists(atPath: scratch.appendingPathComponent("new-dir/Localizable.xcstrings").path)
        )

        let file = try ToolRunner.run(
            ["export", "--format", "json", "--output", "one.json", "--root", root], in: scratch)
        #expect(file.output == "wrote one.json\n")
        #expect(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("one.json").path))

        // A link already in the output folder (a committed one) is not written through out of it.
        let outside = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.removeItem(at: json)
        try FileManager.default.createSymbolicLink(
            atPath: json.path, withDestinationPath: outside.appendingPathComponent("planted.json").path)
        let linked = try ToolRunner.run(
            ["export", "--format", "json", "--output", "new-dir/", "--root", root], in: scratch)
        #expect(linked.status == 1)
        #expect(linked.errors.contains("not written through"), "\(linked.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test(
        "every error is printed with one error:, whoever raised it",
        arguments: [
            (["lnit"], 64), (["plural", "ru", "twelve"], 64),
            (["export", "--format", "json", "--flavor", "Heavy"], 64),
            (["lint", "--root", "/nonexistent"], 1), (["snapshots", "status", "--root", "/nonexistent"], 1),
            (["export", "--format", "strings", "--output", "a-file"], 1),
            (["export", "--format", "strings", "--output", "a-file/inside/"], 1),
        ] as [([String], Int32)])
    func oneErrorPerLine(arguments: [String], status: Int32) throws {
        let scratch = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Data("not a folder\n".utf8).write(to: scratch.appendingPathComponent("a-file"))
        let root = arguments.contains("--root") ? [] : ["--root", LintCommandTests.fixture.path]
        let result = try ToolRunner.run(arguments + root, in: scratch)
        #expect(result.status == status)
        let lines = result.errors.split(separator: "\n").filter { $0.contains("error:") }
        #expect(lines.count == 1)
        #expect(lines.allSatisfy { $0.components(separatedBy: "error:").count == 2 })
    }

    @Test("a folder that cannot be made is named with the system's reason, not Foundation's error dump")
    func folderInTheWay() throws {
        let scratch = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Data("not a folder\n".utf8).write(to: scratch.appendingPathComponent("a-file"))
        let result = try ToolRunner.run(
            ["export", "--format", "strings", "--output", "a-file/inside/", "--root", LintCommandTests.fixture.path],
            in: scratch)
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasSuffix("/a-file/inside: error: Not a directory\n"))
    }

    @Test("accepting a file that has no pending change names it, with one error:")
    func unknownPending() throws {
        let root = try SnapshotsCommandTests.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ToolRunner.run(["snapshots", "accept", "App/en/none.txt", "--root", root.path])
        #expect(result.status == 1)
        #expect(result.errors == "App/en/none.txt: error: no pending snapshot (.txt.new) here\n")
    }

    @Test("--version prints the tool's version, exit 0, alone or with a command")
    func version() throws {
        for arguments in [["--version"], ["lint", "--version"]] {
            let result = try ToolRunner.run(arguments)
            #expect(result.status == 0)
            #expect(result.output.hasPrefix("flavorkit ") && result.output.hasSuffix("\n"))
            #expect(result.output.split(separator: " ").last?.split(separator: ".").count == 3)
        }
    }
}
