import CatalogExtraction
import CatalogFiles
import Flavors
import Foundation
import Localization

/// Issue 28, "Speed": the in-process work of `flavorkit extract --check` on a generated
/// package of 2,000 Swift files with 20,000 key uses, against reading those files alone; and
/// `flavorkit generate-symbols` for a 20,000-key String Catalog, against reading the catalog
/// as the generator does. Each goal is at most 2× its reference.
struct ExtractionBenchmarks {
    static let files = 2_000
    /// Key uses in each file: 20,000 in all, each a key of its own.
    static let usesPerFile = 10
    static let catalogKeys = 20_000
    /// Keys of the extraction catalog no call names: the even ones are used through their
    /// generated symbol (`.legacy4RowLabel`), the odd ones not at all.
    static let legacyKeys = 1_000
    let folder: URL
    /// The package `extract` checks: `Sources/App/` and `Localizations/en.lproj/`.
    var sourcesPackage: URL { folder.appendingPathComponent("extract") }
    /// The package `generate-symbols` reads: `Localizations/Localizable.xcstrings`.
    var symbolsPackage: URL { folder.appendingPathComponent("symbols") }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flavorkit-extraction-bench-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        let layout = PackageLayout(root: sourcesPackage)
        let app = layout.sources.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        for file in 0..<Self.files {
            try Self.write(Self.source(file), to: app.appendingPathComponent(String(format: "File%04d.swift", file)))
        }
        let strings = layout.localizations.appendingPathComponent(CatalogBenchmarks.stringsPath("en"))
        try FileManager.default.createDirectory(
            at: strings.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(Self.stringsText().utf8).write(to: strings)

        let localizations = PackageLayout(root: symbolsPackage).localizations
        try FileManager.default.createDirectory(at: localizations, withIntermediateDirectories: true)
        try StringCatalogWriter.write(Self.symbolCatalog())
            .write(to: localizations.appendingPathComponent("Localizable.xcstrings"))
    }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    /// A generated file that could not be written.
    struct WriteError: Error { let path: String }

    /// Writes `text` without the `fsync` of `Data.write`, which makes 2,000 small files take
    /// seconds on some disks.
    static func write(_ text: String, to url: URL) throws {
        guard let file = fopen(url.path, "w") else { throw WriteError(path: url.path) }
        defer { fclose(file) }
        var text = text
        let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
        guard written == text.utf8.count else { throw WriteError(path: url.path) }
    }

    /// The key of a file's `use`th call.
    static func key(file: Int, use: Int) -> String { "screen\(file).row\(use).label" }

    /// A screen of an app, about 2.6 KB: doc, line and block comments, string literals and
    /// interpolations (one holding a key call), ten `text("…")` calls with arguments and
    /// `comment:`s, member accesses, and in the first 500 files a generated symbol's use.
    static func source(_ file: Int) -> String {
        let key = { (use: Int) in Self.key(file: file, use: use) }
        let symbol = file < legacyKeys / 2 ? "localizer.text(.legacy\(file * 2)RowLabel)" : "nil"
        return #"""
            //
            //  File\#(String(format: "%04d", file)).swift
            //  App
            //
            //  Screen \#(file) of the generated app.
            //

            import Foundation
            import Localization

            /// Screen \#(file): a list of items with a header, rows and a summary.
            ///
            /// Laid out by `ScreenLayout`; its texts come from `Localizable.strings` (`text("key")`).
            struct Screen\#(file) {
                var count: Int
                var name: String
                var items: [Item]
                let localizer: Localizer

                /// The header, with the number of items.
                func header() -> String {
                    // translators: The header above the list of screen \#(file).
                    let title = localizer.text("\#(key(0))", .int(count))
                    let detail = "\(count) items in \"\(name.uppercased())\""
                    return title + " — " + detail
                }

                /// One row per item; done items are dimmed.
                func rows() -> [Row] {
                    items.enumerated().map { index, item in
                        let label = localizer.text(
                            "\#(key(1))", .string(item.title), .int(index + 1),
                            comment: "A row: the item's title and its position")
                        let state = item.isDone ? localizer.text("\#(key(2))") : localizer.text("\#(key(3))", .int(item.progress))
                        /* Long titles are cut by the row itself. */
                        return Row(id: item.id, label: label, detail: state, style: item.isDone ? .dimmed : .regular)
                    }
                }

                /// The summary under the list.
                func summary(total: Double) -> String {
                    let amount = String(format: "%.2f", total)
                    let parts = [
                        localizer.text("\#(key(4))", .double(total)),
                        localizer.text(
                            "\#(key(5))", .int(items.filter(\.isDone).count), .int(items.count),
                            comment: "Done of total, as in \"3 of 5\""),
                        "\(localizer.text("\#(key(6))")): \(amount)",
                    ]
                    return parts.joined(separator: "\n")
                }

                /// What an alert shows when something went wrong.
                func alert(for error: Error) -> Alert {
                    let message = localizer.text("\#(key(7))", .string(error.localizedDescription))
                    let retry = localizer.text("\#(key(8))")
                    let cancel = localizer.text("\#(key(9))", comment: "Cancels the retry")
                    return Alert(
                        title: .init(message), actions: [.default(retry), .cancel(cancel)],
                        footnote: \#(symbol), style: .critical)
                }
            }

            """#
    }

    /// The development `.strings` of the extraction package: every 20th key used is missing
    /// (1,000 to add), and the legacy keys no call names follow; a comment on every other key,
    /// texts with and without specifiers.
    static func stringsText() -> String {
        var text = "/* The app's texts. */\n\n"
        var index = 0
        func entry(_ key: String, _ value: String) {
            if index % 2 == 0 { text += "/* Shown for \(key). */\n" }
            text += "\"\(key)\" = \"\(value)\";\n"
            index += 1
        }
        for file in 0..<files {
            for use in 0..<usesPerFile where (file * usesPerFile + use) % 20 != 19 {
                entry(
                    key(file: file, use: use), use % 3 == 0 ? "%lld items on screen \(file)" : "Row \(use) of \(file)")
            }
        }
        for legacy in 0..<legacyKeys { entry("legacy\(legacy).row.label", "Old text %@ \(legacy)") }
        return text
    }

    /// A development-language String Catalog of 20,000 keys: every 25th a plural (variations),
    /// the others plain or with `%@`, `%d` or `%1$@ %2$lld`; a comment on every 3rd.
    static func symbolCatalog() -> StringCatalog {
        var catalog = StringCatalog(sourceLanguage: "en", path: "Localizable.xcstrings")
        var entries: [StringCatalog.Entry] = []
        for index in 0..<catalogKeys {
            var entry = StringCatalog.Entry(key: "screen\(index % 97).section\(index).label")
            if index % 3 == 0 { entry.comment = "Shown on screen \(index % 97), section \(index)." }
            var localization = StringCatalog.Localization()
            if index % 25 == 0 {
                localization.variations = StringCatalog.Variations(
                    plural: KeyedList([
                        ("one", .init(stringUnit: .init("%lld file in section \(index)"))),
                        ("other", .init(stringUnit: .init("%lld files in section \(index)"))),
                    ]))
            } else {
                let texts = [
                    "Section \(index) is empty", "Opened %@ (\(index))", "%d items in section \(index)",
                    "%1$@ of %2$lld in section \(index)", "Tap “Done” when finished (\(index))",
                ]
                localization.stringUnit = .init(texts[index % texts.count])
            }
            entry.localizations.append(localization, for: "en")
            entries.append(entry)
        }
        catalog.append(contentsOf: entries)
        return catalog
    }

    func run() throws -> [Figure] {
        [
            try extractionFigure(), symbolsFigure(),
            try CarryOverBenchmarks(in: folder.appendingPathComponent("carry-over")).figure(),
        ]
    }

    private func extractionFigure() throws -> Figure {
        let layout = PackageLayout(root: sourcesPackage)
        precondition(KeyUseScanner.swiftFiles(in: layout.sources) == Self.swiftFilesByFoundation(in: layout.sources))
        precondition(KeyUseScanner.swiftFiles(in: layout.sources).count == Self.files)
        var extraction: KeyExtraction?
        var bytes = 0
        // The reference lists the files as Foundation does and reads each whole.
        let read = {
            bytes = 0
            for url in Self.swiftFilesByFoundation(in: layout.sources) { bytes += try Data(contentsOf: url).count }
        }
        let times = try Measure.paired(
            rounds: 7,
            ours: { extraction = KeyExtraction(project: CatalogProject(layout: layout), prune: false, writing: false) },
            reference: read)
        // Where the time goes: the scan of the sources alone, against the same reading.
        var uses = 0
        let scan = try Measure.paired(
            rounds: 7,
            ours: { uses = KeyUseScanner.scanSources(in: layout.sources, calls: layout.keyCalls).uses.count },
            reference: read)
        let changes = extraction?.changes ?? []
        precondition(uses == Self.files * Self.usesPerFile && extraction?.diagnostics.isEmpty == true)
        precondition(changes.filter { $0.kind == .added }.count == Self.files * Self.usesPerFile / 20)
        precondition(changes.filter { $0.kind == .unused }.count == Self.legacyKeys / 2)
        return Figure(
            name: "extract --check of 2,000 Swift files with 20,000 key uses", ours: times.ours,
            reference: times.reference, referenceName: "reading the files", goal: .atMost(1.8),
            detail: String(
                format: "%.1f MB; the scan alone %@, %.2f× reading (%@)", Double(bytes) / 1e6,
                Figure.format(scan.ours, "s"), scan.ours / scan.reference, Figure.format(scan.reference, "s")))
    }

    /// The `.swift` files under `folder`, in path order, listed by `FileManager`'s enumerator.
    static func swiftFilesByFoundation(in folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        var files: [(path: String, url: URL)] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" { files.append((url.path, url)) }
        return files.sorted { $0.path < $1.path }.map(\.url)
    }

    private func symbolsFigure() -> Figure {
        let layout = PackageLayout(root: symbolsPackage)
        let english = LanguageTag("en")!
        var generator: SymbolGenerator?
        let times = Measure.paired(
            rounds: 7,
            ours: { generator = SymbolGenerator(project: CatalogProject(layout: layout)) },
            reference: {
                let store = CatalogStore(
                    folders: [layout.localizations], keepingComments: true, readingLanguages: [english])
                precondition(store.catalog(for: english) != nil)
            })
        precondition(generator?.source != nil && generator?.count == Self.catalogKeys)
        let size = (try? Data(contentsOf: layout.localizations.appendingPathComponent("Localizable.xcstrings")))?.count
        return Figure(
            name: "generate-symbols for a 20,000-key String Catalog", ours: times.ours, reference: times.reference,
            referenceName: "reading the catalog", goal: .atMost(2),
            detail: String(
                format: "%.1f MB, %d KB of Swift", Double(size ?? 0) / 1e6, (generator?.source?.utf8.count ?? 0) / 1000)
        )
    }
}
