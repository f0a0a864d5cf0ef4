import CatalogFiles
import Diagnostics
import FileFormats
import Foundation
import Localization

/// How far one language is translated, for the shared catalogs or one flavor's view of them,
/// counted in gettext's messages (`POMessage`: a text, a plural format, or one variable with
/// all its forms), so that `msgfmt --statistics` on the exported PO file agrees: its
/// translated messages are `translated + invalid`, its fuzzy ones `needsReview + stale` (the
/// export marks both fuzzy), its untranslated ones `missing + inherited`.
public struct TranslationStatus: Sendable, Hashable {
    /// The language counted.
    public var language: LanguageTag
    /// `shared`, or the flavor's name.
    public var catalog: String
    /// Translated, with specifiers that agree with the development language's.
    public var translated = 0
    /// Missing in a regional variant (`es-MX`) but given by its parent (`es`).
    public var inherited = 0
    /// Not translated (or not in every plural form).
    public var missing = 0
    /// Translated from a development-language text that has changed since (what
    /// `flavorkit import` recorded in `TranslationRecord`).
    public var stale = 0
    /// String Catalog units marked `needs_review`, suggestions included.
    public var needsReview = 0
    /// Of `needsReview`, the suggestions no person confirmed (carried over from an edited
    /// text or taken from memory): to review, not shown to users.
    public var suggested = 0
    /// Translated, but with format specifiers that disagree with the development language's
    /// (a lint error).
    public var invalid = 0

    /// Each message a translator still has to do (missing, stale, to review or invalid), in
    /// the catalog's order: what `status --list` names.
    public var untranslated: [Untranslated] = []

    /// A message a translator still has to do: its table, its PO context (the key, and the
    /// variable of a plural variable's message) and why.
    public struct Untranslated: Sendable, Hashable {
        /// `missing`, `stale`, `review` or `invalid`, as the table's columns say.
        public var reason: String
        /// The message's table.
        public var table: String
        /// Its PO `msgctxt`: the key, and the variable of a plural variable's message.
        public var context: String
    }

    /// Every message of the development language.
    public var total: Int { translated + inherited + missing + stale + needsReview + invalid }

    /// Whole percent of messages shown translated (own or inherited), rounded down so that
    /// 100% means all.
    public var percent: Int { total == 0 ? 100 : (translated + inherited) * 100 / total }

    /// Every language but the development language, for the shared catalogs and each flavor;
    /// what the readers refused (a file that is not read is not counted) in `readingErrors`,
    /// each once, sorted. One language's units are held at a time (a catalog of 40 languages
    /// would hold them all): a parent's messages that are whole (`es` for `es-MX`) are kept
    /// as their contexts only.
    public static func collect(_ project: CatalogProject, readingErrors: inout [Diagnostic]) throws(Diagnostic)
        -> [TranslationStatus]
    {
        var rows: [TranslationStatus] = []
        var errors = Set<Diagnostic>()
        for flavor in [nil] + project.flavors.map(Optional.some) {
            let source = try TranslationSource(project: project, flavor: flavor)
            let languages = source.languages.filter { $0 != project.developmentLanguage }
            let parents = Set(languages.flatMap { $0.withParents.dropFirst() }).intersection(languages)
            var wholeContexts: [LanguageTag: Set<String>] = [:]
            // Sorted: a parent (`es`) comes before the languages it gives to (`es-MX`).
            for language in languages.sorted() {
                let catalog = source.catalog(for: language, keeping: false)
                errors.formUnion(catalog.translation.errors)
                let inherited = language.withParents.dropFirst().reduce(into: Set<String>()) { contexts, parent in
                    contexts.formUnion(wholeContexts[parent] ?? [])
                }
                rows.append(count(catalog, inherited: inherited, name: flavor ?? "shared"))
                if parents.contains(language) { wholeContexts[language] = Self.wholeContexts(of: catalog) }
            }
        }
        readingErrors = errors.sorted()
        return rows
    }

    /// The table and context (`table\0context`) of each message of `catalog` translated in
    /// every unit: what a regional variant inherits.
    private static func wholeContexts(of catalog: TranslationCatalog) -> Set<String> {
        Set(
            catalog.source.tables.flatMap { table in
                POMessage.messages(of: catalog, table: table).filter { $0.units.allSatisfy { $0.target != nil } }
                    .map { "\(table)\u{0}\($0.context)" }
            })
    }

    /// The row of `catalog`; a message missing there but whole in a parent (`inherited`,
    /// from `wholeContexts(of:)`) is inherited.
    private static func count(_ catalog: TranslationCatalog, inherited inheritedContexts: Set<String>, name: String)
        -> TranslationStatus
    {
        var row = TranslationStatus(language: catalog.language, catalog: name)
        for table in catalog.source.tables {
            for message in POMessage.messages(of: catalog, table: table) {
                let reason: String
                if message.units.contains(where: \.needsReview) {
                    row.needsReview += 1
                    if message.units.contains(where: \.isSuggestion) { row.suggested += 1 }
                    reason = "review"
                } else if message.units.contains(where: { $0.target == nil }) {
                    if inheritedContexts.contains("\(table)\u{0}\(message.context)") {
                        row.inherited += 1
                        continue
                    } else {
                        row.missing += 1
                        reason = "missing"
                    }
                } else if message.units.contains(where: {
                    TranslationImporter.formatProblem(
                        TranslationImporter.Imported(unit: $0, text: $0.target!, source: nil, location: nil), catalog)
                        != nil
                }) {
                    row.invalid += 1
                    reason = "invalid"
                } else if message.units.contains(where: \.isStale) {
                    row.stale += 1
                    reason = "stale"
                } else {
                    row.translated += 1
                    continue
                }
                row.untranslated.append(Untranslated(reason: reason, table: table, context: message.context))
            }
        }
        return row
    }

    /// One line per row, columns aligned; with `bars`, a 20-cell bar of the percentage.
    public static func table(_ rows: [TranslationStatus], bars: Bool) -> String {
        let header = [
            "language", "catalog", "translated", "inherited", "missing", "stale", "review", "invalid", "percent",
        ]
        let cells = rows.map {
            [
                $0.language.description, Diagnostic.visible($0.catalog), "\($0.translated)", "\($0.inherited)",
                "\($0.missing)",
                "\($0.stale)", "\($0.needsReview)", "\($0.invalid)", "\($0.percent)%",
            ]
        }
        let widths = header.indices.map { column in ([header] + cells).map { $0[column].count }.max() ?? 0 }
        var lines: [String] = []
        for (index, row) in ([header] + cells).enumerated() {
            var line = row.enumerated().map { column, cell in
                column < 2
                    ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ")
            if bars, index > 0 {
                let filled = rows[index - 1].percent / 5
                line += "  " + String(repeating: "█", count: filled) + String(repeating: "░", count: 20 - filled)
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each message a translator still has to do, a line each: `de  Pro  missing  InfoPlist  CFBundleDisplayName`
    /// (language, catalog, why, table, context), columns aligned.
    public static func list(_ rows: [TranslationStatus]) -> String {
        let cells = rows.flatMap { row in
            row.untranslated.map {
                [
                    row.language.description, Diagnostic.visible(row.catalog), $0.reason, Diagnostic.visible($0.table),
                    Diagnostic.visible($0.context),
                ]
            }
        }
        let widths = (0..<4).map { column in cells.map { $0[column].count }.max() ?? 0 }
        return cells.map { row in
            (0..<4).map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
                + "  " + row[4] + "\n"
        }.joined()
    }

    /// `{"rows": [{"language": "de", "catalog": "shared", "translated": 87, …, "percent": 100}]}`
    /// (`suggested` only when there are some); with `list`, each row's `untranslated` messages too (`reason`, `table`, `context`).
    public static func json(_ rows: [TranslationStatus], list: Bool = false) -> String {
        let objects = rows.map { row in
            JSONTree.sorted([
                "language": .string(row.language.description), "catalog": .string(row.catalog),
                "translated": .int(row.translated), "inherited": .int(row.inherited), "missing": .int(row.missing),
                "stale": .int(row.stale), "needsReview": .int(row.needsReview), "invalid": .int(row.invalid),
                "total": .int(row.total), "percent": .int(row.percent),
                "suggested": row.suggested > 0 ? .int(row.suggested) : nil,
                "untranslated": list
                    ? .array(
                        row.untranslated.map {
                            .sorted([
                                "reason": .string($0.reason), "table": .string($0.table),
                                "context": .string($0.context),
                            ])
                        }) : nil,
            ])
        }
        return JSONOutput.text(.sorted(["rows": .array(objects)]))
    }
}
