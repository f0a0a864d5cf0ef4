import Localization

extension CatalogStore {
    /// The catalogs of those of `languages` some folder has, built on every core (each kept
    /// by the store, as `catalog(for:)` keeps it), in the order asked.
    package func catalogs(for languages: [LanguageTag]) -> [(language: LanguageTag, catalog: Catalog)] {
        let loaded = [LanguageTag].chunks(languages.count).concurrentChunks { range in
            range.compactMap { index in catalog(for: languages[index]).map { (languages[index], $0) } }
        }
        return Array(loaded.joined())
    }
}
