import Foundation
import Localization

/// Issue 39: a String Catalog of 100,000 keys in 40 languages (plurals in each language's own
/// categories, device variations, comments, every state; about 1 GB) read by every command
/// that reads catalogs, each a release `flavorkit` process, and by the runtime's load of one
/// language, in process. Each is measured on a 3,000-key catalog (about 30 MB; median of 3
/// rounds) and on the large one (one round, or the median of 3 for a reader done in a few
/// seconds: one such run swings by half on a shared machine); time per byte at the large size
/// must stay within 1.5× of the small size's, and peak memory within 3× the file (1.2× for
/// the runtime).
/// `--scale-keys=N` sets the large size (to try it smaller first). Not in the default run: it
/// writes three large catalogs and runs the commands on each, minutes at 1 GB.
struct ScaleBenchmarks {
    static let languages = [
        "en", "de", "es", "fr", "ja", "pt-BR", "ru", "zh-Hans", "ar", "it", "ko", "nl", "pl", "sv", "tr", "uk", "cs",
        "da", "fi", "el", "he", "hi", "hu", "id", "ms", "nb", "ro", "sk", "th", "vi", "ca", "hr", "zh-Hant", "pt-PT",
        "es-MX", "fr-CA", "en-GB", "en-AU", "bg", "sl",
    ]
    static let smallKeys = 3_000
    static let largeKeys =
        CommandLine.arguments.lazy.compactMap { $0.hasPrefix("--scale-keys=") ? Int($0.dropFirst(13)) : nil }.first
        ?? 100_000
    /// Keys changed on each side of the merge.
    static let mergeChanges = 1_000
    /// A reader whose first round took less than this many seconds gets three rounds (one in
    /// a quick run) when fewer were asked.
    static let shortSeconds = 5.0

    let folder: URL
    let flavorkit: URL

    init() throws {
        flavorkit = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("flavorkit")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flavorkit-scale-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = ChildProcess.run(StartupBenchmarks.env, ["swift", "build", "-c", "release", "--product", "flavorkit"])
        guard FileManager.default.isExecutableFile(atPath: flavorkit.path) else {
            throw StartupBenchmarks.StartupError(message: "could not build \(flavorkit.path)")
        }
    }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    /// What one reader took on one catalog: its size, the median time, the peak memory.
    struct Run {
        var bytes: Int
        var seconds: Double
        var peakBytes: Int
    }

    func run() throws -> [Figure] {
        let small = try measure(keys: Self.smallKeys, rounds: Measure.rounds(3))
        let large = try measure(keys: Self.largeKeys, rounds: 1)
        let size = String(format: "%.0f MB", Double(large.first!.run.bytes) / 1e6)
        let smallSize = String(format: "%.0f MB", Double(small.first!.run.bytes) / 1e6)
        return zip(small, large).flatMap { small, large -> [Figure] in
            let perByte = { (run: Run) in run.seconds / Double(run.bytes) * 1e9 }
            let inProcess = small.name.hasPrefix("runtime")
            return [
                Figure(
                    name: "\(large.name), time per byte at \(size)", ours: perByte(large.run),
                    reference: perByte(small.run), referenceName: "at \(smallSize)", goal: .atMost(1.5), unit: "ns/B",
                    detail: String(
                        format: "%.2f s at %@, %.3f s at %@", large.run.seconds, size, small.run.seconds, smallSize)),
                Figure(
                    name: "\(large.name), peak memory at \(size)", ours: Double(large.run.peakBytes) / 1e6,
                    reference: Double(large.run.bytes) / 1e6, referenceName: "file size",
                    goal: .atMost(inProcess ? 1.2 : 3), unit: "MB",
                    detail: inProcess ? "heap, sampled every ms" : "the process's peak resident memory"),
            ]
        }
    }

    /// Every reader on a catalog of `keys` keys.
    private func measure(keys: Int, rounds: Int) throws -> [(name: String, run: Run)] {
        let base = folder.appendingPathComponent("\(keys)")
        let package = base.appendingPathComponent("package")
        let localizations = package.appendingPathComponent("Localizations")
        try FileManager.default.createDirectory(at: localizations, withIntermediateDirectories: true)
        let catalog = localizations.appendingPathComponent("Localizable.xcstrings")
        let versions = ["base", "ours", "theirs"].map { base.appendingPathComponent("\($0).xcstrings") }
        let bytes = try Self.write(keys: keys, to: versions)
        defer { try? FileManager.default.removeItem(at: base) }
        try FileManager.default.copyItem(at: versions[0], to: catalog)

        var results: [(name: String, run: Run)] = []
        /// `statuses`: the exit statuses that mean the command did its work (lint and status
        /// report findings and incomplete languages with 1).
        func process(
            _ name: String, prepare: () throws -> Void = {}, statuses: Set<Int32> = [0], _ arguments: [String]
        ) throws {
            var times: [Double] = [], peak = 0
            while Self.wantsRound(times, rounds) {
                try prepare()
                var child = ChildProcess.Finished()
                times.append(Measure.time { child = ChildProcess.finished(flavorkit, arguments) })
                guard statuses.contains(child.status) else {
                    throw StartupBenchmarks.StartupError(
                        message: "flavorkit \(arguments.joined(separator: " ")) exited with \(child.status): "
                            + String(decoding: child.errors.suffix(2_000), as: UTF8.self))
                }
                peak = max(peak, child.peakBytes)
            }
            results.append((name, Run(bytes: bytes, seconds: Measure.median(times), peakBytes: peak)))
        }
        try process("lint", statuses: [0, 1], ["lint", "--root", package.path])
        try process("status", statuses: [0, 1], ["status", "--root", package.path])
        for format in ["json", "strings", "stringsdict", "xcstrings", "xliff", "xcloc", "po", "pot"] {
            let output = base.appendingPathComponent("out-\(format)").path + "/"
            try process(
                "export --format \(format) --lang de",
                ["export", "--root", package.path, "--format", format, "--lang", "de", "--output", output])
        }
        let po = try changedGermanPO(flavorkit: flavorkit, package: package, into: base)
        try process(
            "import of a German PO (every 10th message changed)",
            prepare: {
                try FileManager.default.removeItem(at: catalog)
                try FileManager.default.copyItem(at: versions[0], to: catalog)
            }, ["import", "--root", package.path, po.path])
        let merged = base.appendingPathComponent("merged.xcstrings")
        try process(
            "merge-catalogs, \(Self.mergeChanges) keys changed on each side",
            prepare: {
                try? FileManager.default.removeItem(at: merged)
                try FileManager.default.copyItem(at: versions[1], to: merged)
            }, ["merge-catalogs", versions[0].path, merged.path, versions[2].path, "Localizable.xcstrings"])
        try process(
            "generate-symbols",
            ["generate-symbols", "--root", package.path, "--output", base.appendingPathComponent("L10n.swift").path])
        results.append(
            ("runtime: load one language (de)", try runtimeLoad(localizations, bytes: bytes, rounds: rounds)))
        return results
    }

    /// Whether a reader that took `times` so far runs again: `rounds` in all, or three when
    /// its first round took less than `shortSeconds` (one in a quick run).
    private static func wantsRound(_ times: [Double], _ rounds: Int) -> Bool {
        times.count < rounds || (times.count < Measure.rounds(3) && (times.first ?? 0) < shortSeconds)
    }

    /// The runtime's first load of German from the folder, in process: median time, and the
    /// peak heap above what was in use before, sampled every millisecond.
    private func runtimeLoad(_ localizations: URL, bytes: Int, rounds: Int) throws -> Run {
        var times: [Double] = [], peak = 0
        let german = LanguageTag("de")!
        while Self.wantsRound(times, rounds) {
            let before = HeapUsage.bytesInUse()
            let sampler = PeakSampler()
            sampler.start()
            var catalog: Catalog?
            times.append(Measure.time { catalog = CatalogStore(folders: [localizations]).catalog(for: german) })
            peak = max(peak, sampler.stop() - before)
            precondition(catalog?.isEmpty == false, "the runtime loaded no German")
        }
        return Run(bytes: bytes, seconds: Measure.median(times), peakBytes: peak)
    }

    // MARK: The catalog

    /// Writes the catalog of `keys` keys three times, as Xcode lays it out: the base, ours
    /// and theirs (each with `mergeChanges` other keys changed in every language). Returns the
    /// base's size.
    static func write(keys: Int, to files: [URL]) throws -> Int {
        let handles = try files.map { file in
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            return try FileHandle(forWritingTo: file)
        }
        defer { handles.forEach { try? $0.close() } }
        let header = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        for handle in handles { handle.write(Data(header.utf8)) }
        var written = header.utf8.count
        let categories = languages.map { language in
            PluralRules.rules(for: LanguageTag(language)!).categories.map(\.rawValue)
        }
        let spacing = max(1, keys / mergeChanges)
        var chunks = Array(repeating: "", count: files.count)
        for index in 0..<keys {
            let last = index == keys - 1
            let side = index % spacing == 1 ? 1 : index % spacing == 2 ? 2 : 0
            let text = entry(index, categories: categories, changed: "") + (last ? "\n" : ",\n")
            for version in chunks.indices {
                chunks[version] +=
                    side != 0 && side == version
                    ? entry(index, categories: categories, changed: version == 1 ? " (ours)" : " (theirs)")
                        + (last ? "\n" : ",\n") : text
            }
            written += text.utf8.count
            if chunks[0].utf8.count > 1 << 22 || last {
                for (handle, chunk) in zip(handles, chunks) { handle.write(Data(chunk.utf8)) }
                chunks = Array(repeating: "", count: files.count)
            }
        }
        let footer = "  },\n  \"version\" : \"1.0\"\n}\n"
        for handle in handles { handle.write(Data(footer.utf8)) }
        return written + footer.utf8.count
    }

    /// One key in every language: a plural in the language's own categories every 25th key,
    /// a device variation every 50th, else a string; a comment on every 4th; states new,
    /// needs_review and stale now and then, some languages missing, now and then a stale key.
    private static func entry(_ index: Int, categories: [[String]], changed: String) -> String {
        var text = "    \"screen\(index % 97).section\(index).label\" : {\n"
        if index % 4 == 0 { text += "      \"comment\" : \"Shown on screen \(index % 97), section \(index).\",\n" }
        if index % 101 == 5 { text += "      \"extractionState\" : \"stale\",\n" }
        text += "      \"localizations\" : {\n"
        var first = true
        for (number, language) in languages.enumerated() {
            if number > 0, index % 67 == number { continue }
            let state =
                number == 0
                ? "translated"
                : index % 53 == number
                    ? "needs_review" : index % 59 == number ? "new" : index % 61 == number ? "stale" : "translated"
            let words = "\(language) files\(changed) downloaded to this device, tap to open them in a folder"
            text += first ? "" : ",\n"
            first = false
            text += "        \"\(language)\" : {\n"
            func unit(_ value: String, indent: String) -> String {
                "\(indent)\"stringUnit\" : {\n\(indent)  \"state\" : \"\(state)\",\n\(indent)  \"value\" : \"\(value)\"\n\(indent)}\n"
            }
            if index % 25 == 0 {
                text += "          \"variations\" : {\n            \"plural\" : {\n"
                text += categories[number].map { category in
                    "              \"\(category)\" : {\n"
                        + unit("%lld \(words) \(category) \(index)", indent: "                ") + "              }"
                }.joined(separator: ",\n")
                text += "\n            }\n          }\n"
            } else if index % 50 == 11 {
                text += "          \"variations\" : {\n            \"device\" : {\n"
                text += ["iphone", "mac", "other"].map { device in
                    "              \"\(device)\" : {\n"
                        + unit("Tap %@ on \(device): \(words) \(index)", indent: "                ") + "              }"
                }.joined(separator: ",\n")
                text += "\n            }\n          }\n"
            } else {
                text += unit("%1$@ of %2$@ \(words), “\(index)”", indent: "          ")
            }
            text += "        }"
        }
        return text + "\n      }\n    }"
    }
}
