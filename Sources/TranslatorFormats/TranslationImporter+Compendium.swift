import CatalogFiles
import Diagnostics
import Foundation
import Localization

/// A compendium (`flavorkit import --compendium FILE`, as `msgmerge -C`): a PO or XLIFF file
/// of earlier translations into one language, from this package or another, that fills the
/// shared catalogs' texts that language lacks.
extension TranslationImporter {
    /// One earlier translation: the development-language text and its translation.
    struct Remembered {
        var source: String
        var target: String
        var location: SourceLocation
    }

    /// The translations a compendium gives: for each text of the shared catalogs the language
    /// lacks, the compendium's translation of the same development text (taken as a
    /// translation, as `msgmerge` takes an exact compendium match), or, in a String Catalog,
    /// of the most similar text that takes the same arguments (`TranslationMemory`), as a
    /// suggestion made from that text. Fuzzy messages, targets to review and empty ones are
    /// not taken; neither are plural forms (texts only).
    mutating func readCompendium(_ url: URL) throws(Diagnostic) -> (TranslationCatalog, [Imported]) {
        let (language, remembered) = try Self.compendium(url)
        let catalog = try catalog(language: language, flavor: nil, table: nil, path: url.path)
        var exact: [String: Remembered] = [:]
        for entry in remembered where exact[entry.source] == nil { exact[entry.source] = entry }
        let sources = remembered.map(\.source)
        let index = SimilarTextIndex(sources)
        var imported: [Imported] = []
        var counts = SimilarTextIndex.Counts(index.count)
        for unit in catalog.units where unit.target == nil && unit.part == .text {
            if let entry = exact[unit.source] {
                imported.append(Imported(unit: unit, text: entry.target, source: nil, location: entry.location))
                continue
            }
            guard unit.kind == .xcstrings else { continue }
            let signature = ArgumentSignature(unit.source)
            guard
                let match = index.matches(unit.source, threshold: TextSimilarity.threshold, counts: &counts).first(
                    where: {
                        ArgumentSignature(sources[$0.index]) == signature
                    })
            else { continue }
            let entry = remembered[match.index]
            var item = Imported(unit: unit, text: entry.target, source: nil, location: entry.location, reviewed: false)
            item.suggestedFrom = entry.source
            imported.append(item)
        }
        return (catalog, imported)
    }

    /// The language and the translations of a PO or XLIFF compendium.
    static func compendium(_ url: URL) throws(Diagnostic) -> (language: String?, [Remembered]) {
        switch url.pathExtension {
        case "po":
            let file = try POFile(contentsOf: url)
            let remembered = file.messages.compactMap { message -> Remembered? in
                guard !message.isFuzzy, message.idPlural == nil, !message.id.isEmpty,
                    let text = message.strings[0], !text.isEmpty
                else { return nil }
                return Remembered(
                    source: message.id, target: text, location: message.stringLocations[0] ?? message.location)
            }
            return (file.header[POWriter.Field.language], remembered)
        case "xliff", "xlf":
            let file = try XLIFFFile(contentsOf: url)
            let languages = Set(file.sections.compactMap(\.targetLanguage))
            guard languages.count <= 1 else {
                throw Diagnostic(
                    "a compendium is of one language; this one has \(languages.sorted().joined(separator: ", "))",
                    path: url.path)
            }
            var remembered: [Remembered] = []
            for section in file.sections {
                for unit in section.units where unit.isTranslatable {
                    guard let source = unit.source, !source.isEmpty, let target = unit.target, !target.isEmpty,
                        unit.state.map({ $0 != "new" && !$0.hasPrefix("needs-") }) ?? true
                    else { continue }
                    remembered.append(Remembered(source: source, target: target, location: unit.location))
                }
            }
            return (languages.first, remembered)
        default:
            throw Diagnostic("not a compendium (.po, .xliff)", path: url.path)
        }
    }
}
