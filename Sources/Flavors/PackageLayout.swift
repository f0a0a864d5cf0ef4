import FileFormats

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
///       flavorkit.json                  optional: other folders, other key calls, dimensions
///
/// These are the defaults; a package may name other folders, and the calls that take a
/// catalog key, in `flavorkit.json` (read by `PackageLayout(configuredAt:)`). Inside each
/// catalog folder, files are named as `CatalogFolderLayout` (Localization) says.
public struct PackageLayout: Sendable, Hashable {
    /// The default folders and the files of the layout, relative to the root.
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
        /// The optional configuration file at the root.
        public static let configuration = "flavorkit.json"
    }

    /// The calls whose first argument is a catalog key when a package names none:
    /// `text("key", …)`, which also covers `localizer.text("key")` and `Summary.text("key")`.
    public static let defaultKeyCalls = ["text"]

    /// The package folder: the one that holds `Flavors/` and `Localizations/`.
    public let root: URL
    /// `Flavors/`: one folder per flavor.
    public let flavors: URL
    /// `Localizations/`: the shared catalogs.
    public let localizations: URL
    /// `Sources/`: the Swift sources, where lint looks for key uses.
    public let sources: URL
    /// `snapshots/`: recorded text snapshots and their manifest.
    public let snapshots: URL
    /// The names of the calls whose first argument, a string literal, is a catalog key
    /// (`text`, or `L10n.tr` for a wrapper of one's own); lint finds keys by them.
    public let keyCalls: [String]
    /// The flavor dimensions `flavorkit.json` declares, in priority order; empty: one flavor
    /// per variant (see ``variants``).
    public let dimensions: [FlavorDimension]
    /// The combinations no variant is made of (`flavorkit.json`'s `exclude`): a variant with
    /// every flavor of one of them is left out of the matrix.
    public let exclusions: [[String]]
    /// `flavors`' path, found once: a flavor's files are named by joining it with text, as
    /// a URL built by `appending(path:)` costs four times one made from a path.
    private let flavorsPath: String

    /// The default layout of the package folder `root` (standardized; nothing is read).
    public init(root: URL) {
        self.init(root: root, flavors: Name.flavors)
    }

    /// The layout of the package at `root`: the default folder names, or those given, each
    /// relative to `root` (or absolute).
    public init(
        root: URL, flavors: String = Name.flavors, localizations: String = Name.localizations,
        sources: String = Name.sources, snapshots: String = Name.snapshots, keyCalls: [String] = defaultKeyCalls,
        dimensions: [FlavorDimension] = [], exclusions: [[String]] = []
    ) {
        let root = root.standardizedFileURL
        let rootPath = root.path
        func folder(_ path: String) -> URL {
            if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL }
            // Made from a path: `appending(path:)` costs four times as much, at every start-up.
            let url = URL(fileURLWithPath: joinedPath(rootPath, path), isDirectory: false)
            // A plain name (the default folders) below a standardized root is standardized.
            return path.contains("/") || path.hasPrefix(".") ? url.standardizedFileURL : url
        }
        self.root = root
        self.flavors = folder(flavors)
        flavorsPath = self.flavors.path
        self.localizations = folder(localizations)
        self.sources = folder(sources)
        self.snapshots = folder(snapshots)
        self.keyCalls = keyCalls
        self.dimensions = dimensions
        self.exclusions = exclusions
    }

    /// `flavorkit.json` at the root.
    public var configurationFile: URL { root.appending(path: Name.configuration, directoryHint: .notDirectory) }

    /// The package that holds `path` (a source file, or a folder): the nearest folder at or
    /// above it with a `Package.swift`; nil when there is none (a file compiled outside a
    /// package, or moved away). Pass a test or entry file's `#filePath`, which the compiler
    /// fills in, so that a program or test finds its package wherever it runs from.
    public static func packageFolder(containing path: String) -> URL? {
        var folder = URL(fileURLWithPath: path).standardizedFileURL
        if !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            folder.deleteLastPathComponent()
        }
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// `Flavors/<name>/`.
    public func flavor(_ name: String) -> URL { URL(fileURLWithPath: flavorPath(name), isDirectory: false) }
    /// `Flavors/<name>/Info.plist`.
    public func infoPlist(flavor name: String) -> URL {
        URL(fileURLWithPath: infoPlistPath(flavor: name).file, isDirectory: false)
    }
    /// `Flavors/<name>/` and its `Info.plist` as paths: the runtime reads a variant's plists
    /// by these.
    package func infoPlistPath(flavor name: String) -> (folder: String, file: String) {
        let folder = flavorPath(name)
        return (folder, joinedPath(folder, Name.infoPlist))
    }
    /// `Flavors/<name>/Localizations/`: the flavor's catalog overrides.
    public func localizations(flavor name: String) -> URL {
        URL(fileURLWithPath: localizationsPath(flavor: name), isDirectory: false)
    }
    /// `Flavors/<name>/Localizations/` as a path: the runtime's catalog store reads by it.
    package func localizationsPath(flavor name: String) -> String {
        joinedPath(flavorPath(name), Name.localizations)
    }
    /// `Flavors/<name>` as a path.
    private func flavorPath(_ name: String) -> String { joinedPath(flavorsPath, name) }

    /// `Flavors/<name>/Info.plist` as written in messages, relative to any root.
    public static func relativeInfoPlist(flavor name: String) -> String {
        "\(Name.flavors)/\(name)/\(Name.infoPlist)"
    }

    /// `url`'s path relative to the root (`Sources`), or the whole path when it is outside.
    public func relativePath(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        if path == root.path { return "." }
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The names of the folders under `Flavors/`, sorted; empty when there is none.
    public func flavorNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: flavors.path)) ?? []
        return names.sorted().filter { name in
            let type = (try? FileManager.default.attributesOfItem(atPath: flavor(name).path))?[.type]
            return !name.hasPrefix(".") && type as? FileAttributeType == .typeDirectory
        }
    }
}
