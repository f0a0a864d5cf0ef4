import Flavors
import Foundation
import Localization
import Synchronization
import TestSupport
import TransferCore

/// Runs the app in tests: a `FlavorBuild` in-process with its output captured, or a built
/// executable as a child process; and the scratch folders and repository files tests use.
package enum AppRunner {
    /// The exit status and what was written to standard output and standard error.
    package typealias Result = ChildProcess.Result

    /// Runs `build` in-process. `environment` replaces the process's (with `COLUMNS=132`, a
    /// wide terminal, unless it names a width itself); `input` feeds the interactive session
    /// line by line.
    package static func run(
        _ build: FlavorBuild, _ arguments: [String], environment: [String: String] = [:],
        input: [String] = []
    ) -> Result {
        let environment = environment.merging(["COLUMNS": "132"]) { given, _ in given }
        let buffer = Mutex((output: "", errors: "", input: input))
        let console = Console(
            write: { text in buffer.withLock { $0.output += text } },
            writeError: { text in buffer.withLock { $0.errors += text } },
            readLine: { buffer.withLock { $0.input.isEmpty ? nil : $0.input.removeFirst() } }, isInteractive: false)
        let status = TransferApp.run(
            build, arguments: arguments, environment: environment, console: console, clock: quickClock)
        return buffer.withLock { Result(status: status, output: $0.output, errors: $0.errors) }
    }

    /// The monotonic clock, moved on by every wait instead of waiting: a retry's delay goes by
    /// at once (the order of events is the same).
    package static var quickClock: RunClock {
        final class Waited: Sendable { let nanoseconds = Mutex<UInt64>(0) }
        let waited = Waited()
        return RunClock(
            now: { DispatchTime.now().uptimeNanoseconds + waited.nanoseconds.withLock { $0 } },
            sleep: { duration in
                waited.nanoseconds.withLock { $0 += duration }
                sched_yield()
            })
    }

    /// An executable product built beside the test bundle (`swift test` builds them all).
    package static func binary(_ name: String) -> URL? {
        ChildProcess.builtProduct(name)
    }

    /// Runs a built executable as a child process, with `input` on its standard input.
    package static func runBinary(
        _ binary: URL, _ arguments: [String], environment: [String: String] = [:],
        input: String = ""
    ) throws -> Result {
        try ChildProcess.run(binary, arguments, environment: environment, input: input)
    }

    /// A scratch folder removed by the caller.
    package static func temporaryFolder() throws -> URL {
        try ChildProcess.temporaryFolder()
    }

    /// The repository's own package.
    package static let repository = Repository.layout

    /// The repository's shared `Localizable.strings` of `language`.
    package static func sharedStrings(_ language: String) -> URL {
        repository.localizations.appendingPathComponent(
            CatalogFolderLayout.relativePath(
                language: LanguageTag(language)!, table: Catalog.defaultTable, kind: .strings))
    }

    /// A scratch copy of the sample queue: remove `folder` when done.
    package static func scratchQueue() throws -> (folder: URL, file: URL) {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("queue.json")
        try FileManager.default.copyItem(at: repository.sampleQueue, to: file)
        return (folder, file)
    }

    /// A scratch resource root holding copies of `folders` (such as `Flavors`): remove it when done.
    package static func scratchResources(_ folders: [String]) throws -> URL {
        let root = try temporaryFolder()
        for folder in folders {
            try FileManager.default.copyItem(
                at: repository.root.appendingPathComponent(folder),
                to: root.appendingPathComponent(folder))
        }
        return root
    }
}
