import Commands
import Diagnostics
import FileFormats
import Flavors
import Foundation
import Localization

/// `flavorkit flavors [--format text|json] [--root DIR]`: the variant matrix, each variant's
/// flavor per dimension, compile conditions, bundle identifier, features, limits and the
/// folders it reads in priority order. `flavorkit flavors --explain VARIANT KEY [--lang L]
/// [--table T]`: which file and line gave the variant's value of an `Info.plist` key
/// (`CFBundleIdentifier`, `FlavorLimits.lists`) or a catalog key, and every value it shadowed.
enum FlavorsCommand: ToolCommand {
    enum ReportFormat: String, CaseIterable {
        case text, json
    }

    static let format = Option.value(
        "format", placeholder: "FORMAT", allowed: ReportFormat.allCases.map(\.rawValue),
        summary: "text (default) or json")
    static let explain = Option.value(
        "explain", placeholder: "VARIANT",
        summary: "say which file gave VARIANT's value of KEY, and every value it shadowed")
    static let language = Option.value(
        "lang", placeholder: "LANG", summary: "with --explain, a catalog key in this language (default: development)")
    static let table = Option.value(
        "table", placeholder: "TABLE", summary: "with --explain, the catalog table (default: Localizable)")
    static let key = Argument(
        "KEY", .optional, summary: "with --explain: an Info.plist key (FlavorLimits.lists) or a catalog key")

    static let command = Command(
        "flavors", summary: "the variant matrix, or which file gave a variant's value (--explain)",
        arguments: [key], options: [FlavorKitTool.root, format, explain, language, table])

    static func run(_ parsed: ParsedCommandLine) throws -> Int32 {
        let layout = try FlavorKitTool.layout(parsed)
        let format = try parsed.value(format, as: ReportFormat.self) ?? .text
        guard let name = parsed.value(explain) else {
            if let word = parsed.argument(key) {
                throw parsed.error(
                    .invalidValue, word: word, subject: key.name, reason: "KEY goes with \(explain.spelling) VARIANT")
            }
            let variants = layout.variants
            guard !variants.isEmpty else {
                // Most likely run outside a package: saying nothing would look like success.
                throw Diagnostic(
                    "no flavor here: a flavor is a folder \(PackageLayout.Name.flavors)/<Name>/ with an "
                        + "\(PackageLayout.Name.infoPlist) (flavorkit add-flavor Name makes one; --root names the package)",
                    path: layout.flavors.path)
            }
            let identities = try variants.map { variant throws(Diagnostic) in try layout.identity(of: variant) }
            ToolContext.print(
                format == .json
                    ? JSONOutput.text(json(variants, identities, layout)) : text(variants, identities, layout),
                terminator: format == .json ? "\n" : "")
            return 0
        }
        guard let key = parsed.argument(key) else {
            throw parsed.error(
                .invalidValue, word: name, subject: explain.spelling,
                reason: "\(explain.spelling) VARIANT needs a KEY: flavors --explain ProStaging FlavorLimits.lists")
        }
        guard let found = layout.variant(named: name) else {
            let names = layout.variants.map(\.name)
            throw parsed.error(
                .invalidValue, word: name, subject: explain.spelling,
                reason:
                    "'\(Diagnostic.quote(name))' is not a variant (variants: \(Diagnostic.visible(names.joined(separator: ", "))))"
            )
        }
        let explanation: VariantExplanation
        if FlavorIdentity.plistKeys.contains(String(key.prefix { $0 != "." })) {
            explanation = try VariantExplanation.infoPlist(key, variant: found, layout: layout)
        } else {
            let development = try layout.identity(of: found).developmentLanguage
            let tag: LanguageTag
            if let text = parsed.value(language) {
                do {
                    tag = try LanguageTag(parsing: text)
                } catch {
                    throw parsed.error(
                        .invalidValue, word: text, subject: language.spelling,
                        reason: "'\(Diagnostic.quote(text))' is not a language tag: \(error.reason)")
                }
            } else {
                tag = development
            }
            explanation = try VariantExplanation.catalog(
                key, table: parsed.value(table) ?? Catalog.defaultTable, language: tag, development: development,
                variant: found, layout: layout)
        }
        ToolContext.print(
            format == .json ? JSONOutput.text(json(explanation, found, layout)) : text(explanation, found, layout),
            terminator: format == .json ? "\n" : "")
        return explanation.sources.isEmpty ? 1 : 0
    }

    /// The folders `variant` reads, highest priority first, relative to the package, each
    /// marked when it does not exist.
    static func folders(_ variant: Variant, _ layout: PackageLayout) -> [(path: String, exists: Bool)] {
        (variant.folders.map(layout.flavor) + [layout.localizations]).map { url in
            (layout.relativePath(url), FileManager.default.fileExists(atPath: url.path))
        }
    }

    static func text(_ variants: [Variant], _ identities: [FlavorIdentity], _ layout: PackageLayout) -> String {
        var lines: [String] = []
        if !layout.dimensions.isEmpty {
            lines.append(
                "dimensions: "
                    + layout.dimensions.map { "\($0.name) (\($0.flavors.joined(separator: ", ")))" }
                    .joined(separator: " × ") + ", \(variants.count) variants")
            for filter in layout.exclusions { lines.append("excluded: " + filter.joined(separator: " + ")) }
        }
        for (variant, identity) in zip(variants, identities) {
            let flavors = zip(variant.dimensions, variant.flavors).map { "\($0): \($1)" }.joined(separator: ", ")
            let limits = identity.limits.keys.sorted().map { "\($0) \(identity.limits[$0]!)" }
            // Every part made visible: without dimensions, a variant is any folder's name.
            lines += [
                "\(Diagnostic.visible(variant.name))  \(Diagnostic.visible(flavors))",
                "  conditions  "
                    + Diagnostic.visible(variant.compileConditions.map { "-D\($0)" }.joined(separator: " ")),
                "  identifier  \(Diagnostic.visible(identity.bundleIdentifier))",
                "  features    "
                    + (identity.features.isEmpty
                        ? "none" : Diagnostic.visible(identity.features.sorted().joined(separator: ", "))),
                "  limits      " + (limits.isEmpty ? "none" : Diagnostic.visible(limits.joined(separator: ", "))),
                "  folders     "
                    + Diagnostic.visible(
                        folders(variant, layout).map { $0.path + ($0.exists ? "" : " (none)") }.joined(separator: " > ")
                    ),
            ]
        }
        return lines.map { $0 + "\n" }.joined()
    }

    static func json(_ variants: [Variant], _ identities: [FlavorIdentity], _ layout: PackageLayout) -> JSONTree {
        .object([
            (
                "dimensions",
                .array(
                    layout.dimensions.map {
                        .object([("name", .string($0.name)), ("flavors", .array($0.flavors.map(JSONTree.string)))])
                    })
            ),
            ("exclude", .array(layout.exclusions.map { .array($0.map(JSONTree.string)) })),
            (
                "variants",
                .array(
                    zip(variants, identities).map { variant, identity in
                        .object([
                            ("name", .string(variant.name)),
                            (
                                "flavors",
                                .object(zip(variant.dimensions, variant.flavors).map { ($0, .string($1)) })
                            ),
                            ("compileConditions", .array(variant.compileConditions.map(JSONTree.string))),
                            ("bundleIdentifier", .string(identity.bundleIdentifier)),
                            ("features", .array(identity.features.sorted().map(JSONTree.string))),
                            ("limits", .object(identity.limits.keys.sorted().map { ($0, .int(identity.limits[$0]!)) })),
                            (
                                "folders",
                                .array(
                                    folders(variant, layout).map {
                                        .object([("path", .string($0.path)), ("exists", .bool($0.exists))])
                                    })
                            ),
                        ])
                    })
            ),
        ])
    }

    /// Where a source is, relative to the package: `path:line` (the path alone when the line
    /// is not known).
    static func place(_ source: VariantExplanation.Source, _ layout: PackageLayout) -> String {
        let path = layout.relativePath(URL(fileURLWithPath: source.location.path))
        return source.location.line > 0 ? "\(path):\(source.location.line)" : path
    }

    static func text(_ explanation: VariantExplanation, _ variant: Variant, _ layout: PackageLayout) -> String {
        guard !explanation.sources.isEmpty else {
            return "\(Diagnostic.visible(explanation.subject)) in \(Diagnostic.visible(variant.name)): no file of "
                + folders(variant, layout).map { Diagnostic.visible($0.path) }.joined(separator: ", ") + " sets it\n"
        }
        var lines = ["\(Diagnostic.visible(explanation.subject)) in \(Diagnostic.visible(variant.name)):"]
        for (index, source) in explanation.sources.enumerated() {
            let role = explanation.combines ? "adds" : index == 0 ? "in effect" : "shadowed"
            let language = source.language.map { " [\($0)]" } ?? ""
            lines.append(
                "  \(role.padding(toLength: 9, withPad: " ", startingAt: 0))  \(Diagnostic.visible(place(source, layout)))\(language)  \(Diagnostic.visible(source.value))"
            )
        }
        if let effective = explanation.effective {
            let suffixes =
                explanation.subject == FlavorIdentity.PlistKey.bundleIdentifier.name
                ? ", with each \(FlavorIdentity.bundleIdentifierSuffixKey)" : ""
            lines.append("  which makes \(Diagnostic.visible(effective))\(suffixes)")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    static func json(_ explanation: VariantExplanation, _ variant: Variant, _ layout: PackageLayout) -> JSONTree {
        .object([
            ("variant", .string(variant.name)), ("key", .string(explanation.subject)),
            ("combines", .bool(explanation.combines)),
            ("effective", explanation.effective.map(JSONTree.string) ?? .null),
            (
                "sources",
                .array(
                    explanation.sources.map { source in
                        .object(
                            [
                                ("path", .string(layout.relativePath(URL(fileURLWithPath: source.location.path)))),
                                ("line", source.location.line > 0 ? .int(source.location.line) : .null),
                                ("value", .string(source.value)),
                            ] + (source.language.map { [("language", .string($0.description))] } ?? []))
                    })
            ),
        ])
    }
}
