import AppTesting
import Diagnostics
import Foundation
import Testing
import TransferCore

@Suite("Queue files")
struct QueueFileTests {
    static func transfer(_ fields: String) -> String {
        #"{"transfers": [{"id": "a", "title": "T", "kind": "download", \#(fields)}]}"#
    }

    @Test(
        "bad queue files are clear errors with the path",
        arguments: [
            ("{\"transfers\": [", "1:16: error: not valid JSON: expected a value, found the end of the file"),
            ("[]", "expected an object with a \"transfers\" array"),
            (
                transfer(#""state": "sleeping", "bytesDone": 1, "bytesTotal": 2"#),
                "transfers[0].state: unknown state \"sleeping\""
            ),
            (
                transfer(#""state": "paused", "bytesDone": 3, "bytesTotal": 2"#),
                "transfers[0].bytesDone: 3 is more than bytesTotal 2"
            ),
            (
                transfer(#""state": "paused", "bytesDone": -1, "bytesTotal": 2"#),
                "transfers[0].bytesDone: expected a whole number"
            ),
            (
                transfer(#""state": "paused", "bytesDone": 1.5, "bytesTotal": 2"#),
                "transfers[0].bytesDone: expected a whole number"
            ),
            (transfer(#""state": "paused", "bytesTotal": 2"#), "transfers[0].bytesDone: expected a whole number"),
        ])
    func badFile(contents: String, message: String) throws {
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("queue.json")
        try Data(contents.utf8).write(to: file)
        let result = AppRunner.run(AppRunner.core, ["--queue", file.path])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("\(file.path):"))
        #expect(result.errors.contains("error: "))
        #expect(result.errors.contains(message))
    }

    @Test("a duplicate id is an error")
    func duplicateID() {
        let json =
            #"{"transfers": [{"id": "a", "title": "T", "kind": "upload", "state": "paused", "bytesDone": 0, "bytesTotal": 0}, {"id": "a", "title": "U", "kind": "upload", "state": "paused", "bytesDone": 0, "bytesTotal": 0}]}"#
        #expect(
            throws: AppError.file(
                Diagnostic(
                    "transfers[1].id: \"a\" is used twice", at: SourceLocation(path: "q", line: 1, column: 113)))
        ) {
            try QueueFile.decode(Data(json.utf8), path: "q")
        }
    }

    @Test("a bad transfer is reported at its line and column; the list given twice is an error")
    func badTransferPlace() {
        let json = """
            {
              "transfers" : [
                { "id" : "a", "title" : "T", "kind" : "upload", "state" : "paused", "bytesDone" : 0, "bytesTotal" : 0 },
                { "id" : "b", "title" : "U", "kind" : "upload", "state" : "sleeping", "bytesDone" : 0, "bytesTotal" : 0 }
              ]
            }
            """
        #expect(
            throws: AppError.file(
                Diagnostic(
                    "transfers[1].state: unknown state \"sleeping\" (expected pending, inProgress, paused, completed, failed, cancelled)",
                    at: SourceLocation(path: "q", line: 4, column: 5)))
        ) {
            try QueueFile.decode(Data(json.utf8), path: "q")
        }
        let twice = #"{"transfers": [], "transfers": []}"#
        #expect(
            throws: AppError.file(
                Diagnostic(
                    "not valid JSON: \"transfers\" is given twice", at: SourceLocation(path: "q", line: 1, column: 19)))
        ) {
            try QueueFile.decode(Data(twice.utf8), path: "q")
        }
    }

    @Test("a missing queue file is an error naming it and how to start one, printed as a diagnostic")
    func missingFile() throws {
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("absent.json")
        let result = AppRunner.run(AppRunner.core, ["--queue", file.path])
        #expect(result.status == 1)
        #expect(result.errors == "\(file.path): error: no queue file here (`add URL` starts one)\n")
        #expect(throws: AppError.file(Diagnostic("no queue file here (`add URL` starts one)", path: file.path))) {
            try QueueFile.load(file)
        }
    }

    @Test("a named pipe or a device given as the queue is an error at once, not a hang", .timeLimit(.minutes(1)))
    func notAFile() throws {
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("queue.json")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        for url in [pipe, URL(fileURLWithPath: "/dev/zero")] {
            let result = AppRunner.run(AppRunner.core, ["--queue", url.path])
            #expect(result.status == 1)
            #expect(result.errors.hasPrefix("\(url.path): error: not a regular file ("), "\(result.errors)")
        }
    }

    @Test("add starts a queue file that does not exist yet, alone or in a shell; a refused add starts none")
    func addStartsFile() throws {
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = folder.appendingPathComponent("alone.json")
        #expect(AppRunner.run(AppRunner.core, ["--queue", alone.path, "add", "mailto:someone"]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: alone.path))
        #expect(
            AppRunner.run(AppRunner.core, ["--queue", alone.path, "add", "https://media.example/a.mp4"]).status == 0)
        #expect(try QueueFile.load(alone).transfers.map(\.url) == ["https://media.example/a.mp4"])

        let shell = folder.appendingPathComponent("shell.json")
        let session = AppRunner.run(
            AppRunner.core, ["--queue", shell.path, "shell"], input: ["add https://media.example/b.mp4"])
        #expect(session.status == 0, "\(session.errors)")
        #expect(try QueueFile.load(shell).transfers.map(\.url) == ["https://media.example/b.mp4"])
    }
}
