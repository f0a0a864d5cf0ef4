import Localization
import Testing

@Suite("Format-specifier scanner")
struct FormatScannerTests {
    /// What the first token of a text means, in a few words: its kind, then each part
    /// (position, flags, width, precision, length, conversion, argument) that it has.
    static func meaning(of token: FormatScanner.Token, in text: String) -> String {
        switch token.kind {
        case .literal: return "literal"
        case .percent: return "percent"
        case .invalid(let problem): return "invalid: \(problem.message)"
        case .variable(let variable):
            return (variable.position.map { "position \($0), " } ?? "") + "variable "
                + FormatScanner.substring(variable.name, of: text)
        case .specifier(let specifier):
            var parts: [String] = []
            if let position = specifier.position { parts.append("position \(position)") }
            if !specifier.flags.isEmpty { parts.append("flags \(specifier.flags)") }
            if let width = specifier.width { parts.append("width \(width)") }
            if let precision = specifier.precision { parts.append("precision \(precision)") }
            if let length = specifier.length { parts.append("length \(length)") }
            parts.append("conversion \(specifier.conversion)")
            parts.append("argument \(specifier.argument)")
            return parts.joined(separator: ", ")
        }
    }

    @Test(
        "each form of the grammar: the first token, what it means and where it ends",
        arguments: [
            // Conversions and the argument each takes.
            ("%@", "%@", "conversion @, argument %@"),
            ("%d", "%d", "conversion d, argument %d"),
            ("%i", "%i", "conversion i, argument %d"),
            ("%D", "%D", "conversion D, argument %d"),
            ("%u", "%u", "conversion u, argument %u"),
            ("%U", "%U", "conversion U, argument %u"),
            ("%x", "%x", "conversion x, argument %u"),
            ("%X", "%X", "conversion X, argument %u"),
            ("%o", "%o", "conversion o, argument %u"),
            ("%O", "%O", "conversion O, argument %u"),
            ("%f", "%f", "conversion f, argument %f"),
            ("%F", "%F", "conversion F, argument %f"),
            ("%e", "%e", "conversion e, argument %f"),
            ("%E", "%E", "conversion E, argument %f"),
            ("%g", "%g", "conversion g, argument %f"),
            ("%G", "%G", "conversion G, argument %f"),
            ("%a", "%a", "conversion a, argument %f"),
            ("%A", "%A", "conversion A, argument %f"),
            ("%c", "%c", "conversion c, argument %c"),
            ("%C", "%C", "conversion C, argument %c"),
            ("%s", "%s", "conversion s, argument %s"),
            ("%S", "%S", "conversion S, argument %s"),
            ("%p", "%p", "conversion p, argument %p"),
            // Length modifiers, kept as written.
            ("%ld", "%ld", "length l, conversion d, argument %d"),
            ("%lld files", "%lld", "length ll, conversion d, argument %d"),
            ("%llu", "%llu", "length ll, conversion u, argument %u"),
            ("%hhd", "%hhd", "length hh, conversion d, argument %d"),
            ("%zu", "%zu", "length z, conversion u, argument %u"),
            ("%qd", "%qd", "length q, conversion d, argument %d"),
            ("%jd", "%jd", "length j, conversion d, argument %d"),
            ("%td", "%td", "length t, conversion d, argument %d"),
            ("%Lf", "%Lf", "length L, conversion f, argument %f"),
            // Flags, width and precision.
            ("%-5.2f|", "%-5.2f", "flags -, width 5, precision 2, conversion f, argument %f"),
            ("%+d", "%+d", "flags +, conversion d, argument %d"),
            ("% d", "% d", "flags  , conversion d, argument %d"),
            ("%#x", "%#x", "flags #, conversion x, argument %u"),
            ("%05d", "%05d", "flags 0, width 5, conversion d, argument %d"),
            ("%'d", "%'d", "flags ', conversion d, argument %d"),
            ("%-+ #0'8d", "%-+ #0'8d", "flags -+ #0', width 8, conversion d, argument %d"),
            ("%.f", "%.f", "precision 0, conversion f, argument %f"),
            ("%.3s", "%.3s", "precision 3, conversion s, argument %s"),
            ("%10@", "%10@", "width 10, conversion @, argument %@"),
            // Positions.
            ("%1$@", "%1$@", "position 1, conversion @, argument %@"),
            ("%12$lld", "%12$lld", "position 12, length ll, conversion d, argument %d"),
            ("%2$-5.1f", "%2$-5.1f", "position 2, flags -, width 5, precision 1, conversion f, argument %f"),
            // A percent sign, plural variables, and `%#@` that names no variable.
            ("%%", "%%", "percent"),
            ("%#@files@ left", "%#@files@", "variable files"),
            ("%3$#@files@", "%3$#@files@", "position 3, variable files"),
            ("%#@", "%#@", "flags #, conversion @, argument %@"),
            ("%#@a b@", "%#@", "flags #, conversion @, argument %@"),
            // A `%` that starts no specifier: the character that breaks the grammar stays text.
            ("%", "%", "invalid: a '%' ends the text without a conversion (write %% for a percent sign)"),
            ("%-5", "%-5", "invalid: a '%' ends the text without a conversion (write %% for a percent sign)"),
            ("%k", "%", "invalid: '%k' is not a format specifier (write %% for a percent sign)"),
            ("%5%d", "%5", "invalid: '%%' is not a format specifier (write %% for a percent sign)"),
            ("%é", "%", "invalid: '%é' is not a format specifier (write %% for a percent sign)"),
            ("%0$d", "%0$", "invalid: argument positions start at 1 (%0$)"),
            ("%llld", "%ll", "invalid: '%l' is not a format specifier (write %% for a percent sign)"),
            // Flags are a set: order and repetition do not matter.
            ("%0--5d", "%0--5d", "flags -0, width 5, conversion d, argument %d"),
            // Literal text runs up to the next `%`.
            ("héllo %d", "héllo ", "literal"),
        ] as [(String, String, String)])
    func forms(text: String, written: String, meaning: String) throws {
        let first = try #require(FormatScanner.tokens(in: text).first)
        #expect(first.text == Substring(written))
        #expect(first.token.range == 0..<written.utf8.count)
        #expect(Self.meaning(of: first.token, in: text) == meaning)
    }

    @Test("tokens cover the text without gaps, with byte ranges on scalar boundaries around unicode")
    func ranges() {
        let text = "é%1$@ü 100%% — %2$#@n@日%"
        let tokens = FormatScanner.tokens(in: text)
        #expect(tokens.map(\.text) == ["é", "%1$@", "ü 100", "%%", " — ", "%2$#@n@", "日", "%"])
        #expect(tokens.map(\.token.range) == [0..<2, 2..<6, 6..<12, 12..<14, 14..<19, 19..<26, 26..<29, 29..<30])
        #expect(tokens.map(\.text).joined() == text)
    }

    @Test(
        "FormatString follows the scanner: a variable or a % that starts nothing is an error",
        arguments: [
            ("%#@n@", "'%#@n@' is a plural variable, which only a plural entry can fill"),
            ("50 %", "a '%' ends the text without a conversion (write %% for a percent sign)"),
            ("%k", "'%k' is not a format specifier (write %% for a percent sign)"),
            ("%@ then %5$@", "positional specifiers (%1$@) are mixed with plain ones (%@)"),
        ])
    func formatStringErrors(text: String, message: String) {
        #expect(throws: FormatError(message)) { try FormatString(text) }
    }
}
