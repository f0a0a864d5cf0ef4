import Foundation
import Synchronization

/// Where catalogs come from, and the cache of languages loaded so far.
///
/// A store reads `<lang>.lproj/<Table>.strings` from each of its folders in order, later
/// folders winning per key (the shared `Localizations/` first, then a flavor's overrides).
/// Each language is read once, on first use, and kept.
public final class CatalogStore: Sendable {
    /// Folders holding `<lang>.lproj/` subfolders, lowest priority first.
    public let folders: [URL]
    private let cache = Mutex<[LanguageTag: Catalog]>([:])

    public init(folders: [URL]) {
        self.folders = folders
    }

    /// The languages some folder has an `.lproj` for, sorted.
    public var availableLanguages: [LanguageTag] {
        var tags = Set<LanguageTag>()
        for folder in folders {
            for (tag, _) in Self.lprojFolders(in: folder) { tags.insert(tag) }
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

    /// Whether `language` has been loaded already.
    public func isLoaded(_ language: LanguageTag) -> Bool {
        cache.withLock { $0[language] != nil }
    }

    private func load(_ language: LanguageTag) -> Catalog? {
        var catalog = Catalog(language: language)
        var found = false
        for folder in folders {
            for (tag, lproj) in Self.lprojFolders(in: folder) where tag == language {
                found = true
                for file in Self.stringsFiles(in: lproj) {
                    do {
                        catalog.overlay(try StringsFile(contentsOf: file), table: file.deletingPathExtension().lastPathComponent)
                    } catch {
                        catalog.record(error)
                    }
                }
            }
        }
        return found ? catalog : nil
    }

    static func lprojFolders(in folder: URL) -> [(LanguageTag, URL)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            guard name.hasSuffix(".lproj"), let tag = LanguageTag(String(name.dropLast(6))) else { return nil }
            return (tag, folder.appendingPathComponent(name))
        }
    }

    static func stringsFiles(in lproj: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: lproj.path)) ?? []
        return names.sorted().filter { $0.hasSuffix(".strings") }.map { lproj.appendingPathComponent($0) }
    }
}
