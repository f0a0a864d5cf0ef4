import CatalogFiles
import Diagnostics
import FileFormats
import Foundation
import Localization

/// `flavorkit export`: a project's catalogs as the program reads them (each language's own
/// entries, a flavor's overrides applied when one is named; no fallback filled in), written
/// in one format.
public struct CatalogExporter {
    /// The file formats export writes.
    public enum Format: String, CaseIterable, Sendable {
        /// `<Table>.json`: one object per language, key → text (a plural entry: category → text).
        case json
        /// `<lang>.lproj/<Table>.strings`: the text entries.
        case strings
        /// `<lang>.lproj/<Table>.stringsdict`: the plural entries.
        case stringsdict
        /// `<Table>.xcstrings`: every language in one String Catalog.
        case xcstrings
        /// `<lang>.xliff`: XLIFF 1.2 as Xcode exports it (`XLIFFWriter`).
        case xliff
        /// `<lang>.xcloc/`: an Xcode Localization Catalog around the XLIFF (`XclocBundle`).
        case xcloc
        /// `<lang>/<Table>.po`: gettext PO (`POWriter`).
        case po
        /// `<Table>.pot`: a gettext template, untranslated (`POWriter.template`).
        case pot
    }

    /// The package read: its layout, flavors and catalog folders.
    public let project: CatalogProject
    /// The flavor whose overrides apply, when one is named.
    public let flavor: String?
    /// Every language's catalog as the program reads it (the flavor's overrides applied).
    public let catalogs: [Catalog]
    /// Problems the readers reported; exported text leaves those entries out.
    public let readingErrors: [Diagnostic]
    /// Languages asked for that no catalog has yet: the translators' formats (`po`, `xliff`,
    /// `xcloc`) start them, every unit untranslated; the others have nothing to write.
    public let newLanguages: [LanguageTag]
    /// The catalogs read (the shared folder, then the flavor's).
    let store: CatalogStore
    /// The languages asked for; empty for all.
    let languages: [LanguageTag]

    /// `flavor`: apply `Flavors/<flavor>/Localizations/`; `languages`: only these (all when empty).
    /// A flavor the project does not have is a diagnostic naming those it has; a language it
    /// does not have yet is one of `newLanguages`.
    public init(project: CatalogProject, flavor: String? = nil, languages: [LanguageTag] = []) throws(Diagnostic) {
        self.project = project
        self.flavor = flavor
        var folders = [project.layout.localizations]
        if let flavor {
            guard project.flavors.contains(flavor) else {
                throw Diagnostic("no flavor named \(flavor) (have: \(project.flavors.joined(separator: ", ")))")
            }
            folders.append(project.layout.localizations(flavor: flavor))
        }
        store = CatalogStore(
            folders: folders, keepingComments: true,
            readingLanguages: languages.isEmpty ? nil : Set(languages + [project.developmentLanguage]))
        self.languages = languages
        let available = store.availableLanguages
        newLanguages = languages.filter { !available.contains($0) }
        // Built on every core, with the development language's, which every format reads
        // (its tables; the source of the translators' formats).
        let wanted = languages.isEmpty ? available : languages
        let development = project.developmentLanguage
        let loaded = store.catalogs(for: wanted.contains(development) ? wanted : wanted + [development])
        catalogs = loaded.filter { wanted.contains($0.language) }.map(\.catalog)
        // A String Catalog's error is every language's: reported once. One the file cannot
        // be read past (not JSON) has no language to carry it.
        let whole = store.folders.flatMap(store.stringCatalogs(in:)).flatMap(\.errors)
        readingErrors = Set(catalogs.flatMap(\.errors) + whole).sorted()
    }

    /// The languages the catalogs have.
    public var availableLanguages: [LanguageTag] { store.availableLanguages }

    /// Every table name, sorted (a String Catalog's even when it holds no text the program
    /// shows, such as App Shortcuts' phrases).
    public var tables: [String] {
        let stringCatalogs = store.folders.flatMap(store.stringCatalogs(in:)).map(Self.table(of:))
        // The development language's tables too: a language being started has none yet.
        let read = catalogs + [store.catalog(for: project.developmentLanguage)].compactMap { $0 }
        return Set(read.flatMap { Array($0.tables.keys) + Array($0.plurals.keys) } + stringCatalogs).sorted()
    }

    private static func table(of catalog: StringCatalog) -> String {
        URL(fileURLWithPath: catalog.path).deletingPathExtension().lastPathComponent
    }

    /// One table as a String Catalog: each folder's String Catalog as it is (the flavor's
    /// keys and languages over the shared ones), or its `.strings` and `.stringsdict` files
    /// migrated; only the languages asked for. Nil when no folder has the table.
    func stringCatalog(table: String) -> StringCatalog? {
        var document: StringCatalog?
        for folder in store.folders {
            let part: StringCatalog
            if let whole = store.stringCatalogs(in: folder).first(where: { Self.table(of: $0) == table }) {
                part = whole
            } else {
                let layer = CatalogStore(folders: [folder], keepingComments: true)
                let languageCatalogs = layer.availableLanguages.compactMap(layer.catalog(for:)).filter {
                    $0.tables[table] != nil || $0.plurals[table] != nil
                }
                guard !languageCatalogs.isEmpty else { continue }
                part = StringCatalogMigration.catalog(
                    languageCatalogs, sourceLanguage: project.developmentLanguage, table: table,
                    path: folder.appendingPathComponent(CatalogFolderLayout.stringCatalogName(table: table)).path)
            }
            if document == nil { document = part } else { document!.overlay(part) }
        }
        if !languages.isEmpty { document?.keepLanguages(languages) }
        return document
    }

    /// Relative path → contents: `<Table>.json` (`{"en": {"key": "text", "plural.key":
    /// {"one": "…", "other": "…"}}, …}`, keys sorted by code point; an entry with nested variables as its
    /// `.stringsdict` dictionary, `NSStringLocalizedFormatKey` and every variable, so none is lost), `<lang>.lproj/<Table>.strings` or
    /// `.stringsdict`, or `<Table>.xcstrings` (`stringCatalog(table:)`: a String Catalog as it
    /// is, byte for byte when nothing is overlaid or left out). Tables with nothing to write are left out.
    public func files(_ format: Format, tables selected: [String]) throws -> [(path: String, data: Data)] {
        var files: [(String, Data)] = []
        switch format {
        case .json:
            for table in selected {
                var languages: [(key: String, value: JSONValue)] = []
                for catalog in catalogs {
                    // Keyed by bytes, as the catalogs are: two spellings of one text are two keys.
                    var object: [LiteralKey: JSONValue] = [:]
                    for entry in catalog.tables[table]?.entries ?? [] {
                        object[LiteralKey(entry.key)] = .string(entry.value)
                    }
                    for (key, entry) in catalog.plurals[table] ?? [:] {
                        // Nested variables do not fit category → text: the whole entry, as in a .stringsdict.
                        object[LiteralKey(key)] =
                            entry.hasNestedVariables ? Self.stringsdictValue(entry) : Self.categoriesValue(entry)
                    }
                    if !object.isEmpty {
                        languages.append(
                            (catalog.language.description, Self.sorted(object.map { ($0.key.string, $0.value) })))
                    }
                }
                var output = JSONOutput()
                output.object(languages.sorted { $0.key < $1.key })
                output.bytes.append(0x0A)
                files.append(("\(table).json", Data(output.bytes)))
            }
        case .strings:
            for catalog in catalogs {
                for table in selected {
                    guard let entries = catalog.tables[table], !entries.isEmpty else { continue }
                    // The plural entry wins; keys told apart by their bytes, as in the file.
                    let plural = Set((catalog.plurals[table] ?? [:]).keys.map(LiteralKey.init))
                    files.append(
                        (
                            CatalogFolderLayout.relativePath(language: catalog.language, table: table, kind: .strings),
                            StringsWriter.write(
                                entries.entries.filter { !plural.contains(LiteralKey($0.key)) }.map {
                                    (key: $0.key, value: $0.value)
                                }, comments: catalog.comments[table] ?? CommentTable())
                        ))
                }
            }
        case .stringsdict:
            for catalog in catalogs {
                for table in selected {
                    guard let plurals = catalog.plurals[table], !plurals.isEmpty else { continue }
                    // Written as Apple's tools write a property list (`PropertyListWriter`).
                    let root = Self.dictionary(plurals.map { ($0.key, Self.stringsdictEntry($0.value)) })
                    files.append(
                        (
                            CatalogFolderLayout.relativePath(
                                language: catalog.language, table: table, kind: .stringsdict),
                            PropertyListWriter.xml(root)
                        ))
                }
            }
        case .xcstrings:
            for table in selected {
                guard let document = stringCatalog(table: table) else { continue }
                files.append((CatalogFolderLayout.stringCatalogName(table: table), StringCatalogWriter.write(document)))
            }
        case .pot:
            let source = try TranslationSource(project: project, flavor: flavor, store: store)
            for table in selected {
                let catalog = source.catalog(for: project.developmentLanguage, tables: [table])
                files.append(("\(table).pot", POWriter.template(catalog, table: table)))
            }
        case .xliff, .xcloc, .po:
            files = try TranslationExport.files(
                format,
                source: TranslationSource(project: project, flavor: flavor, store: store),
                languages: languages.isEmpty ? catalogs.map(\.language) : languages, tables: selected)
        }
        return files
    }

    /// A plural entry as category → text: a lone variable's variants as written; otherwise
    /// the whole text with every variable at that category (or `other`).
    static func categories(_ entry: PluralEntry) -> [String: String] {
        if let name = entry.soleVariable, let variable = entry.variables[name] {
            return Dictionary(uniqueKeysWithValues: variable.variants.map { ($0.key.rawValue, $0.value) })
        }
        let used = Set(entry.variables.values.flatMap(\.variants.keys))
        var result: [String: String] = [:]
        for category in used {
            result[category.rawValue] = (try? entry.format { _, _ in category }) ?? entry.format
        }
        return result
    }

    /// An object of `members` (each key once), keys in code-point order (`sorted(byKey:)`).
    private static func sorted(_ members: [(key: String, value: JSONValue)]) -> JSONValue {
        .object(KeyedList(members.sorted(byKey: \.key).map { ($0.key, $0.value) }))
    }

    private static func sorted(_ members: [String: JSONValue]) -> JSONValue {
        sorted(members.map { (key: $0.key, value: $0.value) })
    }

    private static func categoriesValue(_ entry: PluralEntry) -> JSONValue {
        sorted(categories(entry).mapValues(JSONValue.string))
    }

    private static func stringsdictValue(_ entry: PluralEntry) -> JSONValue {
        var members: [String: JSONValue] = ["NSStringLocalizedFormatKey": .string(entry.format)]
        for (name, variable) in entry.variables {
            var fields: [String: JSONValue] = [
                "NSStringFormatSpecTypeKey": .string("NSStringPluralRuleType"),
                "NSStringFormatValueTypeKey": .string(variable.valueType),
            ]
            for (category, text) in variable.variants { fields[category.rawValue] = .string(text) }
            members[name] = sorted(fields)
        }
        return sorted(members)
    }

    private static func stringsdictEntry(_ entry: PluralEntry) -> PropertyList {
        var members = [("NSStringLocalizedFormatKey", PropertyList(.string(entry.format)))]
        for (name, variable) in entry.variables {
            var fields = [
                ("NSStringFormatSpecTypeKey", PropertyList(.string("NSStringPluralRuleType"))),
                ("NSStringFormatValueTypeKey", PropertyList(.string(variable.valueType))),
            ]
            for (category, text) in variable.variants {
                fields.append((category.rawValue, PropertyList(.string(text))))
            }
            members.append((name, dictionary(fields)))
        }
        return dictionary(members)
    }

    /// A property list dictionary of `members` (the writer sorts the keys).
    private static func dictionary(_ members: [(String, PropertyList)]) -> PropertyList {
        PropertyList(.dictionary(members.map { PropertyList.Member(key: $0.0, keyOffset: 0, value: $0.1) }))
    }
}
