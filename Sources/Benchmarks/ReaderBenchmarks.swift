import FileFormats
import Foundation
import Localization

/// Issue 13: our own readers for `.xcstrings` (JSON) and `.stringsdict` (XML property lists)
/// against Foundation's parsers alone on the same bytes, reading one language against all,
/// and the peak heap while reading against the file's size.
struct ReaderBenchmarks {
    func run() throws -> [Figure] {
        let catalog = try Self.xcstrings()
        let stringsdict = try Self.stringsdict()
        return [
            xcstringsSpeed(catalog), xcstringsOneLanguage(catalog),
            peak(".xcstrings (20,000 entries)", catalog) { _ = XCStringsFile($0, path: "bench.xcstrings") },
            stringsdictSpeed(stringsdict),
            peak(".stringsdict (5,000 entries)", stringsdict) {
                _ = StringsDictParser.parse($0, path: "b.stringsdict")
            },
        ]
    }

    /// A 20,000-entry String Catalog in three languages, a tenth of its strings plurals.
    static func xcstrings() throws -> Data {
        var strings: [String: Any] = [:]
        for index in 0..<20_000 {
            var localizations: [String: Any] = [:]
            for language in ["en", "de", "ja"] {
                if index % 10 == 0 {
                    localizations[language] = [
                        "variations": [
                            "plural": [
                                "one": ["stringUnit": ["state": "translated", "value": "%lld file \(language)"]],
                                "other": ["stringUnit": ["state": "translated", "value": "%lld files \(language)"]],
                            ]
                        ]
                    ]
                } else {
                    localizations[language] = [
                        "stringUnit": ["state": "translated", "value": "Value \(index) in \(language): %@"]
                    ]
                }
            }
            strings["key.\(index)"] = ["localizations": localizations]
        }
        return try JSONSerialization.data(
            withJSONObject: ["sourceLanguage": "en", "strings": strings, "version": "1.0"],
            options: [.prettyPrinted, .sortedKeys])
    }

    /// A 5,000-entry `.stringsdict`, written by Foundation.
    static func stringsdict() throws -> Data {
        var root: [String: Any] = [:]
        for index in 0..<5_000 {
            root["items.\(index)"] = [
                "NSStringLocalizedFormatKey": "%#@count@ in folder \(index)",
                "count": [
                    "NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d",
                    "one": "%d item", "few": "%d items (few)", "many": "%d items (many)", "other": "%d items",
                ],
            ]
        }
        return try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)
    }

    /// Every language read, against `JSONSerialization` alone (which builds no catalog).
    func xcstringsSpeed(_ data: Data) -> Figure {
        var languages = 0
        let times = Measure.paired(
            rounds: 9,
            ours: { languages = XCStringsFile(data, path: "bench.xcstrings").languages.count },
            reference: { _ = try? JSONSerialization.jsonObject(with: data) })
        precondition(languages == 3)
        return Figure(
            name: "load a 20,000-entry .xcstrings (3 languages)", ours: times.ours, reference: times.reference,
            referenceName: "JSONSerialization alone", goal: .fasterBy(10),
            detail: String(
                format: "%.1f MB, ours %.0f MB/s", Double(data.count) / 1e6, Double(data.count) / 1e6 / times.ours))
    }

    /// One language of the three, against all of them, both ours.
    func xcstringsOneLanguage(_ data: Data) -> Figure {
        let german = LanguageTag("de")!
        var count = 0
        let times = Measure.paired(
            rounds: 9,
            ours: {
                count = XCStringsFile(data, path: "bench.xcstrings", languages: [german]).part(for: german).text.count
            },
            reference: { _ = XCStringsFile(data, path: "bench.xcstrings").part(for: german) })
        precondition(count == 18_000)
        return Figure(
            name: "load one language of a 3-language .xcstrings", ours: times.ours, reference: times.reference,
            referenceName: "all languages", goal: .atMost(0.5))
    }

    func stringsdictSpeed(_ data: Data) -> Figure {
        var loaded = 0
        let times = Measure.paired(
            rounds: 9,
            ours: { loaded = StringsDictParser.parse(data, path: "bench.stringsdict").entries.count },
            reference: { _ = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) })
        precondition(loaded == 5_000)
        return Figure(
            name: "load a 5,000-entry .stringsdict", ours: times.ours, reference: times.reference,
            referenceName: "PropertyListSerialization alone", goal: .fasterBy(5),
            detail: String(format: "%.1f MB", Double(data.count) / 1e6))
    }

    /// The most heap in use while reading (sampled every millisecond, the result kept until
    /// the end), above what was in use before, against the file's size.
    func peak(_ name: String, _ data: Data, read: (Data) -> Void) -> Figure {
        var peaks: [Double] = []
        for _ in 0..<3 {
            let before = HeapUsage.bytesInUse()
            let sampler = PeakSampler()
            sampler.start()
            read(data)
            let after = HeapUsage.bytesInUse()
            let peak = max(sampler.stop(), after)
            peaks.append(Double(max(0, peak - before)))
        }
        let size = Double(data.count) / 1e6
        return Figure(
            name: "\(name), peak heap while reading", ours: Measure.median(peaks) / 1e6, reference: size,
            referenceName: "file size", goal: .atMost(3), unit: "MB", detail: "sampled every ms, median of 3")
    }
}
