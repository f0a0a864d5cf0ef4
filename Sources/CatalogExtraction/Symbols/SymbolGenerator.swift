import CatalogFiles
import Diagnostics
import FileFormats
import Foundation
import Localization
import TextEscaping

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
    public var source: String? { utf8Source.map { String(decoding: $0, as: UTF8.self) } }
    /// The generated Swift source as UTF-8, as `generate-symbols` writes it (no `String` of
    /// it made); nil when there were errors.
    package private(set) var utf8Source: [UInt8]?
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
    struct Accessor {
        var key: String
        var name: String
        /// Nil for a text shown as written (it has no `%`).
        var parameters: [Parameter]?
        var comment: String?
        /// The development text (a plural entry's `other` text).
        var text: String
        /// A plural entry's variants, each as the doc comment lists it.
        var variants: [String] = []
    }

    /// What one key came to.
    enum Made: Sendable {
        /// An accessor of that name, written.
        case accessor(name: String)
        /// No Swift name can be made from the key.
        case noName
        /// A name, but a development text that cannot be read as a format.
        case unreadable(name: String, FormatError)

        /// The name made, if any.
        var name: String? {
            switch self {
            case .accessor(let name), .unreadable(let name, _): name
            case .noName: nil
            }
        }
    }

    /// A key of a table and its text: a text entry's, with its record in the table, or nil
    /// for a plural entry.
    struct Key: Sendable {
        var key: String
        var text: String?
        var record = 0
    }

    /// How the accessors of one table are written: the pieces between what each accessor
    /// says (its comment, text, name, key and parameters), made once, each as long as it can
    /// be: a writer appends thousands of them.
    struct Style: Sendable {
        /// A comment line's beginning (`    /// `), and a plural variant's (`    /// - `).
        let comment: String
        let variant: String
        /// The development text line's beginning (`    /// en: "`), and the same after a
        /// comment line (its line break and an empty comment line before it).
        let text: String
        let textAfterComment: String
        /// A property's beginning (`    public static var `), and the same ending the text
        /// line before it (`"` and a line break); a function's.
        let property: String
        let textThenProperty: String
        let function: String
        let textThenFunction: String
        /// What follows a property's key (`) }`), or a format's without arguments
        /// (`, arguments: []) }`), each with `, table: "Name"` for a table other than the
        /// default one.
        let propertyEnd: String
        let emptyArgumentsEnd: String
        /// What comes between a function's parameters and its key (`) -> LocalizedText {`, a
        /// line break and `        LocalizedText(`), between its key and its arguments (`,
        /// arguments: [`, with the table's), and after them (`])`, the closing brace).
        let functionBody: String
        let arguments: String
        let functionEnd: String
        /// What the style was made of (`unshared()` makes it again).
        private let parts: (indent: String, modifier: String, language: String, table: String)

        init(indent: String, modifier: String, language: String, table: String) {
            parts = (indent, modifier, language, table)
            let tableArgument = table == Catalog.defaultTable ? "" : ", table: " + SwiftSource.literal(table)
            comment = indent + "/// "
            variant = indent + "/// - "
            text = indent + "/// " + language + ": \""
            textAfterComment = "\n" + indent + "///\n" + text
            property = indent + modifier + "static var "
            textThenProperty = "\"\n" + property
            function = indent + modifier + "static func "
            textThenFunction = "\"\n" + function
            propertyEnd = tableArgument + ") }\n"
            emptyArgumentsEnd = tableArgument + ", arguments: []) }\n"
            functionBody = ") -> LocalizedText {\n" + indent + "    LocalizedText("
            arguments = tableArgument + ", arguments: ["
            functionEnd = "])\n" + indent + "}\n"
        }

        /// The same style in strings of its own, made again: one string shared by the cores
        /// would be retained and released from each at every accessor, the cores waiting on
        /// each other.
        func unshared() -> Style {
            Style(indent: parts.indent, modifier: parts.modifier, language: parts.language, table: parts.table)
        }
    }

    /// One parameter of an accessor function, as its declaration lists it (`_ arg1: Int`,
    /// `count: Int`) and as its body passes it on (`.int(arg1)`, `arg2` for a
    /// `FormatArgument`).
    struct Parameter: Sendable {
        var declaration: String
        var argument: String

        /// The parameter `name` of `type`, with `label` or none (`_`).
        init(label: String?, name: String, type: ParameterType) {
            let declared =
                label.map { $0 == name ? SwiftSource.identifier($0) : SwiftSource.identifier($0) + " " + name }
                ?? "_ " + name
            declaration = declared + ": " + type.swiftType
            argument = type.argumentCase.map { "." + $0 + "(" + name + ")" } ?? name
        }
    }

    /// Symbols for `tables` (nil: every table of the development language in the shared
    /// catalogs except `InfoPlist`) of `project`.
    public init(project: CatalogProject, tables: [String]? = nil, access: Access = .internal) {
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
        let modifier = access == .internal ? "" : access.rawValue + " "
        let typeNames = self.typeNames(of: chosen.filter(available.contains), in: project)
        var namespaces: [(table: String, name: String?, accessors: [ByteBuffer])] = []
        for table in chosen
        where available.contains(table) && (table == Catalog.defaultTable || typeNames[table] != nil) {
            // Marked not to make one, or stale: a key no code uses any more (the old text
            // `extract` keeps beside an edited one) would make a symbol that clashes with the new.
            // (Fields read in place: a loop over the entries, or `isStale`, copies each entry.)
            var optOut = Set<String>()
            if let entries = stringCatalogs.first(where: { $0.table == table })?.entries {
                for index in entries.indices {
                    if entries[index].generatesSymbol == false { optOut.insert(entries[index].key) }
                    if case .stale? = entries[index].extractionState { optOut.insert(entries[index].key) }
                }
            }
            let name = typeNames[table]
            let style = Style(
                indent: name == nil ? "    " : "        ", modifier: modifier, language: language.description,
                table: table)
            let accessors = self.accessors(
                of: catalog, table: table, skipping: optOut, style: style,
                typeNames: name == nil ? typeNames : [:])
            namespaces.append((table, name, accessors))
        }
        guard !diagnostics.contains(where: { $0.severity == .error }) else { return }
        let files = Self.files(of: chosen, language: language, in: project)
        utf8Source = Self.render(namespaces, modifier: modifier, files: files)
    }

    /// Type names no table may take: a table's enum of that name would hide the type the
    /// generated code names (`String`, `LocalizedText`), or cannot be declared (`Type`).
    static let reservedTypeNames: Set<String> = [
        "String", "Int", "Double", "LocalizedText", "FormatArgument", "Swift", "Localization", "Type", "Protocol",
    ]

    /// The enum name of each table but the default one; a table whose name makes none, a
    /// reserved one, or the same as another table's, is an error and has no entry.
    private mutating func typeNames(of tables: [String], in project: CatalogProject) -> [String: String] {
        var names: [String: String] = [:]
        var tableOfName: [String: String] = [:]
        let path = project.layout.localizations.path
        for table in tables where table != Catalog.defaultTable {
            guard let name = SymbolName.typeName(forTable: table) else {
                diagnostics.append(
                    Diagnostic(
                        "no Swift name can be made from the table name \"\(Diagnostic.quote(table))\"; rename the table",
                        path: path))
                continue
            }
            if Self.reservedTypeNames.contains(name) {
                diagnostics.append(
                    Diagnostic(
                        "the table \"\(Diagnostic.quote(table))\" would make the type LocalizedText.\(name), which "
                            + "would hide a type the symbols use; rename the table", path: path))
            } else if let other = tableOfName.updateValue(table, forKey: name) {
                diagnostics.append(
                    Diagnostic(
                        "tables \"\(Diagnostic.quote(other))\" and \"\(Diagnostic.quote(table))\" both make the type "
                            + "LocalizedText.\(name); rename one of them", path: path))
            } else {
                names[table] = name
            }
        }
        return names
    }

    // MARK: Accessors

    /// The accessors of `table`'s keys (but those of `optOut`) in key order, written in
    /// `style` and separated by empty lines, in pieces; keys left out and names that collide
    /// (with each other, or with the tables' type names `typeNames` beside them) are diagnosed.
    private mutating func accessors(
        of catalog: Catalog, table: String, skipping optOut: Set<String>, style: Style,
        typeNames: [String: String]
    ) -> [ByteBuffer] {
        let plurals = catalog.plurals[table] ?? [:]
        let comments = catalog.comments[table] ?? [:]
        let keys = Self.keys(of: catalog.tables[table], plurals: plurals, skipping: optOut)
        // On every core, a chunk of keys each: names made (and hashed) and accessors written.
        let parts = [Int].chunks(keys.count).concurrentChunks { range in
            // The style's own strings for this core: one string shared by the cores would be
            // retained and released from each at every accessor, the cores waiting on each other.
            let style = style.unshared()
            var made: [Made] = []
            made.reserveCapacity(range.count)
            var hashes: [Int] = []
            hashes.reserveCapacity(range.count)
            var text = ByteBuffer()
            text.reserve(range.count * 240)
            for index in range {
                let (key, value) = (keys[index].key, keys[index].text)
                guard let name = SymbolName.name(for: key), !SymbolName.isUnusable(name) else {
                    made.append(.noName)
                    hashes.append(0)
                    continue
                }
                hashes.append(name.hashValue)
                let comment = comments.isEmpty ? nil : comments[key]
                do throws(FormatError) {
                    let accessor =
                        if let value {
                            try Self.accessor(key, name: name, text: value, comment: comment)
                        } else {
                            try Self.accessor(key, name: name, plural: plurals[key]!, comment: comment)
                        }
                    Self.write(accessor, style: style, into: &text)
                    text.append("\n")
                    made.append(.accessor(name: name))
                } catch {
                    made.append(.unreadable(name: name, error))
                }
            }
            return (made: made, hashes: hashes, text: text)
        }
        let made = parts.flatMap(\.made)
        let clashes = Self.clashes(made, hashes: parts.flatMap(\.hashes))
        let tableOfType = Dictionary(typeNames.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        for (index, made) in made.enumerated() {
            let key = keys[index].key
            var location: SourceLocation {
                keys[index].text == nil
                    ? plurals[key]!.location : catalog.tables[table]!.entry(atRecord: keys[index].record).location
            }
            switch made {
            case .noName:
                diagnostics.append(
                    Diagnostic(
                        "no symbol for key \"\(Diagnostic.quote(key))\": no Swift name can be made from it "
                            + "(use it by its key)", at: location, severity: .warning))
            case _ where !clashes.isEmpty && clashes[index] != nil:
                diagnostics.append(
                    Diagnostic(
                        "keys \"\(Diagnostic.quote(keys[clashes[index]!].key))\" and \"\(Diagnostic.quote(key))\" both "
                            + "make the symbol \(made.name!); rename one of them", at: location))
            case .unreadable(_, let error):
                diagnostics.append(
                    Diagnostic(
                        "no symbol for key \"\(Diagnostic.quote(key))\": \(error.message)", at: location,
                        severity: .warning))
            case .accessor(let name) where !tableOfType.isEmpty && tableOfType[name] != nil:
                diagnostics.append(
                    Diagnostic(
                        "key \"\(Diagnostic.quote(key))\" makes the symbol \(name), the type name of the table "
                            + "\"\(Diagnostic.quote(tableOfType[name]!))\"; rename one of them", at: location))
            case .accessor: count += 1
            }
        }
        // Each accessor is followed by an empty line, but the last.
        var pieces = parts.map(\.text)
        if let last = pieces.lastIndex(where: { !$0.isEmpty }) { pieces[last].removeLast() }
        return pieces
    }

    /// For each key whose name an earlier key already has, the index of the first key with
    /// that name. Found on every core, each core the names of some hash values (equal names
    /// have equal hashes).
    private static func clashes(_ made: [Made], hashes: [Int]) -> [Int: Int] {
        let cores = UInt(ProcessInfo.processInfo.activeProcessorCount)
        let shares = (0..<Int(cores)).map { $0..<$0 + 1 }.concurrentChunks { share in
            var first = [String: Int](minimumCapacity: made.count / Int(cores))
            var clashes: [Int: Int] = [:]
            for index in made.indices where UInt(bitPattern: hashes[index]) % cores == share.lowerBound {
                guard let name = made[index].name else { continue }
                if let other = first.updateValue(index, forKey: name) {
                    first[name] = other
                    clashes[index] = other
                }
            }
            return clashes
        }
        return shares.reduce(into: [:]) { $0.merge($1) { first, _ in first } }
    }

    /// The keys of a table (but those of `optOut`), in code-point order (Swift orders strings
    /// by their NFC code points: the same on every machine, whatever its locale). Read and
    /// sorted on every core, a chunk of records each; the sorted runs are then merged.
    private static func keys(
        of table: StringTable?, plurals: [String: PluralEntry], skipping optOut: Set<String>
    ) -> [Key] {
        var keys: [Key] = []
        keys.reserveCapacity((table?.count ?? 0) + plurals.count)
        if let table {
            let runs = [Int].chunks(table.count).concurrentChunks { records in
                var run: [Key] = []
                run.reserveCapacity(records.count)
                for record in records {
                    let (key, value) = table.keyAndValue(atRecord: record)
                    guard plurals.isEmpty || plurals[key] == nil else { continue }
                    run.append(Key(key: key, text: value, record: record))
                }
                run.sort { $0.key < $1.key }
                return run
            }
            for run in runs { keys += run }
        }
        for key in plurals.keys { keys.append(Key(key: key, text: nil)) }
        if !optOut.isEmpty { keys.removeAll { optOut.contains($0.key) } }
        keys.sort { $0.key < $1.key }
        return keys
    }

    /// A text's accessor: its specifiers' arguments (none when it has none, then shown as
    /// written).
    private static func accessor(_ key: String, name: String, text: String, comment: String?) throws(FormatError)
        -> Accessor
    {
        guard text.containsByte(where: { $0 == UInt8(ascii: "%") }) else {
            return Accessor(key: key, name: name, parameters: nil, comment: comment, text: text)
        }
        let signature = try FormatString.signature(of: text)
        return Accessor(
            key: key, name: name, parameters: parameters(signature, labels: [:]), comment: comment, text: text)
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
            if signature.count < position {
                signature.append(contentsOf: repeatElement(nil, count: position - signature.count))
            }
            if signature[position - 1] == nil { signature[position - 1] = kind }
        }
        // A String Catalog's plural variations read as their `other` text.
        let synthetic = plural.soleVariable == "plural"
        let text = synthetic ? plural.variables["plural"]?.variants[.other] ?? plural.format : plural.format
        var variants: [String] = []
        for (variable, entry) in plural.variables.sorted(by: { $0.key < $1.key }) {
            for category in PluralCategory.allCases {
                guard let variant = entry.variants[category] else { continue }
                variants.append(
                    (plural.variables.count > 1 ? "\(variable), " : "") + "\(category.rawValue): \"\(variant)\"")
            }
        }
        return Accessor(
            key: key, name: name, parameters: parameters(signature, labels: labels), comment: comment, text: text,
            variants: variants)
    }

    /// The parameters for `signature`: a plural variable's labelled with its name (once: a
    /// second variable of the same name is not labelled), the others `_ arg<position>`. No
    /// two have one name: `arg2` as a variable's name makes a later unlabelled `arg2` `arg2_`,
    /// and a label that is a keyword names its value `_label`.
    private static func parameters(_ signature: [FormatString.ArgumentKind?], labels: [Int: String]) -> [Parameter] {
        var usedLabels = Set<String>()
        var usedNames = Set(labels.values)
        return signature.enumerated().map { index, kind in
            let position = index + 1
            let type = ParameterType(kind)
            if labels.isEmpty, position < unlabeledParameters.count {
                return unlabeledParameters[position][type.rawValue]
            }
            if let label = labels[position], usedLabels.insert(label).inserted {
                let name = SwiftSource.isKeyword(label) ? "_" + label : label
                return Parameter(label: label, name: name, type: type)
            }
            var name = "arg\(position)"
            while !usedNames.insert(name).inserted { name += "_" }
            return Parameter(label: nil, name: name, type: type)
        }
    }

    /// The parameters of the first positions when none has a label (`_ arg1: Int`), made
    /// once: by position, then by type.
    private static let unlabeledParameters = (0..<10).map { position in
        ParameterType.allCases.map { Parameter(label: nil, name: "arg\(position)", type: $0) }
    }

    /// What a format argument is passed as.
    enum ParameterType: Int, CaseIterable {
        case string, int, double, formatArgument

        init(_ kind: FormatString.ArgumentKind?) {
            switch kind {
            case .object, .cString: self = .string
            case .signed, .unsigned, .character, .pointer: self = .int
            case .floating: self = .double
            case nil: self = .formatArgument
            }
        }

        /// Its Swift type.
        var swiftType: String {
            switch self {
            case .string: "String"
            case .int: "Int"
            case .double: "Double"
            case .formatArgument: "FormatArgument"
            }
        }

        /// Its `FormatArgument` case; nil for a `FormatArgument`, passed as it is.
        var argumentCase: String? {
            switch self {
            case .string: "string"
            case .int: "int"
            case .double: "double"
            case .formatArgument: nil
            }
        }
    }

    // MARK: Source

    /// The development language's catalog files of `tables`, relative to the package.
    private static func files(of tables: [String], language: LanguageTag, in project: CatalogProject) -> [String] {
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

    /// The file: each namespace's accessors, the default table's as members of
    /// `LocalizedText`, another table's in an enum.
    private static func render(
        _ namespaces: [(table: String, name: String?, accessors: [ByteBuffer])], modifier: String, files: [String]
    ) -> [UInt8] {
        var pieces: [ByteBuffer] = []
        var out = ByteBuffer()
        out.append(
            "// Generated by `flavorkit generate-symbols` from ", SwiftSource.comment(files.joined(separator: ", ")),
            ".\n")
        out.append("// Do not edit: generate it again (the FlavorKitSymbols plugin does at every build).\n\n")
        out.append("import Localization\n\n")
        out.append("extension LocalizedText {\n")
        for (index, namespace) in namespaces.enumerated() {
            let isEmpty = namespace.accessors.allSatisfy(\.isEmpty)
            if index > 0, namespace.name != nil || !isEmpty { out.append("\n") }
            if let name = namespace.name {
                out.append("    /// The texts of the table ", SwiftSource.comment(namespace.table), ".\n")
                out.append("    ", modifier, "enum ", SwiftSource.identifier(name), " {\n")
            }
            pieces.append(out)
            pieces += namespace.accessors
            out = ByteBuffer()
            if namespace.name != nil { out.append("    }\n") }
        }
        out.append("}\n")
        pieces.append(out)
        return ByteBuffer.joined(pieces)
    }

    private static func write(_ accessor: Accessor, style: Style, into out: inout ByteBuffer) {
        if let comment = accessor.comment, !comment.isEmpty {
            // A comment's lines are lines of the doc comment; what is in them stays on them.
            if comment.containsByte(where: { $0 == UInt8(ascii: "\n") }) {
                var lines = comment.split(separator: "\n", omittingEmptySubsequences: false)[...]
                let last = lines.removeLast()
                for line in lines {
                    out.append(style.comment)
                    out.appendComment(line)
                    out.append("\n")
                }
                out.append(style.comment)
                out.appendComment(last)
            } else {
                out.append(style.comment)
                out.appendComment(comment)
            }
            out.append(style.textAfterComment)
        } else {
            out.append(style.text)
        }
        out.appendComment(accessor.text)
        if !accessor.variants.isEmpty {
            out.append("\"\n")
            for variant in accessor.variants {
                out.append(style.variant)
                out.appendComment(variant)
                out.append("\n")
            }
        }
        let name = SwiftSource.identifier(accessor.name)
        guard let parameters = accessor.parameters, !parameters.isEmpty else {
            // A format without arguments still shows `%%` as `%`.
            out.append(accessor.variants.isEmpty ? style.textThenProperty : style.property, name)
            out.append(": LocalizedText { LocalizedText(")
            out.appendLiteral(accessor.key)
            out.append(accessor.parameters == nil ? style.propertyEnd : style.emptyArgumentsEnd)
            return
        }
        out.append(accessor.variants.isEmpty ? style.textThenFunction : style.function, name, "(")
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { out.append(", ") }
            out.append(parameter.declaration)
        }
        out.append(style.functionBody)
        out.appendLiteral(accessor.key)
        out.append(style.arguments)
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { out.append(", ") }
            out.append(parameter.argument)
        }
        out.append(style.functionEnd)
    }
}

extension ByteBuffer {
    /// Appends `text` as a Swift string literal (`SwiftSource.literal`).
    fileprivate mutating func appendLiteral(_ text: String) { appending { SwiftSource.appendLiteral(text, to: &$0) } }

    /// Appends `text` as the rest of a comment line (`SwiftSource.comment`).
    fileprivate mutating func appendComment(_ text: String) { appending { SwiftSource.appendComment(text, to: &$0) } }

    fileprivate mutating func appendComment(_ text: Substring) {
        appending { SwiftSource.appendComment(text, to: &$0) }
    }

    /// Appends the pieces of one line of generated source, one after another (without the
    /// array a variadic parameter would make for each line).
    fileprivate mutating func append(_ first: String, _ second: String) {
        append(first)
        append(second)
    }

    fileprivate mutating func append(_ first: String, _ second: String, _ third: String) {
        append(first, second)
        append(third)
    }

    fileprivate mutating func append(_ first: String, _ second: String, _ third: String, _ fourth: String) {
        append(first, second, third)
        append(fourth)
    }

    fileprivate mutating func append(
        _ first: String, _ second: String, _ third: String, _ fourth: String, _ fifth: String
    ) {
        append(first, second, third, fourth)
        append(fifth)
    }
}
