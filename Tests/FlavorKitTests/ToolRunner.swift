import Foundation
import Testing

/// Runs the `flavorkit` executable that `swift test` builds beside the test bundle.
enum ToolRunner {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    static func binary() throws -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("flavorkit")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        throw ToolMissing()
    }

    struct ToolMissing: Error, CustomStringConvertible {
        var description: String { "the flavorkit executable was not built beside the tests (run `swift build --product flavorkit`)" }
    }

    /// Output goes through files, not Pipes: reading pipes while other tests spawn processes
    /// crashes corelibs-foundation.
    static func run(_ arguments: [String], in folder: URL? = nil) throws -> Result {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outputURL = scratch.appendingPathComponent("stdout"), errorsURL = scratch.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorsURL)
        let stdout = try FileHandle(forWritingTo: outputURL), stderr = try FileHandle(forWritingTo: errorsURL)
        defer { [stdout, stderr].forEach { try? $0.close() } }
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "NO_COLOR": "1"]
        process.currentDirectoryURL = folder ?? scratch
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
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flavorkit-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The repository's own root.
    static let sourceRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
