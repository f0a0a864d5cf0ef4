import CatalogFiles
import Foundation
import Localization
import Testing
import TranslatorFormats

/// FlavorKit's XLIFF against Xcode 16.4's own export of the same String Catalog
/// (KeepingYouAwake at commit 2be93dd, `Corpus/xliff/SOURCES.md`): the same units, ids,
/// sources, targets, states and notes; and Xcode's file imports into FlavorKit changing nothing.
@Suite("XLIFF as Xcode exports it")
struct XcodeExportComparisonTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    /// Xcode's export for `language`, only its `<file>` for `Localizable.xcstrings`.
    static func xcodeExport(_ language: String) throws -> String {
        let text = try String(
            contentsOf: corpus.appendingPathComponent("xliff/newmarcel-KeepingYouAwake-\(language).xliff"),
            encoding: .utf8)
        let files = text.components(separatedBy: "  <file ")
        let localizable = try #require(
            files.first { $0.hasPrefix("original=\"KeepingYouAwake/Localizable.xcstrings\"") })
        return files[0] + "  <file " + localizable.components(separatedBy: "</file>")[0] + "</file>\n</xliff>\n"
    }

    /// The ids Xcode marks `translate="no"` (keys not to be translated), which FlavorKit leaves out.
    static func untranslatable(_ xliff: String) -> Set<String> {
        Set(
            xliff.components(separatedBy: "<trans-unit id=\"").dropFirst().compactMap { unit in
                let parts = unit.components(separatedBy: "\"")
                return parts.count > 2 && parts[1] == " translate=" ? parts[0] : nil
            }.map { $0.replacingOccurrences(of: "&#10;", with: "\n").replacingOccurrences(of: "&amp;", with: "&") })
    }

    /// A package holding KeepingYouAwake's catalog as `Localizations/Localizable.xcstrings`.
    static func package() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xcode-export-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("Localizations")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: corpus.appendingPathComponent("xcstrings/newmarcel-KeepingYouAwake-Localizable.xcstrings"),
            to: folder.appendingPathComponent("Localizable.xcstrings"))
        return root
    }

    @Test("FlavorKit's units are Xcode's: ids, sources, targets, states, notes", arguments: ["de", "ru"])
    func sameUnits(language: String) throws {
        let root = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        let project = CatalogProject(root: root)
        let ours = try XLIFFFile(
            try CatalogExporter(project: project, languages: [LanguageTag(language)!]).files(
                .xliff, tables: ["Localizable"])[0].data,
            path: "ours.xliff")
        let xcodeText = try Self.xcodeExport(language)
        let xcode = try XLIFFFile(Data(xcodeText.utf8), path: "xcode.xliff")
        let skipped = Self.untranslatable(xcodeText)
        let theirs = try #require(xcode.sections.first).units.filter { !skipped.contains($0.id) }
        let mine = try #require(ours.sections.first).units
        #expect(mine.map(\.id) == theirs.map(\.id))
        for (a, b) in zip(mine, theirs) {
            #expect(a.source == b.source, "\(a.id)")
            #expect(a.target == b.target, "\(a.id)")
            #expect(a.state == b.state, "\(a.id)")
            #expect((a.note ?? "") == (b.note ?? ""), "\(a.id)")
        }
        #expect(try #require(ours.sections.first).targetLanguage == language)
    }

    @Test("Xcode's own export imports into FlavorKit's catalog changing nothing", arguments: ["de", "ru"])
    func importsXcodeExport(language: String) throws {
        let root = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        let url = root.appendingPathComponent("\(language).xliff")
        try Data(Self.xcodeExport(language).utf8).write(to: url)
        let importer = TranslationImporter(project: CatalogProject(root: root), files: [url])
        #expect(!importer.failed, "\(importer.diagnostics)")
        #expect(importer.writes.isEmpty)
    }
}
