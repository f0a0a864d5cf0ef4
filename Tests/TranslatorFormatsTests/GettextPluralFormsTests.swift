import Foundation
import Localization
import TestSupport
import Testing
import TranslatorFormats

@Suite("gettext Plural-Forms from CLDR")
struct GettextPluralFormsTests {
    static let shipped = ["en", "de", "es", "es-MX", "ja", "ar", "pt-BR", "ru"]

    @Test("the expression picks CLDR's category for every integer 0…10,000", arguments: PluralRules.locales())
    func agreesWithCLDR(locale: String) throws {
        let rules = try #require(PluralRules.rules(forCLDRLocale: locale))
        let forms = GettextPluralForms(rules: rules)
        #expect(try Self.firstDisagreement(forms, rules) == nil, "\(locale): \(forms.header)")
    }

    /// The first integer for which the expression's form is not CLDR's category, as text.
    static func firstDisagreement(_ forms: GettextPluralForms, _ rules: PluralRules) throws -> String? {
        let expression = try CExpression(forms.expression)
        for n in 0...10_000 {
            let form = expression.evaluate(n)
            guard form >= 0, form < forms.categories.count else {
                return "plural(\(n)) = \(form), nplurals = \(forms.categories.count)"
            }
            if forms.categories[form] != rules.category(for: n) {
                return "n = \(n) gives \(forms.categories[form]), CLDR says \(rules.category(for: n))"
            }
        }
        return nil
    }

    @Test("every shipped language's header", arguments: shipped)
    func shippedLanguages(code: String) throws {
        let language = try #require(LanguageTag(code))
        let forms = GettextPluralForms(language: language)
        let rules = PluralRules.rules(for: language)
        #expect(forms.categories == rules.categories)
        #expect(try Self.firstDisagreement(forms, rules) == nil, "\(code): \(forms.header)")
    }

    @Test("known headers")
    func knownHeaders() throws {
        #expect(GettextPluralForms(language: LanguageTag("ja")!).header == "nplurals=1; plural=0;")
        #expect(GettextPluralForms(language: LanguageTag("en")!).header == "nplurals=2; plural=(n == 1 ? 0 : 1);")
        let russian = GettextPluralForms(language: LanguageTag("ru")!)
        #expect(russian.categories == [.one, .few, .many, .other])
        #expect(russian.decimalOnly == [.other])
        #expect(russian.decimalNote?.contains("other (used for decimals only) is never chosen") == true)
        #expect(GettextPluralForms(language: LanguageTag("ja")!).decimalNote == nil)
    }

    @Test(
        "msgfmt --check accepts the header of every CLDR locale",
        .enabled(if: SystemTool.shouldRun("msgfmt"), "gettext's msgfmt is not installed (CI always runs this)"))
    func msgfmtAcceptsEveryHeader() throws {
        let msgfmt = try SystemTool.require("msgfmt", package: "gettext")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plural-forms-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for locale in PluralRules.locales() {
            let forms = GettextPluralForms(rules: PluralRules.rules(forCLDRLocale: locale)!)
            let plurals = (0..<forms.categories.count).map { "msgstr[\($0)] \"x\($0)\"\n" }.joined()
            let po = """
                msgid ""
                msgstr ""
                "Content-Type: text/plain; charset=UTF-8\\n"
                "Plural-Forms: \(forms.header)\\n"

                msgid "one file"
                msgid_plural "files"
                \(plurals)
                """
            let file = folder.appendingPathComponent("\(locale).po")
            try Data(po.utf8).write(to: file)
            let result = try SystemTool.run(msgfmt, ["--check", "-o", "/dev/null", file.path])
            #expect(result.status == 0, "\(locale): \(forms.header)\n\(result.errors)")
        }
    }
}

/// gettext's plural expression language (C arithmetic on an unsigned `n`): `?:`, `||`, `&&`,
/// `== != < > <= >=`, `+ - * / %`, `!`, parentheses, integers and `n`, evaluated here so that
/// the test does not trust the generator's own reading.
struct CExpression {
    indirect enum Node {
        case number(Int), n
        case not(Node)
        case binary(String, Node, Node)
        case conditional(Node, Node, Node)
    }

    struct SyntaxError: Error, CustomStringConvertible {
        var description: String
    }

    let root: Node

    init(_ text: String) throws {
        var parser = Parser(tokens: try Self.tokens(text))
        root = try parser.conditional()
        guard parser.index == parser.tokens.count else { throw SyntaxError(description: "trailing text in \(text)") }
    }

    func evaluate(_ n: Int) -> Int { Self.evaluate(root, n) }

    private static func evaluate(_ node: Node, _ n: Int) -> Int {
        switch node {
        case .number(let value): return value
        case .n: return n
        case .not(let inner): return evaluate(inner, n) == 0 ? 1 : 0
        case .conditional(let test, let yes, let no): return evaluate(test, n) != 0 ? evaluate(yes, n) : evaluate(no, n)
        case .binary(let op, let left, let right):
            let a = evaluate(left, n)
            if op == "&&" { return a != 0 && evaluate(right, n) != 0 ? 1 : 0 }
            if op == "||" { return a != 0 || evaluate(right, n) != 0 ? 1 : 0 }
            let b = evaluate(right, n)
            switch op {
            case "==": return a == b ? 1 : 0
            case "!=": return a != b ? 1 : 0
            case "<": return a < b ? 1 : 0
            case ">": return a > b ? 1 : 0
            case "<=": return a <= b ? 1 : 0
            case ">=": return a >= b ? 1 : 0
            case "+": return a + b
            case "-": return a - b
            case "*": return a * b
            case "/": return a / b
            default: return a % b
            }
        }
    }

    private static func tokens(_ text: String) throws -> [String] {
        var tokens: [String] = []
        var characters = Array(text)[...]
        while let first = characters.first {
            if first == " " {
                characters.removeFirst()
            } else if first.isNumber {
                let digits = characters.prefix { $0.isNumber }
                tokens.append(String(digits))
                characters.removeFirst(digits.count)
            } else if let two = ["==", "!=", "<=", ">=", "&&", "||"].first(where: { characters.starts(with: $0) }) {
                tokens.append(two)
                characters.removeFirst(2)
            } else if "n?:()<>!+-*/%".contains(first) {
                tokens.append(String(first))
                characters.removeFirst()
            } else {
                throw SyntaxError(description: "unexpected \(first) in \(text)")
            }
        }
        return tokens
    }

    /// Precedence climbing over C's levels.
    struct Parser {
        let tokens: [String]
        var index = 0
        static let levels: [[String]] = [
            ["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"],
        ]

        mutating func conditional() throws -> Node {
            let test = try binary(0)
            guard index < tokens.count, tokens[index] == "?" else { return test }
            index += 1
            let yes = try conditional()
            guard index < tokens.count, tokens[index] == ":" else { throw SyntaxError(description: "expected :") }
            index += 1
            return .conditional(test, yes, try conditional())
        }

        mutating func binary(_ level: Int) throws -> Node {
            guard level < Self.levels.count else { return try unary() }
            var left = try binary(level + 1)
            while index < tokens.count, Self.levels[level].contains(tokens[index]) {
                let op = tokens[index]
                index += 1
                left = .binary(op, left, try binary(level + 1))
            }
            return left
        }

        mutating func unary() throws -> Node {
            guard index < tokens.count else { throw SyntaxError(description: "unexpected end") }
            let token = tokens[index]
            index += 1
            switch token {
            case "!": return .not(try unary())
            case "n": return .n
            case "(":
                let inner = try conditional()
                guard index < tokens.count, tokens[index] == ")" else { throw SyntaxError(description: "expected )") }
                index += 1
                return inner
            default:
                guard let value = Int(token) else { throw SyntaxError(description: "unexpected \(token)") }
                return .number(value)
            }
        }
    }
}
