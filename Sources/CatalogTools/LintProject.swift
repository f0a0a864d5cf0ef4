import Foundation
import Localization

/// Where a project keeps what lint reads: shared catalogs in `Localizations/`, each flavor's
/// identity and overrides in `Flavors/<Name>/`, Swift sources in `Sources/`, and the keys
/// allowed to read the same as the development language in
/// `Localizations/same-as-development.txt`.
public struct LintProject: Sendable {
    public let root: URL
    /// The flavors with their folders (`Flavors/<Name>`), by name.
    public let flavors: [(name: String, folder: URL)]
    /// From the flavors' `CFBundleDevelopmentRegion` (`en` when there is none).
    public let developmentLanguage: LanguageTag

    public static let allowListName = "same-as-development.txt"

    public init(root: URL) {
        self.root = root.standardizedFileURL
        let flavorsFolder = self.root.appendingPathComponent("Flavors")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: flavorsFolder.path)) ?? []
        flavors = names.sorted().compactMap { name in
            let folder = flavorsFolder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else { return nil }
            return (name, folder)
        }
        developmentLanguage = flavors.lazy.compactMap { Self.developmentRegion(in: $0.folder) }.first ?? LanguageTag("en")!
    }

    public var sharedFolder: URL { root.appendingPathComponent("Localizations") }
    public var sourcesFolder: URL { root.appendingPathComponent("Sources") }

    /// The keys of a flavor's `Info.plist`: what its `InfoPlist.strings` may translate.
    public func infoPlistKeys(of flavor: URL) -> Set<String> {
        Set((Self.infoPlist(in: flavor) ?? [:]).keys)
    }

    /// Keys allowed to equal the development language's text: `key` for every language,
    /// `lang key` for one; `#` starts a comment.
    public func allowedSameAsDevelopment() -> Set<String> {
        let url = sharedFolder.appendingPathComponent(Self.allowListName)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return Set(text.split(whereSeparator: \.isNewline).compactMap { line in
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let words = content.split(whereSeparator: \.isWhitespace)
            return words.isEmpty ? nil : words.joined(separator: " ")
        })
    }

    private static func developmentRegion(in folder: URL) -> LanguageTag? {
        (infoPlist(in: folder)?["CFBundleDevelopmentRegion"] as? String).flatMap(LanguageTag.init)
    }

    /// A flavor's `Info.plist`; nil when it is missing or unreadable (the flavor's own
    /// loader reports that; lint only borrows its keys and development region).
    private static func infoPlist(in folder: URL) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("Info.plist").path) else { return nil }
        return try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
    }
}
