import ChildProcesses
import Foundation
@testable import Light
@testable import Regular
import TransferCore

/// Runs a flavor's real build (compiled with its `-D` flag) in-process and captures output.
struct AppRunner {
    typealias Result = ChildProcess.Result

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
        ChildProcess.builtProduct(name)
    }

    /// Runs a built executable as a child process, with `input` on its standard input.
    static func runBinary(_ binary: URL, _ arguments: [String], environment: [String: String] = [:],
                          input: String = "") throws -> Result {
        try ChildProcess.run(binary, arguments, environment: environment, input: input)
    }

    /// A scratch folder removed by the caller.
    static func temporaryFolder() throws -> URL {
        try ChildProcess.temporaryFolder()
    }

    /// The repository's own resource root.
    static let sourceRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
