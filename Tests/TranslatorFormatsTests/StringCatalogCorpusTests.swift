import CatalogFiles
import Foundation
import Localization
import Testing
import TranslatorFormats

/// Real String Catalogs written by Xcode, from public repositories (`Corpus/xcstrings/SOURCES.md`
/// names each file's repository, commit and license): FlavorKit reads each whole and writes
/// it back byte for byte.
@Suite("String Catalogs from public repositories")
struct StringCatalogCorpusTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Corpus/xcstrings")

    static let files: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".xcstrings") }.sorted()

    @Test("the corpus has at least 20 catalogs, each listed with its source and license")
    func corpusIsListed() throws {
        #expect(Self.files.count >= 20)
        let sources = try String(contentsOf: Self.folder.appendingPathComponent("SOURCES.md"), encoding: .utf8)
        for file in Self.files { #expect(sources.contains(file), "\(file) is not in SOURCES.md") }
    }

    @Test("read and written with no edit, every catalog comes out byte for byte", arguments: files)
    func roundTrip(_ name: String) throws {
        let url = Self.folder.appendingPathComponent(name)
        let data = try Data(contentsOf: url)
        let catalog = StringCatalog(data, path: name)
        #expect(catalog.errors.isEmpty, "\(catalog.errors)")
        let written = StringCatalogWriter.write(catalog)
        if let difference = Self.firstDifference(data, written) { Issue.record("\(name):\(difference)") }
    }

    /// A package whose shared catalog folder holds the corpus file `name` (as its table).
    static func package(holding name: String) throws -> (root: URL, table: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("Localizations")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let table = String(name.split(separator: "-").last!.dropLast(".xcstrings".count))
        try FileManager.default.copyItem(
            at: Self.folder.appendingPathComponent(name), to: folder.appendingPathComponent("\(table).xcstrings"))
        return (root, table)
    }

    @Test("export --format xcstrings gives the catalog back byte for byte", arguments: files)
    func exportAsIs(_ name: String) throws {
        let (root, table) = try Self.package(holding: name)
        defer { try? FileManager.default.removeItem(at: root) }
        let exporter = try CatalogExporter(project: CatalogProject(root: root))
        #expect(exporter.tables.contains(table))
        let files = try exporter.files(.xcstrings, tables: [table])
        try #require(files.count == 1)
        let original = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        if let difference = Self.firstDifference(original, files[0].data) { Issue.record("\(name):\(difference)") }
    }

    @Test(
        "every language exported as PO and XLIFF and imported with no edit changes no byte",
        arguments: files)
    func translatorsRoundTrip(_ name: String) throws {
        let (root, _) = try Self.package(holding: name)
        defer { try? FileManager.default.removeItem(at: root) }
        let project = CatalogProject(root: root)
        let source = try TranslationSource(project: project)
        let before = try Data(
            contentsOf: project.layout.localizations.appendingPathComponent(
                (try FileManager.default.contentsOfDirectory(atPath: project.layout.localizations.path)).sorted()[0]))
        for language in source.languages where language != project.developmentLanguage {
            for format in [CatalogExporter.Format.po, .xliff] {
                let exported = try CatalogExporter(project: project, languages: [language]).files(
                    format, tables: source.tables)
                var urls: [URL] = []
                for file in exported {
                    let url = root.appendingPathComponent("out/\(format)/\(file.path)")
                    try FileManager.default.createDirectory(
                        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try file.data.write(to: url)
                    urls.append(url)
                }
                let importer = TranslationImporter(project: project, files: urls)
                #expect(!importer.failed, "\(name) \(language) \(format): \(importer.diagnostics)")
                #expect(
                    importer.writes.isEmpty,
                    "\(name) \(language) \(format): \(importer.writes.map(\.url.lastPathComponent))")
            }
        }
        let after = try Data(
            contentsOf: project.layout.localizations.appendingPathComponent(
                (try FileManager.default.contentsOfDirectory(atPath: project.layout.localizations.path)).sorted()[0]))
        #expect(before == after)
    }

    /// `line: expected … got …` at the first line that differs, or nil when the bytes are equal.
    static func firstDifference(_ expected: Data, _ actual: Data) -> String? {
        guard expected != actual else { return nil }
        let want = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let got = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(want.count, got.count)).first { want[$0] != got[$0] } ?? min(want.count, got.count)
        let show = { (lines: [Substring]) in lines.indices.contains(line) ? "\(lines[line])" : "<end>" }
        return "\(line + 1): expected \(show(want)) got \(show(got))"
    }
}
