import AppTesting
import Foundation
import RegularFeatures
import Testing
import TransferCore

extension AppRunner {
    /// The core with Regular's extension, as Regular's entry composes it; it reads
    /// `Flavors/Regular/Info.plist`.
    static let regular = FlavorBuild(flavorName: "Regular", flavorExtension: RegularExtension())

    /// A scratch resource root whose Regular Info.plist does not list `feature`: remove it when done.
    static func regularResources(without feature: String) throws -> URL {
        let root = try scratchResources(["Flavors", "Localizations", "Samples"])
        let plist = root.appendingPathComponent("Flavors/Regular/Info.plist")
        let original = try String(contentsOf: plist, encoding: .utf8)
        let edited = original.replacingOccurrences(of: "<string>\(feature)</string>", with: "")
        try #require(edited != original, "Regular's Info.plist lists \(feature)")
        try edited.write(to: plist, atomically: true, encoding: .utf8)
        return root
    }
}
