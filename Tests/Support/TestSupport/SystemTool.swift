import Foundation

/// A system program the tests use as a judge (gettext's `msgfmt`, libxml2's `xmllint`). A
/// missing one fails the test, never skips it, with the Debian package to install; `.ci/run`
/// installs them.
public enum SystemTool {
    public struct Missing: Error, CustomStringConvertible {
        public var name: String
        public var package: String
        public var description: String {
            "\(name) is not installed: install the Debian package \(package) (apt-get install -y \(package)), "
                + "as .ci/run does"
        }
    }

    /// The program in `/usr/bin` or `/usr/local/bin`.
    public static func require(_ name: String, package: String) throws -> URL {
        for folder in ["/usr/bin", "/usr/local/bin"]
        where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
            return URL(fileURLWithPath: "\(folder)/\(name)")
        }
        throw Missing(name: name, package: package)
    }

    /// Runs it in the C locale, so that its messages are in English.
    public static func run(_ program: URL, _ arguments: [String]) throws -> ChildProcess.Result {
        try ChildProcess.run(program, arguments, environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C"])
    }
}
