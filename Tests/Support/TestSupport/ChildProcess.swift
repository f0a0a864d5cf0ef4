import Foundation

/// Runs built executables from tests and captures what they print. Streams go through files,
/// not Pipes: reading pipes while other tests spawn processes crashes corelibs-foundation.
package enum ChildProcess {
    package struct Result: Sendable {
        package var status: Int32
        package var output: String
        package var errors: String

        package init(status: Int32, output: String, errors: String) {
            self.status = status
            self.output = output
            self.errors = errors
        }

        /// The lines of `errors` that are warnings or errors: `--verbose` also prints notes
        /// (keys shown from a fallback language), which are not problems.
        package var problems: [Substring] {
            errors.split(separator: "\n").filter { !$0.hasPrefix("note: ") }
        }
    }

    /// `environment` plus where a program built for code coverage writes its profile
    /// (`LLVM_PROFILE_FILE`, as `swift test --enable-code-coverage` sets it for the tests):
    /// without it, a child writes `default.profraw` into its working folder, which is often
    /// the scratch package a test then checks, and its coverage is lost.
    package static func withCoverage(_ environment: [String: String]) -> [String: String] {
        guard let profile = ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"] else { return environment }
        return environment.merging(["LLVM_PROFILE_FILE": profile]) { given, _ in given }
    }

    /// Runs `executable` with `environment` (replacing this process's) and `input` on its
    /// standard input, in `directory` (a scratch folder when nil).
    package static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String],
        input: String = "", in directory: URL? = nil
    ) throws -> Result {
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
        process.executableURL = executable
        process.arguments = arguments
        process.environment = withCoverage(environment)
        process.currentDirectoryURL = directory ?? folder
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            errors: String(decoding: try Data(contentsOf: errorsURL), as: UTF8.self))
    }

    /// Runs `executable` once per entry of `runs` (its arguments and standard input), all at
    /// the same time, and returns their results in the same order once every one has ended.
    package static func runConcurrently(
        _ executable: URL, _ runs: [(arguments: [String], input: String)], environment: [String: String]
    ) throws -> [Result] {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var started: [(process: Process, files: [FileHandle], output: URL, errors: URL)] = []
        defer { started.forEach { $0.files.forEach { try? $0.close() } } }
        for (index, run) in runs.enumerated() {
            let inputURL = folder.appendingPathComponent("\(index).stdin")
            let outputURL = folder.appendingPathComponent("\(index).stdout")
            let errorsURL = folder.appendingPathComponent("\(index).stderr")
            try Data(run.input.utf8).write(to: inputURL)
            try Data().write(to: outputURL)
            try Data().write(to: errorsURL)
            let files = [
                try FileHandle(forReadingFrom: inputURL), try FileHandle(forWritingTo: outputURL),
                try FileHandle(forWritingTo: errorsURL),
            ]
            let process = Process()
            process.executableURL = executable
            process.arguments = run.arguments
            process.environment = withCoverage(environment)
            process.currentDirectoryURL = folder
            process.standardInput = files[0]
            process.standardOutput = files[1]
            process.standardError = files[2]
            started.append((process, files, outputURL, errorsURL))
            try process.run()
        }
        return try started.map { run in
            run.process.waitUntilExit()
            return Result(
                status: run.process.terminationStatus,
                output: String(decoding: try Data(contentsOf: run.output), as: UTF8.self),
                errors: String(decoding: try Data(contentsOf: run.errors), as: UTF8.self))
        }
    }

    /// An executable product built beside the test bundle (`swift test` builds them all).
    package static func builtProduct(_ name: String) -> URL? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// A scratch folder removed by the caller.
    package static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flavorkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
