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
    /// Folders are relative to the package folder; `keyCalls` replaces the default `["text"]`.
    /// `dimensions` lists the flavor dimensions in priority order, each flavor a name that
    /// starts with a capital letter and holds only letters and digits (a product name and a
    /// `-D` condition); `exclude` lists combinations no variant may have.
    public static let configurationKeys = [
        "flavors", "localizations", "sources", "snapshots", "keyCalls", "dimensions", "exclude",
    ]

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
        let reader = ConfigurationReader(data: data, path: path)
        let settings = try reader.settings()
        let dimensions = try reader.dimensions(settings.dimensions)
        let exclusions = try reader.exclusions(settings.exclude, dimensions: dimensions)
        if !exclusions.isEmpty,
            !Self.combinations(of: dimensions).contains(where: { flavors in
                !exclusions.contains { $0.allSatisfy(flavors.contains) }
            })
        {
            throw Diagnostic("exclude leaves no variant to build", at: reader.location(of: "exclude"))
        }
        self.init(
            root: root, flavors: settings.folders["flavors"] ?? Name.flavors,
            localizations: settings.folders["localizations"] ?? Name.localizations,
            sources: settings.folders["sources"] ?? Name.sources,
            snapshots: settings.folders["snapshots"] ?? Name.snapshots,
            keyCalls: settings.keyCalls ?? PackageLayout.defaultKeyCalls, dimensions: dimensions,
            exclusions: exclusions)
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

/// Reads `flavorkit.json` (Localization's JSON reader, which places its own errors) and finds
/// the positions of keys its messages name in the text itself.
private struct ConfigurationReader {
    let data: Data
    let path: String

    /// What the file sets: folders by setting, key calls, and the raw dimensions and
    /// exclusions (checked by `dimensions(_:)` and `exclusions(_:dimensions:)`).
    struct Settings {
        var folders: [String: String] = [:]
        var keyCalls: [String]?
        var dimensions: Any?
        var exclude: Any?
    }

    /// Each setting's values.
    func settings() throws(Diagnostic) -> Settings {
        let object = try JSONValues.value(of: data, path: path)
        guard let dictionary = object as? [String: Any] else {
            throw Diagnostic("the top level must be an object such as {\"sources\": \"Sources\"}", path: path)
        }
        var settings = Settings()
        for key in dictionary.keys.sorted() {
            let value = dictionary[key]!
            guard PackageLayout.configurationKeys.contains(key) else {
                throw Diagnostic(
                    "unknown key \"\(Diagnostic.quote(key))\" (known: "
                        + PackageLayout.configurationKeys.joined(separator: ", ") + ")",
                    at: location(of: key))
            }
            if key == "keyCalls" {
                guard let names = value as? [String], !names.isEmpty else {
                    throw Diagnostic(
                        "keyCalls must be a non-empty array of call names such as [\"text\"]", at: location(of: key))
                }
                for name in names where !PackageLayout.isCallName(name) {
                    throw Diagnostic(
                        "keyCalls: \"\(Diagnostic.quote(name))\" is not a call name (write text or L10n.tr)",
                        at: location(of: key))
                }
                settings.keyCalls = names
            } else if key == "dimensions" {
                settings.dimensions = value
            } else if key == "exclude" {
                settings.exclude = value
            } else {
                guard let folder = value as? String, !folder.isEmpty else {
                    throw Diagnostic("\(key) must be a folder name (a non-empty string)", at: location(of: key))
                }
                settings.folders[key] = folder
            }
        }
        return settings
    }

    /// The declared dimensions: names unique, each with flavors, every flavor a flavor name
    /// declared once in the whole matrix, which stays within `PackageLayout.variantLimit`
    /// variants and `PackageLayout.dimensionLimit` dimensions.
    func dimensions(_ value: Any?) throws(Diagnostic) -> [FlavorDimension] {
        guard let value else { return [] }
        // Found only for a message: most files have none to show.
        func at() -> SourceLocation { location(of: "dimensions") }
        let shape =
            "dimensions must be an array of objects such as {\"name\": \"tier\", \"flavors\": [\"Free\", \"Pro\"]}"
        guard let list = value as? [Any], !list.isEmpty else { throw Diagnostic(shape, at: at()) }
        guard list.count <= PackageLayout.dimensionLimit else {
            throw Diagnostic("dimensions: more than \(PackageLayout.dimensionLimit) dimensions", at: at())
        }
        var dimensions: [FlavorDimension] = []
        // Each flavor's condition, then each variant's: room for a small matrix up front.
        var seen: Set<String> = []
        seen.reserveCapacity(16)
        var count = 1
        for item in list {
            // Element by element: a cast of the whole array to `[String]` costs more than the read.
            guard let object = item as? [String: Any], let name = object["name"] as? String,
                let members = object["flavors"] as? [Any], object.count == 2
            else { throw Diagnostic(shape, at: at()) }
            let flavors = members.compactMap { $0 as? String }
            guard flavors.count == members.count else { throw Diagnostic(shape, at: at()) }
            // ASCII: names equal ignoring case must be told apart the same way everywhere.
            guard PackageLayout.isCallName(name), !name.utf8.contains(UInt8(ascii: ".")),
                name.utf8.allSatisfy({ $0 < 0x80 }),
                !dimensions.contains(where: { $0.name.lowercased() == name.lowercased() })
            else {
                throw Diagnostic(
                    "dimensions: \"\(Diagnostic.quote(name))\" must be an ASCII identifier not used by another "
                        + "dimension (ignoring case)",
                    at: at())
            }
            guard !flavors.isEmpty else { throw Diagnostic("dimensions: \(name) has no flavors", at: at()) }
            for flavor in flavors {
                guard PackageLayout.isFlavorName(flavor) else {
                    throw Diagnostic(
                        "dimensions: \"\(Diagnostic.quote(flavor))\" is not a flavor name (a capital letter, then "
                            + "letters and digits: Pro, Staging)", at: location(ofString: flavor))
                }
                guard seen.insert(flavor.uppercased()).inserted else {
                    throw Diagnostic(
                        "dimensions: \(flavor) is declared twice (or shares its condition -D\(flavor.uppercased()))",
                        at: location(ofString: flavor))
                }
            }
            count *= flavors.count
            guard count <= PackageLayout.variantLimit else {
                throw Diagnostic("dimensions: more than \(PackageLayout.variantLimit) variants", at: at())
            }
            dimensions.append(FlavorDimension(name: name, flavors: flavors))
        }
        // `A`+`BC` and `AB`+`C` make one name; so may a variant and a flavor (`Pro`+`Max`, `ProMax`).
        guard dimensions.count > 1 else { return dimensions }
        for name in PackageLayout.combinations(of: dimensions).map({ $0.joined() })
        where !seen.insert(name.uppercased()).inserted {
            throw Diagnostic("dimensions: two variants, or a variant and a flavor, are called \(name)", at: at())
        }
        return dimensions
    }

    /// The `exclude` filters: each a non-empty array of declared flavors, at most one per
    /// dimension.
    func exclusions(_ value: Any?, dimensions: [FlavorDimension]) throws(Diagnostic) -> [[String]] {
        guard let value else { return [] }
        func at() -> SourceLocation { location(of: "exclude") }
        guard !dimensions.isEmpty else {
            throw Diagnostic("exclude needs dimensions: declare them first", at: at())
        }
        guard let list = value as? [Any] else {
            throw Diagnostic(
                "exclude must be an array of flavor combinations such as [[\"Free\", \"Staging\"]]", at: at())
        }
        var filters: [[String]] = []
        for item in list {
            guard let filter = item as? [String], !filter.isEmpty else {
                throw Diagnostic(
                    "exclude must be an array of flavor combinations such as [[\"Free\", \"Staging\"]]", at: at())
            }
            for flavor in filter where !dimensions.contains(where: { $0.flavors.contains(flavor) }) {
                throw Diagnostic(
                    "exclude: \"\(Diagnostic.quote(flavor))\" is not a flavor of any dimension",
                    at: location(ofString: flavor))
            }
            let touched = filter.compactMap { flavor in dimensions.firstIndex { $0.flavors.contains(flavor) } }
            guard Set(touched).count == touched.count else {
                throw Diagnostic(
                    "exclude: [\(filter.joined(separator: ", "))] names two flavors of one dimension", at: at())
            }
            guard !filters.contains(where: { Set($0) == Set(filter) }) else {
                throw Diagnostic("exclude: [\(filter.joined(separator: ", "))] is given twice", at: at())
            }
            filters.append(filter)
        }
        return filters
    }

    /// Where `"key"` is written as a key (followed by `:`); line 1, column 1 when not found.
    func location(of key: String) -> SourceLocation {
        offset(of: key, asKey: true).map(location(atByte:)) ?? location(atByte: 0)
    }

    /// Where `"text"` is first written as a value (not followed by `:`); the `dimensions`
    /// key when not found.
    func location(ofString text: String) -> SourceLocation {
        offset(of: text, asKey: false).map(location(atByte:)) ?? location(of: "dimensions")
    }

    /// The byte offset of the first `"text"` followed by a `:` (`asKey`) or not.
    private func offset(of text: String, asKey: Bool) -> Int? {
        let bytes = [UInt8](data)
        let quoted = Array("\"\(text)\"".utf8)
        var index = 0
        while index + quoted.count <= bytes.count {
            if bytes[index..<index + quoted.count].elementsEqual(quoted) {
                var after = index + quoted.count
                while after < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after]) { after += 1 }
                if (after < bytes.count && bytes[after] == UInt8(ascii: ":")) == asKey { return index }
            }
            index += 1
        }
        return nil
    }

    /// 1-based line and column (in Unicode scalars) of a byte offset.
    func location(atByte offset: Int) -> SourceLocation {
        let before = data.prefix(offset)
        let line = before.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? before.startIndex
        let column = String(decoding: data[lineStart..<before.endIndex], as: UTF8.self).unicodeScalars.count + 1
        return SourceLocation(path: path, line: line, column: column)
    }
}
