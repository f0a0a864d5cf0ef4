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
