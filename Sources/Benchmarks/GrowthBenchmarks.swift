import FileFormats
import Foundation
import Localization
import TransferCore

/// Issue 14: every reader takes time and memory linear in the file's size, whether the
/// content is spread over many lines or written on one. Time per byte at 10× and 100× the
/// content is compared with 1× (goal ≤ 2×); heap held by the result and the peak while
/// reading (sampled every millisecond) are compared with the file's size (goal ≤ 3×).
struct GrowthBenchmarks {
    /// A reader under test: its name, the content for a number of entries (in many lines or
    /// one) and the read, which keeps what it read alive until it returns it.
    struct Reader {
        let name: String
        let content: (_ entries: Int, _ oneLine: Bool) -> Data
        let read: (Data) -> Any
    }

    /// Entries at 1×; 10× and 100× scale it.
    static let baseEntries = 300
    /// A 10× run slower per byte than this many times 1× is not linear; its 100× run is
    /// skipped (it would take minutes) and reported as failing.
    static let hopeless = 8.0

    static var readers: [Reader] {
        [
            Reader(
                name: ".strings (UTF-8)",
                content: { entries, oneLine in
                    let text = GeneratedCatalog.text(entries: entries)
                    return Data((oneLine ? text.replacingOccurrences(of: "\n", with: " ") : text).utf8)
                },
                read: { data in (try? StringsParser.parse(data, path: "growth.strings")) as Any }),
            Reader(
                name: ".stringsdict",
                content: { entries, oneLine in Data(stringsdict(entries, oneLine: oneLine).utf8) },
                read: { data in StringsDictParser.parse(data, path: "growth.stringsdict") }),
            Reader(
                name: ".xcstrings", content: { entries, oneLine in Data(xcstrings(entries, oneLine: oneLine).utf8) },
                read: { data in XCStringsFile(data, path: "growth.xcstrings") }),
            Reader(
                name: "Info.plist (XML)",
                content: { entries, oneLine in Data(infoPlist(entries, oneLine: oneLine).utf8) },
                read: { data in
                    (try? PropertyListValues.members(of: data, path: "Info.plist", named: identityKeys)) as Any
                }),
            Reader(
                name: "Info.plist (binary)",
                content: { entries, _ in
                    let xml = Data(infoPlist(entries, oneLine: false).utf8)
                    let object = try! PropertyListSerialization.propertyList(from: xml, format: nil)
                    return try! PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
                },
                read: { data in
                    (try? PropertyListValues.members(of: data, path: "Info.plist", named: identityKeys)) as Any
                }),
            Reader(
                name: "queue file", content: { entries, oneLine in Data(queue(entries, oneLine: oneLine).utf8) },
                read: { data in (try? QueueFile.decode(data, path: "queue.json")) as Any }),
        ]
    }

    func run() -> [Figure] {
        Self.readers.flatMap { reader in
            [false, true].flatMap { oneLine in measure(reader, oneLine: oneLine) }
        }
    }

    private func measure(_ reader: Reader, oneLine: Bool) -> [Figure] {
        let shape = oneLine ? "one line" : "many lines"
        let base = reader.content(Self.baseEntries, oneLine)
        let basePerByte = secondsPerByte(reader, base, rounds: 15)
        var figures: [Figure] = []
        var largest = base
        for scale in [10, 100] {
            let name = "\(reader.name) in \(shape), time per byte at \(scale)× (\(Self.baseEntries * scale) entries)"
            if let last = figures.last, last.ours / last.reference > Self.hopeless {
                figures.append(
                    Figure(
                        name: name, ours: .infinity, reference: basePerByte * 1e9, referenceName: "1×",
                        goal: .atMost(2), unit: "ns/B", detail: "not run: 10× is already far from linear"))
                continue
            }
            let data = reader.content(Self.baseEntries * scale, oneLine)
            let perByte = secondsPerByte(reader, data, rounds: scale == 10 ? 7 : 3)
            figures.append(
                Figure(
                    name: name, ours: perByte * 1e9, reference: basePerByte * 1e9, referenceName: "1×",
                    goal: .atMost(2), unit: "ns/B", detail: String(format: "%.0f KB", Double(data.count) / 1e3)))
            largest = data
        }
        let (retained, peak) = memory(reader, largest)
        let size = Double(largest.count) / 1e6
        figures.append(
            Figure(
                name: "\(reader.name) in \(shape), heap held by what was read", ours: retained / 1e6, reference: size,
                referenceName: "file size", goal: .atMost(3), unit: "MB"))
        figures.append(
            Figure(
                name: "\(reader.name) in \(shape), peak heap while reading", ours: peak / 1e6, reference: size,
                referenceName: "file size", goal: .atMost(3), unit: "MB", detail: "sampled every ms"))
        return figures
    }

    /// The median time of a read over `rounds` rounds (after a warm-up), per byte.
    private func secondsPerByte(_ reader: Reader, _ data: Data, rounds: Int) -> Double {
        _ = reader.read(data)
        let times = (0..<rounds).map { _ in Measure.time { _ = reader.read(data) } }
        return Measure.median(times) / Double(data.count)
    }

    /// Heap bytes held by the result once read, and the most held while reading, both
    /// above what was in use before.
    private func memory(_ reader: Reader, _ data: Data) -> (retained: Double, peak: Double) {
        let before = HeapUsage.bytesInUse()
        let sampler = PeakSampler()
        sampler.start()
        let result = reader.read(data)
        let peak = sampler.stop()
        let after = HeapUsage.bytesInUse()
        withExtendedLifetime(result) {}
        return (Double(max(0, after - before)), Double(max(0, max(peak, after) - before)))
    }

    /// A `.stringsdict` of `entries` plural entries, indented or on one line.
    static func stringsdict(_ entries: Int, oneLine: Bool) -> String {
        let newline = oneLine ? "" : "\n"
        var text = #"<?xml version="1.0" encoding="UTF-8"?>"# + newline + #"<plist version="1.0">"# + newline
        text += "<dict>" + newline
        for index in 0..<entries {
            text += "  <key>files.\(index)</key>\(newline)  <dict>\(newline)"
            text += "    <key>NSStringLocalizedFormatKey</key><string>%#@n@ in folder \(index)</string>\(newline)"
            text += "    <key>n</key><dict>\(newline)"
            text += "      <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\(newline)"
            text += "      <key>NSStringFormatValueTypeKey</key><string>d</string>\(newline)"
            text += "      <key>one</key><string>%d file</string>\(newline)"
            text += "      <key>other</key><string>%d files</string>\(newline)"
            text += "    </dict>\(newline)  </dict>\(newline)"
        }
        return text + "</dict>" + newline + "</plist>" + newline
    }

    /// What a flavor reads of its `Info.plist`.
    static let identityKeys = ["CFBundleIdentifier", "FlavorLimits"]

    /// A flavor's `Info.plist` with `entries` more keys (usage descriptions, a document type
    /// each with a few fields), indented or on one line.
    static func infoPlist(_ entries: Int, oneLine: Bool) -> String {
        let newline = oneLine ? "" : "\n"
        var text = #"<?xml version="1.0" encoding="UTF-8"?>"# + newline + #"<plist version="1.0">"# + newline
        text += "<dict>" + newline
        text += "  <key>CFBundleIdentifier</key><string>com.example.app</string>\(newline)"
        text += "  <key>FlavorLimits</key><dict><key>concurrentTransfers</key><integer>2</integer></dict>\(newline)"
        for index in 0..<entries {
            text += "  <key>NSUsageDescription\(index)</key><string>Needed to open file \(index)</string>\(newline)"
            text += "  <key>Document\(index)</key><dict><key>Role</key><string>Viewer</string>"
            text +=
                "<key>Rank</key><integer>\(index)</integer><key>Types</key><array><string>public.data</string></array></dict>\(newline)"
        }
        return text + "</dict>" + newline + "</plist>" + newline
    }

    /// A queue file of `entries` transfers (downloads and uploads in every state), as the app
    /// writes it or on one line.
    static func queue(_ entries: Int, oneLine: Bool) -> String {
        let (newline, indent) = oneLine ? ("", "") : ("\n", "  ")
        let states = ["pending", "inProgress", "paused", "completed", "failed"]
        var text = "{\(newline)\(indent)\"transfers\" : [\(newline)"
        for index in 0..<entries {
            if index > 0 { text += ",\(newline)" }
            let download = index % 3 != 0
            let state = states[index % states.count]
            text += "\(indent)\(indent){\(newline)"
            text += "\(indent)\(indent)\(indent)\"bytesDone\" : \(index * 512),\(newline)"
            text += "\(indent)\(indent)\(indent)\"bytesTotal\" : \(index * 1024),\(newline)"
            text += "\(indent)\(indent)\(indent)\"file\" : \"Downloads/report-\(index).pdf\",\(newline)"
            text += "\(indent)\(indent)\(indent)\"id\" : \"t\(index)\",\(newline)"
            text += "\(indent)\(indent)\(indent)\"kind\" : \"\(download ? "download" : "upload")\",\(newline)"
            if state == "failed" {
                text += "\(indent)\(indent)\(indent)\"reason\" : \"The server answered 503\",\(newline)"
            }
            text += "\(indent)\(indent)\(indent)\"state\" : \"\(state)\",\(newline)"
            text += "\(indent)\(indent)\(indent)\"title\" : \"report-\(index).pdf\",\(newline)"
            text += "\(indent)\(indent)\(indent)\"url\" : \"http://example.com/files/report-\(index).pdf\"\(newline)"
            text += "\(indent)\(indent)}"
        }
        return text + "\(newline)\(indent)]\(newline)}\(newline)"
    }

    /// An `.xcstrings` catalog of `entries` keys in two languages, pretty-printed or compact.
    static func xcstrings(_ entries: Int, oneLine: Bool) -> String {
        let (newline, indent) = oneLine ? ("", "") : ("\n", "    ")
        var text = "{\(newline)\(indent)\"sourceLanguage\" : \"en\",\(newline)\(indent)\"strings\" : {\(newline)"
        for index in 0..<entries {
            if index > 0 { text += ",\(newline)" }
            text += "\(indent)\(indent)\"screen.\(index).label\" : { \"localizations\" : {\(newline)"
            text += "\(indent)\(indent)\(indent)\"en\" : { \"stringUnit\" : { \"state\" : \"translated\", "
            text += "\"value\" : \"Downloaded %1$@ of %2$@ (\(index))\" } },\(newline)"
            text += "\(indent)\(indent)\(indent)\"de\" : { \"stringUnit\" : { \"state\" : \"translated\", "
            text += "\"value\" : \"%1$@ von %2$@ geladen (\(index))\" } }\(newline)\(indent)\(indent)} }"
        }
        return text + "\(newline)\(indent)},\(newline)\(indent)\"version\" : \"1.0\"\(newline)}\(newline)"
    }
}

/// Samples the heap in use every millisecond on a thread of its own, keeping the highest.
final class PeakSampler: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var peak = 0
    private let done = DispatchSemaphore(value: 0)

    func start() {
        Thread.detachNewThread { [self] in
            while lock.withLock({ running }) {
                let now = HeapUsage.bytesInUse()
                lock.withLock { peak = max(peak, now) }
                usleep(1_000)
            }
            done.signal()
        }
    }

    /// Stops sampling and returns the highest heap in use seen.
    func stop() -> Int {
        lock.withLock { running = false }
        done.wait()
        return lock.withLock { peak }
    }
}
