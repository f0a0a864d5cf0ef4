import Foundation

/// One language's CLDR plural rules, compiled: for each category but `other`, a condition
/// (`or` of `and` of relations such as `n % 100 = 3..10`). The first category whose
/// condition holds is the answer; otherwise `other`.
public struct PluralRules: Sendable {
    /// The kind of rules: cardinal (`1 file`, `2 files`) or ordinal (`1st`, `2nd`).
    public enum Kind: Sendable { case cardinal, ordinal }

    public struct SyntaxError: Error, CustomStringConvertible {
        public let rule: String
        public let message: String
        public var description: String { "plural rule \"\(rule)\": \(message)" }
    }

    struct Relation: Sendable {
        enum Operand: Character, Sendable { case n = "n", i = "i", v = "v", w = "w", f = "f", t = "t", e = "e", c = "c" }
        var operand: Operand
        var modulus: Int?
        var negated: Bool
        var ranges: [ClosedRange<Int>]
    }

    /// Category → alternatives (or) of conjunctions (and) of relations.
    let conditions: [(category: PluralCategory, condition: [[Relation]])]

    /// The categories the language uses, `other` included, in CLDR's order.
    public var categories: [PluralCategory] { conditions.map(\.category) + [.other] }

    init(conditions: [(PluralCategory, [[Relation]])]) {
        self.conditions = conditions.map { (category: $0.0, condition: $0.1) }
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

    public func category(for operands: PluralOperands) -> PluralCategory {
        for (category, condition) in conditions where Self.holds(condition, operands) {
            return category
        }
        return .other
    }

    public func category(for value: Int) -> PluralCategory {
        category(for: PluralOperands(value))
    }

    private static func holds(_ condition: [[Relation]], _ operands: PluralOperands) -> Bool {
        condition.contains { conjunction in conjunction.allSatisfy { holds($0, operands) } }
    }

    private static func holds(_ relation: Relation, _ operands: PluralOperands) -> Bool {
        let matched: Bool
        if relation.operand == .n {
            var value = operands.n
            if let modulus = relation.modulus { value = value.truncatingRemainder(dividingBy: Double(modulus)) }
            matched = value == value.rounded() && value <= Double(Int.max)
                && relation.ranges.contains { $0.contains(Int(value)) }
        } else {
            var value: Int
            switch relation.operand {
            case .i: value = operands.i
            case .v: value = operands.v
            case .w: value = operands.w
            case .f: value = operands.f
            case .t: value = operands.t
            case .e, .c: value = operands.e
            case .n: value = operands.i
            }
            if let modulus = relation.modulus { value %= modulus }
            matched = relation.ranges.contains { $0.contains(value) }
        }
        return matched != relation.negated
    }

    // MARK: Compiling

    /// Compiles one condition in CLDR's syntax (`i = 1 and v = 0`, `n % 100 = 3..10`).
    static func compile(_ rule: String) throws(SyntaxError) -> [[Relation]] {
        let text = rule.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return [] }
        return try text.components(separatedBy: " or ").map { alternative throws(SyntaxError) in
            try alternative.components(separatedBy: " and ").map { relation throws(SyntaxError) in
                try compileRelation(relation.trimmingCharacters(in: .whitespaces), rule: rule)
            }
        }
    }

    private static func compileRelation(_ text: String, rule: String) throws(SyntaxError) -> Relation {
        let negated = text.contains("!=")
        let sides = text.components(separatedBy: negated ? "!=" : "=")
        guard sides.count == 2 else { throw SyntaxError(rule: rule, message: "expected '=' or '!=' in \"\(text)\"") }
        let left = sides[0].split(separator: "%").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let name = left.first, name.count == 1, let operand = Relation.Operand(rawValue: Character(name)) else {
            throw SyntaxError(rule: rule, message: "unknown operand in \"\(text)\"")
        }
        var modulus: Int?
        if left.count == 2 {
            guard let value = Int(left[1]), value > 0 else { throw SyntaxError(rule: rule, message: "bad modulus in \"\(text)\"") }
            modulus = value
        }
        var ranges: [ClosedRange<Int>] = []
        guard !sides[1].trimmingCharacters(in: .whitespaces).isEmpty else {
            throw SyntaxError(rule: rule, message: "no value after '=' in \"\(text)\"")
        }
        for item in sides[1].split(separator: ",") {
            let bounds = item.components(separatedBy: "..").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            switch bounds.count {
            case 1:
                guard let value = bounds[0] else { throw SyntaxError(rule: rule, message: "bad value in \"\(text)\"") }
                ranges.append(value...value)
            case 2:
                guard let low = bounds[0], let high = bounds[1], low <= high else {
                    throw SyntaxError(rule: rule, message: "bad range in \"\(text)\"")
                }
                ranges.append(low...high)
            default:
                throw SyntaxError(rule: rule, message: "bad range in \"\(text)\"")
            }
        }
        return Relation(operand: operand, modulus: modulus, negated: negated, ranges: ranges)
    }

    // MARK: CLDR's rules

    private static let cardinalRules = parse(CLDRPluralRuleData.cardinal)
    private static let ordinalRules = parse(CLDRPluralRuleData.ordinal)

    private static func parse(_ data: String) -> [String: PluralRules] {
        var grouped: [String: [(PluralCategory, [[Relation]])]] = [:]
        for line in data.split(separator: "\n") {
            let fields = line.trimmingCharacters(in: .whitespaces).split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let category = PluralCategory(rawValue: String(fields[1])) else { continue }
            let locale = String(fields[0])
            if category == .other {
                grouped[locale, default: []] = grouped[locale] ?? []
                continue
            }
            // The data is CLDR's own and checked by the tests; a line that does not compile is skipped.
            guard let condition = try? compile(String(fields[2])) else { continue }
            grouped[locale, default: []].append((category, condition))
        }
        return grouped.mapValues(PluralRules.init)
    }

    /// Every locale CLDR gives rules for.
    public static func locales(_ kind: Kind = .cardinal) -> [String] {
        (kind == .cardinal ? cardinalRules : ordinalRules).keys.sorted()
    }

    /// The rules for a language: the most specific CLDR locale that matches (`pt-PT`, else
    /// `pt`); a language CLDR does not know has only `other`.
    public static func rules(for language: LanguageTag, kind: Kind = .cardinal) -> PluralRules {
        let table = kind == .cardinal ? cardinalRules : ordinalRules
        for tag in language.withParents {
            if let rules = table[tag.description] { return rules }
            if tag.script != nil, tag.region != nil,
               let rules = table[LanguageTag(language: tag.language, region: tag.region).description] {
                return rules
            }
        }
        return table["root"] ?? PluralRules(conditions: [])
    }

    /// The rules of a CLDR locale name as it appears in CLDR's data (`pt-PT`, `ars`).
    public static func rules(forCLDRLocale locale: String, kind: Kind = .cardinal) -> PluralRules? {
        (kind == .cardinal ? cardinalRules : ordinalRules)[locale]
    }
}

