import Foundation
import TestSupport
import Testing

@Suite("flavorkit extract carries translations over; lint, status and import --compendium see suggestions")
struct TranslationMemoryCommandTests {
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Delete %lld files?" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien löschen?" } }
              }
            }
          },
          "version" : "1.0"
        }
        """

    static func package() throws -> URL {
        let root = try ToolRunner.temporaryFolder()
        let files = [
            "Localizations/Localizable.xcstrings": catalog,
            "Sources/App/main.swift": """
            print(text("Delete %lld files permanently?", .int(count)), text("Pause all transfers"))
            """,
        ]
        for (path, content) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url)
        }
        return root
    }

    @Test("extract says what it carried; lint --strict fails on the suggestion; status counts it to review")
    func extractLintStatus() throws {
        let root = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        let extract = try ToolRunner.run(["extract", "--root", root.path])
        #expect(extract.status == 0, "\(extract.errors)")
        #expect(
            extract.output.contains(
                "carried the translations of \"Delete %lld files?\" to \"Delete %lld files permanently?\" in "
                    + "Localizations/Localizable.xcstrings as suggestions to review"))
        #expect(extract.output.contains("2 added, 1 marked stale, 1 carried over as suggestions"))
        let lint = try ToolRunner.run(["lint", "--strict", "--root", root.path])
        #expect(lint.status == 1)
        #expect(
            (lint.output + lint.errors).contains(
                "key \"Delete %lld files permanently?\" in de has a suggestion no person confirmed"))
        let status = try ToolRunner.run(["status", "--list", "--root", root.path])
        #expect(status.status == 0, "\(status.errors)")
        #expect(status.output.contains("review"))
        #expect(status.output.contains("Delete %lld files permanently?"))
    }

    @Test("import --compendium fills a suggestion; import with neither file nor compendium is a usage error")
    func compendium() throws {
        let root = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try ToolRunner.run(["extract", "--root", root.path]).status == 0)
        let memory = root.appendingPathComponent("memory.po")
        try Data(
            "msgid \"\"\nmsgstr \"Language: de\\n\"\n\nmsgid \"Pause the transfers\"\nmsgstr \"Übertragungen anhalten\"\n"
                .utf8
        )
        .write(to: memory)
        let result = try ToolRunner.run(["import", "--compendium", memory.path, "--root", root.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.output.hasSuffix("1 translation taken (de 1) (1 of them suggestions to review), 1 file written\n"))
        let catalog = try String(
            contentsOf: root.appendingPathComponent("Localizations/Localizable.xcstrings"), encoding: .utf8)
        #expect(catalog.contains("\"previousSource\" : \"Pause the transfers\""))
        let usage = try ToolRunner.run(["import", "--root", root.path])
        #expect(usage.status == 64)
        #expect(usage.errors.contains("missing FILE"))
    }

    @Test("a key's default value changed in code: German to review, the English before shown in PO and XLIFF")
    func changedDefaultValue() throws {
        let root = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "queue.empty" : {
                  "extractionState" : "extracted_with_value",
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Keine Übertragungen" } },
                    "en" : { "stringUnit" : { "state" : "new", "value" : "No transfers" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        try Data(catalog.utf8).write(to: root.appendingPathComponent("Localizations/Localizable.xcstrings"))
        try Data("print(text(\"queue.empty\", defaultValue: \"No transfers yet\"))\n".utf8)
            .write(to: root.appendingPathComponent("Sources/App/main.swift"))
        let extract = try ToolRunner.run(["extract", "--root", root.path])
        #expect(extract.status == 0, "\(extract.errors)")
        let written = try String(
            contentsOf: root.appendingPathComponent("Localizations/Localizable.xcstrings"), encoding: .utf8)
        #expect(
            written.contains(
                """
                        "de" : {
                          "stringUnit" : {
                            "previousSource" : "No transfers",
                            "state" : "needs_review",
                            "value" : "Keine Übertragungen"
                          }
                        },
                        "en" : {
                          "stringUnit" : {
                            "state" : "new",
                            "value" : "No transfers yet"
                          }
                        }
                """))
        for format in ["po", "xliff"] {
            let export = try ToolRunner.run(
                ["export", "--format", format, "--lang", "de", "--output", "out/", "--root", root.path], in: root)
            #expect(export.status == 0, "\(export.errors)")
        }
        let po = try String(contentsOf: root.appendingPathComponent("out/de/Localizable.po"), encoding: .utf8)
        #expect(
            po.contains(
                """
                #, fuzzy
                #| msgid "No transfers"
                msgctxt "queue.empty"
                msgid "No transfers yet"
                msgstr "Keine Übertragungen"
                """))
        let xliff = try String(contentsOf: root.appendingPathComponent("out/de.xliff"), encoding: .utf8)
        #expect(xliff.contains("<target state=\"needs-review-l10n\">Keine Übertragungen</target>"))
        #expect(xliff.contains("<note from=\"flavorkit-previous-source\">No transfers</note>"))
    }
}
