import Foundation
import TestSupport

/// Runs the `flavorkit` executable that `swift test` builds beside the test bundle.
enum ToolRunner {
    typealias Result = ChildProcess.Result

    struct ToolMissing: Error, CustomStringConvertible {
        var description: String {
            "the flavorkit executable was not built beside the tests (run `swift build --product flavorkit`)"
        }
    }

    /// In `folder` (a scratch folder when nil), with no colour and a minimal environment
    /// (and `environment` added to it).
    static func run(_ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws
        -> Result
    {
        guard let binary = ChildProcess.builtProduct("flavorkit") else { throw ToolMissing() }
        return try ChildProcess.run(
            binary, arguments,
            environment: ["PATH": "/usr/bin:/bin", "NO_COLOR": "1"].merging(environment) { _, added in added },
            in: folder)
    }

    /// A scratch folder removed by the caller.
    static func temporaryFolder() throws -> URL {
        try ChildProcess.temporaryFolder()
    }
}
