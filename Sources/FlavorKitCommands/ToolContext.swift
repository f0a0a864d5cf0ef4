import Foundation

/// What a `flavorkit` command runs in: where it writes, the folder relative paths start from,
/// and the environment. The program runs in the process's own (`process`); a test runs a
/// command in-process with its own, as a task-local value, and reads what it wrote.
package struct ToolContext: Sendable {
    /// Writes text to the command's output.
    package var write: @Sendable (String) -> Void
    /// Writes text to the command's error output.
    package var writeError: @Sendable (String) -> Void
    /// Writes bytes to the output (an export without `--output`).
    package var writeData: @Sendable (Data) -> Void
    /// The folder relative paths are taken from, and `--root`'s default.
    package var directory: URL
    /// The environment variables the command reads (`NO_COLOR`, …).
    package var environment: [String: String]

    /// A context with these functions and values.
    package init(
        write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
        writeData: @escaping @Sendable (Data) -> Void, directory: URL, environment: [String: String]
    ) {
        self.write = write
        self.writeError = writeError
        self.writeData = writeData
        self.directory = directory
        self.environment = environment
    }

    /// The process's standard streams, current folder and environment.
    package static var process: ToolContext {
        ToolContext(
            write: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) },
            writeData: { FileHandle.standardOutput.write($0) },
            directory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            environment: ProcessInfo.processInfo.environment)
    }

    /// The context the running command uses.
    @TaskLocal package static var current = ToolContext.process

    /// `text` and `terminator` on the output.
    static func print(_ text: String = "", terminator: String = "\n") {
        current.write(text + terminator)
    }

    /// `path` as a file URL, relative to the context's folder unless absolute.
    static func url(_ path: String) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : current.directory.appendingPathComponent(path))
            .standardizedFileURL
    }
}
