import Localization

/// `flavorkit plural LANG NUMBER... [--ordinal] [--verbose]`: the CLDR category each number
/// takes in a language, one per line, so translators can check which form a count picks.
/// Numbers are read as written (`1.50` keeps two fraction digits).
enum PluralCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        var verbose = false, kind = PluralRules.Kind.cardinal
        var words: [String] = []
        for argument in arguments {
            switch argument {
            case "--verbose", "-v": verbose = true
            case "--ordinal": kind = .ordinal
            default:
                if argument.hasPrefix("--") { throw FlavorKitTool.UsageError(description: "unknown option '\(argument)'") }
                words.append(argument)
            }
        }
        guard let code = words.first, words.count >= 2 else {
            throw FlavorKitTool.UsageError(description: "plural needs a language and at least one number")
        }
        guard let language = LanguageTag(code) else {
            throw FlavorKitTool.UsageError(description: "'\(code)' is not a language tag")
        }
        let rules = PluralRules.rules(for: language, kind: kind)
        for number in words.dropFirst() {
            guard let operands = PluralOperands(number) else {
                throw FlavorKitTool.UsageError(description: "'\(number)' is not a number (write 21, 1.5, 1.50 or 1.2c6)")
            }
            let category = rules.category(for: operands).rawValue
            print(verbose ? "\(number): \(category) (\(operands))" : category)
        }
        if verbose {
            print("categories in \(language): " + rules.categories.map(\.rawValue).joined(separator: ", "))
        }
        return 0
    }
}
