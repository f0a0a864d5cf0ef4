import FlavorKitCommands
import Foundation
import Synchronization
import TestSupport

/// Runs `flavorkit` commands for the tests: in this process by default (`FlavorKitTool.run`
/// with a `ToolContext` of the test's own: its folder, its environment, its output captured),
/// so that every command's code counts in the tests' coverage; or, for what only a process
/// shows (the real binary, its exit status as the shell sees it), the executable `swift test`
/// builds beside the tests.
enum ToolRunner {
    typealias Result = ChildProcess.Result

    struct ToolMissing: Error, CustomStringConvertible {
        var description: String {
            "the flavorkit executable was not built beside the tests (run `swift build --product flavorkit`)"
        }
    }

    /// The environment a command sees: no colour and a minimal set, with `environment` added.
    static func environment(_ environment: [String: String]) -> [String: String] {
        ["PATH": "/usr/bin:/bin", "NO_COLOR": "1"].merging(environment) { _, added in added }
    }

    /// In `folder` (a scratch folder when nil), in this process.
    static func run(_ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws
        -> Result
    {
        let scratch = folder == nil ? try temporaryFolder() : nil
        defer { scratch.map { try? FileManager.default.removeItem(at: $0) } }
        let output = Mutex((output: "", errors: ""))
        let context = ToolContext(
            write: { text in output.withLock { $0.output += text } },
            writeError: { text in output.withLock { $0.errors += text } },
            writeData: { data in output.withLock { $0.output += String(decoding: data, as: UTF8.self) } },
            directory: (folder ?? scratch!).standardizedFileURL, environment: Self.environment(environment))
        let status = ToolContext.$current.withValue(context) { FlavorKitTool.run(arguments) }
        return output.withLock { Result(status: status, output: $0.output, errors: $0.errors) }
    }

    /// In `folder` (a scratch folder when nil), as a process of the built executable.
    static func runBinary(_ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws
        -> Result
    {
        guard let binary = ChildProcess.builtProduct("flavorkit") else { throw ToolMissing() }
        return try ChildProcess.run(binary, arguments, environment: Self.environment(environment), in: folder)
    }

    /// A scratch folder removed by the caller.
    static func temporaryFolder() throws -> URL {
        try ChildProcess.temporaryFolder()
    }
}
