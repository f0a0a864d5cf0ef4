import CatalogFiles
import Diagnostics
import FileFormats
import Foundation
import Localization

/// `flavorkit import FILE…`: translators' files (`.po`, `.xliff`, `.xcloc`) read back into
/// the catalogs their units come from, in those files' own formats: `.strings` and
/// `.stringsdict` edited in place (`StringsFileEditor`, `StringsDictEditor`), a String
/// Catalog read whole, each translation put where its unit came from (`StringCatalogEditor`)
/// and written back in Xcode's layout (`StringCatalogWriter`).
///
/// Each translation is checked before it is taken: one whose format specifiers disagree with
/// the development language's, a key (or XLIFF id, or `msgctxt`) the catalogs do not have,
/// and a plural form the language does not have are errors at the translator's file and
/// line; a translator's file with one such error is taken all or nothing, as translators'
/// tools do: nothing of it is written (the other files are), and an error says so. A unit whose
/// development-language text changed
/// since the export is reported as stale (a warning) and left alone. A translation the
/// translator left as the export gave it (its `TranslationUnit.exportMark`) changes nothing,
/// whatever the catalog says now; one the translator changed where the catalog changed too
/// since the export is an error, and the catalog's text stays: nobody's change is lost. A file for a language
/// that is not a language tag, or a flavor the project does not have, is an error, and nothing
/// of it is taken. Each file goes into the language it names (a PO file's `Language` header,
/// an XLIFF's `target-language`), whatever the other files name: files of several languages
/// imported together each land in their own, in one String Catalog too. A language the
/// catalogs do not have yet is started, in the package's own
/// format (a `<lang>.lproj` folder beside the others, or the language in the String Catalog). What is
/// taken is planned as whole new file contents (`writes`), which the caller writes
/// atomically, together with the `TranslationRecord` of each catalog folder written (what
/// each taken translation was made from). A translation equal to what the catalog has
/// changes nothing, so importing an unedited export writes no file; only a stale
/// translation the translator left as it was and marked reviewed (no `#, fuzzy`, an XLIFF
/// state other than `new` or `needs-…`) is recorded as current (`confirmed`).
public struct TranslationImporter {
    /// The project written into.
    public let project: CatalogProject
    /// Errors (refused translations, unreadable files) and warnings (stale units).
    public internal(set) var diagnostics: [Diagnostic] = []
    /// How many translations changed.
    public internal(set) var changed = 0
    /// How many stale translations were confirmed unchanged.
    public internal(set) var confirmed = 0
    /// How many of the translations changed are suggestions from a compendium, to review.
    public internal(set) var suggested = 0
    /// How many translations changed in each language.
    public internal(set) var changedByLanguage: [LanguageTag: Int] = [:]
    /// Catalog file → its new content, and the catalog folder it belongs to (the shared one or
    /// a flavor's), which it is to be written inside.
    public internal(set) var writes: [(url: URL, data: Data, folder: URL)] = []

    /// One translation read from a translator's file.
    struct Imported {
        var unit: TranslationUnit
        var text: String
        /// The development language's text as the file gives it, when it does.
        var source: String?
        /// Where the translator's file gives it; nil for a catalog's own text.
        var location: SourceLocation?
        /// Whether the translator's file marks it reviewed (not fuzzy, not `needs-…`).
        var reviewed = true
        /// The unit's export mark, when the file carries it.
        var exportMark: String?
        /// For a suggestion from a compendium: the development text it translated.
        var suggestedFrom: String?

        /// A stale translation kept as it is, reviewed, against today's development text.
        var confirmsStale: Bool {
            reviewed && unit.isStale && text == unit.target && (source == nil || source == unit.source)
        }

        /// A diagnostic about it, at its place in the translator's file.
        func diagnostic(_ message: String, severity: Diagnostic.Severity = .error) -> Diagnostic {
            guard let location else { return Diagnostic(message, severity: severity) }
            return Diagnostic(message, at: location, severity: severity)
        }
    }

    /// Reads every file, checks each translation and plans the catalogs' new contents; then
    /// fills what the shared catalogs still lack from each of `compendia` (PO or XLIFF files
    /// of earlier translations, `msgmerge -C`): the same development text's translation as a
    /// translation, a similar one's as a suggestion (`suggested`).
    public init(project: CatalogProject, files: [URL], compendia: [URL] = []) {
        self.project = project
        var accepted: [(TranslationCatalog, Imported)] = []
        var confirmations: [(TranslationCatalog, Imported)] = []
        // Each unit's translation and where it was taken from, to refuse a second file's other one.
        var taken: [LiteralKey: Imported] = [:]
        for (url, isCompendium) in files.map({ ($0, false) }) + compendia.map({ ($0, true) }) {
            do {
                let errorsBefore = diagnostics.count { $0.severity == .error }
                let result: (TranslationCatalog, [Imported])?
                if isCompendium { result = try readCompendium(url) } else { result = try read(url) }
                guard let (catalog, imported) = result else { continue }
                var fileAccepted: [(TranslationCatalog, Imported)] = []
                var fileConfirmations: [(TranslationCatalog, Imported)] = []
                var fileTaken: [LiteralKey: Imported] = [:]
                for item in imported {
                    let identity = LiteralKey(
                        [
                            catalog.language.description, catalog.source.flavor ?? "", item.unit.table,
                            item.unit.xliffID,
                        ].joined(separator: "\u{0}"))
                    // A compendium fills only what no file translated.
                    if isCompendium, taken[identity] ?? fileTaken[identity] != nil { continue }
                    if let earlier = taken[identity] ?? fileTaken[identity], earlier.text != item.text {
                        diagnostics.append(
                            item.diagnostic(
                                "\(item.unit.described) is translated otherwise by "
                                    + "\(earlier.location.map { $0.description } ?? "an earlier file") "
                                    + "(\"\(Diagnostic.quote(earlier.text))\"); one translation a unit, please"))
                        continue
                    }
                    if check(item, in: catalog) {
                        fileAccepted.append((catalog, item))
                        fileTaken[identity] = item
                    } else if item.confirmsStale {
                        fileConfirmations.append((catalog, item))
                    }
                }
                // All or nothing per file: a refused translation keeps the others of its file out.
                let refused = diagnostics.count { $0.severity == .error } - errorsBefore
                guard refused == 0 else {
                    if !fileAccepted.isEmpty || !fileConfirmations.isEmpty {
                        diagnostics.append(
                            Diagnostic(
                                "nothing of this file was taken (\(fileAccepted.count) good translation"
                                    + "\(fileAccepted.count == 1 ? "" : "s") left out) because \(refused) "
                                    + "\(refused == 1 ? "was" : "were") refused; fix \(refused == 1 ? "it" : "them") "
                                    + "and import the file again", path: url.path))
                    }
                    continue
                }
                accepted += fileAccepted
                confirmations += fileConfirmations
                taken.merge(fileTaken) { earlier, _ in earlier }
            } catch {
                diagnostics.append(error)
            }
        }
        plan(accepted, confirmations: confirmations)
    }

    /// Whether an error was reported.
    public var failed: Bool { diagnostics.contains { $0.severity == .error } }
}
