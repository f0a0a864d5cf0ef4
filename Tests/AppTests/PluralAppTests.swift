import AppTesting
import CatalogFiles
import Flavors
import Foundation
import Localization
import Testing
import TransferCore

@Suite("Plurals in the app")
struct PluralAppTests {
    static let counts = [0, 1, 2, 3, 11, 100]

    /// A queue file of `count` waiting downloads, in a scratch folder.
    static func queue(_ count: Int, in folder: URL) throws -> URL {
        let transfers = (0..<count).map {
            #"{"id": "t\#($0)", "title": "Clip \#($0)", "kind": "download", "state": "pending", "bytesDone": 0, "bytesTotal": 1000}"#
        }
        let url = folder.appendingPathComponent("queue-\(count).json")
        try Data(#"{"transfers": [\#(transfers.joined(separator: ","))]}"#.utf8).write(to: url)
        return url
    }

    @Test(
        "Arabic and Russian summaries take the right plural form",
        arguments: [
            ("ar", 0, "لا توجد عمليات نقل"), ("ar", 1, "عملية نقل واحدة (في الانتظار: 1)"),
            ("ar", 2, "عمليتا نقل (في الانتظار: 2)"),
            ("ar", 3, "3 عمليات نقل (في الانتظار: 3)"), ("ar", 11, "11 عملية نقل (في الانتظار: 11)"),
            ("ar", 100, "100 عملية نقل (في الانتظار: 100)"),
            ("ru", 0, "0 передач"), ("ru", 1, "1 передача: 1 ожидает"), ("ru", 2, "2 передачи: 2 ожидают"),
            ("ru", 3, "3 передачи: 3 ожидают"), ("ru", 11, "11 передач: 11 ожидают"),
            ("ru", 100, "100 передач: 100 ожидают"),
            ("en", 1, "1 transfer: 1 waiting"), ("en", 0, "0 transfers"), ("es", 1, "1 transferencia: 1 en espera"),
        ])
    func summaries(language: String, count: Int, summary: String) throws {
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = AppRunner.run(
            AppRunner.regular, ["--lang", language, "--queue", try Self.queue(count, in: folder).path, "--verbose"])
        #expect(result.errors.isEmpty)
        #expect(result.output.hasSuffix("\n" + summary + "\n"), "\(result.output)")
    }

    @Test(
        "the same text from .strings + .stringsdict and from one .xcstrings renders the same, in every language and count"
    )
    func stringCatalogEquivalence() throws {
        let folder = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shared = AppRunner.repository.localizations
        let store = CatalogStore(folders: [shared])
        let catalogs = store.availableLanguages.compactMap(store.catalog(for:))
        #expect(catalogs.count >= 8)
        let converted = PackageLayout(root: folder).localizations
        try FileManager.default.createDirectory(at: converted, withIntermediateDirectories: true)
        try StringCatalogWriter.write(StringCatalogMigration.catalog(catalogs, sourceLanguage: LanguageTag("en")!))
            .write(to: converted.appendingPathComponent("Localizable.xcstrings"))

        var compared = 0
        for language in store.availableLanguages.map(\.description) + ["en-XA", "ar-XB"] {
            for count in Self.counts {
                let queue = try Self.queue(count, in: folder).path
                for screen in [["--queue", queue], ["about"], ["show", "d1"], ["--help"]] {
                    let arguments = screen + ["--lang", language, "--verbose"]
                    let fromLproj = AppRunner.run(AppRunner.regular, arguments)
                    let fromCatalog = AppRunner.run(AppRunner.regular, arguments + ["--localizations", converted.path])
                    #expect(fromCatalog.output == fromLproj.output, "\(language) \(screen)")
                    #expect(fromCatalog.errors == fromLproj.errors, "\(language) \(screen)")
                    compared += 1
                }
            }
        }
        #expect(compared >= 10 * 6 * 4)
    }
}
