import Diagnostics

/// A `Plural-Forms` header as gettext reads it (`nplurals=3; plural=(n%10==1 && n%100!=11 ?
/// 0 : …);`): the number of forms and the C expression that picks one for `n`. It tells which
/// `msgstr[k]` a translator's file holds for which numbers, when the file was not made by
/// FlavorKit (`msginit` writes gettext's own forms for a language, which are not always
/// CLDR's: French has 2 there, 3 in CLDR).
package struct GettextPluralExpression {
    /// `nplurals`.
    let count: Int
    private let root: Node

    private indirect enum Node {
        case number(Int)
        case n
        case not(Node)
        case negate(Node)
        case binary(String, Node, Node)
        case conditional(Node, Node, Node)
    }

    /// Reads a header's value; nil when it is not `nplurals=N; plural=EXPRESSION;` with an
    /// expression gettext would accept.
    package init?(header: String) {
        let fields = header.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let counted = fields.first(where: { $0.hasPrefix("nplurals") }),
            let count = Int(counted.drop { $0 != "=" }.dropFirst().trimmingCharacters(in: .whitespaces)),
            (1...6).contains(count),
            let plural = fields.first(where: { $0.hasPrefix("plural") })
        else { return nil }
        var parser = Parser(text: Array(plural.drop { $0 != "=" }.dropFirst().utf8))
        guard let root = parser.expression(), parser.atEnd else { return nil }
        self.count = count
        self.root = root
    }

    /// The form for `n` (0 when the expression divides by zero, as no translation is safer
    /// than a crash).
    package func form(for n: Int) -> Int {
        Self.evaluate(root, n) ?? 0
    }

    private static func evaluate(_ node: Node, _ n: Int) -> Int? {
        switch node {
        case .number(let value): return value
        case .n: return n
        case .not(let operand): return evaluate(operand, n).map { $0 == 0 ? 1 : 0 }
        case .negate(let operand): return evaluate(operand, n).map { 0 &- $0 }
        case .conditional(let condition, let then, let otherwise):
            guard let test = evaluate(condition, n) else { return nil }
            return evaluate(test != 0 ? then : otherwise, n)
        case .binary(let operation, let left, let right):
            guard let a = evaluate(left, n), let b = evaluate(right, n) else { return nil }
            switch operation {
            case "||": return a != 0 || b != 0 ? 1 : 0
            case "&&": return a != 0 && b != 0 ? 1 : 0
            case "==": return a == b ? 1 : 0
            case "!=": return a != b ? 1 : 0
            case "<": return a < b ? 1 : 0
            case ">": return a > b ? 1 : 0
            case "<=": return a <= b ? 1 : 0
            case ">=": return a >= b ? 1 : 0
            case "+": return a &+ b
            case "-": return a &- b
            case "*": return a &* b
            case "/": return b == 0 ? nil : a / b
            default: return b == 0 ? nil : a % b  // "%"
            }
        }
    }

    /// Recursive descent over C's precedence: `?:`, `||`, `&&`, equality, relations,
    /// additive, multiplicative, unary `!` and `-`, then numbers, `n` and parentheses.
    private struct Parser {
        let text: [UInt8]
        var index = 0
        var depth = 0

        var atEnd: Bool {
            mutating get {
                skipSpaces()
                return index == text.count
            }
        }

        mutating func skipSpaces() {
            while index < text.count, [0x20, 0x09, 0x0A, 0x0D].contains(text[index]) { index += 1 }
        }

        mutating func take(_ token: String) -> Bool {
            skipSpaces()
            let bytes = Array(token.utf8)
            guard text[index...].starts(with: bytes) else { return false }
            // `<` is not `<=`, `!` is not `!=`.
            if bytes.count == 1, index + 1 < text.count, text[index + 1] == UInt8(ascii: "="),
                "<>!=".utf8.contains(bytes[0])
            {
                return false
            }
            index += bytes.count
            return true
        }

        mutating func expression() -> Node? {
            depth += 1
            defer { depth -= 1 }
            guard depth < 100, let condition = binary(level: 0) else { return nil }
            guard take("?") else { return condition }
            guard let then = expression(), take(":"), let otherwise = expression() else { return nil }
            return .conditional(condition, then, otherwise)
        }

        static let levels: [[String]] = [
            ["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"],
        ]

        mutating func binary(level: Int) -> Node? {
            guard level < Self.levels.count else { return unary() }
            guard var left = binary(level: level + 1) else { return nil }
            while let operation = Self.levels[level].first(where: { take($0) }) {
                guard let right = binary(level: level + 1) else { return nil }
                left = .binary(operation, left, right)
            }
            return left
        }

        mutating func unary() -> Node? {
            depth += 1
            defer { depth -= 1 }
            guard depth < 100 else { return nil }
            if take("!") { return unary().map(Node.not) }
            if take("-") { return unary().map(Node.negate) }
            skipSpaces()
            guard index < text.count else { return nil }
            if take("(") {
                guard let inner = expression(), take(")") else { return nil }
                return inner
            }
            if text[index] == UInt8(ascii: "n") {
                index += 1
                return .n
            }
            var value = 0
            let start = index
            while index < text.count, (0x30...0x39).contains(text[index]), value < 1_000_000_000 {
                value = value * 10 + Int(text[index] - 0x30)
                index += 1
            }
            return index > start ? .number(value) : nil
        }
    }
}
