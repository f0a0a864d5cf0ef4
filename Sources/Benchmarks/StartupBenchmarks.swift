import Foundation

/// A cold `Light --lang es queue` process against a Foundation hello-world process
/// (`print(String(format: "%@ %d", …))`) compiled with `swiftc -O` into the same build folder:
/// each a fresh process, alternated, medians of many runs. Light is brought up to date in
/// release mode first (`swift build -c release --product Light`).
struct StartupBenchmarks {
    let light: URL
    let hello: URL
    let folder: URL

    init() throws {
        let executables = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        light = executables.appendingPathComponent("Light")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("startup-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        hello = folder.appendingPathComponent("hello")
        let source = folder.appendingPathComponent("hello.swift")
        try Data(#"import Foundation\#nprint(String(format: "%@ %d", "queue", 3))\#n"#.utf8).write(to: source)
        // Up to date in a second when nothing changed; the run's own configuration otherwise.
        _ = ChildProcess.run(Self.env, ["swift", "build", "-c", "release", "--product", "Light"])
        _ = ChildProcess.run(Self.env, ["swiftc", "-O", source.path, "-o", hello.path])
        guard FileManager.default.isExecutableFile(atPath: light.path),
            FileManager.default.isExecutableFile(atPath: hello.path)
        else {
            throw StartupError(message: "could not build \(light.path) or compile \(source.path)")
        }
    }

    static let env = URL(fileURLWithPath: "/usr/bin/env")

    struct StartupError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: folder)
    }

    func run() -> [Figure] {
        let times = Measure.paired(
            rounds: 101,
            ours: { _ = ChildProcess.run(light, ["--lang", "es", "queue"]) },
            reference: { _ = ChildProcess.run(hello, []) })
        return [
            Figure(
                name: "cold Light --lang es queue, a process", ours: times.ours, reference: times.reference,
                referenceName: "a Foundation hello-world process (swiftc -O)", goal: .atMost(1.3))
        ]
    }
}
