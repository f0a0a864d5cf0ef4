import CatalogFiles
import Diagnostics
import FileFormats
import Foundation
import Localization

/// Translation memory on `extract`: the keys added to a String Catalog take the translations
/// the package already has for their text.
extension KeyExtraction {
    /// Gives the keys just `added` to `document` translations:
    ///
    /// 1. Carried over: the keys `gone` (with their development texts: the keys of the table
    ///    no source uses any more, about to be marked stale or pruned, not `manual`, that have
    ///    a translation) are paired with the added ones by `TranslationMemory.pairs` (similar development texts, same arguments). Each
    ///    language's translation of the old key goes to the new one as a suggestion, with the
    ///    old development text kept (`previousSource`); a pair whose texts are the same (the
    ///    key alone changed) takes the translations as they stand.
    /// 2. From memory: an added key that pairs with none takes, for each language it lacks,
    ///    the translation of a key with the same development text elsewhere in the package's
    ///    String Catalogs (this one first, then the shared folder's others, then the
    ///    flavors'), as it stands: a translated unit stays translated, one to review stays so.
    ///    One whose text none has takes, as suggestions, those of the most similar text there
    ///    with the same arguments (`suggestSimilar`).
    ///
    /// The development text of a key is its source language's unit, or the key itself.
    mutating func carryOver(
        into document: inout StringCatalog, table: String, added: [String], gone: [(key: String, text: String)],
        uses: TableUses
    ) {
        guard !added.isEmpty else { return }
        let source = document.sourceLanguage, url = URL(fileURLWithPath: document.path)
        let texts = added.map { uses[$0]?.defaultValue ?? $0 }
        var filled = Set<Int>()
        for pair in TranslationMemory.pairs(old: gone.map(\.text), new: texts) {
            let old = document[gone[pair.old].key]!, key = added[pair.new]
            let previous = old.localizations[source], same = texts[pair.new] == gone[pair.old].text
            document.update(key, orderedBy: StringCatalogWriter.keyOrder) { entry in
                for (language, localization) in old.localizations
                where language != source && localization.hasTranslation && entry.localizations[language] == nil {
                    entry.localizations.set(
                        same
                            ? localization
                            : localization.suggested(previous: previous, previousText: gone[pair.old].text),
                        for: language, orderedBy: StringCatalogWriter.keyOrder)
                }
            }
            filled.insert(pair.new)
            record(
                same ? .filledFromMemory : .carried, key, table, url, uses[key]!.location, code: texts[pair.new],
                catalog: same ? "\(table): \(old.key)" : gone[pair.old].text)
        }
        guard filled.count < added.count else { return }
        let memory = Self.memory(
            document, excluding: Set(added.map(LiteralKey.init)), catalogs: otherStringCatalogs(than: url))
        var unmatched: [Int] = []
        for (position, key) in added.enumerated() where !filled.contains(position) {
            guard let found = memory[texts[position]] else {
                unmatched.append(position)
                continue
            }
            var took = false
            document.update(key, orderedBy: StringCatalogWriter.keyOrder) { entry in
                for (language, localization) in found.entry.localizations
                where LanguageTag(language) != LanguageTag(source) && localization.hasTranslation
                    && entry.localizations[language] == nil
                {
                    entry.localizations.set(localization, for: language, orderedBy: StringCatalogWriter.keyOrder)
                    took = true
                }
            }
            if took {
                record(
                    .filledFromMemory, key, table, url, uses[key]!.location, code: texts[position],
                    catalog: "\(found.table): \(found.entry.key)")
            }
        }
        guard !unmatched.isEmpty, !memory.isEmpty else { return }
        suggestSimilar(
            into: &document, table: table, keys: unmatched.map { added[$0] }, texts: unmatched.map { texts[$0] },
            memory: memory, uses: uses)
    }

    /// 3. From memory, similar: each of `keys` (with their development `texts`) that no
    ///    translation in `memory` has the same text as takes, as suggestions, the translations
    ///    of the most similar text there (`SimilarTextIndex`, at least `TextSimilarity.threshold`)
    ///    that takes the same arguments, the other text kept as the one they were made from.
    private mutating func suggestSimilar(
        into document: inout StringCatalog, table: String, keys: [String], texts: [String],
        memory: [String: (table: String, entry: StringCatalog.Entry)], uses: TableUses
    ) {
        let source = document.sourceLanguage, url = URL(fileURLWithPath: document.path)
        let known = memory.keys.sorted()
        let index = SimilarTextIndex(known)
        var counts = SimilarTextIndex.Counts(index.count)
        for (key, text) in zip(keys, texts) {
            let signature = ArgumentSignature(text)
            let matches = index.matches(text, threshold: TextSimilarity.threshold, counts: &counts)
            guard let match = matches.first(where: { ArgumentSignature(known[$0.index]) == signature }) else {
                continue
            }
            let other = known[match.index], found = memory[other]!
            let previous = found.entry.localizations[source]
            var took = false
            document.update(key, orderedBy: StringCatalogWriter.keyOrder) { entry in
                for (language, localization) in found.entry.localizations
                where LanguageTag(language) != LanguageTag(source) && localization.hasTranslation
                    && entry.localizations[language] == nil
                {
                    entry.localizations.set(
                        localization.suggested(previous: previous, previousText: other), for: language,
                        orderedBy: StringCatalogWriter.keyOrder)
                    took = true
                }
            }
            if took { record(.carried, key, table, url, uses[key]!.location, code: text, catalog: other) }
        }
    }

    /// The development text of `entry`: its source language's unit, or its key.
    static func developmentText(of entry: StringCatalog.Entry, source: String) -> String {
        entry.localizations[source]?.stringUnit?.value ?? entry.key
    }

    /// Development text → the first entry with a translation that has it: `document`'s
    /// (but the keys `excluding`), then `catalogs`' in order.
    static func memory(
        _ document: StringCatalog, excluding: Set<LiteralKey>, catalogs: [StringCatalog]
    ) -> [String: (table: String, entry: StringCatalog.Entry)] {
        var memory: [String: (table: String, entry: StringCatalog.Entry)] = [:]
        for catalog in [document] + catalogs {
            for entry in catalog.entries
            where !excluding.contains(LiteralKey(entry.key)) || catalog.path != document.path {
                let source = catalog.sourceLanguage
                guard entry.localizations.contains(where: { $0.key != source && $0.value.hasTranslation }) else {
                    continue
                }
                let text = developmentText(of: entry, source: source)
                if memory[text] == nil { memory[text] = (catalog.table, entry) }
            }
        }
        return memory
    }

    /// The package's other String Catalogs that read without errors: the shared folder's,
    /// then each flavor's, by name.
    private func otherStringCatalogs(than url: URL) -> [StringCatalog] {
        let layout = project.layout
        let folders = [layout.localizations] + project.flavors.map { layout.localizations(flavor: $0) }
        var catalogs: [StringCatalog] = []
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".\(CatalogFolderLayout.FileKind.xcstrings.rawValue)") {
                let file = folder.appendingPathComponent(name)
                guard file.standardizedFileURL.path != url.standardizedFileURL.path else { continue }
                let catalog = StringCatalog(contentsOf: file, within: folder)
                if catalog.errors.isEmpty { catalogs.append(catalog) }
            }
        }
        return catalogs
    }
}
