import AppTesting
import Foundation
import TestSupport
import Testing

/// The README's promise, checked on the built executables' symbol tables (binutils `nm`):
/// code only Regular ships is absent from Light.
@Suite("What each binary contains")
struct BinarySymbolTests {
    /// Regular-only code as Swift mangles its names: the module, then each name after its
    /// length, with `O` after an enum's.
    static let regularOnly: [(what: String, mangled: String)] = [
        ("the saved queue's change under the lock", "15RegularFeatures10SavedQueueO5apply"),
        ("the uploads filter", "15RegularFeatures7UploadsO7visible"),
        ("the queue-control commands", "15RegularFeatures12QueueControlO8commands"),
        ("what pause, resume and cancel do", "15RegularFeatures12QueueControlO7CommandO7perform"),
        ("the move and prioritize commands", "15RegularFeatures10QueueOrderO8commands"),
        ("what move and prioritize do", "15RegularFeatures10QueueOrderO4move"),
        ("the upload attempt", "15RegularFeatures7UploadsO7attempt"),
    ]

    /// The names of the symbols `product` defines.
    static func symbols(_ product: String) throws -> [String] {
        let binary = try #require(AppRunner.binary(product), "build the \(product) product first")
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = path.split(separator: ":").map {
            URL(fileURLWithPath: String($0)).appendingPathComponent("nm")
        }
        let nm = try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "nm (binutils) is not on PATH")
        let result = try AppRunner.runBinary(nm, ["--defined-only", "--format=posix", binary.path])
        try #require(result.status == 0, "nm failed: \(result.errors)")
        return result.output.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    @Test("Light defines no symbol of RegularFeatures; Regular defines the ones looked for")
    func lightLacksRegularFeatures() throws {
        let light = try Self.symbols("Light"), regular = try Self.symbols("Regular")
        #expect(light.contains { $0.contains("12TransferCore9QueueFileO4load") }, "nm reads Light's own core")
        let leaked = light.filter { $0.contains("RegularFeatures") }
        #expect(leaked.isEmpty, "Light defines \(leaked.count) symbols of RegularFeatures, such as \(leaked.prefix(3))")
        for (what, mangled) in Self.regularOnly {
            #expect(!light.contains { $0.contains(mangled) }, "Light contains \(what)")
            #expect(regular.contains { $0.contains(mangled) }, "Regular lacks \(what): the test looks for a wrong name")
        }
    }

    /// The shared libraries `product` names to be loaded with it (`readelf -d`, ELF only).
    static func neededLibraries(_ product: String) throws -> [String] {
        let binary = try #require(AppRunner.binary(product), "build the \(product) product first")
        let readelf = try SystemTool.require("readelf", package: "binutils")
        let result = try AppRunner.runBinary(readelf, ["-d", binary.path])
        try #require(result.status == 0, "readelf failed: \(result.errors)")
        return result.output.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            line.split(separator: "[", maxSplits: 1).last.map { String($0.prefix { $0 != "]" }) }
        }
    }

    /// On Linux Foundation is several libraries (elsewhere it is the system's own).
    static let foundationIsSplit: Bool = {
        #if os(Linux)
        true
        #else
        false
        #endif
    }()

    @Test(
        "the flavors load neither Foundation's networking (libcurl and some thirty libraries) nor ICU at start-up; the agent loads the networking",
        .enabled(if: foundationIsSplit))
    func startUpLibraries() throws {
        let heavy = [
            "libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so",
            "libFoundationNetworking.so",
        ]
        for product in ["Light", "Regular"] {
            let needed = try Self.neededLibraries(product)
            #expect(needed.contains("libFoundationEssentials.so"), "\(product): \(needed)")
            #expect(Set(needed).isDisjoint(with: heavy), "\(product) loads \(Set(needed).intersection(heavy).sorted())")
        }
        #expect(try Self.neededLibraries("TransferAgent").contains("libFoundationNetworking.so"))
    }
}
