import Diagnostics
import FileFormats
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which file gave a variant's value of an `Info.plist` key or a catalog key, and every value
/// it shadowed: what `flavorkit flavors --explain` prints.
package struct VariantExplanation: Sendable {
    /// One file's value of the key.
    package struct Source: Sendable, Equatable {
        /// Where the value is written (line 0: the line is not known, a binary plist).
        package let location: SourceLocation
        /// The value as the file writes it.
        package let value: String
        /// The language it is for (catalog keys); nil for plist keys.
        package let language: LanguageTag?
    }

    /// What was explained: `FlavorLimits.lists`, or `"today.title" (Localizable)`.
    package let subject: String
    /// Every file with a value, the one in effect first; for `FlavorFeatures` every file adds
    /// (a union), for `FlavorLimits` and `FlavorLook` its members (merged), for
    /// `FlavorBundleIdentifierSuffix` every suffix is appended.
    package let sources: [Source]
    /// Whether every source adds to the value instead of shadowing the next.
    package let combines: Bool
    /// The value the variant ends with when it is not the first source's: the bundle
    /// identifier, its folders' suffixes appended; the features or a dictionary, merged.
    package var effective: String?

    /// The `Info.plist` key `key` (`CFBundleIdentifier`, `FlavorLimits.lists`) in `variant`.
    package static func infoPlist(_ key: String, variant: Variant, layout: PackageLayout) throws(Diagnostic)
        -> VariantExplanation
    {
        let plist = try VariantInfoPlist(variant: variant, layout: layout)
        var lines = PlistKeyLines()
        let sources = plist.values(of: key).map { layer, value in
            Source(
                location: lines.location(of: key, in: layer.path), value: describe(value), language: nil)
        }
        // The features are united and `FlavorLimits` and `FlavorLook` merged member by member
        // (not a member such as `FlavorLimits.lists`, which one file gives): every file adds.
        let merged = FlavorIdentity.PlistKey(named: key).flatMap {
            $0 == .features || VariantInfoPlist.mergedDictionaries.contains($0) ? $0 : nil
        }
        var explanation = VariantExplanation(
            subject: key, sources: sources, combines: merged != nil || key == FlavorIdentity.bundleIdentifierSuffixKey)
        if key == "CFBundleIdentifier", !sources.isEmpty,
            let identifier = try? plist.identity().bundleIdentifier, describe(identifier) != sources[0].value
        {
            explanation.effective = describe(identifier)
        }
        if let merged, sources.count > 1, let value = plist.value(of: merged) {
            explanation.effective = describe(value)
        }
        return explanation
    }

    /// The catalog key `key` of `table` in `variant` for `language`: its folders' catalogs by
    /// priority (variant, flavors in dimension order, shared), along the language's fallback
    /// chain (`fr-CA`, `fr`, then the development language), as the runtime looks it up.
    package static func catalog(
        _ key: String, table: String, language: LanguageTag, development: LanguageTag, variant: Variant,
        layout: PackageLayout
    ) throws(Diagnostic) -> VariantExplanation {
        let folders = variant.folders.map(layout.localizations(flavor:)) + [layout.localizations]
        let stores = folders.map { CatalogStore(folders: [$0]) }
        var chain = language.withParents
        if !chain.contains(development) { chain.append(development) }
        var sources: [Source] = []
        for tag in chain {
            for store in stores {
                guard let catalog = store.catalog(for: tag) else { continue }
                if let error = catalog.errors.first { throw error }
                if let entry = catalog[key, table: table] {
                    sources.append(Source(location: entry.location, value: entry.value, language: tag))
                } else if let plural = catalog.plural(key, table: table) {
                    sources.append(Source(location: plural.location, value: plural.format, language: tag))
                }
            }
        }
        return VariantExplanation(subject: "\"\(key)\" (\(table))", sources: sources, combines: false)
    }

    /// A plist value as the explanation shows it: text quoted, arrays and dictionaries as
    /// their members.
    package static func describe(_ value: Any) -> String {
        switch value {
        case let text as String: "\"\(Diagnostic.quote(text))\""
        case let list as [Any]: "[" + list.map(describe).joined(separator: ", ") + "]"
        case let dictionary as [String: Any]:
            "{" + dictionary.keys.sorted().map { "\($0): " + describe(dictionary[$0]!) }.joined(separator: ", ") + "}"
        default: "\(value)"
        }
    }
}

/// Finds the line of a key in an XML `Info.plist` (`<key>FlavorLimits</key>`, then `lists`
/// below it), reading each file once. The reader keeps no positions for values.
package struct PlistKeyLines {
    package init() {}

    private var files: [String: [Substring]] = [:]

    /// Where `key` (`A` or `A.b`) is written in `path`; line 0 when not found (a binary plist).
    package mutating func location(of key: String, in path: String) -> SourceLocation {
        if files[path] == nil {
            let data =
                (try? InputFile.readIfPresent(URL(fileURLWithPath: path), limit: FlavorIdentity.plistLimit)) ?? nil
            files[path] =
                data.map {
                    String(decoding: $0, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                } ?? []
        }
        let lines = files[path]!
        var start = 0
        for part in key.split(separator: ".", maxSplits: 1) {
            guard let found = lines[start...].firstIndex(where: { $0.contains("<key>\(part)</key>") }) else {
                return SourceLocation(path: path, line: 0, column: 0)
            }
            start = found
        }
        let column = lines[start].distance(from: lines[start].startIndex, to: lines[start].firstIndex(of: "<")!)
        return SourceLocation(path: path, line: start + 1, column: column + 1)
    }
}
