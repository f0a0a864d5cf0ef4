import AppTesting
import Flavors
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
        let root = try scratchResources([
            PackageLayout.Name.flavors, PackageLayout.Name.localizations, PackageLayout.samplesFolder,
        ])
        let plist = PackageLayout(root: root).infoPlist(flavor: "Regular")
        let original = try String(contentsOf: plist, encoding: .utf8)
        let edited = original.replacingOccurrences(of: "<string>\(feature)</string>", with: "")
        try #require(edited != original, "Regular's Info.plist lists \(feature)")
        try edited.write(to: plist, atomically: true, encoding: .utf8)
        return root
    }
}
