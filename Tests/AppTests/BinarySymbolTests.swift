import AppTesting
import Foundation
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

    /// The names of the symbols `product` defines, or with `undefined` takes from libraries.
    static func symbols(_ product: String, undefined: Bool = false) throws -> [String] {
        let binary = try #require(AppRunner.binary(product), "build the \(product) product first")
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = path.split(separator: ":").map {
            URL(fileURLWithPath: String($0)).appendingPathComponent("nm")
        }
        let nm = try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "nm (binutils) is not on PATH")
        let which = undefined ? "--undefined-only" : "--defined-only"
        let result = try AppRunner.runBinary(nm, [which, "--format=posix", binary.path])
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

    /// FoundationNetworking is a library of its own on Linux only (elsewhere it is Foundation).
    static let networkingIsSeparate: Bool = {
        #if canImport(FoundationNetworking)
        true
        #else
        false
        #endif
    }()

    @Test(
        "only the transfer agent uses FoundationNetworking: the flavors start without loading it",
        .enabled(if: networkingIsSeparate))
    func onlyTheAgentUsesNetworking() throws {
        for product in ["Light", "Regular"] {
            let used = try Self.symbols(product, undefined: true).filter { $0.contains("20FoundationNetworking") }
            #expect(
                used.isEmpty, "\(product) uses \(used.count) symbols of FoundationNetworking, such as \(used.prefix(3))"
            )
        }
        let agent = try Self.symbols("TransferAgent", undefined: true)
        #expect(agent.contains { $0.contains("20FoundationNetworking") }, "the test looks for a wrong name")
    }
}
