import Diagnostics
import Foundation
import Localization

/// `flavorkit export --format xliff|xcloc|po`: every language (the development language
/// included, as Xcode does) in translators' formats.
enum TranslationExport {
    /// `<lang>.xliff`; `<lang>.xcloc/Localized Contents/<lang>.xliff` with the bundle's
    /// `contents.json`; or `<lang>/<Table>.po`.
    static func files(
        _ format: CatalogExporter.Format, source: TranslationSource, languages: [LanguageTag], tables: [String]
    ) throws(Diagnostic) -> [(path: String, data: Data)] {
        var files: [(path: String, data: Data)] = []
        for language in languages {
            let catalog = source.catalog(for: language, tables: tables)
            switch format {
            case .po:
                for table in tables where catalog.units.contains(where: { $0.table == table }) {
                    files.append(("\(language)/\(table).po", POWriter.write(catalog, table: table)))
                }
            case .xcloc:
                let bundle = XclocBundle(language: language, developmentLanguage: source.project.developmentLanguage)
                files.append((bundle.xliffPath, try XLIFFWriter.write(catalog)))
                files.append((bundle.contentsPath, bundle.contents))
            default:
                files.append(("\(language).xliff", try XLIFFWriter.write(catalog)))
            }
        }
        return files
    }
}
