import Foundation

/// A small package with two flavor dimensions, tier (`Free`, `Pro`) × environment (`Staging`,
/// `Production`), written into a scratch folder: each layer sets some values and shadows
/// others, so that a test can tell which folder gave each.
///
/// - `Free`, `Pro`: whole plists (`lists` 1 and 1000; Pro enables `reminders`, accent blue);
///   `hello` reworded by Pro in `en`.
/// - `Staging`: a suffix `.staging`, the feature `banner`, `lists` 3 (shadowed by the tier)
///   and `sync` 1; `hello` reworded in `en`; a `.stringsdict` `files` entry.
/// - `Production`: no folder at all.
/// - `ProStaging`: its own version, `1.0-beta`, and a String Catalog with `bye`.
package enum DimensionsFixture {
    /// `flavorkit.json`'s dimensions (and `extra` members, such as an `exclude`).
    package static func configuration(extra: String = "") -> String {
        """
        {
          "dimensions": [
            {"name": "tier", "flavors": ["Free", "Pro"]},
            {"name": "environment", "flavors": ["Staging", "Production"]}
          ]\(extra)
        }

        """
    }

    /// An XML plist of `body` (its `<key>`s and values).
    package static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>

        """
    }

    /// A `.stringsdict` whose `files` entry has the format `format` and one plural variable.
    static func filesPlural(_ format: String) -> String {
        plist(
            """
            <key>files</key>
            <dict>
                <key>NSStringLocalizedFormatKey</key><string>\(format)</string>
                <key>n</key>
                <dict>
                    <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key><string>d</string>
                    <key>one</key><string>one file</string>
                    <key>other</key><string>%d files</string>
                </dict>
            </dict>
            """)
    }

    /// Writes the package into `root`; `configuration` replaces `flavorkit.json`'s text.
    package static func write(in root: URL, configuration: String = configuration()) throws {
        let files: [String: String] = [
            "Package.swift": "// swift-tools-version:6.1\n",
            "flavorkit.json": configuration,
            "Flavors/Free/Info.plist": plist(
                """
                <key>CFBundleIdentifier</key><string>com.example.dims.free</string>
                <key>CFBundleDisplayName</key><string>Dims Free</string>
                <key>CFBundleShortVersionString</key><string>1.0</string>
                <key>CFBundleDevelopmentRegion</key><string>en</string>
                <key>FlavorLimits</key>
                <dict>
                    <key>lists</key><integer>1</integer>
                </dict>
                """),
            "Flavors/Pro/Info.plist": plist(
                """
                <key>CFBundleIdentifier</key><string>com.example.dims.pro</string>
                <key>CFBundleDisplayName</key><string>Dims Pro</string>
                <key>CFBundleShortVersionString</key><string>1.0</string>
                <key>CFBundleDevelopmentRegion</key><string>en</string>
                <key>FlavorFeatures</key><array><string>reminders</string></array>
                <key>FlavorLimits</key>
                <dict>
                    <key>lists</key><integer>1000</integer>
                </dict>
                <key>FlavorLook</key><dict><key>accentColor</key><string>blue</string></dict>
                """),
            "Flavors/Staging/Info.plist": plist(
                """
                <key>FlavorBundleIdentifierSuffix</key><string>.staging</string>
                <key>FlavorFeatures</key><array><string>banner</string></array>
                <key>FlavorLimits</key>
                <dict>
                    <key>lists</key><integer>3</integer>
                    <key>sync</key><integer>1</integer>
                </dict>
                """),
            "Flavors/ProStaging/Info.plist": plist(
                "<key>CFBundleShortVersionString</key><string>1.0-beta</string>"),
            "Localizations/en.lproj/Localizable.strings": "\"hello\" = \"Hello\";\n\"bye\" = \"Bye\";\n",
            "Localizations/en.lproj/Localizable.stringsdict": filesPlural("%#@n@"),
            "Localizations/fr.lproj/Localizable.strings": "\"hello\" = \"Bonjour\";\n\"bye\" = \"Au revoir\";\n",
            "Flavors/Pro/Localizations/en.lproj/Localizable.strings": "\"hello\" = \"Hello, pro\";\n",
            "Flavors/Staging/Localizations/en.lproj/Localizable.strings": "\"hello\" = \"Hello, tester\";\n",
            "Flavors/Staging/Localizations/en.lproj/Localizable.stringsdict": filesPlural("%#@n@ (staging)"),
            "Flavors/ProStaging/Localizations/Localizable.xcstrings": """
            {"sourceLanguage": "en", "strings": {"bye": {"localizations": {"en": {"stringUnit": \
            {"state": "translated", "value": "Bye from the beta"}}}}}, "version": "1.0"}

            """,
        ]
        for (path, text) in files { try FileTree.write(text, to: path, in: root) }
    }
}
