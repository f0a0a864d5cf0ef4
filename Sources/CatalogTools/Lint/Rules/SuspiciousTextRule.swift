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

    func check(_ context: LintContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for catalog in context.layers.flatMap(\.catalogs.values) {
            found += catalog.warnings.map { diagnostic($0.message, at: $0.location ?? Self.start(of: $0)) }
            for table in catalog.tables.values {
                table.forEachEntry(pairedWith: nil) { record, value, _ in
                    guard memchr(value.baseAddress!, Int32(UInt8(ascii: "%")), value.count) != nil,
                        let problem = Self.pastLimit(value)
                    else { return }
                    let entry = table.entry(atRecord: record)
                    found.append(diagnostic("key \"\(Diagnostic.quote(entry.key))\": \(problem)", at: entry.location))
                }
            }
            for plurals in catalog.plurals.values {
                for (key, entry) in plurals {
                    let texts = [entry.format] + entry.variables.values.flatMap(\.variants.values)
                    for text in texts {
                        var text = text
                        guard let problem = text.withUTF8({ Self.pastLimit($0) }) else { continue }
                        found.append(diagnostic("key \"\(Diagnostic.quote(key))\": \(problem)", at: entry.location))
                    }
                }
            }
        }
        return found
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

    private static func start(of diagnostic: Diagnostic) -> SourceLocation {
        SourceLocation(path: diagnostic.path ?? "", line: diagnostic.line ?? 1, column: diagnostic.column ?? 1)
    }
}
