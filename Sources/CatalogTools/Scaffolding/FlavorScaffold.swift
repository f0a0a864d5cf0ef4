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
    /// `Flavors/`; nil: the first one, or none in a package without flavors). Checks
    /// everything before writing anything; each file is written whole.
    public static func add(_ name: String, from template: String?, in layout: PackageLayout) throws(Diagnostic)
        -> Result
    {
        guard let first = name.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first),
            name.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) && $0.isASCII })
        else {
            throw Diagnostic(
                "'\(Diagnostic.quote(name))' is not a flavor name: use letters and digits, starting with a capital "
                    + "(it names a folder, an executable target and its -D flag), e.g. Team")
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
        let plist = try infoPlist(for: name, from: source, in: layout)
        let manifestURL = layout.root.appendingPathComponent("Package.swift")
        let manifest = try InputFile.readIfPresent(manifestURL, limit: InputFile.textLimit, within: layout.root)
            .flatMap { String(data: $0, encoding: .utf8) }

        var result = Result()
        func write(_ data: Data, to url: URL) throws(Diagnostic) {
            do {
                try fileManager.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw Diagnostic("cannot create the folder", path: url.deletingLastPathComponent().path)
            }
            try AtomicFile.write(data, to: url)
            result.written.append(url)
        }
        try write(plist.data, to: layout.infoPlist(flavor: name))
        let names = translatedNames(of: name, displayName: plist.displayName, from: source, in: layout)
        for (url, data) in names.files { try write(data, to: url) }
        try addEntry(name, from: source, in: layout, sources: sources, result: &result)

        let lines = manifest.flatMap { text in source.flatMap { copiedLines(in: text, from: $0, to: name) } }
        if let lines {
            try write(Data(lines.updated.utf8), to: manifestURL)
            result.manifestLines = lines.added
            result.manifestUpdated = true
        } else {
            result.manifestLines = [
                ".executable(name: \"\(name)\", targets: [\"\(name)\"]),",
                ".executableTarget(name: \"\(name)\", dependencies: [.product(name: \"Flavors\", package: \"FlavorKit\")], "
                    + "swiftSettings: [.define(\"\(name.uppercased())\")]),",
            ]
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
    /// changed, or a minimal one.
    static func infoPlist(for name: String, from template: String?, in layout: PackageLayout) throws(Diagnostic)
        -> (data: Data, displayName: String)
    {
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
        do {
            let data = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0)
            return (data, dictionary["CFBundleDisplayName"] as? String ?? name)
        } catch {
            throw Diagnostic("cannot write the new Info.plist (\(error))")
        }
    }

    /// `Sources/<name>/`: the template's links to the shared entry file, or a small `main.swift`.
    static func addEntry(
        _ name: String, from template: String?, in layout: PackageLayout, sources: URL, result: inout Result
    ) throws(Diagnostic) {
        let fileManager = FileManager.default
        let templateSources = template.map { layout.sources.appendingPathComponent($0) }
        let links = (templateSources.flatMap { try? fileManager.contentsOfDirectory(atPath: $0.path) } ?? []).sorted()
            .compactMap { file in
                templateSources.flatMap { folder in
                    (try? fileManager.destinationOfSymbolicLink(atPath: folder.appendingPathComponent(file).path))
                        .map { (file, $0) }
                }
            }
        do {
            try fileManager.createDirectory(at: sources, withIntermediateDirectories: true)
            if let template, !links.isEmpty {
                for (file, destination) in links {
                    let link = sources.appendingPathComponent(file)
                    try fileManager.createSymbolicLink(atPath: link.path, withDestinationPath: destination)
                    result.written.append(link)
                    result.nextSteps.append(
                        "in \(destination.replacingOccurrences(of: "../", with: "Sources/")), add an "
                            + "`#elseif \(name.uppercased())` branch for \(name) beside \(template)'s "
                            + "`\(template.uppercased())` branch")
                }
                return
            }
        } catch {
            throw Diagnostic("cannot create the entry file (\(error.localizedDescription))", path: sources.path)
        }
        let main = """
            import Flavors

            // nil: the user's environment picks the language (pass your --lang option's value).
            let flavor: Flavor
            do { flavor = try Flavor.load("\(name)", language: nil) } catch { error.exit() }
            print(flavor.displayName)

            """
        let url = sources.appendingPathComponent("main.swift")
        try AtomicFile.write(Data(main.utf8), to: url)
        result.written.append(url)
        if let templateSources {
            result.nextSteps.append(
                "copy what \(templateSources.path) holds that \(name) needs into \(sources.path)")
        }
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
