import Diagnostics
import Localization

/// `format-mismatch`: format specifiers that disagree with the development language's (in
/// count, type or position), a text that is no valid format, a plural variant that asks for
/// what the development language does not give, or a plain translation of a plural entry
/// that asks for more than the entry gives.
struct FormatMismatchRule: LintRule {
    let name = "format-mismatch"
    let severity = Diagnostic.Severity.error
    let summary = "format specifiers that disagree with the development language's, or are not valid"

    func check(_ context: LintContext) -> [Diagnostic] {
        var check = Check(rule: self)
        let development = context.development
        for table in development.tableNames {
            for (key, plural) in development.plurals[table] ?? [:] {
                check.plural(plural, key: key, against: nil)
            }
        }
        for comparison in context.comparisons {
            for entry in comparison.entries { check.text(entry, comparison) }
            for (key, plural) in comparison.plurals where comparison.development.has(key, in: comparison.table) {
                check.plural(plural, key: key, against: check.developmentFormat(key, comparison))
            }
        }
        for layer in context.layers {
            for catalog in layer.stringCatalogs.values { check.deviceVariants(catalog) }
        }
        return check.found
    }

    /// One run of the rule: what it found, and what it read once.
    private struct Check {
        let rule: FormatMismatchRule
        var found: [Diagnostic] = []
        var variants = VariantLocator()
        /// Development catalog → table → key → its format (nil when the text is no format).
        var developmentFormats: [Int: [String: [String: FormatString?]]] = [:]

        init(rule: FormatMismatchRule) {
            self.rule = rule
        }

        /// A text entry against the development language's.
        mutating func text(_ entry: StringsEntry, _ comparison: LintContext.Comparison) {
            let (key, development) = (entry.key, comparison.development)
            guard let developmentValue = development.tables[comparison.table]?[key] else {
                // A plain translation of a plural entry is shown as it is (a language whose
                // text needs no forms): it may ask for no argument the entry does not give.
                guard development.plural(key, table: comparison.table) != nil else { return }
                let expected = developmentFormat(key, comparison)
                do {
                    let format = try FormatString(entry.value)
                    if expected.map({ !$0.accepts(format) }) ?? !format.signature.isEmpty {
                        found.append(
                            rule.diagnostic(
                                "key \"\(Diagnostic.quote(key))\": format specifiers \(FormatString.described(format.signature)) "
                                    + "ask for more than \(development.language)'s plural entry gives, "
                                    + FormatString.described(expected?.signature ?? []), at: entry.location))
                    }
                } catch {
                    found.append(
                        rule.diagnostic(
                            "key \"\(Diagnostic.quote(key))\": not a valid format (\(error.message))",
                            at: entry.location))
                }
                return
            }
            // Most translations keep the specifiers as written, in the same order: then they agree.
            guard entry.value != developmentValue, !FormatScanner.sameSpecifiers(entry.value, developmentValue) else {
                return
            }
            let expected = developmentFormat(key, comparison)
            guard expected != nil || entry.value.utf8.contains(UInt8(ascii: "%")) else { return }
            do {
                let format = try FormatString(entry.value)
                let wanted = expected?.signature ?? []
                if format.signature != wanted {
                    found.append(
                        rule.diagnostic(
                            "key \"\(Diagnostic.quote(key))\": format specifiers \(FormatString.described(format.signature)) disagree with "
                                + "\(development.language)'s \(FormatString.described(wanted))", at: entry.location))
                }
            } catch {
                // Where the development language's text is no format, a stray `%` is taken as
                // plain text too; a plural variable never is (only a plural entry can fill it).
                if expected != nil || Self.hasVariable(entry.value) {
                    found.append(
                        rule.diagnostic(
                            "key \"\(Diagnostic.quote(key))\": not a valid format (\(error.message)); \(development.language) has "
                                + FormatString.described(expected?.signature ?? []), at: entry.location))
                }
            }
        }

        /// Each variant, put in place with the other variables at `other`, must be a valid
        /// format that asks for nothing the development language's does not give; the first
        /// that fails is reported.
        mutating func plural(_ entry: PluralEntry, key: String, against expected: FormatString?) {
            plural(entry, described: "key \"\(Diagnostic.quote(key))\"", against: expected)
        }

        /// `plural(_:key:against:)`, the entry named by `described` in the finding.
        mutating func plural(_ entry: PluralEntry, described: String, against expected: FormatString?) {
            // References that cannot be resolved are `plural-variables`' findings.
            guard entry.nestingProblems.isEmpty else { return }
            for name in entry.variables.keys.sorted() {
                for category in PluralCategory.allCases where entry.variables[name]!.variants[category] != nil {
                    guard let problem = Self.problem(entry, variable: name, category: category, against: expected)
                    else {
                        continue
                    }
                    found.append(
                        rule.diagnostic(
                            "\(described), variable \"\(Diagnostic.quote(name))\", \(category.rawValue): \(problem)",
                            at: variants.locate(variable: name, category: category, in: entry.location)))
                    return
                }
            }
        }

        /// Every device variant of a String Catalog, in every language, against the
        /// arguments the code passes: those of the source language's `other` variant (or its
        /// only text). The variant the program shows of another language is checked as the
        /// language's text already.
        mutating func deviceVariants(_ catalog: StringCatalog) {
            let source = LanguageTag(catalog.sourceLanguage)
            for entry in catalog.entries {
                let hasDevices = entry.localizations.contains { $0.value.variations?.device != nil }
                guard hasDevices else { continue }
                let location = { (line: Int) in SourceLocation(path: catalog.path, line: line, column: 1) }
                let sourceLocalization = entry.localizations.first { LanguageTag($0.key) == source }?.value
                let reference =
                    sourceLocalization.flatMap { $0.variations?.device.flatMap { $0["other"] ?? $0.first?.value } }
                    ?? sourceLocalization
                var expected: FormatString?
                switch reference.flatMap({ try? XCStringsFile.unit($0, location: location(entry.line), isSource: true) }
                ) {
                case .text(let text): expected = try? FormatString(text)
                case .plural(let plural):
                    expected = (try? plural.format { _, _ in .other }).flatMap { try? FormatString($0) }
                case nil: expected = nil
                }
                if expected?.signature.isEmpty == true { expected = nil }
                for (code, localization) in entry.localizations {
                    guard let devices = localization.variations?.device else { continue }
                    let isSource = LanguageTag(code) == source
                    let shown = isSource ? nil : XCStringsFile.deviceCase(of: devices)?.line
                    for (device, variant) in devices where variant.line != shown {
                        if isSource, let reference, variant.line == reference.line { continue }
                        let at = location(variant.line)
                        let described =
                            "key \"\(Diagnostic.quote(entry.key))\" in \(Diagnostic.quote(code)), device \(Diagnostic.quote(device))"
                        switch try? XCStringsFile.unit(variant, location: at, isSource: isSource) {
                        case .text(let text):
                            guard expected != nil || text.utf8.contains(UInt8(ascii: "%")) else { continue }
                            let wanted = expected?.signature ?? []
                            do {
                                let format = try FormatString(text)
                                if format.signature != wanted {
                                    found.append(
                                        rule.diagnostic(
                                            "\(described): format specifiers \(FormatString.described(format.signature)) disagree with "
                                                + "\(catalog.sourceLanguage)'s \(FormatString.described(wanted))",
                                            at: at)
                                    )
                                }
                            } catch {
                                if expected != nil || Self.hasVariable(text) {
                                    found.append(
                                        rule.diagnostic(
                                            "\(described): not a valid format (\(error.message)); \(catalog.sourceLanguage) has "
                                                + FormatString.described(wanted), at: at))
                                }
                            }
                        case .plural(let entry):
                            plural(entry, described: described, against: expected)
                        case nil: continue
                        }
                    }
                }
            }
        }

        /// The development language's text for `key` as a format, parsed once per key; nil
        /// when it takes no arguments or is no valid format (then it is shown as it is,
        /// `100%` say).
        mutating func developmentFormat(_ key: String, _ comparison: LintContext.Comparison) -> FormatString? {
            let (table, development) = (comparison.table, comparison.development)
            if let cached = developmentFormats[comparison.developmentIndex]?[table]?[key] { return cached }
            var format: FormatString?
            if let plural = development.plural(key, table: table) {
                format = (try? plural.format { _, _ in .other }).flatMap { try? FormatString($0) }
            } else if let entry = development[key, table: table], entry.value.utf8.contains(UInt8(ascii: "%")) {
                format = try? FormatString(entry.value)
            }
            if format?.signature.isEmpty == true { format = nil }
            developmentFormats[comparison.developmentIndex, default: [:]][table, default: [:]][key] = .some(format)
            return format
        }

        private static func hasVariable(_ text: String) -> Bool {
            FormatScanner.tokens(in: text).contains { if case .variable = $0.token.kind { true } else { false } }
        }

        /// What is wrong with one variant put in place, or nil.
        private static func problem(
            _ entry: PluralEntry, variable name: String, category: PluralCategory,
            against expected: FormatString?
        ) -> String? {
            let text: String
            do {
                text = try entry.format { variable, _ in variable == name ? category : .other }
            } catch {
                return error.message
            }
            let format: FormatString
            do {
                format = try FormatString(text)
            } catch {
                return "not a valid format (\(error.message))"
            }
            if let expected, !expected.accepts(format) {
                return "format specifiers \(FormatString.described(format.signature)) disagree with the development "
                    + "language's \(FormatString.described(expected.signature))"
            }
            return nil
        }
    }
}
