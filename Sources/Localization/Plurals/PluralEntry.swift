import Diagnostics

/// A text that varies with numbers: a format with `%#@name@` variables (Apple's
/// `NSStringLocalizedFormatKey`), each choosing among plural variants by its argument.
/// `.stringsdict` entries and `.xcstrings` plural variations both become this.
///
/// Nesting: a variant may itself name variables (`%d files in %2$#@folders@`). Every variable
/// of the entry, whoever names it, is in the one flat `variables` map (as in a `.stringsdict`
/// entry's dictionary and a String Catalog's `substitutions`); `variablesInOrder`,
/// `variableArguments`, `hasNestedVariables` and `nestingProblems` (PluralNesting.swift)
/// describe the references, and `format(choosing:)` resolves them.
public struct PluralEntry: Sendable, Hashable {
    /// One `%#@name@` variable: which argument it reads and its text per plural category.
    public struct Variable: Sendable, Hashable {
        /// The 1-based argument the variable reads, when fixed (`.xcstrings` `argNum`);
        /// otherwise its place among the format's specifiers decides.
        public var argument: Int?
        /// `NSStringFormatValueTypeKey` / `formatSpecifier`: `d`, `ld`, `f`, …
        public var valueType: String
        /// The text for each category the translation gives (`other` at least).
        public var variants: [PluralCategory: String]

        /// A variable reading `argument` (or its place in the format) as `valueType`.
        public init(argument: Int? = nil, valueType: String, variants: [PluralCategory: String]) {
            self.argument = argument
            self.valueType = valueType
            self.variants = variants
        }
    }

    /// `NSStringLocalizedFormatKey`: the text with `%#@name@` references.
    public var format: String
    /// Every variable of the entry, by name, whoever refers to it.
    public var variables: [String: Variable]
    /// Where the entry starts in its file.
    public var location: SourceLocation

    /// An entry read at `location`.
    public init(format: String, variables: [String: Variable], location: SourceLocation) {
        self.format = format
        self.variables = variables
        self.location = location
    }

    /// The variable names `format` refers to (`%#@name@`, `%2$#@name@`), in order.
    public var referencedVariables: [String] {
        var format = format
        format.makeContiguousUTF8()
        return format.utf8.withContiguousStorageIfAvailable { bytes in
            var names: [String] = []
            var scanner = FormatScanner(bytes)
            while let token = scanner.next() {
                guard case .variable(let variable) = token.kind else { continue }
                names.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[variable.name]), as: UTF8.self))
            }
            return names
        } ?? []
    }

    /// The variable's name when the format is that variable alone, read from the first
    /// argument (`%#@name@`, `%1$#@name@`): then its variants are the whole text.
    public var soleVariable: String? {
        let tokens = FormatScanner.tokens(in: format)
        guard tokens.count == 1, case .variable(let variable) = tokens[0].token.kind, (variable.position ?? 1) == 1
        else {
            return nil
        }
        return String(FormatScanner.substring(variable.name, of: format))
    }

    /// The plain format for these arguments: each `%#@name@` replaced by the variant its
    /// argument selects (an explicit `zero` wins for 0, as on Apple platforms), every
    /// specifier made positional so that the result formats with the same arguments.
    public func expand(_ arguments: [FormatArgument], rules: PluralRules) throws(FormatError) -> String {
        try format { name, argumentIndex throws(FormatError) in
            guard argumentIndex >= 1, argumentIndex <= arguments.count else {
                throw FormatError(
                    "variable \"\(Diagnostic.quote(name))\" reads argument \(argumentIndex), but \(arguments.count) are given"
                )
            }
            let operands: PluralOperands
            switch arguments[argumentIndex - 1] {
            case .int(let value): operands = PluralOperands(value)
            case .double(let value): operands = PluralOperands(value)
            case .string(let text):
                guard let parsed = PluralOperands(text) else {
                    throw FormatError(
                        "variable \"\(Diagnostic.quote(name))\" needs a number, argument \(argumentIndex) is \"\(Diagnostic.quote(text))\""
                    )
                }
                operands = parsed
            }
            return operands.n == 0 && variables[name]?.variants[.zero] != nil ? .zero : rules.category(for: operands)
        }
    }

    /// How many levels of variables inside variables a text may have (`%#@files@` whose
    /// variant holds `%2$#@folders@` is 2 levels); deeper is an error, as is a cycle.
    public static let maximumNesting = 8
    /// How many variants one text may take in all: a bound on nesting that refers to the
    /// same variables many times, so that no catalog can make formatting hang.
    public static let maximumExpansions = 256

    /// The plain format when each variable takes the variant `choose` picks from its name and
    /// the argument it reads (its `other` variant when it lacks that category), every
    /// specifier made positional. Lint compares these across languages.
    ///
    /// Variables nest as on Apple platforms: a variant may refer to another variable
    /// (`%d files in %2$#@folders@`), which reads its own argument (its fixed `argument` if
    /// any, else the reference's position) with its own value type. Inside a variant, the
    /// first plain specifier (and `%arg`) reads the variable's argument and later plain ones
    /// (variables included) the arguments after it; explicit positions stay. A reference to
    /// an undefined variable, a cycle, nesting deeper than `maximumNesting` or more than
    /// `maximumExpansions` variants in all throw.
    public func format(
        choosing choose: (_ variable: String, _ argument: Int) throws(FormatError) -> PluralCategory
    ) throws(FormatError) -> String {
        var budget = Self.maximumExpansions
        return try Self.rewrite(format) { placeholder throws(FormatError) in
            guard let name = placeholder.variable else { return "%\(placeholder.position)$\(placeholder.body)" }
            return try resolve(name, position: placeholder.position, path: [], budget: &budget, choose)
        }
    }

    /// One variable's chosen variant, pinned to its arguments, nested variables resolved.
    private func resolve(
        _ name: String, position: Int, path: [String], budget: inout Int,
        _ choose: (_ variable: String, _ argument: Int) throws(FormatError) -> PluralCategory
    ) throws(FormatError) -> String {
        guard let variable = variables[name] else {
            throw FormatError(
                (path.last.map { "variable \"\(Diagnostic.quote($0))\" refers to" } ?? "the format names")
                    + " variable \"\(Diagnostic.quote(name))\", which is not defined")
        }
        if let start = path.firstIndex(of: name) {
            throw FormatError(
                "variables refer to each other in a cycle: \(Self.describeCycle(path[start...] + [name]))")
        }
        guard path.count < Self.maximumNesting else {
            throw FormatError(
                "variables nest more than \(Self.maximumNesting) levels deep (at \"\(Diagnostic.quote(name))\")")
        }
        budget -= 1
        guard budget >= 0 else {
            throw FormatError("the variables expand to more than \(Self.maximumExpansions) variants")
        }
        let argumentIndex = variable.argument ?? position
        let category = try choose(name, argumentIndex)
        guard let variant = variable.variants[category] ?? variable.variants[.other] else {
            throw FormatError("variable \"\(Diagnostic.quote(name))\" has no \"other\" variant")
        }
        let withArg = Self.naming(argumentIndex, of: variable, in: variant)
        return try Self.rewrite(withArg) { placeholder throws(FormatError) in
            let position = placeholder.isExplicit ? placeholder.position : argumentIndex + placeholder.position - 1
            guard let inner = placeholder.variable else { return "%\(position)$\(placeholder.body)" }
            return try resolve(inner, position: position, path: path + [name], budget: &budget, choose)
        }
    }

    /// `variant` with each `%arg` (its variable's own number) written as the specifier that
    /// reads `argument` as the variable's type. A variant without `%arg`, most of them, is
    /// returned as it is without a search by characters.
    static func naming(_ argument: Int, of variable: Variable, in variant: String) -> String {
        var variant = variant
        let mentions = variant.withUTF8 { bytes in
            guard bytes.count >= 4 else { return false }
            return (0...(bytes.count - 4)).contains { index in
                bytes[index] == UInt8(ascii: "%") && bytes[index + 1] == UInt8(ascii: "a")
                    && bytes[index + 2] == UInt8(ascii: "r") && bytes[index + 3] == UInt8(ascii: "g")
            }
        }
        return mentions ? variant.replacing("%arg", with: "%\(argument)$\(variable.valueType)") : variant
    }

    /// `"a" → "b" → "a"`.
    static func describeCycle(_ names: some Sequence<String>) -> String {
        names.map { "\"\(Diagnostic.quote($0))\"" }.joined(separator: " → ")
    }

    /// `variant` as a String Catalog's substitution writes it: its first plain specifier (the
    /// variable's own number) as `%arg` (`%d files` → `%arg files`); the reverse of what
    /// reading a catalog does.
    public static func substitutionForm(of variant: String) -> String {
        var replaced = false
        return
            (try? rewrite(variant) { placeholder in
                guard !replaced, !placeholder.isExplicit, placeholder.variable == nil else {
                    return String(placeholder.text)
                }
                replaced = true
                return "%arg"
            }) ?? variant
    }

    /// A specifier or variable as `rewrite` hands it over.
    struct Placeholder {
        /// The argument it reads: its explicit position, or counted like printf.
        var position: Int
        var isExplicit: Bool
        /// As written, `%2$-5d`.
        var text: Substring
        /// A specifier without its `%` and position: `d`, `-5.1f`, `@`.
        var body: Substring
        /// The name, for a variable.
        var variable: String?
    }

    /// Copies `text`, replacing each specifier and variable (as `FormatScanner` finds them) by
    /// what `replace` returns for it. Literal text, `%%` and a `%` that starts no specifier
    /// are copied as written (`FormatString` reports the last).
    static func rewrite(
        _ text: String, _ replace: (Placeholder) throws(FormatError) -> String
    ) throws(FormatError) -> String {
        var result = ""
        var next = 1
        for (token, written) in FormatScanner.tokens(in: text) {
            let position: Int?, variable: String?
            switch token.kind {
            case .literal, .percent, .invalid:
                result += written
                continue
            case .specifier(let specifier):
                (position, variable) = (specifier.position, nil)
            case .variable(let found):
                (position, variable) = (found.position, String(FormatScanner.substring(found.name, of: text)))
            }
            if position == nil { next += 1 }
            var body = written.dropFirst()
            if position != nil { body = body.drop { $0 != "$" }.dropFirst() }
            result += try replace(
                Placeholder(
                    position: position ?? next - 1, isExplicit: position != nil, text: written,
                    body: body, variable: variable))
        }
        return result
    }
}
