import AppTesting
import Foundation
import Testing
import TransferCore

@Suite("Regular's queue control")
struct QueueControlTests {
    func state(_ id: String, in file: URL) throws -> Transfer.State? {
        try QueueFile.load(file)[id: id]?.state
    }

    @Test("pause, resume and cancel round-trip through the queue file")
    func roundTrip() throws {
        let (folder, file) = try AppRunner.scratchQueue()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try QueueFile.load(file)

        var result = AppRunner.run(AppRunner.regular, ["pause", "d1", "--queue", file.path, "--lang", "en"])
        #expect(result.status == 0)
        #expect(result.output == "Paused d1.\n")
        #expect(try state("d1", in: file) == .paused)

        result = AppRunner.run(AppRunner.regular, ["resume", "d1", "--queue", file.path, "--lang", "en"])
        #expect(result.output == "Resumed d1.\n")
        #expect(try state("d1", in: file) == .inProgress)

        result = AppRunner.run(AppRunner.regular, ["cancel", "u1", "--queue", file.path, "--lang", "en"])
        #expect(result.output == "Cancelled u1.\n")
        #expect(try state("u1", in: file) == .cancelled)

        // Nothing else changed.
        var expected = before
        expected.update(
            Transfer(
                id: "u1", title: "Family Trip Edit", kind: .upload, state: .cancelled,
                bytesDone: before[id: "u1"]!.bytesDone, bytesTotal: before[id: "u1"]!.bytesTotal))
        #expect(try QueueFile.load(file) == expected)
    }

    @Test(
        "a transition the state forbids fails and leaves the file alone",
        arguments: [
            ("pause", "d2", "d2 cannot be paused: it is Completed."),
            ("resume", "d1", "d1 cannot be resumed: it is In progress."),
            ("cancel", "u3", "u3 cannot be cancelled: it is Cancelled."),
            ("pause", "zz", "No transfer has the ID zz."),
        ])
    func forbidden(command: String, id: String, message: String) throws {
        let (folder, file) = try AppRunner.scratchQueue()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Data(contentsOf: file)
        let result = AppRunner.run(AppRunner.regular, [command, id, "--queue", file.path, "--lang", "en"])
        #expect(result.status == 1)
        #expect(result.errors == "error: \(message)\n")
        #expect(try Data(contentsOf: file) == before)
    }

    @Test("resuming past the limit queues the transfer instead")
    func limit() throws {
        let (folder, file) = try AppRunner.scratchQueue()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The sample has d1 and u1 in progress; Regular allows 3 at once.
        _ = AppRunner.run(AppRunner.regular, ["resume", "u2", "--queue", file.path])
        #expect(try state("u2", in: file) == .inProgress)
        let result = AppRunner.run(AppRunner.regular, ["resume", "d4", "--queue", file.path, "--lang", "en"])
        #expect(result.status == 0)
        #expect(result.output == "d4 is waiting: 3 transfers are already in progress.\n")
        #expect(try state("d4", in: file) == .pending)
    }

    @Test("without --queue a change has nowhere to go")
    func needsQueueFile() {
        let result = AppRunner.run(AppRunner.regular, ["pause", "d1", "--lang", "en"])
        #expect(result.status == 64)
        #expect(result.errors.contains("--queue FILE"))
    }

    @Test(
        "without queueControl in the plist, the commands are neither listed nor run",
        arguments: ["pause", "resume", "cancel"])
    func disabled(command: String) throws {
        let root = try AppRunner.regularResources(without: "queueControl")
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = ["FLAVORKIT_RESOURCES": root.path]
        let result = AppRunner.run(AppRunner.regular, [command, "d1", "--lang", "en"], environment: environment)
        #expect(result.status == 64)
        #expect(result.errors == "error: \(command) is not available in Transfers.\n")
        let help = AppRunner.run(AppRunner.regular, ["--help", "--lang", "en"], environment: environment).output
        #expect(help.contains("shell"))
        #expect(!help.contains("\(command) ID"))
    }

    @Test("with queueControl, --help lists the three commands after the core's")
    func help() {
        let lines = AppRunner.run(AppRunner.regular, ["--help", "--lang", "en"]).output.split(separator: "\n")
        let commands = lines.map { $0.split(separator: " ").first.map(String.init) ?? "" }
        let order = ["shell", "pause", "resume", "cancel"]
        #expect(commands.filter(order.contains) == order)
        #expect(lines.contains { $0.hasPrefix("  pause ID") && $0.hasSuffix("pause a transfer") })
    }

    @Test(
        "pause --help, resume -h and cancel --help: the command's help in the language in use",
        arguments: [
            (["pause", "--help", "--lang", "ja"], "使い方: Regular [オプション] pause ID\n\n転送を一時停止\n\nオプション:\n"),
            (
                ["resume", "-h", "--lang", "en"],
                "Usage: Regular [options] resume ID\n\nresume a paused or failed transfer"
            ),
            (
                ["--lang", "de", "cancel", "--help"],
                "Aufruf: Regular [Optionen] cancel ID\n\nbricht eine Übertragung ab\n"
            ),
        ])
    func commandHelp(arguments: [String], start: String) {
        let result = AppRunner.run(AppRunner.regular, arguments + ["--verbose"])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        #expect(result.output.hasPrefix(start))
    }

    @Test("without queueControl in the plist, a command's help is refused like the command")
    func disabledHelp() throws {
        let root = try AppRunner.regularResources(without: "queueControl")
        defer { try? FileManager.default.removeItem(at: root) }
        let result = AppRunner.run(
            AppRunner.regular, ["pause", "--help", "--lang", "en"],
            environment: ["FLAVORKIT_RESOURCES": root.path])
        #expect(result.status == 64)
        #expect(result.errors == "error: pause is not available in Transfers.\n")
        #expect(result.output.isEmpty)
    }
}
