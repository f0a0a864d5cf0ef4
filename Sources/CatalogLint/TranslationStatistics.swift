import Foundation
import Localization

/// How much of the development language one language has, in one catalog (`shared`, or a
/// flavor's view of the shared catalogs with its overrides).
public struct TranslationStatistics: Sendable, Hashable {
    /// The catalog counted: `shared` or a flavor's name.
    public var catalog: String
    /// The language counted.
    public var language: LanguageTag
    /// How many of the development language's keys it has.
    public var translated: Int
    /// How many keys the development language has.
    public var total: Int

    /// Whole percent, rounded down so that 100% means every key.
    public var percent: Int { total == 0 ? 100 : translated * 100 / total }

    /// A table like `msgfmt --statistics` prints, one row per catalog and language.
    public static func table(_ rows: [TranslationStatistics]) -> String {
        let header = ["catalog", "language", "translated", "untranslated", "percent"]
        let cells = rows.map {
            [$0.catalog, $0.language.description, "\($0.translated)", "\($0.total - $0.translated)", "\($0.percent)%"]
        }
        let widths = header.indices.map { column in ([header] + cells).map { $0[column].count }.max() ?? 0 }
        return ([header] + cells).map { row in
            row.enumerated().map { column, cell in
                column < 2
                    ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
