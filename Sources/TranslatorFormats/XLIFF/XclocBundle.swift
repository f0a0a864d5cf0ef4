import Foundation
import Localization

/// The shape of an Xcode Localization Catalog, `<lang>.xcloc/`: `contents.json` and the
/// XLIFF in `Localized Contents/<lang>.xliff`.
public struct XclocBundle: Sendable {
    /// The language the bundle translates into.
    public let language: LanguageTag
    /// The language translated from.
    public let developmentLanguage: LanguageTag

    /// The folder that holds the XLIFF, inside the bundle.
    public static let contentsFolder = "Localized Contents"

    /// The bundle for `language`, translated from `developmentLanguage`.
    public init(language: LanguageTag, developmentLanguage: LanguageTag) {
        self.language = language
        self.developmentLanguage = developmentLanguage
    }

    /// `de.xcloc`.
    public var name: String { "\(language).xcloc" }
    /// `de.xcloc/Localized Contents/de.xliff`.
    public var xliffPath: String { "\(name)/\(Self.contentsFolder)/\(language).xliff" }
    /// `de.xcloc/contents.json`.
    public var contentsPath: String { "\(name)/contents.json" }

    /// What Xcode writes in `contents.json`.
    public var contents: Data {
        Data(
            """
            {
              "developmentRegion" : "\(developmentLanguage)",
              "targetLocale" : "\(language)",
              "toolInfo" : {
                "toolID" : "flavorkit",
                "toolName" : "flavorkit"
              },
              "version" : "1.0"
            }

            """.utf8)
    }

    /// The XLIFF inside an `.xcloc` folder: `Localized Contents/<name>.xliff`, the only
    /// `.xliff` there.
    public static func xliff(in bundle: URL) -> URL? {
        let folder = bundle.appendingPathComponent(contentsFolder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let found = names.filter { $0.hasSuffix(".xliff") }
        return found.count == 1 ? folder.appendingPathComponent(found[0]) : nil
    }
}
