import AppTesting
import Flavors
import Foundation
import TransferCore

extension AppRunner {
    /// The core alone (every `FlavorExtension` default), with Light's Info.plist.
    static let core = FlavorBuild(flavorName: "Light")

    /// A scratch resource root with the shared catalogs, the sample queue and a flavor
    /// `Probe` whose Info.plist lists `features`: remove it when done.
    static func probeResources(features: [String]) throws -> URL {
        let root = try scratchResources([PackageLayout.Name.localizations, PackageLayout.samplesFolder])
        let folder = PackageLayout(root: root).flavor("Probe")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let plist: [String: Any] = [
            "CFBundleIdentifier": "com.example.probe", "CFBundleDisplayName": "Probe",
            "CFBundleShortVersionString": "0.1", "CFBundleDevelopmentRegion": "en", "FlavorFeatures": features,
        ]
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
            .write(to: PackageLayout(root: root).infoPlist(flavor: "Probe"))
        return root
    }
}
