import Foundation
import Testing

/// A system program the tests use as a judge (gettext's `msgfmt`, libxml2's `xmllint`). A
/// missing one fails the test with what to install; `.ci/run` installs them.
enum ExternalTool {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    struct Missing: Error, CustomStringConvertible {
        var name: String
        var package: String
        var description: String {
            "\(name) is not installed: install the Debian package \(package) (apt-get install -y \(package)), as .ci/run does"
        }
    }

    /// The program's path in `/usr/bin` or `/usr/local/bin`.
    static func require(_ name: String, package: String) throws -> URL {
        for folder in ["/usr/bin", "/usr/local/bin"]
        where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
            return URL(fileURLWithPath: "\(folder)/\(name)")
        }
        throw Missing(name: name, package: package)
    }

    static func run(_ program: URL, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
            errors: String(decoding: err, as: UTF8.self))
    }
}
