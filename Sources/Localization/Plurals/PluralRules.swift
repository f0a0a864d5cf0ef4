import Diagnostics
import Synchronization

#if canImport(FoundationEssentials)
import FileFormats
import FoundationEssentials
#else
import Foundation
#endif

/// One language's CLDR plural rules, compiled: for each category but `other`, a condition
/// (`or` of `and` of relations such as `n % 100 = 3..10`). The first category whose
/// condition holds is the answer; otherwise `other`.
public struct PluralRules: Sendable {
    /// The kind of rules: cardinal (`1 file`, `2 files`) or ordinal (`1st`, `2nd`).
    public enum Kind: Sendable {
        /// Counts: `1 file`, `2 files`.
        case cardinal
        /// Places: `1st`, `2nd`.
        case ordinal
    }

    /// Rule text that is not CLDR's plural rule syntax.
    public struct SyntaxError: Error, CustomStringConvertible {
        /// The rule as written.
        public let rule: String
        /// What is wrong with it.
        public let message: String
        /// `plural rule "…": message`.
        public var description: String { "plural rule \"\(Diagnostic.quote(rule))\": \(message)" }
    }

    /// One relation as written, such as `n % 100 != 3..10`.
    struct Relation: Sendable {
        enum Operand: Character, Sendable {
            case n = "n", i = "i", v = "v", w = "w", f = "f", t = "t", e = "e", c = "c"
        }
        var operand: Operand
        var modulus: Int?
        var negated: Bool
        var ranges: [ClosedRange<Int>]

        init(operand: Operand, modulus: Int?, negated: Bool, ranges: [ClosedRange<Int>]) {
            self.operand = operand
            self.modulus = modulus
            self.negated = negated
            self.ranges = ranges
        }

        /// The form `CLDRPluralRules.swift` is written in.
        init(_ operand: Operand, modulo: Int?, negated: Bool, _ ranges: [ClosedRange<Int>]) {
            self.init(operand: operand, modulus: modulo, negated: negated, ranges: ranges)
        }
    }

    /// A relation flattened for evaluation. Its values are `bounds[boundsStart..<boundsEnd]`,
    /// as consecutive (low, high) pairs.
    private struct Step: Sendable {
        var operand: Relation.Operand
        /// 0 when the relation has no `%`.
        var modulus: Int
        var negated: Bool
        var boundsStart: Int
        var boundsEnd: Int
        /// Where evaluation goes when this relation fails: the next `or` alternative.
        var nextAlternative: Int
        /// Whether this relation ends an `and` chain, so that `category` is the answer when it holds.
        var endsConjunction: Bool
        var category: PluralCategory
    }

    /// Every relation of every category in CLDR's order, as one array: evaluation walks it
    /// forwards, with no nested arrays and no floating point.
    private let steps: [Step]
    private let bounds: [Int]

    /// The categories the language uses, `other` included, in CLDR's order.
    public let categories: [PluralCategory]
    /// Each category's condition but `other`'s, in CLDR's order (the first that holds wins).
    public let conditions: [PluralCondition]

    /// Category → alternatives (or) of conjunctions (and) of relations.
    init(conditions: [(PluralCategory, [[Relation]])]) {
        var steps: [Step] = [], bounds: [Int] = []
        for (category, alternatives) in conditions {
            for conjunction in alternatives {
                let next = steps.count + conjunction.count
                for (position, relation) in conjunction.enumerated() {
                    let start = bounds.count
                    for range in relation.ranges { bounds += [range.lowerBound, range.upperBound] }
                    steps.append(
                        Step(
                            operand: relation.operand == .c ? .e : relation.operand, modulus: relation.modulus ?? 0,
                            negated: relation.negated, boundsStart: start, boundsEnd: bounds.count,
                            nextAlternative: next, endsConjunction: position == conjunction.count - 1,
                            category: category))
                }
            }
        }
        self.steps = steps
        self.bounds = bounds
        self.categories = conditions.map(\.0) + [.other]
        self.conditions = conditions.map { category, alternatives in
            PluralCondition(
                category: category,
                alternatives: alternatives.map { conjunction in
                    conjunction.map {
                        PluralCondition.Relation(
                            operand: $0.operand.rawValue, modulus: $0.modulus, negated: $0.negated, ranges: $0.ranges)
                    }
                })
        }
    }

    /// Rules written in CLDR's syntax, one condition per category (`other` needs none).
    public init(_ rules: [PluralCategory: String]) throws(SyntaxError) {
        var conditions: [(PluralCategory, [[Relation]])] = []
        for category in PluralCategory.allCases where category != .other {
            guard let rule = rules[category] else { continue }
            let condition = try Self.compile(rule)
            guard !condition.isEmpty else { throw SyntaxError(rule: rule, message: "empty condition for \(category)") }
            conditions.append((category, condition))
        }
        self.init(conditions: conditions)
    }

    // MARK: Choosing

    /// The category of a number given by its operands (decimals keep their written digits).
    public func category(for operands: PluralOperands) -> PluralCategory {
        category { step in
            switch step.operand {
            case .n:
                // Every value in a rule is an integer, so `n` with a non-zero fraction (and any
                // remainder of it) matches none; otherwise `n` is its integer digits.
                operands.w != 0 ? nil : operands.i
            case .i: operands.i
            case .v: operands.v
            case .w: operands.w
            case .f: operands.f
            case .t: operands.t
            case .e, .c: operands.e
            }
        }
    }

    /// The category of a whole number: its operands are its digits (`n`, `i`) and zeros.
    public func category(for value: Int) -> PluralCategory {
        let digits = PluralOperands.integerDigits(of: value)
        return category { step in step.operand == .n || step.operand == .i ? digits : 0 }
    }

    /// The first category whose condition holds, each relation's operand given by `operand`
    /// (nil: a value no relation matches).
    private func category(operand: (Step) -> Int?) -> PluralCategory {
        steps.withUnsafeBufferPointer { steps in
            bounds.withUnsafeBufferPointer { bounds in
                var index = 0
                while index < steps.count {
                    let step = steps[index]
                    if Self.holds(step, operand(step), bounds) {
                        if step.endsConjunction { return step.category }
                        index += 1
                    } else {
                        index = step.nextAlternative
                    }
                }
                return .other
            }
        }
    }

    private static func holds(_ step: Step, _ operand: Int?, _ bounds: UnsafeBufferPointer<Int>) -> Bool {
        guard var value = operand else { return step.negated }
        // CLDR's moduli written out: a division by a constant is a multiplication.
        switch step.modulus {
        case 0: break
        case 10: value %= 10
        case 100: value %= 100
        default: value %= step.modulus
        }
        var position = step.boundsStart
        while position < step.boundsEnd {
            if bounds[position] <= value, value <= bounds[position + 1] { return !step.negated }
            position += 2
        }
        return step.negated
    }

    // MARK: Compiling

    /// Compiles one condition in CLDR's syntax (`i = 1 and v = 0`, `n % 100 = 3..10`).
    static func compile(_ rule: String) throws(SyntaxError) -> [[Relation]] {
        let text = rule.trimming(WhiteSpace.isSpace)
        guard !text.isEmpty else { return [] }
        return try text.split(separator: " or ", omittingEmptySubsequences: false).map {
            alternative throws(SyntaxError) in
            try alternative.split(separator: " and ", omittingEmptySubsequences: false).map {
                relation throws(SyntaxError) in
                try compileRelation(relation.trimming(WhiteSpace.isSpace), rule: rule)
            }
        }
    }

    private static func compileRelation(_ text: String, rule: String) throws(SyntaxError) -> Relation {
        let negated = text.contains("!=")
        let sides = text.split(separator: negated ? "!=" : "=", omittingEmptySubsequences: false)
        guard sides.count == 2 else {
            throw SyntaxError(rule: rule, message: "expected '=' or '!=' in \"\(Diagnostic.quote(text))\"")
        }
        let left = sides[0].split(separator: "%").map { $0.trimming(WhiteSpace.isSpace) }
        guard let name = left.first, name.count == 1, let operand = Relation.Operand(rawValue: Character(name)) else {
            throw SyntaxError(rule: rule, message: "unknown operand in \"\(Diagnostic.quote(text))\"")
        }
        var modulus: Int?
        if left.count == 2 {
            guard let value = Int(left[1]), value > 0 else {
                throw SyntaxError(rule: rule, message: "bad modulus in \"\(Diagnostic.quote(text))\"")
            }
            modulus = value
        }
        var ranges: [ClosedRange<Int>] = []
        guard !sides[1].trimming(WhiteSpace.isSpace).isEmpty else {
            throw SyntaxError(rule: rule, message: "no value after '=' in \"\(Diagnostic.quote(text))\"")
        }
        for item in sides[1].split(separator: ",") {
            let bounds = item.split(separator: "..", omittingEmptySubsequences: false).map {
                Int($0.trimming(WhiteSpace.isSpace))
            }
            switch bounds.count {
            case 1:
                guard let value = bounds[0] else {
                    throw SyntaxError(rule: rule, message: "bad value in \"\(Diagnostic.quote(text))\"")
                }
                ranges.append(value...value)
            case 2:
                guard let low = bounds[0], let high = bounds[1], low <= high else {
                    throw SyntaxError(rule: rule, message: "bad range in \"\(Diagnostic.quote(text))\"")
                }
                ranges.append(low...high)
            default:
                throw SyntaxError(rule: rule, message: "bad range in \"\(Diagnostic.quote(text))\"")
            }
        }
        return Relation(operand: operand, modulus: modulus, negated: negated, ranges: ranges)
    }

    // MARK: CLDR's rules

    /// Every locale CLDR gives rules for.
    public static func locales(_ kind: Kind = .cardinal) -> [String] {
        kind == .cardinal ? CLDRPluralRules.cardinalLocales : CLDRPluralRules.ordinalLocales
    }

    /// The rules for a language: the most specific CLDR locale that matches (`pt-PT`, else
    /// `pt`); a language CLDR does not know has only `other`. The rules are compiled ahead of
    /// time (`CLDRPluralRules.swift`): only those asked for are built, and no text is parsed;
    /// those built are kept (a screen chooses many categories in one language), for at most
    /// `LocaleTable.remembered` languages.
    public static func rules(for language: LanguageTag, kind: Kind = .cardinal) -> PluralRules {
        let key = Asked(language: language, kind: kind)
        if let known = built.withLock({ $0[key] }) { return known }
        let rules = matching(language, kind: kind)
        built.withLock { if $0.count < LocaleTable.remembered { $0[key] = rules } }
        return rules
    }

    /// A language and kind `rules(for:kind:)` was asked for.
    private struct Asked: Hashable {
        let language: LanguageTag
        let kind: Kind
    }

    /// The rules `rules(for:kind:)` built so far.
    private static let built = Mutex<[Asked: PluralRules]>([:])

    /// The rules of the most specific CLDR locale `language` matches.
    private static func matching(_ language: LanguageTag, kind: Kind) -> PluralRules {
        for tag in language.withParents {
            if let rules = rules(forCLDRLocale: tag.description, kind: kind) { return rules }
            if tag.script != nil, tag.region != nil,
                let rules = rules(
                    forCLDRLocale: LanguageTag(language: tag.language, region: tag.region).description, kind: kind)
            {
                return rules
            }
        }
        return rules(forCLDRLocale: "root", kind: kind) ?? PluralRules(conditions: [])
    }

    /// The rules of a CLDR locale name as it appears in CLDR's data (`pt-PT`, `ars`).
    public static func rules(forCLDRLocale locale: String, kind: Kind = .cardinal) -> PluralRules? {
        kind == .cardinal ? CLDRPluralRules.cardinal(locale) : CLDRPluralRules.ordinal(locale)
    }
}
