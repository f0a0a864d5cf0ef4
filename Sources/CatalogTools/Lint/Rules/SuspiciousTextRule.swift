import Diagnostics
import Foundation
import Localization

/// `suspicious-text`: text the program will not show as written: a width or precision past
/// `FormatScanner.limit` (clamped to it), and what the readers accept but change (an unpaired
/// surrogate escape read as U+FFFD, a NUL character that C APIs and terminals cut text at).
struct SuspiciousTextRule: LintRule {
    let name = "suspicious-text"
    let severity = Diagnostic.Severity.warning
    let summary = "text not shown as written: a width or precision past 1,000, an unpaired surrogate, a NUL"
    let help =
        "Text the program does not show as written: a width or precision past 1,000 (clamped), an unpaired surrogate escape (read as U+FFFD), or a NUL character."

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
