import Foundation

/// A system program the tests use as a judge (gettext's `msgfmt`, libxml2's `xmllint`). In CI
/// a missing one fails the test, never skips it, with the Debian package to install
/// (`.ci/run` installs them); on a developer's machine with only the Swift toolchain, the
/// judged tests are left out (`shouldRun`), so that `swift test` works anywhere.
package enum SystemTool {
    package struct Missing: Error, CustomStringConvertible {
        package var name: String
        package var package: String
        package var description: String {
            "\(name) is not installed: install the Debian package \(package) (apt-get install -y \(package)), "
                + "as .ci/run does"
        }
    }

    /// Whether a test judged by `name` runs: in CI on Linux always (and fails when `name` is
    /// missing: `.ci/run` and the Linux workflow install them), elsewhere (a developer's
    /// machine, CI on macOS) when `name` is installed.
    package static func shouldRun(_ name: String) -> Bool {
        #if os(Linux)
        let ci = ProcessInfo.processInfo.environment["CI"].map { !["", "0", "false"].contains($0.lowercased()) }
        return ci == true || find(name) != nil
        #else
        return find(name) != nil
        #endif
    }

    /// The program in `/usr/bin`, `/usr/local/bin` or (Homebrew on Apple silicon) `/opt/homebrew/bin`.
    package static func require(_ name: String, package: String) throws -> URL {
        guard let found = find(name) else { throw Missing(name: name, package: package) }
        return found
    }

    private static func find(_ name: String) -> URL? {
        ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"].lazy.map { URL(fileURLWithPath: "\($0)/\(name)") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs it in the C locale, so that its messages are in English.
    package static func run(_ program: URL, _ arguments: [String]) throws -> ChildProcess.Result {
        try ChildProcess.run(program, arguments, environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C"])
    }
}
