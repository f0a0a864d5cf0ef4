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
        let fileManager = FileManager.default
        let sources = layout.sources.appendingPathComponent(name)
        for existing in [layout.flavor(name), sources] where fileManager.fileExists(atPath: existing.path) {
            throw Diagnostic("\(name) exists already", path: existing.path)
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
        let plist = try infoPlist(for: name, from: source, features: features, limits: limits, in: layout)
        // As the flavor will read it: a plist it refuses is not written.
        _ = try FlavorIdentity(name: name, plist: plist.data, path: layout.infoPlist(flavor: name).path)
        let manifestURL = layout.root.appendingPathComponent("Package.swift")
        let manifest = try InputFile.readIfPresent(manifestURL, limit: InputFile.textLimit, within: layout.root)
            .flatMap { String(data: $0, encoding: .utf8) }

        var result = Result()
        func write(_ data: Data, to url: URL) throws(Diagnostic) {
            try AtomicFile.write(data, to: url, creatingFolder: true)
            result.written.append(url)
        }
        try write(plist.data, to: layout.infoPlist(flavor: name))
        let names = translatedNames(of: name, displayName: plist.displayName, from: source, in: layout)
        for (url, data) in names.files { try write(data, to: url) }
        // Where the flavor's catalog overrides go, whether or not it has any yet.
        try AtomicFile.createFolder(layout.localizations(flavor: name))
        try addEntry(name, from: source, features: features, in: layout, sources: sources, result: &result)

        if let manifest,
            let lines = source.flatMap({ copiedLines(in: manifest, from: $0, to: name) })
                ?? firstLines(in: manifest, for: name)
        {
            try write(Data(lines.updated.utf8), to: manifestURL)
            result.manifestLines = lines.added
            result.manifestUpdated = true
        } else {
            result.manifestLines = newLines(for: name)
            result.nextSteps.append("add these lines to Package.swift (products, then targets)")
        }
        if !names.untranslated.isEmpty {
            let place = names.files.first.map { layout.relativePath($0.url) } ?? layout.relativePath(names.place)
            result.nextSteps.append(
                "translate \(name)'s name (\(plist.displayName)) into \(names.untranslated.joined(separator: ", ")) "
                    + "in \(place); until then lint reports it as missing")
        }
        result.nextSteps.append("swift run flavorkit lint --strict")
        result.nextSteps.append("swift run \(name)")
        return result
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
        -> (files: [(url: URL, data: Data)], untranslated: [String], place: URL)
    {
        let folder = layout.localizations(flavor: name)
        let project = LintProject(layout: layout)
        let development = project.developmentLanguage
        let shared = CatalogStore(folders: [layout.localizations])
        let all = shared.availableLanguages.filter { $0 != development && PseudoLocale($0) == nil }
        // A regional variant (fr-CA) shows its parent's name unless it has its own.
        let languages = all.filter { language in !language.withParents.dropFirst().contains(where: all.contains) }
        let templateStore = template.map { CatalogStore(folders: [layout.localizations(flavor: $0)]) }
        var names: [(language: LanguageTag, name: String)] = []
        var untranslated: [String] = []
        for language in languages {
            let translated = templateStore?.catalog(for: language)?["CFBundleDisplayName", table: InfoPlistTexts.table]
            if let template, let value = translated?.value, value.contains(template) {
                names.append((language, value.replacingOccurrences(of: template, with: name)))
            } else {
                untranslated.append(language.description)
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
        // No file without a translation: a name only in English would have to be in every language.
        guard !names.isEmpty else {
            let place = stringCatalogs ? catalogURL : folder.appendingPathComponent("<lang>.lproj/InfoPlist.strings")
            return ([], untranslated, place)
        }
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
            return ([(url, StringCatalogWriter.write(catalog))], untranslated, folder)
        }
        let files = names.map { language, text in
            (
                folder.appendingPathComponent(
                    CatalogFolderLayout.relativePath(language: language, table: InfoPlistTexts.table, kind: .strings)),
                Data("/* \(name)'s name */\n\"CFBundleDisplayName\" = \(StringsWriter.quoted(text));\n".utf8)
            )
        }
        return (files, untranslated, folder)
    }

    /// The new plist: the template's with the name, display name and bundle identifier
    /// changed, or a minimal one; `features` added to its `FlavorFeatures`, `limits` set in
    /// its `FlavorLimits`.
    static func infoPlist(
        for name: String, from template: String?, features: [String] = [], limits: [String: Int] = [:],
        in layout: PackageLayout
    ) throws(Diagnostic) -> (data: Data, displayName: String) {
        var dictionary: [String: Any] = [
            "CFBundleIdentifier": "com.example.\(name.lowercased())", "CFBundleDisplayName": name,
            "CFBundleShortVersionString": "1.0", "CFBundleDevelopmentRegion": "en",
            "FlavorFeatures": [String](), "FlavorLimits": [String: Int](),
        ]
        if let template {
            let url = layout.infoPlist(flavor: template)
            let data = try InputFile.read(url, limit: FlavorIdentity.plistLimit, within: layout.flavor(template))
            // Checked by the package's own reader first (bounded depth, no cycles), which
            // Foundation's binary reader is not; Foundation's then keeps dates and types as
            // they are for the copy.
            _ = try PropertyListValues.value(of: data, path: url.path)
            guard let read = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
            else {
                throw Diagnostic("cannot read the flavor's Info.plist to copy it", path: url.path)
            }
            dictionary = read
            let lower = template.lowercased()
            if let identifier = read["CFBundleIdentifier"] as? String {
                dictionary["CFBundleIdentifier"] =
                    identifier.hasSuffix("." + lower)
                    ? identifier.dropLast(lower.count) + name.lowercased() : identifier + "." + name.lowercased()
            }
            let display = read["CFBundleDisplayName"] as? String ?? name
            dictionary["CFBundleDisplayName"] =
                display.contains(template) ? display.replacingOccurrences(of: template, with: name) : name
        }
        var enabled = dictionary["FlavorFeatures"] as? [String] ?? []
        for feature in features where !enabled.contains(feature) { enabled.append(feature) }
        dictionary["FlavorFeatures"] = enabled
        var limited = dictionary["FlavorLimits"] as? [String: Any] ?? [:]
        for (limit, value) in limits { limited[limit] = value }
        dictionary["FlavorLimits"] = limited
        do {
            let data = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0)
            return (data, dictionary["CFBundleDisplayName"] as? String ?? name)
        } catch {
            throw Diagnostic("cannot write the new Info.plist (\(error))")
        }
    }

    /// `Sources/<name>/`: links to the shared entry file, which gets a branch for `name`
    /// (its template's copied, else a new one) or, in a package without one, is started.
    static func addEntry(
        _ name: String, from template: String?, features: [String], in layout: PackageLayout, sources: URL,
        result: inout Result
    ) throws(Diagnostic) {
        let fileManager = FileManager.default
        let templateSources = template.map { layout.sources.appendingPathComponent($0) }
        var links = (templateSources.flatMap { try? fileManager.contentsOfDirectory(atPath: $0.path) } ?? []).sorted()
            .compactMap { file in
                templateSources.flatMap { folder in
                    (try? fileManager.destinationOfSymbolicLink(atPath: folder.appendingPathComponent(file).path))
                        .map { (file, $0) }
                }
            }
        let copying = links.isEmpty ? nil : template
        if links.isEmpty {
            links = [(FlavorEntryFile.name, "../\(FlavorEntryFile.folder)/\(FlavorEntryFile.name)")]
        }
        for (_, destination) in links {
            let entry = sources.appendingPathComponent(destination).standardizedFileURL
            guard entry.path.hasPrefix(layout.sources.standardizedFileURL.path + "/") else { continue }
            let relative = layout.relativePath(entry)
            if let text = try InputFile.readIfPresent(entry, limit: InputFile.textLimit, within: layout.sources)
                .flatMap({ String(data: $0, encoding: .utf8) })
            {
                guard let edited = FlavorEntryFile.adding(name, copying: copying, features: features, to: text) else {
                    result.nextSteps.append(
                        "in \(relative), add an `#elseif \(name.uppercased())` branch for \(name)"
                            + (copying.map { " beside \($0)'s `\($0.uppercased())` branch" } ?? "")
                            + (features.isEmpty ? "" : " registering \(features.joined(separator: ", "))"))
                    continue
                }
                try AtomicFile.write(Data(edited.utf8), to: entry)
            } else {
                try AtomicFile.write(
                    Data(FlavorEntryFile.new(flavor: name, features: features).utf8), to: entry, creatingFolder: true)
            }
            result.written.append(entry)
        }
        do {
            try fileManager.createDirectory(at: sources, withIntermediateDirectories: true)
            for (file, destination) in links {
                let link = sources.appendingPathComponent(file)
                try fileManager.createSymbolicLink(atPath: link.path, withDestinationPath: destination)
                result.written.append(link)
            }
        } catch {
            throw Diagnostic("cannot link the entry file (\(error.localizedDescription))", path: sources.path)
        }
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
    /// themselves for `name`; nil unless each is found exactly once.
    static func copiedLines(in manifest: String, from template: String, to name: String)
        -> (updated: String, added: [String])?
    {
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
                .replacingOccurrences(
                    of: ".define(\"\(template.uppercased())\")", with: ".define(\"\(name.uppercased())\")")
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
