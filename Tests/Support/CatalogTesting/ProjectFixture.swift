import CatalogFiles
import CatalogLint
import Flavors
import Foundation

/// A small project on disk (flavor, catalogs, sources) that lints clean; each test changes
/// one file to trigger one rule.
package struct ProjectFixture {
    /// A flavor's identity with every key start-up reads.
    package static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>CFBundleIdentifier</key><string>com.example.app</string>
            <key>CFBundleDevelopmentRegion</key><string>en</string>
            <key>CFBundleDisplayName</key><string>App</string>
            <key>CFBundleShortVersionString</key><string>1.0</string>
            <key>FlavorFeatures</key><array><string>downloads</string></array>
            <key>FlavorLimits</key><dict><key>transfers</key><integer>2</integer></dict>
        </dict>
        </plist>
        """

    package static let clean: [String: String] = [
        "Flavors/App/Info.plist": infoPlist,
        "Flavors/App/Localizations/de.lproj/InfoPlist.strings": #""CFBundleDisplayName" = "Die App";"#,
        "Localizations/en.lproj/Localizable.strings": """
        /* Shown first. */
        "greeting" = "Hello, %@!";
        "title" = "Transfers";
        """,
        "Localizations/de.lproj/Localizable.strings": """
        "greeting" = "Hallo, %@!";
        "title" = "Übertragungen";
        """,
        "Localizations/en.lproj/Localizable.stringsdict": stringsdict(["one": "%d file", "other": "%d files"]),
        "Localizations/de.lproj/Localizable.stringsdict": stringsdict(["one": "%d Datei", "other": "%d Dateien"]),
        "Sources/App/main.swift": """
        // text("commented.out") is not a use.
        print(text("greeting", .string(name)), "\\(text("title"))")
        print(text("files", .int(count)))
        """,
    ]

    package static func stringsdict(_ variants: [String: String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>files</key>
            <dict>
                <key>NSStringLocalizedFormatKey</key>
                <string>%#@count@</string>
                <key>count</key>
                <dict>
                    <key>NSStringFormatSpecTypeKey</key>
                    <string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key>
                    <string>d</string>
        \(variants.sorted { $0.key < $1.key }.map { "            <key>\($0.key)</key>\n            <string>\($0.value)</string>" }.joined(separator: "\n"))
                </dict>
            </dict>
        </dict>
        </plist>
        """
    }

    package let root: URL

    /// The clean project with `changes` applied (a nil content deletes the file).
    package init(_ changes: [String: String?] = [:]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString)")
        var files = Self.clean
        for (path, content) in changes { files[path] = content }
        for (path, content) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url)
        }
    }

    package func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// The findings as printed, in the default layout.
    package func lint() -> [String] {
        var linter = CatalogLinter(project: CatalogProject(root: root))
        return linter.lint().map(\.description)
    }

    /// The findings as printed, in the layout the fixture's `flavorkit.json` describes.
    package func lintConfigured() throws -> [String] {
        var linter = CatalogLinter(project: CatalogProject(layout: try PackageLayout(configuredAt: root)))
        return linter.lint().map(\.description)
    }
}
