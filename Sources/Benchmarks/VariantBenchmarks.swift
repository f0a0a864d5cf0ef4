import Flavors
import Foundation
import TestSupport

/// Issue "Flavor dimensions": `Flavor.load` of a variant (`ProStaging`: three plists merged,
/// four catalog folders) against `Flavor.load` of a flavor (`Pro`: one plist, two folders) in
/// the same package without its `flavorkit.json`, each followed by every key's text, so that
/// the catalogs are read. Goal: at most 1.2×.
struct VariantBenchmarks {
    let dimensions: URL
    let flavor: URL

    init() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("variants-\(getpid())")
        dimensions = folder.appendingPathComponent("dimensions")
        flavor = folder.appendingPathComponent("flavor")
        try DimensionsFixture.write(in: dimensions)
        try DimensionsFixture.write(in: flavor)
        try FileManager.default.removeItem(at: flavor.appendingPathComponent("flavorkit.json"))
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: dimensions.deletingLastPathComponent())
    }

    /// Loads `name` from `root` and shows each of the fixture's texts.
    static func load(_ name: String, from root: URL) throws {
        let loaded = try Flavor.load(
            name, language: "fr", environment: [ResourceLocator.environmentVariable: root.path], executable: nil)
        let texts = [loaded.text("hello"), loaded.text("bye"), loaded.text("files", .int(2))]
        precondition(!texts.contains(where: \.isEmpty))
    }

    func run() throws -> [Figure] {
        let times = try Measure.paired(
            rounds: 41, ours: { try Self.load("ProStaging", from: dimensions) },
            reference: { try Self.load("Pro", from: flavor) })
        return [
            Figure(
                name: "Flavor.load of a variant (2 dimensions)", ours: times.ours, reference: times.reference,
                referenceName: "Flavor.load of a flavor", goal: .atMost(1.2))
        ]
    }
}
