import Diagnostics

/// Nested variables, checked without choosing: every variant of every variable reachable
/// from the format is walked once per argument it reads.
///
/// The model of nesting is `PluralEntry`'s: `variables` holds every variable of the entry,
/// those the format names (`%#@files@`) and those only variants name (`%2$#@folders@` in
/// `files`'s `other`), side by side; a `.stringsdict` entry's dictionary and a `.xcstrings`
/// localization's `substitutions` are both this flat map. Writers keep it flat
/// (`variablesInOrder`); `format(choosing:)` resolves references at run time.
extension PluralEntry {
    /// Something a reference between variables gets wrong.
    public struct NestingProblem: Sendable, Hashable, CustomStringConvertible {
        /// What is wrong.
        public enum Kind: Sendable, Hashable {
            /// A reference to a variable the entry does not define.
            case undefined(String)
            /// Variables that refer to each other, the first repeated last.
            case cycle([String])
            /// One argument read as two types, or a variable referred to at another argument
            /// than the one it fixes (`argNum`).
            case argumentClash(argument: Int)
            /// Nesting deeper than `maximumNesting`.
            case tooDeep
        }

        /// What is wrong.
        public var kind: Kind
        /// The variable whose variant holds the reference at fault; nil for the format itself.
        public var variable: String?
        /// That variant's category; nil for the format itself.
        public var category: PluralCategory?
        /// The reference as written (`%2$#@folders@`), to find it in the file.
        public var reference: String
        /// The problem in words.
        public var message: String

        /// The message.
        public var description: String { message }
    }

    /// Every variable in the order references first reach it from the format, depth first
    /// (variants in CLDR's category order), then any the format never reaches, by name.
    public var variablesInOrder: [String] {
        var order: [String] = []
        func visit(_ text: String) {
            for (token, _) in FormatScanner.tokens(in: text) {
                guard case .variable(let found) = token.kind else { continue }
                let name = String(FormatScanner.substring(found.name, of: text))
                guard let variable = variables[name], !order.contains(name) else { continue }
                order.append(name)
                for category in PluralCategory.allCases {
                    if let variant = variable.variants[category] { visit(variant) }
                }
            }
        }
        visit(format)
        return order + variables.keys.filter { !order.contains($0) }.sorted()
    }

    /// Whether a variant refers to another variable.
    public var hasNestedVariables: Bool {
        variables.values.contains { variable in
            variable.variants.values.contains { variant in
                FormatScanner.tokens(in: variant).contains { if case .variable = $0.token.kind { true } else { false } }
            }
        }
    }

    /// The argument each variable reads where references first reach it (its fixed
    /// `argument`, else the reference's position, counted inside a variant from the argument
    /// of the variable that holds it).
    public var variableArguments: [String: Int] {
        var walk = NestingWalk(entry: self)
        walk.visit(format, owner: nil, category: nil, base: 1, path: [])
        return walk.arguments
    }

    /// Undefined references, cycles, nesting too deep and argument clashes among the variables
    /// the format reaches, each once, in the order found.
    public var nestingProblems: [NestingProblem] {
        var walk = NestingWalk(entry: self)
        walk.visit(format, owner: nil, category: nil, base: 1, path: [])
        return walk.problems
    }
}

/// One walk of `nestingProblems`.
private struct NestingWalk {
    let entry: PluralEntry
    var problems: [PluralEntry.NestingProblem] = []
    /// Argument → the type first read there, by what, and whether by a nested variable.
    var reads: [Int: (kind: FormatString.ArgumentKind, by: String, nested: Bool)] = [:]
    /// Variable and argument pairs already walked.
    var done: Set<String> = []
    /// The argument each variable reads where first reached.
    var arguments: [String: Int] = [:]

    init(entry: PluralEntry) {
        self.entry = entry
    }

    mutating func report(
        _ kind: PluralEntry.NestingProblem.Kind, _ message: String, owner: String?, category: PluralCategory?,
        reference: Substring
    ) {
        let problem = PluralEntry.NestingProblem(
            kind: kind, variable: owner, category: category, reference: String(reference), message: message)
        if !problems.contains(problem) { problems.append(problem) }
    }

    /// Records a read; two types at one argument clash when one of them is a nested
    /// variable's (`format-mismatch` reports those within one level).
    mutating func read(
        _ argument: Int, as kind: FormatString.ArgumentKind?, by what: String, nested: Bool = false, owner: String?,
        category: PluralCategory?, reference: Substring
    ) {
        guard let kind else { return }
        guard let earlier = reads[argument] else {
            reads[argument] = (kind, what, nested)
            return
        }
        if earlier.kind != kind, nested || earlier.nested {
            report(
                .argumentClash(argument: argument),
                "argument \(argument) is read as \(earlier.kind) by \(earlier.by) and as \(kind) by \(what)",
                owner: owner, category: category, reference: reference)
        }
    }

    /// The specifiers and references of one text: the format (`owner` nil) or a variant.
    mutating func visit(_ text: String, owner: String?, category: PluralCategory?, base: Int, path: [String]) {
        let tokens = FormatScanner.tokens(in: text)
        var next = 0
        for (token, written) in tokens {
            let position: Int
            switch token.kind {
            case .literal, .percent, .invalid:
                continue
            case .specifier(let specifier):
                if let explicit = specifier.position {
                    position = explicit
                } else {
                    position = base + next
                    next += 1
                }
                let what = owner.map { "variable \"\(Diagnostic.quote($0))\"" } ?? "the format"
                read(
                    position, as: specifier.argument, by: "\(what) ('\(Diagnostic.quote(written))')", owner: owner,
                    category: category, reference: written)
            case .variable(let found):
                if let explicit = found.position {
                    position = explicit
                } else {
                    position = base + next
                    next += 1
                }
                let name = String(FormatScanner.substring(found.name, of: text))
                reference(
                    name, at: position, explicit: found.position != nil, owner: owner, category: category,
                    written: written, path: path)
            }
        }
    }

    /// A reference to `name` read at `position`.
    mutating func reference(
        _ name: String, at position: Int, explicit: Bool, owner: String?, category: PluralCategory?,
        written: Substring, path: [String]
    ) {
        let quoted = "\"\(Diagnostic.quote(name))\""
        guard let variable = entry.variables[name] else {
            let holder = owner.map { "variable \"\(Diagnostic.quote($0))\" refers to" } ?? "the format names"
            report(
                .undefined(name), "\(holder) variable \(quoted), which is not defined", owner: owner,
                category: category, reference: written)
            return
        }
        if let start = path.firstIndex(of: name) {
            let cycle = Array(path[start...]) + [name]
            report(
                .cycle(cycle), "variables refer to each other in a cycle: \(PluralEntry.describeCycle(cycle))",
                owner: owner, category: category, reference: written)
            return
        }
        guard path.count < PluralEntry.maximumNesting else {
            report(
                .tooDeep, "variables nest more than \(PluralEntry.maximumNesting) levels deep (at \(quoted))",
                owner: owner, category: category, reference: written)
            return
        }
        let argument = variable.argument ?? position
        if explicit, argument != position {
            report(
                .argumentClash(argument: position),
                "variable \(quoted) is referred to as argument \(position) but reads argument \(argument)",
                owner: owner, category: category, reference: written)
        }
        let type = variable.valueType.unicodeScalars.last.flatMap(FormatScanner.argument(of:))
        read(
            argument, as: type, by: "variable \(quoted) (%\(variable.valueType))", nested: owner != nil, owner: owner,
            category: category, reference: written)
        if arguments[name] == nil { arguments[name] = argument }
        guard done.insert("\(argument) \(name)").inserted else { return }
        for variantCategory in PluralCategory.allCases {
            guard let variant = variable.variants[variantCategory] else { continue }
            let withArg = PluralEntry.naming(argument, of: variable, in: variant)
            visit(withArg, owner: name, category: variantCategory, base: argument, path: path + [name])
        }
    }
}
