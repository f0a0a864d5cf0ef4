import CatalogFiles
import CatalogLint
import Flavors
import Foundation
import Localization

/// Issue "flavorkit lint and export": linting 8 languages × 50,000 entries against parsing
/// the same files alone.
struct LintBenchmarks {
    static let entries = 50_000
    static let languages = ["en", "de", "es", "fr", "ja", "pt-BR", "ru", "ar"]
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("flavorkit-lint-bench-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        for language in Self.languages {
            let file = stringsFile(language)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let text = GeneratedCatalog.text(entries: Self.entries, variant: language == "en" ? "" : "\(language) ")
            try Data(text.utf8).write(to: file)
        }
    }

    /// The shared `Localizable.strings` of `language` in the generated package.
    func stringsFile(_ language: String) -> URL {
        PackageLayout(root: root).localizations.appendingPathComponent(
            CatalogBenchmarks.stringsPath(language))
    }

    func cleanUp() { try? FileManager.default.removeItem(at: root) }

    func run() throws -> [Figure] {
        let files = Self.languages.map(stringsFile)
        var found = -1
        let times = try Measure.paired(
            rounds: 7,
            ours: {
                var linter = CatalogLinter(project: CatalogProject(root: root))
                found = linter.lint().count
            },
            reference: {
                for file in files {
                    let parsed = try StringsFile(contentsOf: file)
                    precondition(parsed.table.count == Self.entries)
                }
            })
        // The generated package has catalogs only: lint finds nothing but the one warning that
        // no source uses a key (so unused keys cannot be checked).
        precondition(found == 1)
        return [
            Figure(
                name: "lint 8 languages × 50,000 entries", ours: times.ours, reference: times.reference,
                referenceName: "parsing the files alone", goal: .atMost(1.5))
        ]
    }
}
