import Diagnostics
import FileFormats
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PackageLayout {
    /// The settings `flavorkit.json` may hold, each optional:
    ///
    ///     {
    ///       "flavors": "Flavors", "localizations": "Localizations",
    ///       "sources": "Sources", "snapshots": "snapshots",
    ///       "keyCalls": ["text", "L10n.tr"],
    ///       "dimensions": [
    ///         {"name": "tier", "flavors": ["Free", "Pro"]},
    ///         {"name": "environment", "flavors": ["Staging", "Production"]}
    ///       ],
    ///       "exclude": [["Free", "Staging"]]
    ///     }
    ///
    /// Folders are relative to the package folder and stay inside it (no `..`, no absolute
    /// path: the tools write there); `keyCalls` replaces the default `["text"]` (64 names at most).
    /// `dimensions` lists the flavor dimensions in priority order, each flavor a name that
    /// starts with a capital letter and holds only letters and digits (a product name and a
    /// `-D` condition); `exclude` lists combinations no variant may have.
    public static let configurationKeys = [
        "flavors", "localizations", "sources", "snapshots", "keyCalls", "dimensions", "exclude",
    ]

    /// The most call names `keyCalls` may list.
    public static let keyCallLimit = 64

    /// The most `flavorkit.json` is read: it names a few folders and calls.
    public static let configurationSizeLimit = 1024 * 1024

    /// The layout of the package at `root` as its `flavorkit.json` describes it, or the
    /// default layout when there is no such file. A file that is not JSON, an unknown key or a
    /// value of the wrong kind is an error at its position (`flavorkit.json:3:5`).
    public init(configuredAt root: URL) throws(Diagnostic) {
        let root = root.standardizedFileURL
        let file = root.appending(path: Name.configuration, directoryHint: .notDirectory)
        // Inside the package, as add-flavor writes it: a link out is not read.
        guard let data = try InputFile.readIfPresent(file, limit: Self.configurationSizeLimit, within: root) else {
            // A link to nothing is a file someone meant to be read, not its absence.
            var status = stat()
            if lstat(file.path, &status) == 0 {
                throw Diagnostic("a symbolic link to a file that does not exist", path: file.path)
            }
            self.init(root: root)
            return
        }
        try self.init(root: root, configuration: data, path: file.path)
    }

    /// The layout of the package at `root` as `data`, the text of its `flavorkit.json` (at
    /// `path`), describes it.
    package init(root: URL, configuration data: Data, path: String) throws(Diagnostic) {
        let settings = try ConfigurationReader.settings(of: data, path: path)
        self.init(
            root: root, flavors: settings.folders["flavors"] ?? Name.flavors,
            localizations: settings.folders["localizations"] ?? Name.localizations,
            sources: settings.folders["sources"] ?? Name.sources,
            snapshots: settings.folders["snapshots"] ?? Name.snapshots,
            keyCalls: settings.keyCalls ?? PackageLayout.defaultKeyCalls, dimensions: settings.dimensions,
            exclusions: settings.exclusions)
    }

    /// Where the package's `flavorkit.json` sets `flavors` to this layout's flavors folder, when
    /// it does: for a message about that folder. Nil when the file does not set it, sets
    /// another folder (one given on the command line is in effect instead), or cannot be read.
    package var flavorsSetting: SourceLocation? {
        let file = configurationFile
        guard let data = try? InputFile.readIfPresent(file, limit: Self.configurationSizeLimit, within: root),
            let settings = try? ConfigurationReader.settings(of: data, path: file.path),
            let named = settings.folders["flavors"],
            PackageLayout(root: root, flavors: named).flavors.standardizedFileURL.path
                == flavors.standardizedFileURL.path
        else { return nil }
        return settings.folderLocations["flavors"]
    }

    /// Whether `name` can name a flavor of a dimension: an ASCII capital letter, then ASCII
    /// letters and digits (a product name, a folder and a `-D` condition alike).
    public static func isFlavorName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first), name.utf8.count <= 64 else {
            return false
        }
        return name.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
        }
    }

    /// Whether `name` can name a call: Swift identifiers joined by dots (`text`, `L10n.tr`).
    public static func isCallName(_ name: String) -> Bool {
        // One pass: each part starts with a letter or `_` and holds letters, digits and `_`.
        var atStart = true
        for scalar in name.unicodeScalars {
            if scalar == "." {
                guard !atStart else { return false }
                atStart = true
                continue
            }
            let isDigit = ("0"..."9").contains(scalar)
            // ASCII first: Unicode's property tables only for the rest.
            let isLetter =
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
                || (!scalar.isASCII && scalar.properties.isAlphabetic)
            guard isLetter || (isDigit && !atStart) else { return false }
            atStart = false
        }
        return !atStart
    }
}
