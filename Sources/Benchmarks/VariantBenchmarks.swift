import Flavors
import Foundation
import TestSupport

/// Issue "Flavor dimensions": `Flavor.load` of a variant (`ProStaging`: three plists merged,
/// four catalog folders) against `Flavor.load` of a flavor holding the same catalog files in
/// its one folder (`Pro`, in the same package without `flavorkit.json`: one plist, two
/// folders), each followed by every key's text, so that the catalogs are read: the cost of
/// the layers, not of more text. Twice: with the fixture's two shared keys (all layers, next
/// to nothing else), and with 300 more shared keys in each language, a small app's catalog.
/// Goal: at most 1.2×.
struct VariantBenchmarks {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("variants-\(getpid())")
        for shared in [0, 300] {
            let dimensions = Self.package(folder, "dimensions", shared)
            let flavor = Self.package(folder, "flavor", shared)
            try DimensionsFixture.write(in: dimensions)
            try DimensionsFixture.write(in: flavor)
            try FileManager.default.removeItem(at: flavor.appendingPathComponent("flavorkit.json"))
            // The variant's other catalog files, in the flavor's own folder.
            let pro = flavor.appendingPathComponent("Flavors/Pro/Localizations")
            try FileManager.default.moveItem(
                at: flavor.appendingPathComponent("Flavors/Staging/Localizations/en.lproj/Localizable.stringsdict"),
                to: pro.appendingPathComponent("en.lproj/Localizable.stringsdict"))
            try FileManager.default.moveItem(
                at: flavor.appendingPathComponent("Flavors/ProStaging/Localizations/Localizable.xcstrings"),
                to: pro.appendingPathComponent("Localizable.xcstrings"))
            // Staging's .strings beside Pro's (another table: both word `hello`).
            try FileManager.default.moveItem(
                at: flavor.appendingPathComponent("Flavors/Staging/Localizations/en.lproj/Localizable.strings"),
                to: pro.appendingPathComponent("en.lproj/Staging.strings"))
            guard shared > 0 else { continue }
            for root in [dimensions, flavor] {
                for language in ["en", "fr"] {
                    try FileTree.write(
                        GeneratedCatalog.text(entries: shared), to: "Localizations/\(language).lproj/Screens.strings",
                        in: root)
                }
            }
        }
    }

    /// The package `name` with `shared` more shared keys.
    static func package(_ folder: URL, _ name: String, _ shared: Int) -> URL {
        folder.appendingPathComponent("\(name)-\(shared)")
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The features the fixture's plists enable.
    static let features = [Feature("reminders") { _ in "reminders" }, Feature("banner") { _ in "banner" }]

    /// The fixture's keys.
    static let keys = ["hello", "bye", "files"]

    /// Loads `name` from `root` and shows each of the fixture's texts.
    static func load(_ name: String, from root: URL) throws {
        let loaded = try Flavor.load(
            name, features: features, language: "fr",
            environment: [ResourceLocator.environmentVariable: root.path], executable: nil)
        // Keys held in a list: the package's own lint reads literal keys in calls as its own.
        let texts = keys.map { loaded.text($0, .int(2)) }
        precondition(!texts.contains(where: \.isEmpty))
    }

    func run() throws -> [Figure] {
        try [0, 300].map { shared in
            let dimensions = Self.package(folder, "dimensions", shared)
            let flavor = Self.package(folder, "flavor", shared)
            let times = try Measure.paired(
                rounds: 41, ours: { try Self.load("ProStaging", from: dimensions) },
                reference: { try Self.load("Pro", from: flavor) })
            return Figure(
                name: "Flavor.load of a variant (2 dimensions), \(shared + 2) shared keys", ours: times.ours,
                reference: times.reference, referenceName: "Flavor.load of a flavor, the same files",
                goal: .atMost(1.2))
        }
    }
}
