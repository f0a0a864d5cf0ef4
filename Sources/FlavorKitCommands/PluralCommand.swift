import Commands
import Diagnostics
import Localization

/// `flavorkit plural [--ordinal] [--verbose] LANG NUMBER…`: the CLDR category each number
/// takes in a language, one per line, so translators can check which form a count picks.
/// Numbers are read as written (`1.50` keeps two fraction digits).
enum PluralCommand: ToolCommand {
    static let language = Argument("LANG", summary: "a language tag such as ru or pt-BR")
    static let numbers = Argument("NUMBER", .oneOrMore, summary: "a number as written: 21, 1.5, 1.50 or 1.2c6")
    static let ordinal = Option.flag("ordinal", summary: "use the ordinal rules (1st, 2nd, 3rd…)")
    static let verbose = Option.flag(
        "verbose", short: "v", summary: "show each number's operands and the language's categories")

    static let command = Command(
        "plural", summary: "the CLDR plural category of each number in LANG",
        arguments: [language, numbers], options: [ordinal, verbose])

    static func run(_ parsed: ParsedCommandLine) throws(UsageError) -> Int32 {
        // The arguments are there: parsing checked their count.
        let text = parsed.argument(language)!
        let language: LanguageTag
        do {
            language = try LanguageTag(parsing: text)
        } catch {
            throw parsed.error(
                .invalidValue, word: text, subject: Self.language.name,
                reason: "'\(Diagnostic.quote(text))' is not a language tag: \(error.reason)")
        }
        let numbers = try parsed.arguments(
            numbers, expected: "a number (write 21, 1.5, 1.50 or 1.2c6)",
            { text in PluralOperands(text).map { (text, $0) } })
        let verbose = parsed.flag(verbose)
        let rules = PluralRules.rules(for: language, kind: parsed.flag(ordinal) ? .ordinal : .cardinal)
        for (number, operands) in numbers {
            let category = rules.category(for: operands).rawValue
            ToolContext.print(verbose ? "\(number): \(category) (\(operands))" : category)
        }
        if verbose {
            ToolContext.print("categories in \(language): " + rules.categories.map(\.rawValue).joined(separator: ", "))
        }
        return 0
    }
}
