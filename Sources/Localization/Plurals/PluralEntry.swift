import Diagnostics

/// A text that varies with numbers: a format with `%#@name@` variables (Apple's
/// `NSStringLocalizedFormatKey`), each choosing among plural variants by its argument.
/// `.stringsdict` entries and `.xcstrings` plural variations both become this.
public struct PluralEntry: Sendable, Hashable {
    public struct Variable: Sendable, Hashable {
        /// The 1-based argument the variable reads, when fixed (`.xcstrings` `argNum`);
        /// otherwise its place among the format's specifiers decides.
        public var argument: Int?
        /// `NSStringFormatValueTypeKey` / `formatSpecifier`: `d`, `ld`, `f`, …
        public var valueType: String
        public var variants: [PluralCategory: String]

        public init(argument: Int? = nil, valueType: String, variants: [PluralCategory: String]) {
            self.argument = argument
            self.valueType = valueType
            self.variants = variants
        }
    }

    public var format: String
    public var variables: [String: Variable]
    public var location: SourceLocation

    public init(format: String, variables: [String: Variable], location: SourceLocation) {
        self.format = format
        self.variables = variables
        self.location = location
    }

    /// The variable names `format` refers to (`%#@name@`, `%2$#@name@`), in order.
    public var referencedVariables: [String] {
        var names: [String] = []
        let bytes = Array(format.utf8)
        var index = 0
        while index < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "%") else { continue }
            var cursor = index + 1
            while cursor < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor]) { cursor += 1 }
            if cursor > index + 1, cursor < bytes.count, bytes[cursor] == UInt8(ascii: "$") { cursor += 1 }
            guard cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "#"), bytes[cursor + 1] == UInt8(ascii: "@"),
                  let end = bytes[(cursor + 2)...].firstIndex(of: UInt8(ascii: "@"))
            else {
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "%") { index = cursor }
                continue
            }
            names.append(String(decoding: bytes[(cursor + 2)..<end], as: UTF8.self))
            index = end
        }
        return names
    }

    /// The plain format for these arguments: each `%#@name@` replaced by the variant its
    /// argument selects (an explicit `zero` wins for 0, as on Apple platforms), every
    /// specifier made positional so that the result formats with the same arguments.
    public func expand(_ arguments: [FormatArgument], rules: PluralRules) throws(SafeFormatter.Mismatch) -> String {
        try format { name, argumentIndex throws(SafeFormatter.Mismatch) in
            guard argumentIndex >= 1, argumentIndex <= arguments.count else {
                throw SafeFormatter.Mismatch(message: "variable \"\(name)\" reads argument \(argumentIndex), but \(arguments.count) are given")
            }
            let operands: PluralOperands
            switch arguments[argumentIndex - 1] {
            case .int(let value): operands = PluralOperands(value)
            case .double(let value): operands = PluralOperands(value)
            case .string(let text):
                guard let parsed = PluralOperands(text) else {
                    throw SafeFormatter.Mismatch(message: "variable \"\(name)\" needs a number, argument \(argumentIndex) is \"\(text)\"")
                }
                operands = parsed
            }
            return operands.n == 0 && variables[name]?.variants[.zero] != nil ? .zero : rules.category(for: operands)
        }
    }

    /// The plain format when each variable takes the variant `choose` picks from its name and
    /// the argument it reads (its `other` variant when it lacks that category), every
    /// specifier made positional. Lint compares these across languages.
    public func format(
        choosing choose: (_ variable: String, _ argument: Int) throws(SafeFormatter.Mismatch) -> PluralCategory
    ) throws(SafeFormatter.Mismatch) -> String {
        try Self.rewrite(format) { token, position throws(SafeFormatter.Mismatch) in
            switch token {
            case .specifier(let body, _):
                return "%\(position)$\(body)"
            case .variable(let name, _):
                guard let variable = variables[name] else {
                    throw SafeFormatter.Mismatch(message: "the format names variable \"\(name)\", which is not defined")
                }
                let argumentIndex = variable.argument ?? position
                let category = try choose(name, argumentIndex)
                guard let variant = variable.variants[category] ?? variable.variants[.other] else {
                    throw SafeFormatter.Mismatch(message: "variable \"\(name)\" has no \"other\" variant")
                }
                return try Self.pin(variant, to: argumentIndex, valueType: variable.valueType)
            }
        }
    }

    /// Makes a variant's specifiers positional: the first plain one (and `%arg`) reads the
    /// variable's argument, later plain ones the arguments after it; explicit positions stay.
    static func pin(_ variant: String, to argument: Int, valueType: String) throws(SafeFormatter.Mismatch) -> String {
        let withArg = variant.replacingOccurrences(of: "%arg", with: "%\(argument)$\(valueType)")
        return try rewrite(withArg) { token, position throws(SafeFormatter.Mismatch) in
            switch token {
            case .specifier(let body, let explicit): return "%\(explicit ? position : argument + position - 1)$\(body)"
            case .variable(let name, _):
                throw SafeFormatter.Mismatch(message: "variants cannot refer to other variables (\"\(name)\")")
            }
        }
    }

    enum Token {
        /// A specifier without its `%` and position: `d`, `5.1f`, `@`.
        case specifier(String, explicitPosition: Bool)
        case variable(String, explicitPosition: Bool)
    }

    /// Copies `text`, replacing each specifier (and `%#@name@`) by what `replace` returns for
    /// it and its argument position (explicit, or counted like printf). `%%` is kept.
    static func rewrite(
        _ text: String, _ replace: (Token, Int) throws(SafeFormatter.Mismatch) -> String
    ) throws(SafeFormatter.Mismatch) -> String {
        var result = ""
        var scalars = Substring(text).unicodeScalars[...]
        var next = 1
        while let scalar = scalars.popFirst() {
            guard scalar == "%" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            if scalars.first == "%" {
                scalars.removeFirst()
                result += "%%"
                continue
            }
            var position: Int?
            var digits = ""
            var lookahead = scalars
            while let digit = lookahead.first, ("0"..."9").contains(digit) {
                digits.unicodeScalars.append(digit)
                lookahead.removeFirst()
            }
            if !digits.isEmpty, lookahead.first == "$" {
                lookahead.removeFirst()
                position = Int(digits)
                scalars = lookahead
            }
            let index = position ?? next
            if position == nil { next += 1 }
            if scalars.first == "#", scalars.dropFirst().first == "@" {
                scalars.removeFirst(2)
                var name = ""
                while let character = scalars.popFirst(), character != "@" { name.unicodeScalars.append(character) }
                result += try replace(.variable(name, explicitPosition: position != nil), index)
                continue
            }
            var body = ""
            while let character = scalars.popFirst() {
                body.unicodeScalars.append(character)
                if "@dDiuUxXoOfFeEgGaAcCsSp".unicodeScalars.contains(character) { break }
            }
            result += try replace(.specifier(body, explicitPosition: position != nil), index)
        }
        return result
    }
}
