import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The README's ten-minute path, run as written: its Swift files written into a new package
/// beside a `FlavorKit` folder, then every command of its shell blocks, in order, from the
/// package's folder. `flavorkit` commands run in-process; the shell's own (`mkdir`, `cp`,
/// `printf`, `git config`) run in `/bin/sh` with a home of their own. Building and running the
/// flavors and their tests (`swift run Free`, `swift test`) is what `.ci/run` does to
/// `Examples/Tasks`, the path's finished result; here they check that what they name exists.
@Suite("The README's ten-minute path, as written")
struct ReadmePathTests {
    /// The README's text from the path's heading to the next section.
    static func path() throws -> Substring {
        let readme = try String(
            contentsOf: Repository.layout.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "\n## The ten-minute path\n"))
        let rest = readme[start.upperBound...]
        return rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
    }

    /// The fenced blocks of `language` in `text`, each as its lines.
    static func blocks(_ language: String, in text: Substring) -> [[Substring]] {
        var blocks: [[Substring]] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// A command line's words as `sh` splits them: double quotes kept together, `#` starting
    /// a comment; globs are expanded against `folder`.
    static func words(_ line: Substring, in folder: URL) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var started = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
                started = true
            } else if !quoted, character == "#", !started {
                break
            } else if !quoted, character == " " {
                if started { words.append(word) }
                (word, started) = ("", false)
            } else {
                word.append(character)
                started = true
            }
        }
        if started { words.append(word) }
        return words.flatMap { word -> [String] in
            guard word.contains("*") else { return [word] }
            var found = glob_t()
            defer { globfree(&found) }
            guard glob(folder.path + "/" + word, 0, nil, &found) == 0 else { return [word] }
            return (0..<Int(found.gl_pathc)).compactMap { index in
                found.gl_pathv[index].map { String(String(cString: $0).dropFirst(folder.path.count + 1)) }
            }
        }
    }

    @Test("every command of the path succeeds in a new package, in order, and leaves what the README says")
    func tenMinutePath() throws {
        let text = try Self.path()
        let scratch = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        // "From a package like the one above, with FlavorKit checked out beside it".
        try FileManager.default.createSymbolicLink(
            at: scratch.appendingPathComponent("FlavorKit"), withDestinationURL: Repository.layout.root)
        let package = scratch.appendingPathComponent("MyApp")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        let readme = try String(
            contentsOf: Repository.layout.root.appendingPathComponent("README.md"), encoding: .utf8)
        let manifest = try #require(
            Self.blocks("swift", in: readme[...]).first { $0.first == "// swift-tools-version:6.1" })
        try Data(manifest.joined(separator: "\n").utf8).write(to: package.appendingPathComponent("Package.swift"))
        // Each Swift block that names its file in its first line.
        var written: [String] = []
        for block in Self.blocks("swift", in: text) {
            guard let first = block.first, first.hasPrefix("// "), first.hasSuffix(".swift") else { continue }
            let path = String(first.dropFirst(3))
            let url = package.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(block.joined(separator: "\n").utf8).write(to: url)
            written.append(path)
        }
        #expect(written == ["Sources/AppCore/Today.swift", "Tests/AppTests/TodaySnapshotTests.swift"])
        #expect(try Self.shell("git init -q", in: package, home: scratch) == 0)

        // The merge driver's release build takes minutes: its line is checked, not run, and
        // the copy after it is given a stand-in where `swift build --show-bin-path` says.
        let stubs = scratch.appendingPathComponent("stubs")
        let built = scratch.appendingPathComponent("built")
        try FileManager.default.createDirectory(at: stubs, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: built, withIntermediateDirectories: true)
        try Data("#!/bin/sh\ncase \"$*\" in *--show-bin-path*) echo '\(built.path)' ;; *) exit 1 ;; esac\n".utf8)
            .write(to: stubs.appendingPathComponent("swift"))
        try Data("#!/bin/sh\n".utf8).write(to: built.appendingPathComponent("flavorkit"))
        for file in [stubs.appendingPathComponent("swift"), built.appendingPathComponent("flavorkit")] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }

        var ran: [String] = []
        for line in Self.blocks("sh", in: text).joined() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let words = Self.words(line, in: package)
            if words.starts(with: ["swift", "build"]) {
                #expect(
                    words == ["swift", "build", "-c", "release", "--product", "flavorkit", "--static-swift-stdlib"])
                let manifest = try String(
                    contentsOf: Repository.layout.root.appendingPathComponent("Package.swift"), encoding: .utf8)
                #expect(manifest.contains(".executable(name: \"flavorkit\""))
                ran.append(String(line))
                continue
            }
            switch words.prefix(3) {
            case ["swift", "run", "flavorkit"]:
                let result = try ToolRunner.run(Array(words.dropFirst(3)), in: package)
                let recorded = FileManager.default.fileExists(atPath: package.path + "/snapshots")
                if words.dropFirst(3).first == "snapshots", !recorded {
                    // The snapshots the first `swift test` records are not there: the command
                    // is understood and names the folder it looked for.
                    #expect(result.status == 1 && result.errors.contains("snapshots: error: no snapshots folder"))
                } else {
                    #expect(result.status == 0, "\(line)\n\(result.output)\(result.errors)")
                }
            case ["swift", "run", words.count > 2 ? words[2] : ""]:
                // A flavor: its plist, and its target in Package.swift.
                let flavor = words[2]
                #expect(
                    FileManager.default.fileExists(atPath: package.path + "/Flavors/\(flavor)/Info.plist"), "\(line)")
                let targets = try String(contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8)
                #expect(targets.contains(".executableTarget(name: \"\(flavor)\""), "\(line)")
            default:
                if words.last == "test", words.dropLast().last == "swift" {
                    // The snapshot test the path wrote is there to run.
                    #expect(written.contains("Tests/AppTests/TodaySnapshotTests.swift"))
                } else {
                    #expect(
                        ["mkdir", "cp", "printf", "git"].contains(words.first ?? ""),
                        "a README command this test does not know: \(line)")
                    #expect(try Self.shell(String(line), in: package, home: scratch, stubs: stubs) == 0, "\(line)")
                }
            }
            ran.append(String(line))
        }
        #expect(ran.count >= 15)

        // What the path promises along the way.
        let catalog = try String(
            contentsOf: package.appendingPathComponent("Localizations/Localizable.xcstrings"), encoding: .utf8)
        #expect(catalog.contains("\"today.left\"") && catalog.contains("\"plural\""))
        #expect(catalog.contains("The today screen's title; %@ is the app's name."))
        #expect(FileManager.default.fileExists(atPath: package.path + "/po/fr/Localizable.po"))
        for flavor in ["Free", "Pro", "Team"] {
            #expect(FileManager.default.fileExists(atPath: package.path + "/Flavors/\(flavor)/Localizations"))
        }
        #expect(FileManager.default.fileExists(atPath: package.path + "/.github/workflows/flavorkit.yml"))
        let attributes = try String(contentsOf: package.appendingPathComponent(".gitattributes"), encoding: .utf8)
        #expect(attributes.contains("*.xcstrings merge=flavorkit"))
        // The driver git runs is the copy the path made.
        let copy = scratch.appendingPathComponent(".local/bin/flavorkit")
        #expect(FileManager.default.isExecutableFile(atPath: copy.path))
        let configuration = try String(contentsOf: package.appendingPathComponent(".git/config"), encoding: .utf8)
        #expect(configuration.contains("driver = '\(copy.path)' merge-catalogs %O %A %B %P"))
    }

    /// Runs `line` in `/bin/sh` in `folder`, with `home` as its home (and the commands in
    /// `stubs` before the others); its exit status.
    static func shell(_ line: String, in folder: URL, home: URL, stubs: URL? = nil) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", line]
        process.currentDirectoryURL = folder
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        process.environment = ChildProcess.withCoverage([
            "PATH": stubs.map { $0.path + ":" + path } ?? path, "HOME": home.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path, "GIT_CONFIG_NOSYSTEM": "1",
        ])
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
