import CatalogFiles
import Diagnostics
import FileFormats
import FileWriting
import Flavors
import Foundation
import Localization

/// `flavorkit add-flavor NAME`: a new flavor's files, made from an existing flavor (its
/// features, limits and entry file) or from scratch, and its lines in `Package.swift`.
public enum FlavorScaffold {
    /// What `add` did, for the tool to report.
    public struct Result: Sendable {
        /// Every file or link written, in order.
        public var written: [URL] = []
        /// The lines `Package.swift` needs (already added when `manifestUpdated`).
        public var manifestLines: [String] = []
        /// Whether `Package.swift` was changed (only when the template's lines were found
        /// exactly once, so that the copy could go right after them).
        public var manifestUpdated = false
        /// What is left for the user, one sentence each.
        public var nextSteps: [String] = []
    }

    /// Adds flavor `name` to the package at `layout`, copying `template` (a flavor under
    /// `Flavors/`; nil: the first one, or none in a package without flavors), with `features`
    /// enabled and `limits` set in its `Info.plist` (besides the template's). Writes the
    /// layout the guide describes: `Flavors/<name>/Info.plist` and `Localizations/`, the
    /// shared entry file `Sources/FlavorEntry/main.swift` (started for a first flavor, else
    /// given a branch for this one) linked as `Sources/<name>/main.swift`, and the lines of
    /// `Package.swift` (the template's copied right after them, or a first flavor's added to
    /// `products` and `targets`). Checks everything before writing anything; each file is
    /// written whole.
    public static func add(
        _ name: String, from template: String?, features: [String] = [], limits: [String: Int] = [:],
        in layout: PackageLayout
    ) throws(Diagnostic) -> Result {
        guard let first = name.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first),
            name.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) && $0.isASCII })
        else {
            throw Diagnostic(
                "'\(Diagnostic.quote(name))' is not a flavor name: use letters and digits, starting with a capital "
                    + "(it names a folder, an executable target and its -D flag), e.g. Team")
        }
        for feature in features where !isFeatureName(feature) {
            throw Diagnostic(
                "'\(Diagnostic.quote(feature))' is not a feature name: use letters, digits, - and _, e.g. sync")
        }
        for (limit, value) in limits where !isFeatureName(limit) || !FlavorIdentity.limitRange(limit).contains(value) {
            let range = FlavorIdentity.limitRange(limit)
            throw Diagnostic(
                "'\(Diagnostic.quote(limit))=\(value)' is not a limit: a name of letters, digits, - and _, and a whole "
                    + "number from \(range.lowerBound) to \(range.upperBound), e.g. seats=5")
        }
        try checkNotReserved(name, what: "a flavor")
        let fileManager = FileManager.default
        let sources = layout.sources.appendingPathComponent(name)
        for existing in [layout.flavor(name), sources] where fileManager.fileExists(atPath: existing.path) {
            throw Diagnostic("\(name) exists already", path: existing.path)
        }
        // Flavors that differ in case only would share a -D condition (and, on macOS, a folder).
        if let twin = layout.flavorNames().first(where: { $0.uppercased() == name.uppercased() }) {
            throw Diagnostic(
                "\(name) would share the condition -D\(name.uppercased()) with the flavor \(twin); choose another name")
        }
        let source = template ?? layout.flavorNames().first
        if let source,
            !layout.flavorNames().contains(source)
                || !fileManager.fileExists(atPath: layout.infoPlist(flavor: source).path)
        {
            throw Diagnostic(
                "no flavor \(Diagnostic.quote(source)) to copy (flavors: "
                    + layout.flavorNames().joined(separator: ", ") + ")",
                path: layout.infoPlist(flavor: source).path)
        }
        var result = Result()
        var plan = Plan()
        let plist = try infoPlist(for: name, from: source, features: features, limits: limits, in: layout)
        // As the flavor will read it: a plist it refuses is not written.
        _ = try FlavorIdentity(name: name, plist: plist.data, path: layout.infoPlist(flavor: name).path)
        plan.files.append((layout.infoPlist(flavor: name), plist.data))
        let names = translatedNames(of: name, displayName: plist.displayName, from: source, in: layout)
        plan.files += names.files
        // Where the flavor's catalog overrides go, whether or not it has any yet.
        plan.folders.append(layout.localizations(flavor: name))
        try planEntry(
            name, from: source, features: features, in: layout, sources: sources, plan: &plan, result: &result)

        let manifestURL = layout.root.appendingPathComponent("Package.swift")
        let manifest = try InputFile.readIfPresent(manifestURL, limit: InputFile.textLimit, within: layout.root)
            .flatMap { String(data: $0, encoding: .utf8) }
        try checkNotDeclared([name], in: manifest, path: manifestURL.path)
        if let manifest,
            let lines = source.flatMap({ copiedLines(in: manifest, from: $0, to: name) })
                ?? firstLines(in: manifest, for: name)
        {
            plan.files.append((manifestURL, Data(lines.updated.utf8)))
            result.manifestLines = lines.added
            result.manifestUpdated = true
        } else {
            result.manifestLines = newLines(for: name)
            result.nextSteps.append("add these lines to Package.swift (products, then targets)")
        }
        try carryOut(plan, in: layout, result: &result)
        for (language, place) in names.untranslated {
            result.nextSteps.append(
                "translate \(name)'s name (\(Diagnostic.quote(plist.displayName))) into \(language) in "
                    + "\(layout.relativePath(place)); until then lint reports it as missing")
        }
        result.nextSteps += workflowSteps(for: [name], in: layout)
        result.nextSteps.append("swift run flavorkit lint --strict")
        result.nextSteps.append("swift run \(name)")
        return result
    }

    /// What `add` writes, checked whole before any of it is.
    struct Plan {
        /// Files written whole (new, or replacing the package's own).
        var files: [(url: URL, data: Data)] = []
        /// Folders made.
        var folders: [URL] = []
        /// Symbolic links made, and what each points at.
        var links: [(link: URL, destination: String)] = []
    }

    /// Checks every write of `plan` before the first (each file stays in the package and can
    /// be replaced, each link and folder is new), then makes its folders, files and links,
    /// each recorded in `result`.
    static func carryOut(_ plan: Plan, in layout: PackageLayout, result: inout Result) throws(Diagnostic) {
        let fileManager = FileManager.default
        for url in plan.files.map(\.url) + plan.folders + plan.links.map(\.link) {
            guard AtomicFile.isInside(url, layout.root) else {
                throw Diagnostic(
                    "a symbolic link out of the package \(Diagnostic.quote(layout.root.path)); nothing was written",
                    path: url.path)
            }
        }
        for (url, _) in plan.files { try AtomicFile.checkReplaceable(url) }
        for (link, _) in plan.links
        where (try? fileManager.destinationOfSymbolicLink(atPath: link.path)) != nil
            || fileManager.fileExists(atPath: link.path)
        {
            throw Diagnostic("exists already; nothing was written", path: link.path)
        }
        for folder in plan.folders { try AtomicFile.createFolder(folder) }
        for (url, data) in plan.files {
            try AtomicFile.write(data, to: url, creatingFolder: true, within: layout.root)
            result.written.append(url)
        }
        for (link, destination) in plan.links {
            try AtomicFile.createFolder(link.deletingLastPathComponent())
            do {
                try fileManager.createSymbolicLink(atPath: link.path, withDestinationPath: destination)
            } catch {
                throw Diagnostic("cannot link the entry file (\(error.localizedDescription))", path: link.path)
            }
            result.written.append(link)
        }
    }

    /// FlavorKit's own target and product names that could be a flavor's or a variant's.
    /// SwiftPM refuses a package graph in which two packages declare a target of one name,
    /// even an unused one ("target names need to be unique across the package graph"), so a
    /// flavor `Flavors` or `Light` would break the adopter's build.
    package static let reservedNames: Set<String> = [
        "AppTesting", "Benchmarks", "CShims", "CatalogExtraction", "CatalogFiles", "CatalogLint", "CatalogTesting",
        "Commands", "Diagnostics", "FileFormats", "FileWriting", "FlavorDates", "FlavorKitCommands",
        "FlavorKitSymbols", "Flavors", "FuzzTargets", "Light", "Localization", "ProjectReporting", "Regular",
        "RegularFeatures", "Scaffolding", "TerminalText", "TestSupport", "TextEscaping", "TextSnapshots",
        "TextSnapshotsTesting", "TransferAgent", "TransferAgentProtocol", "TransferCore", "TranslatorFormats",
    ]

    /// Refuses `name` for a flavor or variant when FlavorKit has a target of that name
    /// (``reservedNames``), in any case: `-D` conditions and some file systems ignore it.
    package static func checkNotReserved(_ name: String, what: String) throws(Diagnostic) {
        guard let taken = reservedNames.first(where: { $0.uppercased() == name.uppercased() }) else { return }
        throw Diagnostic(
            "\(what) \(name) would be a target of the same name as FlavorKit's \(taken), and SwiftPM refuses two "
                + "targets of one name in a package graph; choose another name")
    }

    /// The names of the targets and products `manifest` (a `Package.swift`'s text) declares:
    /// each `.target(name: "…"`, `.testTarget(name: "…"`, `.executable(name: "…"` and the like.
    static func declaredNames(in manifest: String) -> Set<String> {
        let declaration =
            /\.(?:target|executableTarget|testTarget|plugin|macro|systemLibrary|binaryTarget|executable|library)\(\s*name:\s*"([^"\\]+)"/
        return Set(manifest.matches(of: declaration).map { String($0.output.1) })
    }

    /// Refuses each of `names` (new targets) that `manifest` declares already, in any case:
    /// SwiftPM refuses two targets of one name, and a test target may hold any name
    /// (`TasksTests`) a variant can make.
    static func checkNotDeclared(_ names: [String], in manifest: String?, path: String) throws(Diagnostic) {
        guard let manifest else { return }
        let declared = declaredNames(in: manifest)
        for name in names {
            guard let taken = declared.first(where: { $0.uppercased() == name.uppercased() }) else { continue }
            throw Diagnostic(
                "Package.swift declares \(taken) already; \(name) would be a second target of that name: choose "
                    + "another name", path: path)
        }
    }

    /// A step for each GitHub workflow of the package that tests one variant a job
    /// (`SNAPSHOT_VARIANT`) and does not name each of `names`: its matrix needs them, or no
    /// job verifies their snapshots (every job leaves them to another).
    static func workflowSteps(for names: [String], in layout: PackageLayout) -> [String] {
        let folder = layout.root.appendingPathComponent(".github/workflows")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        return files.compactMap { file in
            guard file.hasSuffix(".yml") || file.hasSuffix(".yaml"),
                let data = try? InputFile.readIfPresent(
                    folder.appendingPathComponent(file), limit: InputFile.textLimit, within: layout.root),
                let text = String(data: data, encoding: .utf8), text.contains("SNAPSHOT_VARIANT")
            else { return nil }
            let missing = names.filter { !text.contains($0) }
            guard !missing.isEmpty else { return nil }
            return
                "add \(missing.joined(separator: ", ")) to the matrix of .github/workflows/\(Diagnostic.visible(file)) "
                + "(each job verifies only its own variant's snapshots)"
        }
    }

    /// Whether `name` can name a feature or a limit: letters, digits, `-` and `_`.
    static func isFeatureName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_".unicodeScalars.contains($0))
            }
    }

    /// The flavor's name in each of the package's languages but the development language
    /// (whose name is the `Info.plist`'s), made from the template's translations (its name
    /// replaced by the new one), as files in the package's own format: `InfoPlist.xcstrings`
    /// when the template's overrides, or else the shared catalogs, are String Catalogs;
    /// `<lang>.lproj/InfoPlist.strings` otherwise. The languages no translation could be made
    /// for are listed, with where their translation goes; with none made, no file is written
    /// (an English name only would have to be translated in every language to lint clean).
    static func translatedNames(of name: String, displayName: String, from template: String?, in layout: PackageLayout)
        -> (files: [(url: URL, data: Data)], untranslated: [(language: String, place: URL)])
    {
        let folder = layout.localizations(flavor: name)
        let project = CatalogProject(layout: layout)
        let development = project.developmentLanguage
        let shared = CatalogStore(folders: [layout.localizations])
        let all = shared.availableLanguages.filter { $0 != development && PseudoLocale($0) == nil }
        // A regional variant (fr-CA) shows its parent's name unless it has its own.
        let languages = all.filter { language in !language.withParents.dropFirst().contains(where: all.contains) }
        let templateStore = template.map { CatalogStore(folders: [layout.localizations(flavor: $0)]) }
        var names: [(language: LanguageTag, name: String)] = []
        var untranslated: [LanguageTag] = []
        for language in languages {
            let translated = templateStore?.catalog(for: language)?["CFBundleDisplayName", table: InfoPlistTexts.table]
            if let template, let value = translated?.value, value.contains(template) {
                names.append((language, value.replacingOccurrences(of: template, with: name)))
            } else {
                untranslated.append(language)
            }
        }
        let isStringCatalog = { (url: URL) in
            ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).contains {
                $0.hasSuffix(".\(CatalogFolderLayout.FileKind.xcstrings.rawValue)")
            }
        }
        let templateFolder = template.map { layout.localizations(flavor: $0) }
        let templateHasCatalogs =
            templateFolder.map { !CatalogStore(folders: [$0]).availableLanguages.isEmpty } ?? false
        let stringCatalogs =
            templateHasCatalogs ? isStringCatalog(templateFolder!) : isStringCatalog(layout.localizations)
        let catalogURL = folder.appendingPathComponent(
            CatalogFolderLayout.stringCatalogName(table: InfoPlistTexts.table))
        // Where each language's translation goes: the one String Catalog, or its own file.
        let places = untranslated.map { language in
            (
                language.description,
                stringCatalogs
                    ? catalogURL
                    : folder.appendingPathComponent(
                        CatalogFolderLayout.relativePath(
                            language: language, table: InfoPlistTexts.table, kind: .strings))
            )
        }
        // No file without a translation: a name only in English would have to be in every language.
        guard !names.isEmpty else { return ([], places) }
        if stringCatalogs {
            let url = catalogURL
            var catalog = StringCatalog(sourceLanguage: development.description, path: url.path)
            catalog.update("CFBundleDisplayName", orderedBy: StringCatalogWriter.keyOrder) { entry in
                entry.comment = "\(name)'s name"
                for (language, text) in [(development, displayName)] + names {
                    entry.localizations.set(
                        StringCatalog.Localization(stringUnit: StringCatalog.StringUnit(text)),
                        for: language.description, orderedBy: StringCatalogWriter.keyOrder)
                }
            }
            return ([(url, StringCatalogWriter.write(catalog))], places)
        }
        let files = names.map { language, text in
            (
                folder.appendingPathComponent(
                    CatalogFolderLayout.relativePath(language: language, table: InfoPlistTexts.table, kind: .strings)),
                Data("/* \(name)'s name */\n\"CFBundleDisplayName\" = \(StringsWriter.quoted(text));\n".utf8)
            )
        }
        return (files, places)
    }

    /// The new plist: the template's with the name, display name and bundle identifier
    /// changed, or a minimal one; `features` added to its `FlavorFeatures`, `limits` set in
    /// its `FlavorLimits`. Read and written by the package's own property-list reader and
    /// writer: whatever lint takes, a copy takes, each value as written.
    static func infoPlist(
        for name: String, from template: String?, features: [String] = [], limits: [String: Int] = [:],
        in layout: PackageLayout
    ) throws(Diagnostic) -> (data: Data, displayName: String) {
        var plist = PropertyList(
            .dictionary([
                .init(
                    key: "CFBundleIdentifier", keyOffset: 0, value: .init(.string("com.example.\(name.lowercased())"))),
                .init(key: "CFBundleDisplayName", keyOffset: 0, value: .init(.string(name))),
                .init(key: "CFBundleShortVersionString", keyOffset: 0, value: .init(.string("1.0"))),
                .init(key: "CFBundleDevelopmentRegion", keyOffset: 0, value: .init(.string("en"))),
                .init(key: "FlavorFeatures", keyOffset: 0, value: .init(.array([]))),
                .init(key: "FlavorLimits", keyOffset: 0, value: .init(.dictionary([]))),
            ]))
        if let template {
            let url = layout.infoPlist(flavor: template)
            let data = try InputFile.read(url, limit: FlavorIdentity.plistLimit, within: layout.flavor(template))
            let read = try PropertyListValues.tree(of: data, path: url.path)
            guard read.members != nil else {
                throw Diagnostic("expected a dictionary at the top of the Info.plist to copy", path: url.path)
            }
            plist = read
            let lower = template.lowercased()
            if let suffix = read[FlavorIdentity.bundleIdentifierSuffixKey]?.string {
                plist[FlavorIdentity.bundleIdentifierSuffixKey] = PropertyList(
                    .string(
                        suffix.hasSuffix("." + lower)
                            ? suffix.dropLast(lower.count) + name.lowercased() : suffix + "." + name.lowercased()))
            }
            // A flavor of a dimension may hold only what it changes: no identity of its own.
            if read["CFBundleIdentifier"] != nil || read["CFBundleDisplayName"] != nil {
                if let identifier = read["CFBundleIdentifier"]?.string {
                    plist["CFBundleIdentifier"] = PropertyList(
                        .string(
                            identifier.hasSuffix("." + lower)
                                ? identifier.dropLast(lower.count) + name.lowercased()
                                : identifier + "." + name.lowercased()))
                }
                let display = read["CFBundleDisplayName"]?.string ?? name
                plist["CFBundleDisplayName"] = PropertyList(
                    .string(
                        display.contains(template) ? display.replacingOccurrences(of: template, with: name) : name))
            }
        }
        var enabled: [PropertyList] = []
        if case .array(let elements) = plist["FlavorFeatures"]?.value { enabled = elements }
        for feature in features where !enabled.contains(where: { $0.string == feature }) {
            enabled.append(PropertyList(.string(feature)))
        }
        plist["FlavorFeatures"] = PropertyList(.array(enabled))
        var limited = plist["FlavorLimits"]?.members != nil ? plist["FlavorLimits"]! : PropertyList(.dictionary([]))
        for (limit, value) in limits.sorted(by: { $0.key < $1.key }) {
            limited[limit] = PropertyList(.integer(String(value)))
        }
        plist["FlavorLimits"] = limited
        return (PropertyListWriter.xml(plist), plist["CFBundleDisplayName"]?.string ?? name)
    }

    /// `Sources/<name>/`: links to the shared entry file, which gets a branch for `name` (its
    /// template's copied, else a new one) or, in a package without one, is started. Only the
    /// template's links that stay inside the sources folder are copied, each entry file edited
    /// once; any other link is a next step.
    static func planEntry(
        _ name: String, from template: String?, features: [String], in layout: PackageLayout, sources: URL,
        plan: inout Plan, result: inout Result
    ) throws(Diagnostic) {
        let fileManager = FileManager.default
        let templateSources = template.map { layout.sources.appendingPathComponent($0) }
        var links: [(file: String, destination: String)] = []
        for file in (templateSources.flatMap { try? fileManager.contentsOfDirectory(atPath: $0.path) } ?? []).sorted() {
            guard let folder = templateSources,
                let destination = try? fileManager.destinationOfSymbolicLink(
                    atPath: folder.appendingPathComponent(file).path)
            else { continue }
            let entry = folder.appendingPathComponent(destination)
            guard !destination.hasPrefix("/"), AtomicFile.isInside(entry, layout.sources),
                InputFile.isRegularFile(entry)
            else {
                result.nextSteps.append(
                    "\(Diagnostic.quote(template ?? "")) links \(Diagnostic.quote(file)) to "
                        + "\(Diagnostic.quote(destination)), outside the sources: link what \(name) needs yourself")
                continue
            }
            links.append((file, destination))
        }
        let copying = links.isEmpty ? nil : template
        if links.isEmpty {
            links = [(FlavorEntryFile.name, "../\(FlavorEntryFile.folder)/\(FlavorEntryFile.name)")]
        }
        var edited = Set<String>()
        for (_, destination) in links {
            let entry = sources.appendingPathComponent(destination).standardizedFileURL
            guard edited.insert(entry.path).inserted else { continue }
            let relative = layout.relativePath(entry)
            if let text = try InputFile.readIfPresent(entry, limit: InputFile.textLimit, within: layout.sources)
                .flatMap({ String(data: $0, encoding: .utf8) })
            {
                guard let changed = FlavorEntryFile.adding(name, copying: copying, features: features, to: text) else {
                    result.nextSteps.append(
                        "in \(relative), add an `#elseif \(name.uppercased())` branch for \(name)"
                            + (copying.map { " beside \($0)'s `\($0.uppercased())` branch" } ?? "")
                            + (features.isEmpty ? "" : " registering \(features.joined(separator: ", "))"))
                    continue
                }
                plan.files.append((entry, Data(changed.utf8)))
            } else {
                plan.files.append((entry, Data(FlavorEntryFile.new(flavor: name, features: features).utf8)))
            }
        }
        plan.links += links.map { (sources.appendingPathComponent($0.file), $0.destination) }
    }

    /// A first flavor's lines: its product and its executable target.
    static func newLines(for name: String) -> [String] {
        [
            ".executable(name: \"\(name)\", targets: [\"\(name)\"]),",
            ".executableTarget(name: \"\(name)\", dependencies: [.product(name: \"Flavors\", package: \"FlavorKit\")], "
                + "swiftSettings: [.define(\"\(name.uppercased())\")]),",
        ]
    }

    /// The manifest with a first flavor's lines added at the start of its `targets: [` list (and
    /// of `products: [`, when it has one), indented like the line after; nil unless each list
    /// is found once.
    static func firstLines(in manifest: String, for name: String) -> (updated: String, added: [String])? {
        var updated = manifest
        var added: [String] = []
        let lines = newLines(for: name)
        // Targets first: inserting there leaves the products list where it is.
        for (list, line) in [("targets: [", lines[1]), ("products: [", lines[0])] {
            let found = updated.ranges(of: list)
            if list == "products: [", found.isEmpty { continue }
            guard found.count == 1, let open = found.first,
                let end = updated[open.upperBound...].firstIndex(of: "\n")
            else { return nil }
            let next = updated[updated.index(after: end)...]
            let indent = String(next.prefix { $0 == " " })
            updated.insert(contentsOf: indent + line + "\n", at: updated.index(after: end))
            added.insert(line, at: 0)
        }
        return (updated, added)
    }

    /// The manifest with the template's product and executable target copied right after
    /// themselves for `name`, the condition `-D<condition.from>` becoming `-D<condition.to>`
    /// (by default the template's and the name's); nil unless each is found exactly once.
    static func copiedLines(
        in manifest: String, from template: String, to name: String, condition: (from: String, to: String)? = nil
    ) -> (updated: String, added: [String])? {
        let condition = condition ?? (template.uppercased(), name.uppercased())
        var updated = manifest
        var added: [String] = []
        // Targets first: inserting after it leaves the product's position unchanged.
        for call in [".executableTarget(", ".executable("] {
            let matches = calls(call, in: updated).filter { updated[$0].contains("name: \"\(template)\"") }
            // A manifest without a products list makes a product of every executable target.
            if call == ".executable(", matches.isEmpty, !updated.contains("products:") { continue }
            guard matches.count == 1, let range = matches.first else { return nil }
            let copy = updated[range]
                .replacingOccurrences(of: "\"\(template)\"", with: "\"\(name)\"")
                .replacingOccurrences(of: ".define(\"\(condition.from)\")", with: ".define(\"\(condition.to)\")")
            let lineStart = updated[..<range.lowerBound].lastIndex(of: "\n").map { updated.index(after: $0) }
            let indent = String(updated[(lineStart ?? updated.startIndex)..<range.lowerBound].prefix { $0 == " " })
            if range.upperBound < updated.endIndex, updated[range.upperBound] == "," {
                updated.insert(contentsOf: "\n" + indent + copy + ",", at: updated.index(after: range.upperBound))
            } else {
                updated.insert(contentsOf: ",\n" + indent + copy, at: range.upperBound)
            }
            added.insert(copy + ",", at: 0)
        }
        return (updated, added)
    }

    /// The ranges of every `call…)` in `text`, parentheses balanced (strings in the call may
    /// not hold parentheses, as in manifests' target declarations).
    static func calls(_ call: String, in text: String) -> [Range<String.Index>] {
        var result: [Range<String.Index>] = []
        var searchStart = text.startIndex
        while let start = text.range(of: call, range: searchStart..<text.endIndex) {
            var depth = 1
            var index = start.upperBound
            while index < text.endIndex, depth > 0 {
                if text[index] == "(" { depth += 1 } else if text[index] == ")" { depth -= 1 }
                index = text.index(after: index)
            }
            if depth == 0 { result.append(start.lowerBound..<index) }
            searchStart = index
        }
        return result
    }
}
