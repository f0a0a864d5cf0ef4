import CatalogTools
import Foundation
import Localization
import Testing

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
