import Diagnostics
import FileFormats
import Flavors
import Foundation
import Localization

/// The texts of a flavor's `Info.plist` that users see and translators translate, as the
/// development language's `InfoPlist` table: the string values of `keys`, of every key ending
/// in `UsageDescription`, and of any key a language's `InfoPlist.strings` already translates.
/// Each entry is placed at its `<key>` line in the `Info.plist`, with the key named in its
/// comment.
package enum InfoPlistTexts {
    /// The table's name (`<lang>.lproj/InfoPlist.strings`).
    package static let table = "InfoPlist"

    /// Keys whose values are shown to users.
    static let keys: Set<String> = [
        "CFBundleDisplayName", "CFBundleName", "CFBundleSpokenName", "NSHumanReadableCopyright",
    ]

    /// The flavor's texts as a parsed `.strings` file at the `Info.plist`'s path; nil when
    /// there is no `Info.plist` or it has none. An `Info.plist` that is not a property list
    /// dictionary is an error: its texts would be left out.
    package static func strings(of flavor: String, in project: CatalogProject, languages store: CatalogStore)
        throws(Diagnostic)
        -> StringsFile?
    {
        let url = project.layout.infoPlist(flavor: flavor)
        guard
            let data = try InputFile.readIfPresent(
                url, limit: FlavorIdentity.plistLimit, within: project.layout.flavor(flavor))
        else { return nil }
        guard let plist = try PropertyListValues.value(of: data, path: url.path) as? [String: Any] else {
            throw Diagnostic("expected a dictionary at the top of the Info.plist", path: url.path)
        }
        let source = String(decoding: data, as: UTF8.self)
        let translated = Set(
            store.availableLanguages.flatMap { store.catalog(for: $0)?.tables[table]?.keys ?? [] })
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        var placed: [(line: Int, key: String, value: String)] = []
        for (key, value) in plist {
            guard let value = value as? String,
                keys.contains(key) || key.hasSuffix("UsageDescription") || translated.contains(key),
                let index = lines.firstIndex(where: { $0.contains("<key>\(key)</key>") })
            else { continue }
            placed.append((index + 1, key, value))
        }
        guard !placed.isEmpty else { return nil }
        // Each entry on its key's line, so that messages and `#:` point into the Info.plist.
        var text = ""
        var line = 1
        for entry in placed.sorted(by: { $0.line < $1.line }) {
            text += String(repeating: "\n", count: max(entry.line - line, 0))
            line = max(entry.line, line) + 1
            text +=
                "/* Info.plist \(entry.key) */ \(StringsWriter.quoted(entry.key)) = \(StringsWriter.quoted(entry.value));\n"
        }
        return try? StringsParser.parse(text, path: url.path, keepingComments: true)
    }
}
