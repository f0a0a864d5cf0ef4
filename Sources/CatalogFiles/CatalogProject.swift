import FileFormats
import Flavors
import Foundation
import Localization

/// A package as the tools read it, laid out as `PackageLayout` says: the shared catalogs, each
/// flavor's identity and overrides, the Swift sources (for the layout's key calls), and the
/// keys allowed to read the same as the development language
/// (`Localizations/same-as-development.txt`).
public struct CatalogProject: Sendable {
    /// The package's folders, as `PackageLayout` (and `flavorkit.json`) describe them.
    public let layout: PackageLayout
    /// The flavors' names (the folders under `Flavors/`), sorted.
    public let flavors: [String]
    /// From the flavors' `CFBundleDevelopmentRegion` (`en` when there is none).
    public let developmentLanguage: LanguageTag

    /// The file in the shared catalog folder listing values that rightly read as English.
    public static let allowListName = "same-as-development.txt"

    /// The package at `root` in the default layout.
    public init(root: URL) {
        self.init(layout: PackageLayout(root: root))
    }

    /// The package as `layout` describes it (`PackageLayout(configuredAt:)` reads `flavorkit.json`).
    public init(layout: PackageLayout) {
        self.layout = layout
        flavors = layout.flavorNames()
        developmentLanguage =
            flavors.lazy.compactMap { [layout] in Self.developmentRegion(in: layout, flavor: $0) }
            .first ?? LanguageTag("en")!
    }

    /// The keys of a flavor's `Info.plist`: what its `InfoPlist.strings` may translate.
    public func infoPlistKeys(of flavor: String) -> Set<String> {
        Set((infoPlist(of: flavor) ?? [:]).keys)
    }

    /// A flavor's `Info.plist` as a dictionary; nil when it is missing or unreadable.
    package func infoPlist(of flavor: String) -> [String: Any]? {
        Self.infoPlist(layout.infoPlist(flavor: flavor))
    }

    /// Keys allowed to equal the development language's text: `key` for every language,
    /// `lang key` for one; `#` starts a comment.
    public func allowedSameAsDevelopment() -> Set<String> {
        let url = layout.localizations.appendingPathComponent(Self.allowListName)
        guard let read = try? InputFile.readIfPresent(url, limit: InputFile.textLimit, within: layout.localizations),
            let text = String(data: read, encoding: .utf8)
        else { return [] }
        return Set(
            text.split(whereSeparator: \.isNewline).compactMap { line in
                let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                let words = content.split(whereSeparator: \.isWhitespace)
                return words.isEmpty ? nil : words.joined(separator: " ")
            })
    }

    private static func developmentRegion(in layout: PackageLayout, flavor: String) -> LanguageTag? {
        (infoPlist(layout.infoPlist(flavor: flavor))?["CFBundleDevelopmentRegion"] as? String).flatMap(LanguageTag.init)
    }

    /// A flavor's `Info.plist`; nil when it is missing or unreadable (the flavor's own
    /// loader reports that; lint only borrows its keys and development region).
    private static func infoPlist(_ url: URL) -> [String: Any]? {
        guard
            let data = try? InputFile.readIfPresent(
                url, limit: FlavorIdentity.plistLimit, within: url.deletingLastPathComponent())
        else { return nil }
        return try? PropertyListValues.value(of: data, path: url.path) as? [String: Any]
    }
}
