import CatalogFiles
import Diagnostics
import Foundation
import Localization

/// The checks a translation passes before it is taken: its format specifiers, its plural
/// forms and App Shortcuts phrases against the development language's.
extension TranslationImporter {
    /// Whether a translation is to be taken; reports why not otherwise.
    mutating func check(_ item: Imported, in catalog: TranslationCatalog) -> Bool {
        let unit = item.unit
        if let source = item.source, source != unit.source {
            diagnostics.append(
                item.diagnostic(
                    "\(unit.described) is stale: \(project.developmentLanguage) now reads \"\(Diagnostic.quote(unit.source))\", "
                        + "not \"\(Diagnostic.quote(source))\"; not taken", severity: .warning))
            return false
        }
        // A translation to review (a suggestion too) left as it was and marked reviewed (the
        // fuzzy flag removed, the XLIFF state set to translated) is confirmed: written `translated`.
        let confirms = item.reviewed && unit.needsReview && item.text == unit.target
        guard item.text != unit.target || confirms else { return false }
        if let mark = item.exportMark, !confirms {
            // Left as exported: the catalog's text, changed since or not, stands.
            if TranslationRecord.fingerprint(item.text) == mark { return false }
            if unit.exportMark != mark {
                let now = unit.target.map { "\"\(Diagnostic.quote($0))\"" } ?? "no text"
                diagnostics.append(
                    item.diagnostic(
                        "\(unit.described) changed in the catalog since the export (it has \(now) now); "
                            + "\"\(Diagnostic.quote(item.text))\" not taken: export again and redo it there"))
                return false
            }
        }
        let unexpected = ControlCharacters.unexpected(in: item.text, comparedWith: unit.source)
        if !unexpected.isEmpty {
            diagnostics.append(
                item.diagnostic(
                    "\(unit.described) holds \(ControlCharacters.names(unexpected)), which "
                        + "\(project.developmentLanguage)'s text does not: control characters and direction "
                        + "overrides are not taken (a terminal would act on them)"))
            return false
        }
        if let problem = Self.formatProblem(item, catalog) {
            diagnostics.append(item.diagnostic("\(unit.described): \(problem)"))
            return false
        }
        return true
    }

    /// What is wrong with the translation's format specifiers, or nil: a text must ask for
    /// the development language's arguments; a plural format or variant, put in place with
    /// the other variables at `other`, for nothing the development language does not give.
    static func formatProblem(_ item: Imported, _ catalog: TranslationCatalog) -> String? {
        let unit = item.unit
        if case .phrases = unit.part { return phraseProblem(item.text, source: unit.source) }
        guard case .text = unit.part else {
            let plurals = catalog.pluralEntries(of: unit)
            guard let development = plurals.development,
                let expected = try? FormatString(development.format { _, _ in .other })
            else { return nil }
            var entry = plurals.translated ?? development
            switch unit.part {
            case .variant(let variable, let category):
                entry.variables[variable, default: development.variables[variable]!].variants[category] = item.text
            default:
                entry.format = item.text
            }
            do {
                let format = try FormatString(
                    entry.format { name, _ in unit.variable == name ? unit.category ?? .other : .other })
                return expected.accepts(format)
                    ? nil
                    : "format specifiers \(FormatString.described(format.signature)) disagree with \(catalog.source.project.developmentLanguage)'s \(FormatString.described(expected.signature))"
            } catch {
                return "not a valid format (\(error.message))"
            }
        }
        guard item.text.contains("%") || unit.source.contains("%") else { return nil }
        let expected = (try? FormatString(unit.source))?.signature ?? []
        do {
            let found = try FormatString(item.text).signature
            return found == expected
                ? nil
                : "format specifiers \(FormatString.writtenSpecifiers(in: item.text)) ask for other arguments than "
                    + "\(catalog.source.project.developmentLanguage)'s \(FormatString.writtenSpecifiers(in: unit.source))"
        } catch {
            return expected.isEmpty && !item.text.contains("%#@") ? nil : "not a valid format (\(error.message))"
        }
    }

    /// What is wrong with App Shortcuts phrases (one a line), or nil: none at all, a
    /// placeholder (`${name}`) the development language's phrases do not have, or a phrase
    /// without the app's name where every development-language phrase has it (Siri needs it).
    static func phraseProblem(_ text: String, source: String) -> String? {
        func placeholders(_ phrase: Substring) -> Set<Substring> {
            var found = Set<Substring>()
            var rest = phrase[...]
            while let open = rest.range(of: "${"), let close = rest[open.upperBound...].firstIndex(of: "}") {
                found.insert(rest[open.lowerBound...close])
                rest = rest[rest.index(after: close)...]
            }
            return found
        }
        let phrases = text.split(separator: "\n")
        guard !phrases.isEmpty else { return "no phrase (one a line)" }
        let sources = source.split(separator: "\n")
        let known = sources.reduce(into: Set<Substring>()) { $0.formUnion(placeholders($1)) }
        let name: Substring = "${applicationName}"
        let needsName = !sources.isEmpty && sources.allSatisfy { placeholders($0).contains(name) }
        for phrase in phrases {
            let own = placeholders(phrase)
            if let unknown = own.subtracting(known).sorted().first {
                return "phrase \"\(Diagnostic.quote(phrase))\" has \(unknown), which no development-language phrase has"
            }
            if needsName && !own.contains(name) {
                return "phrase \"\(Diagnostic.quote(phrase))\" lacks ${applicationName}, which every phrase needs"
            }
        }
        return nil
    }
}
