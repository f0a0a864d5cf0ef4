import CatalogExtraction
import CatalogFiles
import Flavors
import Foundation
import Localization

/// Issue 41, "Translation memory": `extract` on a String Catalog of 20,000 keys (each its
/// English text, as Xcode makes them, translated into German) whose sources changed 500
/// texts, against the same `extract` when the sources changed none. The edited texts are
/// similar to each other and to their old ones (`Row 17 of screen 3 is ready` became `Row 17
/// of screen 3 is now ready`): the worst case for finding pairs by trigrams, as every text
/// shares most of its trigrams with every other. Goal: at most 1.5×.
struct CarryOverBenchmarks {
    static let files = 2_000
    static let usesPerFile = 10
    /// Every 40th key's text is edited in the sources: 500 of 20,000.
    static let editedEvery = 40
    let folder: URL
    var unchanged: URL { folder.appendingPathComponent("unchanged") }
    var edited: URL { folder.appendingPathComponent("edited") }

    static func text(_ index: Int) -> String { "Row \(index % 97) of screen \(index / 97) is ready" }
    static func editedText(_ index: Int) -> String { "Row \(index % 97) of screen \(index / 97) is now ready" }

    init(in folder: URL) throws {
        self.folder = folder
        let catalog = StringCatalogWriter.write(Self.catalog())
        for (root, edits) in [(unchanged, false), (edited, true)] {
            let layout = PackageLayout(root: root)
            let app = layout.sources.appendingPathComponent("App")
            try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: layout.localizations, withIntermediateDirectories: true)
            try catalog.write(to: layout.localizations.appendingPathComponent("Localizable.xcstrings"))
            for file in 0..<Self.files {
                var source = "import Localization\n\nfunc screen\(file)(_ localizer: Localizer) -> [String] {\n    [\n"
                for use in 0..<Self.usesPerFile {
                    let index = file * Self.usesPerFile + use
                    let text = edits && index % Self.editedEvery == 0 ? Self.editedText(index) : Self.text(index)
                    source += "        localizer.text(\"\(text)\"),\n"
                }
                source += "    ]\n}\n"
                try ExtractionBenchmarks.write(
                    source, to: app.appendingPathComponent(String(format: "Screen%04d.swift", file)))
            }
        }
    }

    /// The 20,000 keys, each translated into German.
    static func catalog() -> StringCatalog {
        var catalog = StringCatalog(sourceLanguage: "en", path: "Localizable.xcstrings")
        var entries: [StringCatalog.Entry] = []
        for index in 0..<files * usesPerFile {
            var entry = StringCatalog.Entry(key: text(index))
            entry.localizations.append(
                .init(stringUnit: .init("Zeile \(index % 97) von Bildschirm \(index / 97) ist bereit")), for: "de")
            entries.append(entry)
        }
        entries.sort { StringCatalogWriter.keyOrder($0.key, $1.key) }
        catalog.append(contentsOf: entries)
        return catalog
    }

    func figure() throws -> Figure {
        let edits = Self.files * Self.usesPerFile / Self.editedEvery
        var changes: [KeyExtraction.Change] = []
        let extract = { (root: URL) -> [KeyExtraction.Change] in
            let extraction = KeyExtraction(project: CatalogProject(layout: PackageLayout(root: root)))
            precondition(extraction.diagnostics.isEmpty)
            return extraction.changes
        }
        let times = Measure.paired(
            rounds: 7, ours: { changes = extract(edited) }, reference: { precondition(extract(unchanged).isEmpty) })
        let carried = changes.count { $0.kind == .carried }
        // Where the extra time goes: the pairing alone (index, candidates, ratios), and the
        // catalog written (the unchanged run writes nothing).
        let editedIndices = (0..<Self.files * Self.usesPerFile).filter { $0 % Self.editedEvery == 0 }
        let pairing = Measure.median(
            (0..<Measure.rounds(7)).map { _ in
                Measure.time {
                    precondition(
                        TranslationMemory.pairs(
                            old: editedIndices.map(Self.text), new: editedIndices.map(Self.editedText)
                        ).count
                            == edits)
                }
            })
        let catalog = StringCatalog(
            try Data(
                contentsOf: PackageLayout(root: unchanged).localizations.appendingPathComponent("Localizable.xcstrings")
            ),
            path: "Localizable.xcstrings")
        let writing = Measure.median(
            (0..<Measure.rounds(7)).map { _ in Measure.time { _ = StringCatalogWriter.write(catalog) } })
        precondition(changes.count { $0.kind == .added } == edits && changes.count { $0.kind == .markedStale } == edits)
        return Figure(
            name: "extract of 20,000 keys with 500 texts edited (translations carried over)", ours: times.ours,
            reference: times.reference, referenceName: "extract with none edited", goal: .atMost(1.5),
            detail: "\(carried) of \(edits) carried over, each to its own old text: \(Self.rightlyPaired(changes)); "
                + "the pairing alone \(Figure.format(pairing, "s")), writing the catalog \(Figure.format(writing, "s"))"
        )
    }

    /// Whether every carried key took its own old text's translations.
    static func rightlyPaired(_ changes: [KeyExtraction.Change]) -> Bool {
        changes.filter { $0.kind == .carried }.allSatisfy {
            $0.catalogText.map { $0.replacingOccurrences(of: " is ready", with: " is now ready") } == $0.key
        }
    }
}
