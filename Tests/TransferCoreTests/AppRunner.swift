import Foundation
@testable import Light
@testable import Regular
import TransferCore

/// Runs a flavor's real build (compiled with its `-D` flag) in-process and captures output.
struct AppRunner {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    static let light = Light.Flavor.build
    static let regular = Regular.Flavor.build

    /// `environment` replaces the process's; `input` feeds the interactive session.
    static func run(_ build: FlavorBuild, _ arguments: [String], environment: [String: String] = [:],
                    input: [String] = []) -> Result {
        final class Buffer { var output = "", errors = "", input: [String] = [] }
        let buffer = Buffer()
        buffer.input = input
        let console = Console(
            write: { buffer.output += $0 }, writeError: { buffer.errors += $0 },
            readLine: { buffer.input.isEmpty ? nil : buffer.input.removeFirst() }, isInteractive: false)
        let status = TransferApp.run(build, arguments: arguments, environment: environment, console: console)
        return Result(status: status, output: buffer.output, errors: buffer.errors)
    }

    /// An executable product built beside the test bundle (`swift test` builds them all).
    static func binary(_ name: String) -> URL? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Runs a built executable as a child process, with `input` on its standard input.
    /// Streams go through files, not Pipes: reading pipes while other tests spawn processes
    /// crashes corelibs-foundation.
    static func runBinary(_ binary: URL, _ arguments: [String], environment: [String: String] = [:],
                          input: String = "") throws -> Result {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputURL = folder.appendingPathComponent("stdin"), outputURL = folder.appendingPathComponent("stdout")
        let errorsURL = folder.appendingPathComponent("stderr")
        try Data(input.utf8).write(to: inputURL)
        try Data().write(to: outputURL)
        try Data().write(to: errorsURL)
        let stdin = try FileHandle(forReadingFrom: inputURL), stdout = try FileHandle(forWritingTo: outputURL)
        let stderr = try FileHandle(forWritingTo: errorsURL)
        defer { [stdin, stdout, stderr].forEach { try? $0.close() } }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
                      errors: String(decoding: try Data(contentsOf: errorsURL), as: UTF8.self))
    }

    /// A scratch folder removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flavorkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The repository's own resource root.
    static let sourceRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
