import Foundation
import Localization
import TestSupport

/// Issue "Localization runtime": parsing, lookup, switching and memory of a 50,000-entry catalog.
struct CatalogBenchmarks {
    static let entries = 50_000
    let folder: URL
    let utf8: Data
    let utf16: Data

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flavorkit-bench-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        let text = GeneratedCatalog.text(entries: Self.entries)
        utf8 = Data(text.utf8)
        utf16 = GeneratedCatalog.utf16(text)
        // Three languages for a fallback chain: xx (a tenth of the keys), yy (half), en (all).
        try write(GeneratedCatalog.text(entries: Self.entries), language: "en")
        try write(GeneratedCatalog.text(entries: Self.entries / 2, variant: "yy "), language: "yy")
        try write(GeneratedCatalog.text(entries: Self.entries / 10, variant: "xx "), language: "xx")
        try write(GeneratedCatalog.text(entries: Self.entries, variant: "big "), language: "big")
        try write("\"hello\" = \"Hello\";\n", language: "zz")
    }

    private func write(_ text: String, language: String) throws {
        let file = folder.appendingPathComponent(Self.stringsPath(language))
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// `<language>.lproj/Localizable.strings`.
    static func stringsPath(_ language: String) -> String {
        CatalogFolderLayout.relativePath(language: LanguageTag(language)!, table: Catalog.defaultTable, kind: .strings)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    func run() throws -> [Figure] {
        [
            try parse(utf8, "parse 50,000-entry .strings (UTF-8)", goal: 15),
            try parse(utf16, "parse 50,000-entry .strings (UTF-16)", goal: 10),
            lookup(), switching(), try firstSwitch(), memory(),
        ]
    }

    /// Our reader plus building the catalog's table, against Foundation's parser alone.
    func parse(_ data: Data, _ name: String, goal: Double) throws -> Figure {
        var count = 0
        let times = try Measure.paired(
            rounds: 9,
            ours: {
                var catalog = Catalog(language: LanguageTag("en")!)
                catalog.overlay(try StringsParser.parse(data, path: "bench.strings"), table: Catalog.defaultTable)
                count = catalog.tables[Catalog.defaultTable]!.count
            },
            reference: {
                let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                precondition((object as? [String: String])?.count == Self.entries)
            })
        precondition(count == Self.entries)
        let megabytes = Double(data.count) / 1e6
        return Figure(
            name: name, ours: times.ours, reference: times.reference,
            referenceName: "PropertyListSerialization", goal: .fasterBy(goal),
            detail: String(
                format: "%.1f MB: ours %.0f MB/s, Foundation %.0f MB/s", megabytes,
                megabytes / times.ours, megabytes / times.reference))
    }

    /// A hot lookup through a three-language chain against a plain `[String: String]`.
    func lookup() -> Figure {
        let store = CatalogStore(folders: [folder])
        let localizer = Localizer(
            store: store, developmentLanguage: LanguageTag("en")!,
            preferences: [LanguageTag("xx")!, LanguageTag("yy")!])
        precondition(localizer.chain.map(\.description) == ["xx", "yy", "en"])
        var plain: [String: String] = [:]
        for index in 0..<Self.entries {
            plain[GeneratedCatalog.key(index)] = localizer.text(GeneratedCatalog.key(index))
        }
        var generator = SeededGenerator(seed: 42)
        let keys = (0..<Self.entries).map { _ in GeneratedCatalog.key(Int(generator.next() % UInt64(Self.entries))) }
        var sink = 0
        let times = Measure.paired(
            rounds: 15,
            ours: {
                for key in keys { sink &+= localizer.text(key).utf8.count }
            },
            reference: {
                for key in keys { sink &+= plain[key, default: key].utf8.count }
            })
        precondition(sink != 0)
        let count = Double(keys.count)
        return Figure(
            name: "Localizer lookup, 3-language chain", ours: times.ours / count,
            reference: times.reference / count, referenceName: "[String: String]", goal: .atMost(1.2))
    }

    /// Switching between two loaded languages, per switch; goal under 1 µs.
    func switching() -> Figure {
        let store = CatalogStore(folders: [folder])
        let localizer = Localizer(store: store, developmentLanguage: LanguageTag("en")!)
        let first = [LanguageTag("xx")!], second = [LanguageTag("yy")!]
        localizer.setPreferences(first)
        localizer.setPreferences(second)
        let switches = 20_000
        var times: [Double] = []
        for _ in 0..<9 {
            times.append(
                Measure.time {
                    for _ in 0..<switches / 2 {
                        localizer.setPreferences(first)
                        localizer.setPreferences(second)
                    }
                } / Double(switches))
        }
        return Figure(
            name: "switch between two loaded languages", ours: Measure.median(times), reference: 1e-6,
            referenceName: "the 1 µs budget", goal: .atMost(1))
    }

    /// The first switch to a 50,000-entry language, against `Bundle(path:)` and its first
    /// `localizedString` (each round in a folder Foundation has not cached).
    func firstSwitch() throws -> Figure {
        let rounds = 7
        var bundles: [URL] = []
        for round in 0...rounds + 1 {
            let bundle = folder.appendingPathComponent("bundle\(round).bundle")
            let english = bundle.appendingPathComponent(Self.stringsPath("en"))
            try FileManager.default.createDirectory(
                at: english.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.linkItem(at: folder.appendingPathComponent(Self.stringsPath("big")), to: english)
            bundles.append(bundle)
        }
        let key = GeneratedCatalog.key(4)
        var nextBundle = 0
        var ourValue = "", foundationValue = ""
        let times = Measure.paired(
            rounds: rounds,
            ours: {
                let store = CatalogStore(folders: [folder])
                let localizer = Localizer(store: store, developmentLanguage: LanguageTag("zz")!)
                localizer.setPreferences([LanguageTag("big")!])
                ourValue = localizer.text(key)
            },
            reference: {
                let bundle = Bundle(path: bundles[nextBundle].path)!
                nextBundle += 1
                foundationValue = bundle.localizedString(forKey: key, value: nil, table: nil)
            })
        precondition(ourValue == foundationValue, "\(ourValue) ≠ \(foundationValue)")
        return Figure(
            name: "first switch to a 50,000-entry language", ours: times.ours, reference: times.reference,
            referenceName: "Bundle(path:) + first localizedString", goal: .fasterBy(5))
    }

    /// Heap bytes held by the loaded 50,000-entry catalog, against the file's size.
    func memory() -> Figure {
        let file = folder.appendingPathComponent(Self.stringsPath("big"))
        let size = Double((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0)
        let before = HeapUsage.bytesInUse()
        let store = CatalogStore(folders: [folder])
        let catalog = store.catalog(for: LanguageTag("big")!)
        let after = HeapUsage.bytesInUse()
        precondition(catalog?.tables[Catalog.defaultTable]?.count == Self.entries)
        return Figure(
            name: "memory of the loaded 50,000-entry catalog", ours: Double(after - before) / 1e6,
            reference: size / 1e6, referenceName: "file size", goal: .atMost(3), unit: "MB")
    }
}
