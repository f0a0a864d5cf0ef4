import CatalogFiles
import Foundation
import Localization

/// Issue "merge-catalogs is quadratic": `flavorkit merge-catalogs`, git's merge driver, run as
/// git runs it (the release binary, a process) on three versions of one catalog, against
/// reading the three files in this process as the merge reads them, in the same run:
/// `Data(contentsOf:)` and `JSONValue(document:)` of each String Catalog, or the text and
/// `StringsParser.parse` of each `.strings` file. That is the least any merge by meaning does,
/// so the ratio is what merging and writing the result add (and the process's start). Theirs
/// adds a key in ten, spread through Xcode's order, and changes a unit in twenty; ours adds a
/// key in a hundred and changes other units: a clean merge, checked once after the rounds.
/// OURS is put back before each merge, outside its time. The largest catalog's merge is also
/// weighed: its peak resident memory against the three files' combined size. `flavorkit` is
/// brought up to date first, built as the README installs the merge driver.
struct MergeBenchmarks {
    static let languages = ["en", "de", "es", "fr", "ja", "pt-BR", "ru", "zh-Hans"]
    let flavorkit: URL
    let folder: URL

    init() throws {
        // Built as the README installs git's merge driver: a release build with Swift's
        // libraries linked in (`--static-swift-stdlib`), in a build folder of its own so that
        // the other release builds do not relink it.
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let build = [
            "swift", "build", "--package-path", package.path, "--scratch-path",
            package.appendingPathComponent(".build/static").path, "-c", "release", "--product", "flavorkit",
            "--static-swift-stdlib",
        ]
        _ = ChildProcess.run(StartupBenchmarks.env, build)
        let binaries = String(
            decoding: ChildProcess.run(StartupBenchmarks.env, build + ["--show-bin-path"]), as: UTF8.self)
        flavorkit = URL(fileURLWithPath: binaries.trimmingCharacters(in: .whitespacesAndNewlines))
            .appendingPathComponent("flavorkit")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("merge-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard FileManager.default.isExecutableFile(atPath: flavorkit.path) else {
            throw StartupBenchmarks.StartupError(message: "could not build \(flavorkit.path)")
        }
    }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    /// The three versions of one file, and OURS as it was before the merge wrote into it.
    struct Versions {
        let base: URL
        let ours: URL
        let theirs: URL
        let pristine: Data
        /// The three files' combined size, in bytes.
        let bytes: Int
    }

    func run() throws -> [Figure] {
        // Few languages make the keys the work (placing them, comparing them); eight make the
        // text the work. The largest catalog, about 200 MB a version, takes about a minute
        // and a half (writing it, then three rounds and a warm-up of each side); the group
        // about two minutes.
        try catalogFigures(keys: 10_000, languages: 2, rounds: 9)
            + catalogFigures(keys: 100_000, languages: 2, rounds: 5)
            + catalogFigures(keys: 150_000, languages: Self.languages.count, rounds: 3, weighed: true)
            + [stringsFigure(entries: 100_000, rounds: 5), stringsConflictFigure(entries: 100_000, rounds: 5)]
    }

    // MARK: String Catalogs

    /// Merging String Catalogs of `keys` keys (after the merge) against reading the three
    /// files; `weighed`: also the merge's peak resident memory against their combined size.
    private func catalogFigures(keys: Int, languages: Int, rounds: Int, weighed: Bool = false) throws -> [Figure] {
        let versions = try write("\(keys)-\(languages).xcstrings") { version in
            StringCatalogWriter.write(Self.catalog(keys: keys, languages: languages, version: version))
        }
        let times = try merged(versions, rounds: rounds) {
            for url in [versions.base, versions.ours, versions.theirs] {
                _ = try JSONValue(document: try Data(contentsOf: url), path: url.path)
            }
        }
        let catalog = StringCatalog(contentsOf: versions.ours)
        precondition(
            catalog.errors.isEmpty && catalog.entries.count == keys
                && catalog[Self.key(3)] != nil && catalog[Self.key(7)] != nil
                && catalog[Self.key(20)]?.localizations["de"]?.stringUnit?.value.hasSuffix("(theirs)") == true
                && catalog[Self.key(30)]?.localizations["de"]?.stringUnit?.value.hasSuffix("(ours)") == true,
            "the merge of \(versions.ours.lastPathComponent) is not the expected one")
        let detail = String(format: "%.1f MB in all, %d languages", Double(versions.bytes) / 1e6, languages)
        var figures = [
            Figure(
                name: "merge-catalogs of a String Catalog of \(keys / 1000)k keys, a process", ours: times.ours,
                reference: times.reference,
                referenceName: "reading the three files (JSONValue(document:) ×3, in process)", goal: .atMost(2),
                detail: detail)
        ]
        if weighed {
            figures.append(
                Figure(
                    name: "merge-catalogs peak memory, \(keys / 1000)k keys", ours: Double(times.peakKiB) / 1024,
                    reference: Double(versions.bytes) / 1_048_576, referenceName: "the three files",
                    goal: .atMost(3), unit: "MiB", detail: detail))
        }
        return figures
    }

    /// One version of the benchmark's catalog: every key but those added by the others,
    /// each with a comment now and then, a unit in each language (a plural now and then),
    /// and the version's changes.
    static func catalog(keys: Int, languages: Int, version: Version) -> StringCatalog {
        var catalog = StringCatalog(sourceLanguage: "en")
        var entries: [StringCatalog.Entry] = []
        entries.reserveCapacity(keys)
        for index in 0..<keys where version.has(index) {
            var entry = StringCatalog.Entry(key: key(index))
            if index % 4 == 0 { entry.comment = "Shown on screen \(index / 1000), item \(index)." }
            for language in Self.languages.prefix(languages) {
                let text = "\(language) text of item \(index)" + (language == "de" ? version.change(index) : "")
                var localization = StringCatalog.Localization()
                if index % 25 == 0 {
                    localization.variations = StringCatalog.Variations(
                        plural: KeyedList([
                            ("one", .init(stringUnit: .init("%lld \(text)"))),
                            ("other", .init(stringUnit: .init("%lld \(text)s"))),
                        ]))
                } else {
                    localization.stringUnit = .init(text)
                }
                entry.localizations.append(localization, for: language)
            }
            entries.append(entry)
        }
        catalog.append(contentsOf: entries)
        return catalog
    }

    /// Key `index`, in Xcode's order as the indexes go.
    static func key(_ index: Int) -> String { String(format: "screen%03d.item%06d.label", index / 1000, index) }

    /// Which version of a catalog: the keys each adds and the units each changes.
    enum Version: CaseIterable {
        case base, ours, theirs

        /// Whether the version has key `index`: theirs adds one in ten, ours one in a hundred.
        func has(_ index: Int) -> Bool {
            switch self {
            case .base: index % 10 != 3 && index % 100 != 7
            case .ours: index % 10 != 3
            case .theirs: index % 100 != 7
            }
        }

        /// What the version appends to a unit of key `index`: theirs changes one in twenty, ours others.
        func change(_ index: Int) -> String {
            switch self {
            case .base: ""
            case .ours: index % 20 == 10 ? " (ours)" : ""
            case .theirs: index % 20 == 0 ? " (theirs)" : ""
            }
        }
    }

    // MARK: .strings

    /// Merging `.strings` files of `entries` entries (after the merge) against reading the three.
    private func stringsFigure(entries: Int, rounds: Int) throws -> Figure {
        let versions = try write("\(entries).strings") { version in
            Data(Self.strings(entries: entries, version: version).utf8)
        }
        let times = try merged(versions, rounds: rounds) {
            for url in [versions.base, versions.ours, versions.theirs] {
                _ = try StringsParser.parse(try String(contentsOf: url, encoding: .utf8), path: url.path)
            }
        }
        let merged = try StringsParser.parse(try Data(contentsOf: versions.ours), path: versions.ours.path)
        precondition(
            merged.table.count == entries && merged.table[Self.key(20)]?.hasSuffix("(theirs)") == true
                && merged.table[Self.key(30)]?.hasSuffix("(ours)") == true,
            "the merge of \(versions.ours.lastPathComponent) is not the expected one")
        return Figure(
            name: "merge-catalogs of a .strings file of \(entries / 1000)k entries, a process", ours: times.ours,
            reference: times.reference, referenceName: "reading the three files (StringsParser ×3, in process)",
            goal: .atMost(2), detail: String(format: "%.1f MB in all", Double(versions.bytes) / 1e6))
    }

    /// Merging `.strings` files of `entries` entries in genstrings' layout (each with the same
    /// comment, a blank line after it) where one in twenty is changed in ours and removed in
    /// theirs: that many conflicts marked among thousands of identical comment lines, against
    /// the clean merge of as many changes (theirs removes the entries after ours' instead).
    private func stringsConflictFigure(entries: Int, rounds: Int) throws -> Figure {
        func text(removing removed: Int?, changing changed: Int?) -> Data {
            var text = ""
            text.reserveCapacity(entries * 100)
            for index in 0..<entries where index % 20 != removed {
                let change = index % 20 == changed ? " (ours)" : ""
                text +=
                    "/* No comment provided by engineer. */\n\"\(Self.key(index))\" = \"Text of item \(index)\(change)\";\n\n"
            }
            return Data(text.utf8)
        }
        let ours = text(removing: nil, changing: 5)
        let files = [
            "base": text(removing: nil, changing: nil), "theirs": text(removing: 5, changing: nil),
            "clean-theirs": text(removing: 6, changing: nil), "ours": ours, "clean-ours": ours,
        ]
        var urls: [String: URL] = [:]
        for (name, data) in files {
            urls[name] = folder.appendingPathComponent("\(name)-conflicts-\(entries).strings")
            try data.write(to: urls[name]!)
        }
        func merge(_ theirs: String, _ ours: String, status: Int32) {
            let run = DownloadBenchmarks.spawn(
                flavorkit, ["merge-catalogs", urls["base"]!.path, urls[ours]!.path, urls[theirs]!.path],
                discardingErrors: true)
            precondition(run.status == status, "merge-catalogs exited with \(run.status), not \(status)")
        }
        let times = try Measure.paired(
            rounds: rounds,
            prepare: {
                try ours.write(to: urls["ours"]!)
                try ours.write(to: urls["clean-ours"]!)
            },
            ours: { merge("theirs", "ours", status: 1) }, reference: { merge("clean-theirs", "clean-ours", status: 0) })
        let merged = try String(contentsOf: urls["ours"]!, encoding: .utf8)
        precondition(
            merged.components(separatedBy: "<<<<<<< ours\n").count - 1 == entries / 20,
            "the merge of \(urls["ours"]!.lastPathComponent) does not mark each conflict")
        return Figure(
            name: "merge-catalogs of a .strings file of \(entries / 1000)k entries, \(entries / 20) conflicts",
            ours: times.ours, reference: times.reference,
            referenceName: "the clean merge of as many changes (both processes)", goal: .atMost(2),
            detail: String(format: "%.1f MB a version", Double(ours.count) / 1e6))
    }

    /// One version of the benchmark's `.strings` file: a comment on every other entry; the
    /// keys and changes of `Version`, theirs' new keys where theirs has them.
    static func strings(entries: Int, version: Version) -> String {
        var text = "/* Generated for the merge benchmark. */\n\n"
        text.reserveCapacity(entries * 100)
        for index in 0..<entries where version.has(index) {
            if index % 2 == 0 { text += "/* Shown on screen \(index / 1000). */\n" }
            text += "\"\(key(index))\" = \"Text of item \(index)\(version.change(index))\";\n"
        }
        return text
    }

    // MARK: Running

    /// Writes the three versions (`content` of each) into the scratch folder.
    private func write(_ name: String, _ content: (Version) -> Data) throws -> Versions {
        var urls: [URL] = []
        var bytes = 0
        var pristine = Data()
        for version in Version.allCases {
            let url = folder.appendingPathComponent("\(version)-\(name)")
            let data = content(version)
            try data.write(to: url)
            bytes += data.count
            if version == .ours { pristine = data }
            urls.append(url)
        }
        return Versions(base: urls[0], ours: urls[1], theirs: urls[2], pristine: pristine, bytes: bytes)
    }

    /// Times `flavorkit merge-catalogs` on `versions` (OURS put back before each run, outside
    /// the time) against `reference`; `peakKiB`: the largest peak resident memory of a merge.
    private func merged(_ versions: Versions, rounds: Int, reference: () throws -> Void) throws
        -> (ours: Double, reference: Double, peakKiB: Int)
    {
        let arguments = ["merge-catalogs", versions.base.path, versions.ours.path, versions.theirs.path]
        var peakKiB = 0
        let times = try Measure.paired(
            rounds: rounds,
            prepare: { try versions.pristine.write(to: versions.ours) },
            ours: {
                let run = DownloadBenchmarks.spawn(flavorkit, arguments)
                precondition(run.status == 0, "merge-catalogs exited with \(run.status)")
                peakKiB = max(peakKiB, run.peakKiB)
            },
            reference: reference)
        return (times.ours, times.reference, peakKiB)
    }
}
