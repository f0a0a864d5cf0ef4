import CatalogFiles
import CatalogTesting
import Diagnostics
import Foundation
import Localization
import TestSupport
import Testing
import TranslatorFormats

/// Issue 13, item 6: every catalog of the tests' own package and every one the tests generate,
/// exported to each format and read back, gives the same entries, variables, plural variants
/// and comments.
@Suite("round trip through every export format")
struct TranslationRoundTripTests {
    /// The projects: the tests' own package, the lint fixture, and one per `.strings` escape
    /// fixture.
    static let projects = ["transfers", "fixture"] + ExportTests.escapeFixtures.indices.map { "escapes-\($0)" }

    /// A project by name, and whether it is a copy to remove.
    static func project(_ name: String) throws -> (root: URL, scratch: Bool) {
        switch name {
        case "transfers": return (Repository.transfersFixture, false)
        case "fixture": return (try ProjectFixture().root, true)
        default:
            let index = Int(name.dropFirst("escapes-".count))!
            return (try ExportTests.project(ExportTests.escapeFixtures[index]), true)
        }
    }

    /// Every language of the shared catalogs and of each flavor.
    static func catalogs(_ root: URL) throws -> [TranslationCatalog] {
        let project = CatalogProject(root: root)
        var catalogs: [TranslationCatalog] = []
        for flavor in [nil] + project.flavors.map(Optional.some) {
            let source = try TranslationSource(project: project, flavor: flavor)
            for language in source.languages { catalogs.append(source.catalog(for: language)) }
        }
        return catalogs
    }

    @Test("XLIFF gives back every unit: id, source, target, state and note", arguments: projects)
    func xliff(name: String) throws {
        let (root, scratch) = try Self.project(name)
        defer { if scratch { try? FileManager.default.removeItem(at: root) } }
        let catalogs = try Self.catalogs(root)
        #expect(!catalogs.isEmpty)
        for catalog in catalogs {
            let data: Data
            do {
                data = try XLIFFWriter.write(catalog)
            } catch {
                // XML 1.0 has no place for most control characters: the error names the key.
                #expect(error.message.contains("cannot hold the control character"))
                #expect(
                    catalog.units.contains { error.message.hasPrefix($0.described) && $0.key.isEmpty == false })
                continue
            }
            let file = try XLIFFFile(data, path: "\(catalog.language).xliff")
            let read = file.sections.flatMap { section in section.units.map { (section, $0) } }
            try #require(read.count == catalog.units.count)
            for ((section, unit), expected) in zip(read, catalog.units) {
                #expect(
                    section.original
                        == expected.original(developmentLanguage: catalog.source.project.developmentLanguage))
                #expect(section.targetLanguage == catalog.language.description)
                #expect(section.productName == catalog.source.flavor)
                #expect(unit.id == expected.xliffID)
                #expect(unit.source == expected.source)
                #expect(unit.target == expected.target)
                #expect(unit.note == expected.comment)
                #expect(
                    unit.state
                        == expected.target.map { _ in expected.needsReview ? "needs-review-l10n" : "translated" }
                )
            }
        }
    }

    @Test("PO gives back every message: context, ids, each form, comment and header", arguments: projects)
    func po(name: String) throws {
        let (root, scratch) = try Self.project(name)
        defer { if scratch { try? FileManager.default.removeItem(at: root) } }
        for catalog in try Self.catalogs(root) {
            for table in catalog.source.tables {
                let expected = POMessage.messages(of: catalog, table: table)
                let file = try POFile(POWriter.write(catalog, table: table), path: "\(catalog.language).po")
                #expect(file.header["Language"] == catalog.language.description)
                #expect(file.header["Plural-Forms"] == GettextPluralForms(rules: catalog.rules).header)
                #expect(file.header["X-FlavorKit-Flavor"] == catalog.source.flavor)
                try #require(file.messages.count == expected.count)
                for (message, wanted) in zip(file.messages, expected) {
                    #expect(message.context == wanted.context)
                    #expect(message.id == wanted.id)
                    #expect(message.idPlural == wanted.idPlural)
                    #expect(message.extractedComment == wanted.first.comment)
                    #expect(message.isFuzzy == wanted.units.contains(where: \.needsReview))
                    let forms = wanted.units.enumerated().map { ($0.offset, $0.element.target ?? "") }
                    #expect(message.strings == Dictionary(uniqueKeysWithValues: forms))
                }
            }
        }
    }

    @Test(
        "strings, stringsdict, xcstrings and json give back every entry, variable, variant and comment",
        arguments: projects)
    func appleFormats(name: String) throws {
        let (root, scratch) = try Self.project(name)
        defer { if scratch { try? FileManager.default.removeItem(at: root) } }
        let project = CatalogProject(root: root)
        for flavor in [nil] + project.flavors.map(Optional.some) {
            let exporter = try CatalogExporter(project: project, flavor: flavor)
            // A String Catalog reads an empty value as untranslated (README), so those are compared without.
            let hasEmpty = exporter.catalogs.contains {
                $0.tables.values.contains { $0.dictionary.values.contains("") }
            }
            for formats in [[CatalogExporter.Format.strings, .stringsdict], [.xcstrings]]
            where !(hasEmpty && formats == [.xcstrings]) {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("round-\(UUID().uuidString)")
                defer { try? FileManager.default.removeItem(at: folder) }
                for format in formats {
                    for file in try exporter.files(format, tables: exporter.tables) {
                        let url = folder.appendingPathComponent(file.path)
                        try FileManager.default.createDirectory(
                            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                        try file.data.write(to: url)
                    }
                }
                let store = CatalogStore(folders: [folder], keepingComments: true)
                for catalog in exporter.catalogs where !catalog.isEmpty {
                    let back = try #require(store.catalog(for: catalog.language), "\(formats) \(catalog.language)")
                    #expect(back.errors.isEmpty)
                    for table in catalog.tableNames {
                        let plurals = catalog.plurals[table] ?? [:]
                        var text = catalog.tables[table]?.dictionary ?? [:]
                        for key in plurals.keys { text[key] = nil }
                        #expect(
                            (back.tables[table]?.dictionary ?? [:]) == text, "\(formats) \(catalog.language) \(table)")
                        #expect(
                            (back.plurals[table] ?? [:]).mapValues(Self.shape) == plurals.mapValues(Self.shape),
                            "\(formats) \(catalog.language) \(table)")
                        if formats == [.strings, .stringsdict] {
                            let comments = (catalog.comments[table] ?? [:]).dictionary.filter { text[$0.key] != nil }
                            #expect((back.comments[table] ?? [:]).dictionary == comments)
                        }
                    }
                }
            }
            let jsonFile = try #require(
                try exporter.files(.json, tables: [Catalog.defaultTable]).first { $0.path == "Localizable.json" })
            let json = try #require(try JSONSerialization.jsonObject(with: jsonFile.data) as? [String: [String: Any]])
            for catalog in exporter.catalogs where !catalog.isEmpty {
                let object = try #require(json[catalog.language.description])
                #expect(Set(object.keys) == catalog.keys(in: Catalog.defaultTable))
            }
        }
    }

    /// What a plural entry says, without where it was read: each variable's variants and its
    /// value type, and the format put in place at `other`. A lone variable read from the
    /// first argument is named `sole`: a String Catalog's `variations.plural` keeps no name.
    static func shape(_ entry: PluralEntry) -> [String: [String: String]] {
        var variables = entry.variables
        if let name = entry.soleVariable, let variable = variables.removeValue(forKey: name) {
            variables["sole"] = variable
        }
        var shape = variables.mapValues { variable in
            Dictionary(
                uniqueKeysWithValues: variable.variants.map {
                    ($0.key.rawValue, $0.value.replacingOccurrences(of: "%arg", with: "%\(variable.valueType)"))
                }
            )
            .merging(["type": variable.valueType]) { first, _ in first }
        }
        shape["format at other"] = ["text": (try? entry.format { _, _ in .other }) ?? entry.format]
        return shape
    }
}

extension Catalog {
    /// Every key of `table`, text and plural.
    fileprivate func keys(in table: String) -> Set<String> {
        Set(tables[table]?.keys ?? []).union(plurals[table]?.keys ?? [:].keys)
    }

    fileprivate var tableNames: [String] { Set(tables.keys).union(plurals.keys).sorted() }
}
