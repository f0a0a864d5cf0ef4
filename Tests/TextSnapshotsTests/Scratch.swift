import Foundation

/// A scratch folder, removed by the caller.
func scratchFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("snapshots-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Runs a command found on PATH; nil when it is not installed.
func runTool(_ name: String, _ arguments: [String], in folder: URL) throws -> (status: Int32, output: String)? {
    guard
        let path = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .map({ URL(fileURLWithPath: String($0)).appendingPathComponent(name) })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else { return nil }
    // Output goes to a file, not a Pipe: reading pipes while other tests spawn processes
    // crashes corelibs-foundation.
    let outputURL = folder.appendingPathComponent(".tool-output-\(UUID().uuidString)")
    try Data().write(to: outputURL)
    defer { try? FileManager.default.removeItem(at: outputURL) }
    let output = try FileHandle(forWritingTo: outputURL)
    defer { try? output.close() }
    let process = Process()
    process.executableURL = path
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.standardOutput = output
    process.standardError = output
    try process.run()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: try Data(contentsOf: outputURL), as: UTF8.self))
}
