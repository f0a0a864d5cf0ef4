import CatalogFiles
import Diagnostics
import FileFormats
import Flavors
import Foundation
import Localization

/// `flavorkit extract`: the development language's shared catalogs brought up to date with
/// the keys the sources use (`KeyUseScanner`), table by table.
///
/// - A key used but in no catalog of its table is added where the table lives: to its
///   String Catalog (with the call's comment; a `defaultValue:` makes the development text,
///   `extractionState` `extracted_with_value`, as Xcode does; without one the key is the
///   text and no state is written, as Xcode does for an extracted key), or appended to the
///   development language's `.strings` (`/* comment */`, then `"key" = "text";`). A table
///   with neither goes in a new String Catalog when the folder has String Catalogs or no
///   catalog at all yet, else in a new `.strings`.
/// - An existing text or translation is never changed, but one: while no person has edited a
///   String Catalog key's development text (its unit is still `new`, as extract wrote it),
///   the text follows the call's `defaultValue:` when the code changes it, and every
///   translation of it is marked `needs_review` (Xcode's state for a changed source), the
///   text before kept in its unit (`previousSource`, which exports show translators). Once a
///   person has edited it (any other state), a `defaultValue:` that differs is reported at the
///   call (`drifted`) and nothing is written. The comment of an extracted (not `manual`) key
///   follows the call's, as Xcode's does. (A `.strings` file has no states: its texts are
///   never changed.)
/// - A String Catalog key no source uses is marked `stale` (not a `manual` key, which is
///   kept by hand); a stale key used again loses its mark. A `.strings` or `.stringsdict`
///   key no source uses is reported and left alone. With `prune`, every unused key is
///   removed: from the String Catalog, and from each language's `.strings` and
///   `.stringsdict` of its table.
/// - Translation memory (`KeyExtraction+Memory.swift`): an added String Catalog key takes the
///   translations of a key going unused in the same run whose development text is similar
///   and takes the same arguments (`TranslationMemory.pairs`), as suggestions no person has
///   confirmed (`needs_review`, `suggested`, the text before in `previousSource`): `carried`.
///   One that pairs with none takes the translations of a key with the same development text
///   elsewhere in the package's String Catalogs (shared or a flavor's), as they stand:
///   `filledFromMemory`; failing that, as suggestions, those of the most similar text there
///   that takes the same arguments: `carried`.
///
/// A key counts as used where a key call names it, or where code writes the name of its
/// generated symbol after a `.` (`text(.queueEmpty)`). Only the default table and tables the
/// sources use are checked for unused keys. Nothing is written here: `writes` holds each
/// changed file's new content.
public struct KeyExtraction {
    /// What extract does (or, checking, would do) to one key.
    public struct Change: Sendable, Hashable {
        /// What happens to the key.
        public enum Kind: String, Sendable, Hashable {
            /// Added to a catalog.
            case added
            /// A String Catalog key marked stale.
            case markedStale = "marked stale"
            /// A stale String Catalog key whose mark was taken away.
            case usedAgain = "used again"
            /// A String Catalog key's comment set to the call's.
            case commented = "comment updated"
            /// A String Catalog key's development text set to the call's `defaultValue:`, its
            /// translations marked `needs_review` with the text before kept (`previousSource`).
            case followedCode = "text updated"
            /// An added key given, as suggestions, the translations of a key no source uses any
            /// more whose development text was similar and took the same arguments, or (when no
            /// key went unused for it, and no translated text elsewhere in the package is the
            /// same) of the most similar such text translated elsewhere in the package
            /// (`catalogText`: that text).
            case carried = "translations carried over"
            /// An added key given the translations of another key with the same development
            /// text, in this or another String Catalog of the package (`catalogText`: the
            /// other key's table and key).
            case filledFromMemory = "filled from memory"
            /// A `defaultValue:` that differs from a development text a person edited: reported,
            /// nothing written.
            case drifted = "differs from the code"
            /// Removed from every catalog of its table (`prune`).
            case removed
            /// A `.strings` or `.stringsdict` key no source uses, left alone.
            case unused
        }

        /// What happens to the key.
        public var kind: Kind
        /// The key.
        public var key: String
        /// Its table (`Localizable` unless the call names another).
        public var table: String
        /// The catalog file it concerns.
        public var file: URL
        /// The key's first use (added, used again, comment updated) or its entry.
        public var location: SourceLocation
        /// The code's `defaultValue:`, for `followedCode` and `drifted`; the added key's
        /// development text, for `carried` and `filledFromMemory`.
        public var codeText: String?
        /// The catalog's development text (before it followed the code), for `followedCode`
        /// and `drifted`; the development text translations were carried from, for `carried`;
        /// where the translations were found (`Table: key`), for `filledFromMemory`.
        public var catalogText: String?
    }

    /// Every change, in file order.
    public private(set) var changes: [Change] = []
    /// Each changed file's new content.
    public private(set) var writes: [(url: URL, data: Data)] = []
    /// Problems that kept a table from being brought up to date.
    public private(set) var diagnostics: [Diagnostic] = []

    let project: CatalogProject
    private let scan: KeyUseScanner.Scan
    private let writing: Bool

    /// Plans the changes for `project`'s sources and catalogs; `prune` removes unused keys.
    /// Without `writing`, only the changes are found (`extract --check`): `writes` stays empty.
    public init(project: CatalogProject, prune: Bool = false, writing: Bool = true) {
        // Most keys are in the default table: its files are read while the sources are scanned.
        let (scan, defaultTable) = alongside(
            { KeyUseScanner.scanSources(in: project.layout.sources, calls: project.layout.keyCalls) },
            { Result { () throws(Diagnostic) in try TableRead(Catalog.defaultTable, in: project) } })
        self.init(project: project, scan: scan, prune: prune, writing: writing, defaultTable: defaultTable)
    }

    /// Plans the changes for the uses `scan` found.
    public init(project: CatalogProject, scan: KeyUseScanner.Scan, prune: Bool = false, writing: Bool = true) {
        self.init(project: project, scan: scan, prune: prune, writing: writing, defaultTable: nil)
    }

    /// Plans the changes for the uses `scan` found; `defaultTable`, the default table's files
    /// when they were read already.
    private init(
        project: CatalogProject, scan: KeyUseScanner.Scan, prune: Bool, writing: Bool,
        defaultTable: Result<TableRead, Diagnostic>?
    ) {
        self.project = project
        self.scan = scan
        self.writing = writing
        // A source not read could use any key: nothing is planned, so that none is marked
        // stale or pruned for it.
        guard scan.problems.isEmpty else {
            diagnostics = scan.problems
            return
        }
        // Most keys are in the default table: it is filled on its own, sized for every use.
        var defaultUses = TableUses(scan.uses, capacity: scan.uses.count)
        var uses: [String: TableUses] = [:]
        // By index, each field read in place: copying a use would retain its five strings.
        for index in scan.uses.indices {
            if let table = scan.uses[index].table, table != Catalog.defaultTable {
                uses[table, default: TableUses(scan.uses, capacity: 0)].add(index)
            } else {
                defaultUses.add(index)
            }
        }
        for table in Set(uses.keys).union([Catalog.defaultTable]).sorted() {
            // A `table:` that names no file is never made into a path (`../../x`).
            guard CatalogFolderLayout.isTableName(table) else {
                let use = uses[table]![uses[table]!.order[0]]!
                diagnostics.append(
                    Diagnostic(
                        "table \"\(Diagnostic.quote(table))\" names no catalog file (no /, \\, leading . or control "
                            + "character); key \"\(Diagnostic.quote(use.key))\" is not extracted", at: use.location))
                continue
            }
            do throws(Diagnostic) {
                if table == Catalog.defaultTable, let defaultTable {
                    try update(table, read: defaultTable.get(), uses: defaultUses, prune: prune)
                } else {
                    let tableUses = table == Catalog.defaultTable ? defaultUses : uses[table]!
                    try update(table, read: TableRead(table, in: project), uses: tableUses, prune: prune)
                }
            } catch {
                diagnostics.append(error)
            }
        }
    }

    /// The keys the sources use in one table: each key's first use, with the first comment
    /// and default value any of its uses gives, in the order first used. A use is kept as its
    /// index in the scan (most keys have one use, then copied nowhere).
    struct TableUses {
        let all: [KeyUseScanner.KeyUse]
        /// Keys by their bytes, as the catalogs tell them apart: `text("café")` spelled in two
        /// Unicode normalizations uses two keys.
        private var first: [LiteralKey: Int]
        /// A first use that a later one completed with a comment or default value.
        private var completed: [LiteralKey: KeyUseScanner.KeyUse] = [:]
        private(set) var order: [String] = []

        init(_ all: [KeyUseScanner.KeyUse], capacity: Int) {
            self.all = all
            first = Dictionary(minimumCapacity: capacity)
            order.reserveCapacity(capacity)
        }

        /// The use `all[index]`.
        mutating func add(_ index: Int) {
            let key = LiteralKey(all[index].key)
            // One lookup for a key used first (most are).
            guard let earlier = first.updateValue(index, forKey: key) else {
                order.append(key.string)
                return
            }
            first[key] = earlier
            let use = all[index], known = self[key.string]!
            if (known.comment == nil && use.comment != nil) || (known.defaultValue == nil && use.defaultValue != nil) {
                var merged = known
                merged.comment = known.comment ?? use.comment
                merged.defaultValue = known.defaultValue ?? use.defaultValue
                completed[key] = merged
            }
        }

        /// Whether a source uses `key`.
        func contains(_ key: String) -> Bool { first[LiteralKey(key)] != nil }

        /// The first use of `key`, completed; nil when no source uses it.
        subscript(key: String) -> KeyUseScanner.KeyUse? {
            let key = LiteralKey(key)
            if !completed.isEmpty, let use = completed[key] { return use }
            return first[key].map { all[$0] }
        }
    }

    // MARK: One table

    /// The development language's files of one table.
    private struct TableFiles {
        let stringCatalog: URL
        let strings: URL
        let stringsdict: URL
    }

    /// The development language's files of one table, read: what `update` brings up to date.
    private struct TableRead: Sendable {
        let files: TableFiles
        let catalog: StringCatalog?
        let stringsText: CatalogFileText
        let strings: StringsFile?
        let plurals: StringsDictParser.Result?

        /// Reads `table`'s files; a String Catalog or `.stringsdict` with errors is an error.
        init(_ table: String, in project: CatalogProject) throws(Diagnostic) {
            let folder = project.layout.localizations
            let language = project.developmentLanguage
            files = TableFiles(
                stringCatalog: folder.appendingPathComponent(CatalogFolderLayout.stringCatalogName(table: table)),
                strings: folder.appendingPathComponent(
                    CatalogFolderLayout.relativePath(language: language, table: table, kind: .strings)),
                stringsdict: folder.appendingPathComponent(
                    CatalogFolderLayout.relativePath(language: language, table: table, kind: .stringsdict)))
            let exists = { (url: URL) in FileManager.default.fileExists(atPath: url.path) }
            var catalog: StringCatalog?
            if exists(files.stringCatalog) {
                let read = StringCatalog(contentsOf: files.stringCatalog, within: folder)
                if let error = read.errors.first {
                    throw Diagnostic(
                        "not brought up to date: the String Catalog has errors to fix first (\(error))",
                        path: files.stringCatalog.path)
                }
                catalog = read
            }
            self.catalog = catalog
            stringsText = try CatalogFileText(files.strings, within: folder)
            let path = files.strings.path
            strings = try stringsText.existing.map { data throws(Diagnostic) in
                try StringsParser.parse(data, path: path)
            }
            plurals =
                exists(files.stringsdict) ? StringsDictParser.parse(contentsOf: files.stringsdict, within: folder) : nil
            if let error = plurals?.errors.first { throw error }
        }
    }

    private mutating func update(_ table: String, read: TableRead, uses: TableUses, prune: Bool) throws(Diagnostic) {
        let folder = project.layout.localizations
        let language = project.developmentLanguage
        let (files, stringsText, strings, plurals) = (read.files, read.stringsText, read.strings, read.plurals)
        var catalog = read.catalog

        let (firstUses, order) = (uses, uses.order)
        let scan = self.scan
        let isUsed = { (key: String) in
            firstUses.contains(key) || SymbolName.name(for: key).map(scan.usesMember) == true
        }
        // The `.strings` records some source uses, marked as the new keys are looked for.
        var usedRecords = [Bool](repeating: false, count: strings?.table.count ?? 0)
        // The plural keys by their bytes, as `isUsed` tells keys apart (a `String` lookup finds
        // either spelling of `café`, and the key found would then be pruned as unused).
        let pluralKeys = Set((plurals?.entries.keys).map { $0.map(LiteralKey.init) } ?? [])
        let added = order.filter { key in
            var found = catalog?[key] != nil || pluralKeys.contains(LiteralKey(key))
            if let record = strings?.table.record(of: key) {
                usedRecords[record] = true
                found = true
            }
            return !found
        }
        if scan.uses.isEmpty {
            let keys =
                (catalog?.entries.map(\.key) ?? []) + (strings?.table.keys ?? [])
                + (plurals?.entries.keys.map { $0 } ?? [])
            guard keys.contains(where: isUsed) else {
                let layout = project.layout
                let calls = layout.keyCalls.map { "\($0)(\"key\"…)" }.joined(separator: ", ")
                throw Diagnostic(
                    "no source here calls \(calls) or uses a generated symbol, so nothing is extracted (every "
                        + "key would look unused); name the sources and key calls in "
                        + "\(PackageLayout.Name.configuration) (\"sources\", \"keyCalls\")", path: layout.sources.path)
            }
        }

        // Where new keys go: a new String Catalog when the folder has String Catalogs, or no
        // catalog at all yet (a new package); else a `.strings`, beside the `.lproj` folders.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let startsStringCatalog =
            names.allSatisfy { CatalogFolderLayout.language(ofFolderNamed: $0) == nil }
            || names.contains {
                $0.hasSuffix(".\(CatalogFolderLayout.FileKind.xcstrings.rawValue)")
            }
        if catalog == nil, strings == nil, !added.isEmpty, startsStringCatalog {
            catalog = StringCatalog(sourceLanguage: language.description, path: files.stringCatalog.path)
        }
        var pruned: [String] = []
        let inStringCatalog = catalog != nil
        // Taken out, so that the document alone holds its entries: a change copies none.
        if var document = catalog.take() {
            let before = changes.count
            pruned = edit(&document, table: table, added: added, uses: firstUses, isUsed: isUsed, prune: prune)
            if writing, changes.count > before {
                writes.append((files.stringCatalog, StringCatalogWriter.write(document)))
            }
        }

        var unused: [String] = []
        if let entries = strings?.table {
            // Only the records no call names are made into strings, to look for their symbol.
            for index in 0..<entries.count where !usedRecords[index] {
                let entry = entries.entry(atRecord: index)
                guard !isUsed(entry.key) else { continue }
                unused.append(entry.key)
                record(prune ? .removed : .unused, entry.key, table, files.strings, entry.location)
            }
        }
        for (key, entry) in (plurals?.entries ?? [:]).sorted(by: { $0.value.location < $1.value.location })
        where !isUsed(key) {
            unused.append(key)
            record(prune ? .removed : .unused, key, table, files.stringsdict, entry.location)
        }
        let appended = inStringCatalog ? [] : added
        for key in appended { record(.added, key, table, files.strings, firstUses[key]!.location) }
        guard writing else { return }
        let removesStrings = prune && unused.contains { strings?.table.contains($0) == true }
        if !appended.isEmpty || removesStrings {
            var comments = CommentTable()
            for key in appended {
                if let comment = firstUses[key]!.comment { comments.set(comment, for: key) }
            }
            var text = try StringsFileEditor.apply(
                appended.map { ($0, firstUses[$0]!.defaultValue ?? $0) }, comments: comments,
                to: stringsText.text ?? "", file: strings)
            if prune, let strings {
                text = try StringsFileEditor.removing(unused, from: text, file: reparsed(text, like: strings))
            }
            writes.append((files.strings, try stringsText.encoded(text, holding: "the new keys")))
        }
        if prune, !unused.isEmpty {
            try pruneTranslations(unused, table: table, except: files)
        }
        // The import record forgets the translations a prune removed.
        if prune, !(pruned + unused).isEmpty {
            var translated = try TranslationRecord(folder: folder)
            if translated.forget(pruned + unused, table: table) {
                writes.append((translated.url, Data(translated.text.utf8)))
            }
        }
    }

    /// Adds, marks and prunes the keys of a String Catalog; returns the keys pruned.
    private mutating func edit(
        _ document: inout StringCatalog, table: String, added: [String], uses: TableUses,
        isUsed: (String) -> Bool, prune: Bool
    ) -> [String] {
        let path = document.path, sourceLanguage = document.sourceLanguage
        let url = URL(fileURLWithPath: path)
        let location = { (entry: StringCatalog.Entry) in SourceLocation(path: path, line: entry.line, column: 1) }
        // One pass over the keys there were (the added ones are not among them), nothing
        // changed while it walks the entries (a change would copy them all): what each used
        // key needs, the unused ones, and those of them that had a translation to carry over.
        // Its changes are reported after the keys added.
        let reportedBefore = changes.count
        var updated: [StringCatalog.Entry] = []
        var unused: [String] = [], removed: [String] = []
        var gone: [(key: String, text: String)] = []
        for entry in document.entries {
            let key = entry.key
            if let use = uses[key] {
                var changed = entry
                if entry.isStale {
                    changed.extractionState =
                        use.defaultValue.map { $0 != key ? .extractedWithValue : nil } ?? nil
                    record(.usedAgain, key, table, url, use.location)
                }
                if let comment = use.comment, entry.extractionState != .manual, comment != entry.comment {
                    changed.comment = comment
                    changed.isCommentAutoGenerated = nil
                    record(.commented, key, table, url, use.location)
                }
                let followed = followDefaultValue(
                    use, of: &changed, sourceLanguage: sourceLanguage, table: table, url: url)
                if entry.isStale || changed.comment != entry.comment || followed { updated.append(changed) }
            } else if !isUsed(key), entry.extractionState != .manual {
                if !entry.isStale,
                    entry.localizations.contains(where: { $0.key != sourceLanguage && $0.value.hasTranslation })
                {
                    gone.append((key, Self.developmentText(of: entry, source: sourceLanguage)))
                }
                if prune {
                    removed.append(key)
                    record(.removed, key, table, url, location(entry))
                } else if !entry.isStale {
                    unused.append(key)
                    record(.markedStale, key, table, url, location(entry))
                }
            }
        }
        let passed = changes[reportedBefore...]
        changes.removeSubrange(reportedBefore...)

        // Added together: one pass over the catalog, however many keys.
        var entries: [StringCatalog.Entry] = []
        for key in added {
            let use = uses[key]!
            var entry = StringCatalog.Entry(key: key)
            entry.comment = use.comment
            if let value = use.defaultValue, value != key {
                entry.extractionState = .extractedWithValue
                entry.localizations.set(
                    StringCatalog.Localization(stringUnit: StringCatalog.StringUnit(value, state: .new)),
                    for: sourceLanguage, orderedBy: StringCatalogWriter.keyOrder)
            }
            entries.append(entry)
            record(.added, key, table, url, use.location)
        }
        document.insert(
            entries, orderedBy: StringCatalogWriter.keyOrder, guessedBy: StringCatalogWriter.keyOrderGuess)
        carryOver(into: &document, table: table, added: added, gone: gone, uses: uses)
        changes += passed
        for entry in updated {
            document.update(entry.key, orderedBy: StringCatalogWriter.keyOrder) { $0 = entry }
        }
        for key in unused {
            document.update(key, orderedBy: StringCatalogWriter.keyOrder) { $0.extractionState = .stale }
        }
        for key in removed { document.remove(key) }
        return removed
    }

    /// Follows a changed `defaultValue:` into `entry` while its development text is still as
    /// extract wrote it (`new`): the text set, every translation marked `needs_review`.
    /// Returns whether it changed; a text a person edited is recorded as `drifted` instead.
    private mutating func followDefaultValue(
        _ use: KeyUseScanner.KeyUse, of entry: inout StringCatalog.Entry, sourceLanguage: String, table: String,
        url: URL
    ) -> Bool {
        guard let value = use.defaultValue, entry.extractionState != .manual,
            let unit = entry.localizations[sourceLanguage]?.stringUnit, unit.value != value
        else { return false }
        guard unit.state == .new else {
            record(.drifted, use.key, table, url, use.location, code: value, catalog: unit.value)
            return false
        }
        _ = entry.localizations.modify(sourceLanguage) { $0.stringUnit?.value = value }
        for language in entry.localizations.keys where language != sourceLanguage {
            _ = entry.localizations.modify(language) { $0.markTranslatedForReview(previousSource: unit.value) }
        }
        record(.followedCode, use.key, table, url, use.location, code: value, catalog: unit.value)
        return true
    }

    /// Removes `keys` from every other language's `.strings` and `.stringsdict` of `table`.
    private mutating func pruneTranslations(_ keys: [String], table: String, except files: TableFiles)
        throws(Diagnostic)
    {
        let folder = project.layout.localizations
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where CatalogFolderLayout.language(ofFolderNamed: name) != nil {
            let lproj = folder.appendingPathComponent(name)
            for kind in [CatalogFolderLayout.FileKind.strings, .stringsdict] {
                let url = lproj.appendingPathComponent("\(table).\(kind.rawValue)")
                guard url.path != files.strings.path, url.path != files.stringsdict.path,
                    FileManager.default.fileExists(atPath: url.path)
                else { continue }
                let file = try CatalogFileText(url, within: folder)
                guard let text = file.text else { continue }
                let edited: String
                if kind == .strings {
                    let parsed = try StringsParser.parse(text, path: url.path)
                    guard keys.contains(where: parsed.table.contains) else { continue }
                    edited = try StringsFileEditor.removing(keys, from: text, file: parsed)
                } else {
                    // Read as XML: a key may be written `caf&#233;`.
                    edited = try StringsDictEditor.removing(keys, from: text, path: url.path)
                }
                if edited != text { writes.append((url, try file.encoded(edited, holding: "the keys removed"))) }
            }
        }
        // The development language's own .stringsdict.
        if FileManager.default.fileExists(atPath: files.stringsdict.path) {
            let file = try CatalogFileText(files.stringsdict, within: folder)
            if let text = file.text {
                let edited = try StringsDictEditor.removing(keys, from: text, path: files.stringsdict.path)
                if edited != text {
                    writes.append((files.stringsdict, try file.encoded(edited, holding: "the keys removed")))
                }
            }
        }
    }

    /// `text` parsed again, for positions after new keys were appended.
    private func reparsed(_ text: String, like file: StringsFile) throws(Diagnostic) -> StringsFile {
        try StringsParser.parse(text, path: file.path)
    }

    mutating func record(
        _ kind: Change.Kind, _ key: String, _ table: String, _ file: URL, _ location: SourceLocation,
        code: String? = nil, catalog: String? = nil
    ) {
        changes.append(
            Change(
                kind: kind, key: key, table: table, file: file, location: location, codeText: code, catalogText: catalog
            ))
    }
}
