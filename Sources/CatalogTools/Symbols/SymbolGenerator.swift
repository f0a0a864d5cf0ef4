import Diagnostics
import Foundation
import Localization

/// `flavorkit generate-symbols`: Swift source with one `LocalizedText` accessor per key of
/// the development language's tables, so that code names texts as `.queueEmpty` and a key
/// removed from the catalog is a compile error where it was used.
///
/// Each key gets the name Xcode's generated symbols give it (`SymbolName`): a text with no
/// format specifier a static property, one with specifiers a static function whose
/// parameters are typed by them (`%d`, `%lld` and plural variables `Int`, `%@` `String`,
/// `%f` `Double`), a plural variable's parameter labelled with the variable's name. The
/// default table's symbols are members of `LocalizedText`; another table's are in a nested
/// enum named for it (`.Errors.diskFull`). Keys in code-point order, each with a doc comment
/// holding the catalog's comment and the development text. Two keys of a table that make the
/// same name are an error naming both; a key that makes no name (`%@`), a key a String
/// Catalog marks `generatesSymbol: false`, and a key whose development text cannot be read as
/// a format are left out, each with a warning.
public struct SymbolGenerator {
    /// The generated Swift source; nil when there were errors.
    public private(set) var source: String?
    /// Errors (colliding names) and warnings (keys left out).
    public private(set) var diagnostics: [Diagnostic] = []
    /// How many accessors the source has.
    public private(set) var count = 0

    /// The access level of the symbols: `internal` (the default), `package` or `public`.
    public enum Access: String, CaseIterable, Sendable {
        /// Seen in the target only (the default).
        case `internal`
        /// Seen in the package's other targets.
        case `package`
        /// Seen by the target's users too.
        case `public`
    }

    /// One accessor: the key, its name and what it takes.
    struct Accessor: Sendable {
        var key: String
        var name: String
        /// Nil for a text shown as written (it has no `%`).
        var parameters: [Parameter]?
        var comment: String?
        /// The development text, or a plural entry's variants.
        var text: [String]
    }

    /// What one key comes to.
    enum Made: Sendable {
        case accessor(Accessor)
        /// No Swift name can be made from the key.
        case noName
        /// A name, but a development text that cannot be read as a format.
        case unreadable(name: String, FormatError)
    }

    struct Parameter: Sendable {
        /// The argument label, nil for none (`_`).
        var label: String?
        var name: String
        var type: String
        /// The `FormatArgument` case, nil for a `FormatArgument` passed as it is.
        var argumentCase: String?
    }

    /// Symbols for `tables` (nil: every table of the development language in the shared
    /// catalogs except `InfoPlist`) of `project`.
    public init(project: LintProject, tables: [String]? = nil, access: Access = .internal) {
        let language = project.developmentLanguage
        let store = CatalogStore(
            folders: [project.layout.localizations], keepingComments: true, readingLanguages: [language])
        guard let catalog = store.catalog(for: language) else {
            diagnostics.append(
                Diagnostic(
                    "no catalog for the development language \(language)", path: project.layout.localizations.path))
            return
        }
        diagnostics += catalog.errors
        let available = Set(catalog.tables.keys).union(catalog.plurals.keys)
        let chosen = tables ?? available.filter { $0 != InfoPlistTexts.table }.sorted()
        for table in chosen where !available.contains(table) {
            diagnostics.append(
                Diagnostic(
                    "no table \(table) in \(language) (have: \(available.sorted().joined(separator: ", ")))",
                    path: project.layout.localizations.path))
        }
        let stringCatalogs = store.stringCatalogs(in: project.layout.localizations)
        var namespaces: [(table: String, name: String?, accessors: [Accessor])] = []
        for table in chosen where available.contains(table) {
            let optOut = Set(
                stringCatalogs.first { $0.table == table }?.entries.filter { $0.generatesSymbol == false }.map(\.key)
                    ?? [])
            let accessors = self.accessors(of: catalog, table: table, skipping: optOut)
            let name = table == Catalog.defaultTable ? nil : SymbolName.typeName(forTable: table)
            if table != Catalog.defaultTable, name == nil {
                diagnostics.append(
                    Diagnostic(
                        "no Swift name can be made from the table name \"\(Diagnostic.quote(table))\"",
                        path: project.layout.localizations.path))
                continue
            }
            namespaces.append((table, name, accessors))
            count += accessors.count
        }
        guard !diagnostics.contains(where: { $0.severity == .error }) else { return }
        let files = Self.files(of: chosen, language: language, in: project)
        source = Self.render(namespaces, language: language, access: access, files: files)
    }

    // MARK: Accessors

    private mutating func accessors(of catalog: Catalog, table: String, skipping optOut: Set<String>) -> [Accessor] {
        let plurals = catalog.plurals[table] ?? [:]
        let comments = catalog.comments[table] ?? [:]
        // Each key with its text (nil for a plural entry), in code-point order.
        var keys: [(key: String, text: String?, location: SourceLocation)] = []
        keys.reserveCapacity((catalog.tables[table]?.count ?? 0) + plurals.count)
        for entry in catalog.tables[table]?.liveEntries ?? [] where plurals[entry.key] == nil {
            keys.append((entry.key, entry.value, entry.location))
        }
        for (key, plural) in plurals { keys.append((key, nil, plural.location)) }
        // Sorted by moving indices, not the entries. (Swift orders strings by their NFC
        // code points: Xcode's order for the keys catalogs hold.)
        let sorted = keys.indices.sorted { keys[$0].key < keys[$1].key }
        keys = sorted.lazy.map { keys[$0] }.filter { !optOut.contains($0.key) }
        // Names and accessors are made on every core; names are then checked in key order.
        let made = keys.concurrentMap { key, text, _ -> Made in
            guard let name = SymbolName.name(for: key), !SymbolName.unusable.contains(name) else { return .noName }
            do throws(FormatError) {
                guard let text else {
                    return .accessor(try Self.accessor(key, name: name, plural: plurals[key]!, comment: comments[key]))
                }
                return .accessor(try Self.accessor(key, name: name, text: text, comment: comments[key]))
            } catch {
                return .unreadable(name: name, error)
            }
        }
        var taken = [String: String](minimumCapacity: made.count)
        var result: [Accessor] = []
        result.reserveCapacity(made.count)
        for index in keys.indices {
            let (key, location) = (keys[index].key, keys[index].location)
            let name: String
            switch made[index] {
            case .noName:
                diagnostics.append(
                    Diagnostic(
                        "no symbol for key \"\(Diagnostic.quote(key))\": no Swift name can be made from it "
                            + "(use it by its key)", at: location, severity: .warning))
                continue
            case .accessor(let accessor): name = accessor.name
            case .unreadable(let unreadable, _): name = unreadable
            }
            if let other = taken.updateValue(key, forKey: name) {
                taken[name] = other
                diagnostics.append(
                    Diagnostic(
                        "keys \"\(Diagnostic.quote(other))\" and \"\(Diagnostic.quote(key))\" both make the symbol "
                            + "\(name); rename one of them", at: location))
                continue
            }
            switch made[index] {
            case .accessor(let accessor): result.append(accessor)
            case .unreadable(_, let error):
                diagnostics.append(
                    Diagnostic(
                        "no symbol for key \"\(Diagnostic.quote(key))\": \(error.message)", at: location,
                        severity: .warning))
            case .noName: break
            }
        }
        return result
    }

    /// A text's accessor: its specifiers' arguments (none when it has none, then shown as
    /// written).
    private static func accessor(_ key: String, name: String, text: String, comment: String?) throws(FormatError)
        -> Accessor
    {
        guard text.utf8.contains(UInt8(ascii: "%")) else {
            return Accessor(key: key, name: name, parameters: nil, comment: comment, text: [text])
        }
        let signature = try FormatString.signature(of: text)
        return Accessor(
            key: key, name: name, parameters: parameters(signature, labels: [:]), comment: comment, text: [text])
    }

    /// A plural entry's accessor: the arguments of its `other` variants, each variable's
    /// argument labelled with its name.
    private static func accessor(_ key: String, name: String, plural: PluralEntry, comment: String?)
        throws(FormatError) -> Accessor
    {
        var labels: [Int: String] = [:]
        var kinds: [Int: FormatString.ArgumentKind] = [:]
        let expanded = try plural.format { variable, argument throws(FormatError) in
            // The synthetic variable of a String Catalog's plural variations has no name of its own.
            if variable != "plural", let label = SymbolName.name(for: variable) { labels[argument] = label }
            let type = plural.variables[variable]?.valueType ?? "d"
            kinds[argument] = "feEgGaA".contains(type.last ?? "d") ? .floating : .signed
            return .other
        }
        var signature = try FormatString.signature(of: expanded)
        for (position, kind) in kinds {
            if signature.count < position { signature += Array(repeating: nil, count: position - signature.count) }
            if signature[position - 1] == nil { signature[position - 1] = kind }
        }
        // A String Catalog's plural variations read as their `other` text.
        let synthetic = plural.soleVariable == "plural"
        var text = [synthetic ? plural.variables["plural"]?.variants[.other] ?? plural.format : plural.format]
        for (variable, entry) in plural.variables.sorted(by: { $0.key < $1.key }) {
            for category in PluralCategory.allCases {
                guard let variant = entry.variants[category] else { continue }
                text.append(
                    (plural.variables.count > 1 ? "\(variable), " : "") + "\(category.rawValue): \"\(variant)\"")
            }
        }
        return Accessor(
            key: key, name: name, parameters: parameters(signature, labels: labels), comment: comment, text: text)
    }

    private static func parameters(_ signature: [FormatString.ArgumentKind?], labels: [Int: String]) -> [Parameter] {
        var used = Set<String>()
        return signature.enumerated().map { index, kind in
            let position = index + 1
            let (type, argumentCase): (String, String?)
            switch kind {
            case .object, .cString: (type, argumentCase) = ("String", "string")
            case .signed, .unsigned, .character, .pointer: (type, argumentCase) = ("Int", "int")
            case .floating: (type, argumentCase) = ("Double", "double")
            case nil: (type, argumentCase) = ("FormatArgument", nil)
            }
            if let label = labels[position], used.insert(label).inserted {
                return Parameter(label: label, name: label, type: type, argumentCase: argumentCase)
            }
            return Parameter(label: nil, name: "arg\(position)", type: type, argumentCase: argumentCase)
        }
    }

    // MARK: Source

    /// The development language's catalog files of `tables`, relative to the package.
    private static func files(of tables: [String], language: LanguageTag, in project: LintProject) -> [String] {
        let folder = project.layout.localizations
        var paths: [String] = []
        for table in tables {
            let candidates = [
                CatalogFolderLayout.stringCatalogName(table: table),
                CatalogFolderLayout.relativePath(language: language, table: table, kind: .strings),
                CatalogFolderLayout.relativePath(language: language, table: table, kind: .stringsdict),
            ]
            for name in candidates
            where FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) {
                paths.append(project.layout.relativePath(folder.appendingPathComponent(name)))
            }
        }
        return paths
    }

    private static func render(
        _ namespaces: [(table: String, name: String?, accessors: [Accessor])], language: LanguageTag, access: Access,
        files: [String]
    ) -> String {
        let modifier = access == .internal ? "" : access.rawValue + " "
        var out = SourceText()
        out.reserve(namespaces.reduce(0) { $0 + $1.accessors.count } * 240)
        out.add("// Generated by `flavorkit generate-symbols` from ", files.joined(separator: ", "), ".\n")
        out.add("// Do not edit: generate it again (the FlavorKitSymbols plugin does at every build).\n\n")
        out.add("import Localization\n\n")
        out.add("extension LocalizedText {\n")
        var first = true
        for namespace in namespaces {
            var indent = "    "
            if let name = namespace.name {
                if !first { out.add("\n") }
                out.add("    /// The texts of the table ", namespace.table, ".\n")
                out.add("    ", modifier, "enum ", name, " {\n")
                indent += "    "
            }
            // Chunks of accessors are written on every core, then joined in order.
            let (accessors, table, inner) = (namespace.accessors, namespace.table, indent)
            let separated = !first && namespace.name == nil
            for part in [Accessor].chunks(accessors.count).concurrentChunks({ range in
                var text = SourceText()
                text.reserve(range.count * 240)
                for index in range {
                    if index > 0 || separated { text.add("\n") }
                    write(
                        accessors[index], table: table, language: language.description, indent: inner,
                        modifier: modifier, into: &text)
                }
                return text
            }) {
                out.add(part)
            }
            if namespace.name != nil { out.add("    }\n") }
            first = false
        }
        out.add("}\n")
        return out.text
    }

    /// Swift source built as UTF-8 bytes, piece by piece.
    private struct SourceText: Sendable {
        private var bytes: [UInt8] = []

        mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }

        mutating func add(_ piece: String) { bytes += piece.utf8 }

        mutating func add(_ piece: Substring) { bytes += piece.utf8 }

        mutating func add(_ first: String, _ second: String) {
            add(first)
            add(second)
        }

        mutating func add(_ first: String, _ second: String, _ third: String) {
            add(first, second)
            add(third)
        }

        mutating func add(_ first: String, _ second: String, _ third: String, _ fourth: String) {
            add(first, second, third)
            add(fourth)
        }

        mutating func add(_ first: String, _ second: String, _ third: String, _ fourth: String, _ fifth: String) {
            add(first, second, third, fourth)
            add(fifth)
        }

        mutating func add(
            _ first: String, _ second: String, _ third: String, _ fourth: String, _ fifth: String, _ sixth: String
        ) {
            add(first, second, third, fourth, fifth)
            add(sixth)
        }

        mutating func add(_ other: SourceText) { bytes += other.bytes }

        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    private static func write(
        _ accessor: Accessor, table: String, language: String, indent: String, modifier: String,
        into out: inout SourceText
    ) {
        if let comment = accessor.comment, !comment.isEmpty {
            for line in ControlCharacters.shown(comment).split(separator: "\n", omittingEmptySubsequences: false) {
                out.add(indent, "/// ")
                out.add(line)
                out.add("\n")
            }
            out.add(indent, "///\n")
        }
        for (index, line) in accessor.text.enumerated() {
            var shown = ControlCharacters.shown(line)
            if shown.utf8.contains(UInt8(ascii: "\n")) { shown = shown.replacingOccurrences(of: "\n", with: "\\n") }
            if index == 0 {
                out.add(indent, "/// ", language, ": \"", shown, "\"\n")
            } else {
                out.add(indent, "/// - ", shown, "\n")
            }
        }
        let name = SymbolName.keywords.contains(accessor.name) ? "`\(accessor.name)`" : accessor.name
        let tableArgument = table == Catalog.defaultTable ? "" : ", table: " + swiftLiteral(table)
        guard let parameters = accessor.parameters, !parameters.isEmpty else {
            // A format without arguments still shows `%%` as `%`.
            let arguments = accessor.parameters == nil ? "" : ", arguments: []"
            out.add(indent, modifier, "static var ", name, ": LocalizedText { LocalizedText(")
            out.add(swiftLiteral(accessor.key), tableArgument, arguments, ") }\n")
            return
        }
        out.add(indent, modifier, "static func ", name, "(")
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { out.add(", ") }
            if let label = parameter.label {
                out.add(SymbolName.keywords.contains(label) ? "`\(label)`" : label)
            } else {
                out.add("_ ", parameter.name)
            }
            out.add(": ", parameter.type)
        }
        out.add(") -> LocalizedText {\n")
        out.add(indent, "    LocalizedText(", swiftLiteral(accessor.key), tableArgument, ", arguments: [")
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { out.add(", ") }
            let name = SymbolName.keywords.contains(parameter.name) ? "`\(parameter.name)`" : parameter.name
            if let argumentCase = parameter.argumentCase {
                out.add(".", argumentCase, "(", name, ")")
            } else {
                out.add(name)
            }
        }
        out.add("])\n", indent, "}\n")
    }

    /// `text` as a Swift string literal.
    static func swiftLiteral(_ text: String) -> String {
        let plain = text.utf8.allSatisfy {
            $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
        }
        if plain { return "\"" + text + "\"" }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value):
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
