import Diagnostics
import FileFormats
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PackageLayout {
    /// The settings `flavorkit.json` may hold, each optional:
    ///
    ///     {
    ///       "flavors": "Flavors", "localizations": "Localizations",
    ///       "sources": "Sources", "snapshots": "snapshots",
    ///       "keyCalls": ["text", "L10n.tr"]
    ///     }
    ///
    /// Folders are relative to the package folder; `keyCalls` replaces the default `["text"]`.
    public static let configurationKeys = ["flavors", "localizations", "sources", "snapshots", "keyCalls"]

    /// The most `flavorkit.json` is read: it names a few folders and calls.
    public static let configurationSizeLimit = 1024 * 1024

    /// The layout of the package at `root` as its `flavorkit.json` describes it, or the
    /// default layout when there is no such file. A file that is not JSON, an unknown key or a
    /// value of the wrong kind is an error at its position (`flavorkit.json:3:5`).
    public init(configuredAt root: URL) throws(Diagnostic) {
        let file = PackageLayout(root: root).configurationFile
        guard let data = try InputFile.readIfPresent(file, limit: Self.configurationSizeLimit) else {
            self.init(root: root)
            return
        }
        try self.init(root: root, configuration: data, path: file.path)
    }

    /// The layout of the package at `root` as `data`, the text of its `flavorkit.json` (at
    /// `path`), describes it.
    package init(root: URL, configuration data: Data, path: String) throws(Diagnostic) {
        let settings = try ConfigurationReader(data: data, path: path).settings()
        self.init(
            root: root, flavors: settings["flavors"]?.first ?? Name.flavors,
            localizations: settings["localizations"]?.first ?? Name.localizations,
            sources: settings["sources"]?.first ?? Name.sources,
            snapshots: settings["snapshots"]?.first ?? Name.snapshots,
            keyCalls: settings["keyCalls"] ?? PackageLayout.defaultKeyCalls)
    }

    /// Whether `name` can name a call: Swift identifiers joined by dots (`text`, `L10n.tr`).
    public static func isCallName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
            return part.unicodeScalars.allSatisfy {
                $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
            }
        }
    }
}

/// Reads `flavorkit.json` (Localization's JSON reader, which places its own errors) and finds
/// the positions of keys its messages name in the text itself.
private struct ConfigurationReader {
    let data: Data
    let path: String

    /// Each setting's values: one for a folder, the list for `keyCalls`.
    func settings() throws(Diagnostic) -> [String: [String]] {
        let object = try JSONValues.value(of: data, path: path)
        guard let dictionary = object as? [String: Any] else {
            throw Diagnostic("the top level must be an object such as {\"sources\": \"Sources\"}", path: path)
        }
        var settings: [String: [String]] = [:]
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
                settings[key] = names
            } else {
                guard let folder = value as? String, !folder.isEmpty else {
                    throw Diagnostic("\(key) must be a folder name (a non-empty string)", at: location(of: key))
                }
                settings[key] = [folder]
            }
        }
        return settings
    }

    /// Where `"key"` is written as a key (followed by `:`); line 1, column 1 when not found.
    func location(of key: String) -> SourceLocation {
        let bytes = [UInt8](data)
        let quoted = Array("\"\(key)\"".utf8)
        var index = 0
        while index + quoted.count <= bytes.count {
            if bytes[index..<index + quoted.count].elementsEqual(quoted) {
                var after = index + quoted.count
                while after < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after]) { after += 1 }
                if after < bytes.count, bytes[after] == UInt8(ascii: ":") { return location(atByte: index) }
            }
            index += 1
        }
        return location(atByte: 0)
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
