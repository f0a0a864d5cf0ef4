import CatalogLint
import Testing

@testable import Localization

/// Every reader of format specifiers goes through `FormatScanner`; on tricky texts they must
/// all see the same specifiers.
@Suite("Format specifiers: every caller agrees")
struct FormatAgreementTests {
    /// A text, every token in it other than literal text (as written), and whether
    /// `FormatString` can use it (no variable, no `%` that starts nothing, no mixed positions).
    static let tricky: [(text: String, specifiers: [String], usable: Bool)] = [
        ("100%% sure", ["%%"], true),
        ("%1$@ wrote", ["%1$@"], true),
        ("[%-5.2f]", ["%-5.2f"], true),
        ("%lld files", ["%lld"], true),
        ("%#@n@", ["%#@n@"], false),
        ("%1$@: %2$#@n@", ["%1$@", "%2$#@n@"], false),
        ("at %p", ["%p"], true),
        ("done 100%", ["%"], false),
        ("%@ and %5$@", ["%@", "%5$@"], false),
        ("é%@ü — %d日", ["%@", "%d"], true),
        ("%1$@ %% %2$.1f%%", ["%1$@", "%%", "%2$.1f", "%%"], true),
    ]

    @Test(
        "the scanner, FormatString, pseudo-locales, plural rewriting and lint see the same specifiers",
        arguments: tricky)
    func agree(text: String, specifiers: [String], usable: Bool) throws {
        // The scanner.
        let tokens = FormatScanner.tokens(in: text).filter { if case .literal = $0.token.kind { false } else { true } }
        #expect(tokens.map { String($0.text) } == specifiers)

        // FormatString: the same conversions, in order, or an error when it cannot be used.
        let conversions = specifiers.filter { $0 != "%%" }.map { Character(String($0.last!)) }
        if usable {
            let format = try FormatString(text)
            let found = format.segments.compactMap { segment -> Character? in
                if case .specifier(let specifier) = segment { specifier.conversion } else { nil }
            }
            #expect(found == conversions)
        } else {
            #expect(throws: FormatError.self) { try FormatString(text) }
        }

        // Pseudo-locales leave every one of them as written, in order.
        for locale in PseudoLocale.allCases {
            var rest = Substring(locale.transform(text))
            for specifier in specifiers {
                let found = try #require(rest.range(of: specifier), "\(locale) changed \(specifier) in \(text)")
                rest = rest[found.upperBound...]
            }
        }

        // Plural rewriting hands over the specifiers and variables (not `%%`, not a lone `%`)
        // and copies the rest as written.
        var seen: [String] = []
        let copy = try PluralEntry.rewrite(text) { placeholder in
            seen.append(String(placeholder.text))
            return String(placeholder.text)
        }
        #expect(seen == specifiers.filter { $0 != "%%" && $0 != "%" })
        #expect(copy == text)

        // Lint: the same specifiers with other words around them agree; one fewer does not.
        let reworded = specifiers.map { "·" + $0 }.joined() + "·"
        #expect(FormatScanner.sameSpecifiers(text, reworded))
        #expect(!FormatScanner.sameSpecifiers(text, specifiers.dropLast().map { "·" + $0 }.joined() + "·"))
        #expect(!LintContext.hasWords(specifiers.joined(separator: " ")))
    }

    @Test("texts without a % agree unscanned; a % on one side only does not")
    func withoutPercent() {
        #expect(FormatScanner.sameSpecifiers("Plain text", "Einfacher Text"))
        #expect(FormatScanner.sameSpecifiers("", ""))
        #expect(!FormatScanner.sameSpecifiers("%d files", "Dateien"))
        #expect(!FormatScanner.sameSpecifiers("files", "%@ Dateien"))
        #expect(FormatScanner.sameSpecifiers("100%% sure", "100%% sicher"))
    }
}
