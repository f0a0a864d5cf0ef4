import Diagnostics
import Foundation
import Localization

/// `suspicious-text`: text the program will not show as written: a width or precision past
/// `FormatScanner.limit` (clamped to it), what the readers accept but change (an unpaired
/// surrogate escape read as U+FFFD, a NUL character that C APIs and terminals cut text at), a
/// control character (shown written out, `\u{1B}`), and a translation's control or direction
/// character its development-language text does not have (`ControlCharacters`).
struct SuspiciousTextRule: LintRule {
    let name = "suspicious-text"
    let severity = Diagnostic.Severity.warning
    let summary =
        "text not shown as written: a width or precision past 1,000, an unpaired surrogate, a NUL, a control or direction character"
    let help =
        "Text the program does not show as written: a width or precision past 1,000 (clamped), an unpaired surrogate escape (read as U+FFFD), a NUL character, or a control character (escape sequences, BEL: shown written out, never sent to the terminal); and a translation holding a control or direction override (U+202A–U+202E, U+2066–U+2069) that the development language's text does not, which reorders or hides what the user reads. flavorkit import refuses such translations."

    func check(_ context: LintContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for catalog in context.layers.flatMap(\.catalogs.values) {
            found += catalog.warnings.map(finding)
        }
        // Widths and precisions: every text of the development language; of the others, those
        // whose specifiers are not written exactly as the development language's (the rest
        // share its verdict, reported once, there).
        for layer in context.layers {
            guard let development = layer.catalogs[context.project.developmentLanguage] else { continue }
            for table in development.tables.values {
                table.forEachEntry(pairedWith: nil) { record, value, _ in
                    guard Self.mayPassLimit(value), let problem = Self.pastLimit(value) else { return }
                    found.append(problem: problem, entry: table.entry(atRecord: record), rule: self)
                }
            }
            for plurals in development.plurals.values {
                for (key, entry) in plurals { found += check(key, entry) }
            }
        }
        found += controlCharacters(context)
        for comparison in context.comparisons {
            for entry in comparison.entries {
                var value = entry.value
                guard let problem = value.withUTF8({ Self.mayPassLimit($0) ? Self.pastLimit($0) : nil }) else {
                    continue
                }
                found.append(problem: problem, entry: entry, rule: self)
            }
            for (key, entry) in comparison.plurals { found += check(key, entry) }
        }
        return found
    }

    /// Control characters in the development language's texts, and control or direction
    /// characters a translation has that its development-language text has not. A first pass
    /// on raw bytes sets aside the texts that cannot hold one.
    private func controlCharacters(_ context: LintContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        func check(
            _ text: String, against development: String, key: String, language: LanguageTag, at location: SourceLocation
        ) {
            // A NUL is the readers' own warning.
            let unexpected = ControlCharacters.unexpected(in: text, comparedWith: development).filter { $0.value != 0 }
            guard !unexpected.isEmpty else { return }
            let shown =
                unexpected.contains(where: ControlCharacters.isControl)
                ? " (a control character is shown written out)" : ""
            let source =
                language == context.project.developmentLanguage
                ? "" : ", which \(context.project.developmentLanguage)'s text does not"
            found.append(
                diagnostic(
                    "key \"\(Diagnostic.quote(key))\" in \(language) holds \(ControlCharacters.names(unexpected))\(source)\(shown)",
                    at: location))
        }
        for layer in context.layers {
            let development = layer.catalogs[context.project.developmentLanguage]
            for (language, catalog) in layer.catalogs {
                let isDevelopment = language == context.project.developmentLanguage
                for (table, text) in catalog.tables {
                    text.forEachEntry(pairedWith: nil) { record, value, _ in
                        guard ControlCharacters.mayHold(value) else { return }
                        let entry = text.entry(atRecord: record)
                        let reference =
                            isDevelopment
                            ? ""
                            : context.development[entry.key, table: table]?.value ?? development?[
                                entry.key, table: table]?.value ?? ""
                        check(entry.value, against: reference, key: entry.key, language: language, at: entry.location)
                    }
                }
                for (table, plurals) in catalog.plurals {
                    for (key, entry) in plurals {
                        let parts = [entry.format] + entry.variables.values.flatMap(\.variants.values)
                        guard parts.contains(where: ControlCharacters.mayHold) else { continue }
                        let texts = parts.joined(separator: "\n")
                        let reference =
                            isDevelopment
                            ? nil
                            : context.development.plural(key, table: table) ?? development?.plural(key, table: table)
                        let referenceText =
                            reference.map {
                                ([$0.format] + $0.variables.values.flatMap(\.variants.values)).joined(separator: "\n")
                            } ?? ""
                        check(texts, against: referenceText, key: key, language: language, at: entry.location)
                    }
                }
            }
        }
        return found
    }

    /// A plural entry's format and variants.
    private func check(_ key: String, _ entry: PluralEntry) -> [Diagnostic] {
        let texts = [entry.format] + entry.variables.values.flatMap(\.variants.values)
        return texts.compactMap { text in
            var text = text
            guard let problem = text.withUTF8({ Self.mayPassLimit($0) ? Self.pastLimit($0) : nil }) else { return nil }
            return diagnostic("key \"\(Diagnostic.quote(key))\": \(problem)", at: entry.location)
        }
    }

    /// How many digits in a row a number past `FormatScanner.limit` takes.
    static let digitsPastLimit = String(FormatScanner.limit + 1).utf8.count

    /// Whether a text has a `%` and a run of `digitsPastLimit` digits: without both, no width
    /// or precision can pass the limit, and most texts skip the scanner.
    static func mayPassLimit(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count > 0, memchr(bytes.baseAddress!, Int32(UInt8(ascii: "%")), bytes.count) != nil else {
            return false
        }
        var run = 0
        for byte in bytes {
            run = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? run + 1 : 0
            if run == digitsPastLimit { return true }
        }
        return false
    }

    /// What is past the limit in a text's first specifier that has a width or precision past it.
    static func pastLimit(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var scanner = FormatScanner(bytes)
        while let token = scanner.next() {
            guard case .specifier(let specifier) = token.kind else { continue }
            let written = String(decoding: UnsafeBufferPointer(rebasing: bytes[token.range]), as: UTF8.self)
            if let width = specifier.width, width > FormatScanner.limit {
                return "the width of \(Diagnostic.quote(written)) is past \(FormatScanner.limit); it is shown as "
                    + "\(FormatScanner.limit)"
            }
            if let precision = specifier.precision, precision > FormatScanner.limit {
                return "the precision of \(Diagnostic.quote(written)) is past \(FormatScanner.limit); it is shown as "
                    + "\(FormatScanner.limit)"
            }
        }
        return nil
    }
}

extension [Diagnostic] {
    fileprivate mutating func append(problem: String, entry: StringsEntry, rule: SuspiciousTextRule) {
        append(rule.diagnostic("key \"\(Diagnostic.quote(entry.key))\": \(problem)", at: entry.location))
    }
}
