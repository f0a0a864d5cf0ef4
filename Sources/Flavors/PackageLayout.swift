import Foundation

/// Where a FlavorKit package keeps its files: the one description of the layout, used by the
/// runtime (to find a flavor's resources), the tools (lint, export, snapshots), the benchmarks
/// and the tests.
///
///     <root>/
///       Flavors/<Name>/Info.plist       a flavor's identity, features and limits
///       Flavors/<Name>/Localizations/   the flavor's catalog overrides
///       Localizations/                  the shared catalogs
///       Sources/                        Swift sources (lint finds the keys they use)
///       snapshots/                      recorded text snapshots and their manifest
///
/// Inside each catalog folder, files are named as `CatalogFolderLayout` (Localization) says.
public struct PackageLayout: Sendable, Hashable {
    /// The folders and files of the layout, relative to the root.
    public enum Name {
        /// `Flavors`: one folder per flavor.
        public static let flavors = "Flavors"
        /// `Info.plist`: a flavor's identity, inside its folder.
        public static let infoPlist = "Info.plist"
        /// `Localizations`: a catalog folder (the shared one at the root, a flavor's inside its folder).
        public static let localizations = "Localizations"
        /// `Sources`: the package's Swift sources.
        public static let sources = "Sources"
        /// `snapshots`: the recorded text snapshots.
        public static let snapshots = "snapshots"
    }

    /// The package folder: the one that holds `Flavors/` and `Localizations/`.
    public let root: URL

    /// The layout of the package folder `root` (standardized; nothing is read).
    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// `Flavors/`.
    public var flavors: URL { root.appendingPathComponent(Name.flavors) }
    /// `Localizations/`: the shared catalogs.
    public var localizations: URL { root.appendingPathComponent(Name.localizations) }
    /// `Sources/`.
    public var sources: URL { root.appendingPathComponent(Name.sources) }
    /// `snapshots/`.
    public var snapshots: URL { root.appendingPathComponent(Name.snapshots) }

    /// `Flavors/<name>/`.
    public func flavor(_ name: String) -> URL { flavors.appendingPathComponent(name) }
    /// `Flavors/<name>/Info.plist`.
    public func infoPlist(flavor name: String) -> URL { flavor(name).appendingPathComponent(Name.infoPlist) }
    /// `Flavors/<name>/Localizations/`: the flavor's catalog overrides.
    public func localizations(flavor name: String) -> URL { flavor(name).appendingPathComponent(Name.localizations) }

    /// `Flavors/<name>/Info.plist` as written in messages, relative to any root.
    public static func relativeInfoPlist(flavor name: String) -> String {
        "\(Name.flavors)/\(name)/\(Name.infoPlist)"
    }

    /// The names of the folders under `Flavors/`, sorted; empty when there is none.
    public func flavorNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: flavors.path)) ?? []
        return names.sorted().filter { name in
            var isFolder: ObjCBool = false
            return !name.hasPrefix(".")
                && FileManager.default.fileExists(atPath: flavor(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }
    }
}
