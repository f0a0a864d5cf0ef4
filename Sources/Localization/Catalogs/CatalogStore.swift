import FileFormats
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where catalogs come from, and the cache of languages loaded so far.
///
/// A store reads, from each of its folders in order (later folders winning per key: the
/// shared `Localizations/` first, then a flavor's overrides), `<lang>.lproj/<Table>.strings`
/// and `<Table>.stringsdict`, and String Catalogs `<Table>.xcstrings` at the folder's top
/// level. Each language is read once, on first use, and kept. A catalog file must lie inside its
/// folder once links are followed, and be a regular file (`InputFile`): a link out of the
/// folder is an error of the language, never read.
public final class CatalogStore: Sendable {
    /// Folders holding `<lang>.lproj/` subfolders or `.xcstrings` files, lowest priority first.
    public var folders: [URL] { givenFolders ?? folderPaths.map { URL(fileURLWithPath: $0, isDirectory: false) } }
    /// The folders as given to `init(folders:…)`; nil when the store was made from paths.
    private let givenFolders: [URL]?
    /// Their paths, what the store reads by (a URL's path is built on each use).
    private let folderPaths: [String]
    /// The language pseudo-locales are made from; nil for none.
    public let pseudoLocaleSource: LanguageTag?
    /// Whether the catalogs built keep the comments of `.strings` files and String Catalogs
    /// (`Catalog.comments`): true for a store made with `keepingComments`, which also reads
    /// each String Catalog whole (`stringCatalog(at:)`).
    public let keepsComments: Bool
    /// Whether the store is a tool's: each String Catalog read whole once
    /// (`stringCatalog(at:)`), every language built from it.
    private let readsWholeCatalogs: Bool
    private let cache = Mutex<[LanguageTag: Catalog]>([:])
    /// Each String Catalog's languages, found by a read that builds no language.
    private let stringCatalogLanguages = Mutex<[URL: [LanguageTag]]>([:])
    /// A tool's store: each String Catalog read whole.
    private let wholeCatalogs = Mutex<[URL: StringCatalog]>([:])
    /// Each folder's listing, made once (every language and kind of file reads the same):
    /// room for each folder and a few `.lproj` folders up front, grown by none at start-up.
    private let listings: Mutex<[String: Listing]>

    /// A folder's entry names, sorted, and its `<lang>.lproj` folders by language.
    private struct Listing {
        var names: [String]
        var languages: [(LanguageTag, String)]

        /// The paths of the files of the listed folder (at `path`) whose names end in
        /// `.fileExtension`, each with its table (its name without the extension). Paths, not
        /// URLs: a URL built for each file costs more than reading a small catalog.
        func files(inPath path: String, extension fileExtension: String) -> [(path: String, table: String)] {
            let suffix = "." + fileExtension
            return names.filter { $0.hasSuffix(suffix) }.map {
                (joinedPath(path, $0), String($0.dropLast(suffix.count)))
            }
        }
    }

    /// For a tool's store, the languages whose localizations its String Catalogs keep (nil: all).
    public let stringCatalogReadLanguages: Set<LanguageTag>?

    /// `pseudoLocaleSource`: offer `en-XA` and `ar-XB`, made from that language's catalogs.
    /// `keepingComments`: for tools that convert or write catalogs back (see `keepsComments`;
    /// lint's store is `init(checkingFolders:)`); such a store reads each String Catalog once,
    /// with only the localizations of `readingLanguages` when given (never to be written back
    /// then).
    public convenience init(
        folders: [URL], pseudoLocaleSource: LanguageTag? = nil, keepingComments: Bool = false,
        readingLanguages: Set<LanguageTag>? = nil
    ) {
        self.init(
            folders: folders, paths: folders.map(\.path), pseudoLocaleSource: pseudoLocaleSource,
            keepingComments: keepingComments, readingWholeCatalogs: keepingComments,
            readingLanguages: readingLanguages)
    }

    /// A tool's store whose catalogs keep no comment: lint's, which checks texts and never
    /// reads a comment (keeping those of `.strings` files would cost a quarter of its reading).
    /// String Catalogs are read whole, once, as in any tool's store.
    package convenience init(checkingFolders folders: [URL]) {
        self.init(
            folders: folders, paths: folders.map(\.path), pseudoLocaleSource: nil, keepingComments: false,
            readingWholeCatalogs: true, readingLanguages: nil)
    }

    /// A start-up's store: the folders at `folderPaths`, each a path as `PackageLayout` joins
    /// it (a URL made for each folder and its path taken back cost more than reading a small
    /// catalog); ``folders`` makes their URLs when asked.
    package convenience init(folderPaths: [String], pseudoLocaleSource: LanguageTag? = nil) {
        self.init(
            folders: nil, paths: folderPaths, pseudoLocaleSource: pseudoLocaleSource, keepingComments: false,
            readingWholeCatalogs: false, readingLanguages: nil)
    }

    private init(
        folders: [URL]?, paths: [String], pseudoLocaleSource: LanguageTag?, keepingComments: Bool,
        readingWholeCatalogs: Bool, readingLanguages: Set<LanguageTag>?
    ) {
        givenFolders = folders
        folderPaths = paths
        listings = Mutex(Dictionary(minimumCapacity: paths.count * 4))
        self.pseudoLocaleSource = pseudoLocaleSource
        keepsComments = keepingComments
        readsWholeCatalogs = readingWholeCatalogs
        stringCatalogReadLanguages = readingLanguages
    }

    /// The languages some folder has an `.lproj` or String Catalog text for, and the
    /// pseudo-locales when they can be made, sorted.
    public var availableLanguages: [LanguageTag] {
        var tags = Set<LanguageTag>()
        for path in folderPaths {
            let listing = listing(ofPath: path)
            for (tag, _) in listing.languages { tags.insert(tag) }
            for (file, _) in listing.files(inPath: path, extension: CatalogFolderLayout.FileKind.xcstrings.rawValue) {
                tags.formUnion(stringCatalogLanguages(URL(fileURLWithPath: file, isDirectory: false)))
            }
        }
        if let source = pseudoLocaleSource, tags.contains(source) {
            tags.formUnion(PseudoLocale.allCases.map(\.tag))
        }
        return tags.sorted()
    }

    /// The language's catalog, loading it on first use; nil when no folder has the language.
    public func catalog(for language: LanguageTag) -> Catalog? {
        if let cached = cache.withLock({ $0[language] }) { return cached }
        guard let loaded = load(language) else { return nil }
        return cache.withLock { cache in
            if let raced = cache[language] { return raced }
            cache[language] = loaded
            return loaded
        }
    }

    /// The language's catalog as `catalog(for:)` gives it, but a language not loaded yet is
    /// read and not kept: a tool that visits each of 40 languages once holds one at a time.
    public func catalogWithoutKeeping(for language: LanguageTag) -> Catalog? {
        cache.withLock { $0[language] } ?? load(language)
    }

    /// Whether `language` has been loaded already.
    public func isLoaded(_ language: LanguageTag) -> Bool {
        cache.withLock { $0[language] != nil }
    }

    private func load(_ language: LanguageTag) -> Catalog? {
        if let pseudo = PseudoLocale(language), let source = pseudoLocaleSource {
            return catalog(for: source).map { $0.pseudoLocalized(pseudo) }
        }
        var catalog = Catalog(language: language)
        var found = false
        for path in folderPaths {
            // Each folder's listing is looked up once a language, each .lproj's likewise.
            let listing = listing(ofPath: path)
            for (filePath, table) in listing.files(
                inPath: path, extension: CatalogFolderLayout.FileKind.xcstrings.rawValue)
            {
                // Only this language is built; the others are checked as JSON and skipped.
                let whole =
                    readsWholeCatalogs ? stringCatalog(at: URL(fileURLWithPath: filePath, isDirectory: false)) : nil
                let file =
                    whole.map { XCStringsFile($0, languages: [language]) }
                    ?? XCStringsFile(atPath: filePath, languages: [language], within: path)
                file.errors.forEach { catalog.record($0) }
                guard file.languages.contains(language) else { continue }
                found = true
                let part = file.part(for: language)
                catalog.overlay(part.text, table: table)
                catalog.overlay(plurals: part.plurals, table: table)
                catalog.recordPending(file.pendingUnits.filter { LanguageTag($0.language) == language })
                if let whole, keepsComments {
                    catalog.overlay(comments: whole.comments, table: table)
                }
            }
            for (tag, name) in listing.languages where tag == language {
                found = true
                let lproj = joinedPath(path, name)
                let files = self.listing(ofPath: lproj)
                for (file, table) in files.files(
                    inPath: lproj, extension: CatalogFolderLayout.FileKind.strings.rawValue)
                {
                    do {
                        catalog.overlay(
                            try StringsFile(atPath: file, keepingComments: keepsComments, within: path), table: table)
                    } catch {
                        catalog.record(error)
                    }
                }
                for (file, table) in files.files(
                    inPath: lproj, extension: CatalogFolderLayout.FileKind.stringsdict.rawValue)
                {
                    let parsed = StringsDictParser.parse(atPath: file, within: path)
                    catalog.overlay(plurals: parsed.entries, table: table)
                    parsed.errors.forEach { catalog.record($0) }
                }
            }
        }
        return found ? catalog : nil
    }

    /// A String Catalog of one of the folders, read once (every language, or those the store
    /// was made for), for a tool's store; nil for the runtime's, which reads only the
    /// languages it needs.
    public func stringCatalog(at url: URL) -> StringCatalog? {
        guard readsWholeCatalogs else { return nil }
        if let cached = wholeCatalogs.withLock({ $0[url] }) { return cached }
        let read = StringCatalog(
            contentsOf: url, languages: stringCatalogReadLanguages, within: url.deletingLastPathComponent())
        return wholeCatalogs.withLock { cache in
            if let raced = cache[url] { return raced }
            cache[url] = read
            return read
        }
    }

    /// The String Catalogs of `folder` (one per table), for a tool's store.
    public func stringCatalogs(in folder: URL) -> [StringCatalog] {
        let path = folder.path
        return listing(ofPath: path).files(inPath: path, extension: CatalogFolderLayout.FileKind.xcstrings.rawValue)
            .compactMap { stringCatalog(at: URL(fileURLWithPath: $0.path, isDirectory: false)) }
    }

    /// A String Catalog's languages, read once.
    private func stringCatalogLanguages(_ url: URL) -> [LanguageTag] {
        if let cached = stringCatalogLanguages.withLock({ $0[url] }) { return cached }
        let parsed =
            (stringCatalog(at: url).map { XCStringsFile($0, languages: []) }
            ?? XCStringsFile(contentsOf: url, languages: [], within: url.deletingLastPathComponent())).languages
        return stringCatalogLanguages.withLock { cache in
            if let raced = cache[url] { return raced }
            cache[url] = parsed
            return parsed
        }
    }

    /// The listing of the folder at `path`; made on first use and kept, like the catalogs.
    private func listing(ofPath path: String) -> Listing {
        if let cached = listings.withLock({ $0[path] }) { return cached }
        let names = FolderEntries.names(in: path).sorted()
        let listing = Listing(
            names: names,
            languages: names.compactMap { name in CatalogFolderLayout.language(ofFolderNamed: name).map { ($0, name) } }
        )
        listings.withLock { $0[path] = listing }
        return listing
    }
}
