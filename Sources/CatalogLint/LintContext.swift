import CatalogExtraction
import CatalogFiles
import Diagnostics
import Foundation
import Localization

/// What every lint rule reads, loaded once: the shared catalogs and each flavor's overrides,
/// the development language's catalog (as shared, and as each flavor shows it), the pairs of
/// catalogs to compare, and the keys the sources use. Rules only read it.
public struct LintContext {
    /// One flavor's overrides, with what they are checked against.
    struct Flavor {
        let layer: CatalogLayer
        /// The keys of the flavor's `Info.plist`: what its `InfoPlist.strings` may translate;
        /// nil when the file cannot be read (`info-plist` reports that).
        let infoPlistKeys: Set<String>?
    }

    /// One table of one language to compare with the development language's.
    struct Comparison {
        let catalog: Catalog
        /// The shared development language's catalog, or a flavor's view of it (its
        /// development-language overrides applied).
        let development: Catalog
        /// Which development catalog: 0 for the shared one, then one per flavor in order.
        let developmentIndex: Int
        let table: String
        /// The text entries worth a closer look (plural keys left out). In the shared
        /// catalogs, an entry whose text differs from the development language's but has the
        /// same specifiers in the same order agrees and is counted in `agreed` instead; a
        /// flavor's entries are those the development language has.
        let entries: [StringsEntry]
        /// The plural entries (a flavor's: those the development language has).
        let plurals: [(key: String, entry: PluralEntry)]
        /// Text entries found to agree without a closer look.
        let agreed: Int
        /// Whether every development-language key must be here (a full language of the
        /// shared catalogs, whose file for this table could be read).
        let requiresEveryKey: Bool
        /// The folder of the catalogs, to name the file a missing key belongs in.
        let folder: URL
    }

    let project: CatalogProject
    let shared: CatalogLayer
    let flavors: [Flavor]
    /// Keys (`key`, or `lang key`) allowed to read the same as the development language.
    let allowedSame: Set<String>
    /// The shared development language's catalog (empty when there is none).
    let development: Catalog
    let hasDevelopmentCatalog: Bool
    let comparisons: [Comparison]
    /// Every `text("key"` (or other key call of the layout) in `Sources/`, and the member
    /// names code writes (for keys used through generated symbols).
    let sources: KeyUseScanner.Scan
    /// Every `text("key"` (or other key call of the layout) in `Sources/`.
    var keyUses: [KeyUseScanner.KeyUse] { sources.uses }

    init(project: CatalogProject) {
        self.project = project
        shared = CatalogLayer(name: "shared", folder: project.layout.localizations)
        flavors = project.flavors.map { flavor in
            Flavor(
                layer: CatalogLayer(name: flavor, folder: project.layout.localizations(flavor: flavor)),
                infoPlistKeys: project.infoPlist(of: flavor).map { Set($0.keys) })
        }
        allowedSame = project.allowedSameAsDevelopment()
        let developmentLanguage = project.developmentLanguage
        hasDevelopmentCatalog = shared.catalogs[developmentLanguage] != nil
        development = shared.catalogs[developmentLanguage] ?? Catalog(language: developmentLanguage)
        // Each language on its own core.
        let others = shared.languages.filter { $0 != developmentLanguage }
        let (sharedLayer, development) = (shared, development)
        var comparisons = [LanguageTag].chunks(others.count).concurrentChunks { range in
            range.flatMap { index in
                sharedLayer.catalogs[others[index]].map { catalog in
                    Self.compare(
                        catalog, with: development, requireEveryKey: !sharedLayer.isRegionalVariant(others[index]),
                        folder: sharedLayer.folder)
                } ?? []
            }
        }.flatMap { $0 }
        for (index, flavor) in flavors.enumerated() {
            let merged = Self.merge(development, flavor.layer.catalogs[developmentLanguage])
            for language in flavor.layer.languages where language != developmentLanguage {
                guard let catalog = flavor.layer.catalogs[language] else { continue }
                comparisons += Self.compare(
                    overrides: catalog, with: merged, developmentIndex: index + 1,
                    folder: flavor.layer.folder)
            }
        }
        self.comparisons = comparisons
        sources = KeyUseScanner.scanSources(in: project.layout.sources, calls: project.layout.keyCalls)
    }

    /// Every layer of catalogs: the shared one, then each flavor's.
    var layers: [CatalogLayer] { [shared] + flavors.map(\.layer) }

    /// `location` as `path:line:column`, the path relative to the project's root.
    func relative(_ location: SourceLocation) -> String {
        var copy = location
        copy.path = relativePath(location.path)
        return copy.description
    }

    /// `path` relative to the project's root, when it is inside it.
    func relativePath(_ path: String) -> String {
        let root = project.layout.root.path
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    // MARK: Loading

    /// The development language as a flavor shows it: its overrides on the shared text.
    private static func merge(_ development: Catalog, _ overrides: Catalog?) -> Catalog {
        var merged = development
        guard let overrides else { return merged }
        for table in overrides.tableNames {
            if let text = overrides.tables[table] { merged.overlay(text, table: table) }
            if let plurals = overrides.plurals[table] { merged.overlay(plurals: plurals, table: table) }
        }
        return merged
    }

    /// A shared catalog against the development language's, table by table. A first pass on
    /// raw bytes sets aside the entries that need nothing more.
    private static func compare(
        _ catalog: Catalog, with development: Catalog, requireEveryKey: Bool,
        folder: URL
    ) -> [Comparison] {
        Set(catalog.tableNames).union(development.tableNames).sorted().map { table in
            // A file that could not be read has its own error; its keys are not missing too.
            let unreadable = catalog.errors.contains {
                URL(fileURLWithPath: $0.path ?? "").deletingPathExtension().lastPathComponent == table
            }
            let plurals = catalog.plurals[table] ?? [:]
            var agreed = 0
            var entries: [StringsEntry] = []
            if let text = catalog.tables[table] {
                // A plural's key is checked as a plural, never as text.
                let pluralRecords = Set(plurals.keys.compactMap(text.record(of:)))
                var closerLook: [Int] = []
                text.forEachEntry(pairedWith: development.tables[table]) { record, value, developmentValue in
                    guard !pluralRecords.contains(record) else { return }
                    if let developmentValue, !value.elementsEqual(developmentValue),
                        FormatScanner.sameSpecifiers(value, developmentValue)
                    {
                        agreed += 1
                    } else {
                        closerLook.append(record)
                    }
                }
                entries = closerLook.map(text.entry(atRecord:))
            }
            return Comparison(
                catalog: catalog, development: development, developmentIndex: 0, table: table,
                entries: entries, plurals: plurals.map { ($0.key, $0.value) }, agreed: agreed,
                requiresEveryKey: requireEveryKey && !unreadable, folder: folder)
        }
    }

    /// A flavor's overrides in one language against the development language as the flavor
    /// shows it: only the keys it has (the others are orphans).
    private static func compare(
        overrides catalog: Catalog, with development: Catalog, developmentIndex: Int,
        folder: URL
    ) -> [Comparison] {
        catalog.tableNames.map { table in
            let plurals = catalog.plurals[table] ?? [:]
            let entries = (catalog.tables[table]?.entries ?? [])
                .filter { plurals[$0.key] == nil && development.has($0.key, in: table) }
            return Comparison(
                catalog: catalog, development: development, developmentIndex: developmentIndex, table: table,
                entries: entries,
                plurals: plurals.filter { development.has($0.key, in: table) }.map { ($0.key, $0.value) },
                agreed: 0, requiresEveryKey: false, folder: folder)
        }
    }

    // MARK: Specifiers

    /// Whether text has a letter outside its format specifiers (`%d / %d` has none).
    package static func hasWords(_ text: String) -> Bool {
        FormatScanner.tokens(in: text).contains { token, written in
            guard case .literal = token.kind else { return false }
            return written.unicodeScalars.contains { $0.properties.isAlphabetic }
        }
    }
}
