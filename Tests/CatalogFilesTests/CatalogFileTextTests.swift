import CatalogFiles
import Foundation
import Testing

/// `CatalogFileText`, how import and extract edit a `.strings` or `.stringsdict` file: the
/// edited text is written back as the file was saved.
@Suite("Catalog files edited as saved")
struct CatalogFileTextTests {
    @Test(
        "a file's byte-order mark and byte order are kept when its edited text is written back",
        arguments: CatalogMergeTests.savedForms.map(\.name) + ["UTF-8"])
    func keepsTheSavedForm(form name: String) throws {
        let form = CatalogMergeTests.savedForms.first { $0.name == name } ?? (name, [], .utf8)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Localizable.strings")
        let original = "\"hello\" = \"Grüß dich\";\n"
        try (Data(form.mark) + (try #require(original.data(using: form.encoding)))).write(to: url)
        let file = try CatalogFileText(url, within: folder)
        #expect(file.text == original)
        let written = try file.encoded(original + "\"bye\" = \"Tschüss\";\n", holding: "a new key")
        #expect(Array(written.prefix(form.mark.count)) == form.mark)
        #expect(
            String(data: written.dropFirst(form.mark.count), encoding: form.encoding)
                == original + "\"bye\" = \"Tschüss\";\n")
    }
}
