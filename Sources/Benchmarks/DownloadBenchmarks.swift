import Foundation
import TestSupport

/// `run`'s download throughput and memory, measured on the release `Light` binary fetching
/// from the loopback server against `curl` fetching the same file from the same server in
/// the same run: a 1 GiB file, medians of alternating rounds; and the peak resident memory
/// of a 1 GiB download against a 64 MiB one (streaming: it must not grow with the file), as
/// fast as the loopback goes and served at about 90 MB/s (a network slower than the client).
struct DownloadBenchmarks {
    let folder: URL
    let light: URL
    let curl: URL

    /// Nil, with the reason printed, when the release `Light` binary or `curl` is missing.
    init?() throws {
        let products = Bundle.main.executableURL!.deletingLastPathComponent()
        light = products.appendingPathComponent("Light")
        curl = URL(fileURLWithPath: "/usr/bin/curl")
        guard FileManager.default.isExecutableFile(atPath: light.path) else {
            print("skipped downloads: build Light first (swift build -c release --product Light)")
            return nil
        }
        guard FileManager.default.isExecutableFile(atPath: curl.path) else {
            print("skipped downloads: curl is not installed (apt-get install -y curl)")
            return nil
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flavorkit-downloads-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    /// The download figures, or none when `Light` or `curl` is missing.
    static func runAll() throws -> [Figure] {
        guard let downloads = try DownloadBenchmarks() else { return [] }
        defer { downloads.cleanUp() }
        return try downloads.run()
    }

    func run() throws -> [Figure] {
        let big = try served("big.bin", bytes: 1 << 30)
        let small = try served("small.bin", bytes: 64 << 20)
        // 64 KiB every 0.4 ms at most: about 90 MB/s on the benchmark machine.
        let server = try LoopbackServer(routes: [
            "big.bin": .init(.file(big)), "small.bin": .init(.file(small)),
            "paced/big.bin": .init(.file(big), pacing: 0.0004), "paced/small.bin": .init(.file(small), pacing: 0.0004),
        ])
        defer { server.stop() }
        let into = folder.appendingPathComponent("into")
        var lightPeak: [String: Int] = [:]
        func fetchWithLight(_ name: String) throws {
            try? FileManager.default.removeItem(at: into)
            try FileManager.default.createDirectory(at: into, withIntermediateDirectories: true)
            let queue = folder.appendingPathComponent("queue.json")
            let entry: [String: Any] = [
                "id": "d1", "title": name, "kind": "download", "state": "pending", "bytesDone": 0, "bytesTotal": 0,
                "url": server.url(name),
            ]
            try JSONSerialization.data(withJSONObject: ["transfers": [entry]]).write(to: queue)
            let usage = Self.spawn(light, ["--queue", queue.path, "--lang", "en", "run", "--into", into.path])
            let file = (name as NSString).lastPathComponent
            guard usage.status == 0,
                Self.size(into.appendingPathComponent(file)) == Self.size(folder.appendingPathComponent(file))
            else { throw DownloadFailure(tool: "Light", status: usage.status) }
            lightPeak[name] = max(lightPeak[name] ?? 0, usage.peakKiB)
        }
        func fetchWithCurl(_ name: String) throws {
            let target = folder.appendingPathComponent("curl.bin")
            let usage = Self.spawn(curl, ["-s", "-o", target.path, server.url(name)])
            try? FileManager.default.removeItem(at: target)
            guard usage.status == 0 else { throw DownloadFailure(tool: "curl", status: usage.status) }
        }
        let (ours, reference) = try Measure.paired(
            rounds: 3, ours: { try fetchWithLight("big.bin") }, reference: { try fetchWithCurl("big.bin") })
        try fetchWithLight("small.bin")
        try fetchWithLight("paced/big.bin")
        try fetchWithLight("paced/small.bin")
        let gib = Double(1 << 30) / 1e6
        return [
            Figure(
                name: "download 1 GiB from loopback, throughput", ours: gib / ours, reference: gib / reference,
                referenceName: "curl", goal: .atLeast(0.8), unit: "MB/s"),
            Figure(
                name: "download peak memory, 1 GiB against 64 MiB", ours: Double(lightPeak["big.bin"] ?? 0) / 1024,
                reference: Double(lightPeak["small.bin"] ?? 0) / 1024, referenceName: "64 MiB",
                goal: .atMost(1.25), unit: "MiB"),
            Figure(
                name: "download peak memory, 1 GiB against 64 MiB, served at about 90 MB/s",
                ours: Double(lightPeak["paced/big.bin"] ?? 0) / 1024,
                reference: Double(lightPeak["paced/small.bin"] ?? 0) / 1024, referenceName: "64 MiB",
                goal: .atMost(1.25), unit: "MiB"),
        ]
    }

    /// A file of `bytes` pseudo-random bytes in the scratch folder.
    private func served(_ name: String, bytes: Int) throws -> URL {
        let url = folder.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let piece = 1 << 20
        var chunk = [UInt64](repeating: 0, count: piece / 8)
        for _ in 0..<(bytes / piece) {
            for index in chunk.indices {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                chunk[index] = state
            }
            try handle.write(contentsOf: chunk.withUnsafeBytes { Data($0) })
        }
        return url
    }

    private static func size(_ url: URL) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? -1
    }

    /// Runs `tool` with its output discarded (its errors too, `discardingErrors`); returns its
    /// exit status and peak resident memory (`wait4`'s `ru_maxrss`, KiB).
    static func spawn(_ tool: URL, _ arguments: [String], discardingErrors: Bool = false) -> (
        status: Int32, peakKiB: Int
    ) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        if discardingErrors { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        defer { posix_spawn_file_actions_destroy(&actions) }
        let argv = ([tool.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, tool.path, &actions, nil, argv, environ) == 0 else { return (-1, 0) }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        return ((status & 0x7f) == 0 ? (status >> 8) & 0xff : -1, Int(usage.ru_maxrss))
    }
}

/// A download in the benchmark did not complete.
struct DownloadFailure: Error, CustomStringConvertible {
    let tool: String
    let status: Int32
    var description: String { "\(tool) failed to download (exit status \(status))" }
}
