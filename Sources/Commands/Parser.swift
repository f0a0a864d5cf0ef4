/// Turns words into a `ParsedCommandLine` following a program's declarations. It records the
/// first mistake and goes on, so that everything that was right is still parsed.
struct Parser {
    let program: Program
    let input: Program.Input

    private var path: [String] = []
    private var command: Command
    private var positionals: [String] = []
    private var result: ParsedCommandLine
    private var helpAsked = false
    /// After an unknown command, the words that follow belong to no declared command.
    private var lost = false

    init(program: Program, input: Program.Input) {
        self.program = program
        self.input = input
        command = program.root
        result = ParsedCommandLine(path: [], synopsis: program.synopsis(of: [], input: input))
    }

    consuming func parse(_ words: [String]) -> ParsedCommandLine {
        var remaining = words[...]
        var onlyPositionals = false
        while let word = remaining.popFirst() {
            if !onlyPositionals, word == "--" {
                onlyPositionals = true
            } else if !onlyPositionals, Self.looksLikeOption(word) {
                option(word, remaining: &remaining)
            } else if positionals.isEmpty, !command.subcommands.isEmpty, !lost {
                enter(word)
            } else {
                positionals.append(word)
            }
        }
        if helpAsked {
            result.wantsHelp = true
            result.problem = nil
            return result
        }
        if !lost { finish() }
        return result
    }

    /// `--name`, `--name=value` or `-x`; a lone `-` or `-5` is a positional word.
    static func looksLikeOption(_ word: String) -> Bool {
        if word.hasPrefix("--") { return word.count > 2 }
        return word.count >= 2 && word.hasPrefix("-") && word.dropFirst().first!.isLetter
    }

    private mutating func enter(_ name: String) {
        guard let next = command.subcommand(name) else {
            note(
                .unknownCommand, word: name,
                suggestion: Suggestion.closest(to: name, among: command.subcommands.map(\.name)))
            lost = true
            return
        }
        command = next
        path.append(name)
        result.path = path
        result.synopsis = program.synopsis(of: path, input: input)
    }

    private mutating func option(_ word: String, remaining: inout ArraySlice<String>) {
        let scope = program.options(at: path, input: input)
        let spelled: String, inline: String?, found: Option?
        if word.hasPrefix("--") {
            let body = word.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            spelled = "--" + name
            inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            found = scope.last { $0.name == name }
        } else {
            spelled = word
            inline = nil
            found = word.count == 2 ? scope.last { $0.short == word.last } : nil
        }
        guard let option = found else {
            note(
                .unknownOption, word: spelled, suggestion: Suggestion.closest(to: spelled, among: scope.map(\.spelling))
            )
            return
        }
        switch option.kind {
        case .flag:
            guard inline == nil else { return note(.unexpectedValue, word: spelled) }
            if option == program.helpOption { helpAsked = true }
            result.optionValues[option.name, default: []].append("")
        case .value(_, let allowed):
            let value: String
            if let inline {
                value = inline
            } else if let next = remaining.first, next != "--", !Self.looksLikeOption(next) {
                value = next
                remaining.removeFirst()
            } else {
                return note(.missingValue, word: spelled)
            }
            guard allowed.isEmpty || allowed.contains(value) else {
                return note(
                    .invalidValue, word: value, suggestion: Suggestion.closest(to: value, among: allowed),
                    subject: option.spelling, allowed: allowed)
            }
            if option.isRepeatable {
                result.optionValues[option.name, default: []].append(value)
            } else {
                result.optionValues[option.name] = [value]
            }
        }
    }

    /// The checks that need the whole line: a command named, the arguments' count, required options.
    private mutating func finish() {
        if !command.subcommands.isEmpty {
            if path.isEmpty, input == .arguments, let name = program.defaultCommand, command.subcommand(name) != nil {
                enter(name)
            } else {
                note(.missingCommand, word: path.last ?? program.name, allowed: command.subcommands.map(\.name))
                return
            }
        }
        if let help = program.helpCommand, path == [help.name] {
            return showHelp(of: positionals)
        }
        var rest = positionals[...]
        for (index, argument) in command.arguments.enumerated() {
            let taken = min(argument.maximum ?? rest.count, rest.count)
            guard taken >= argument.minimum else {
                let missing = command.arguments[index...].filter { $0.minimum > 0 }.map(\.usage)
                return note(.missingArgument, word: missing.joined(separator: " "))
            }
            result.argumentValues[argument.name] = Array(rest.prefix(taken))
            rest = rest.dropFirst(taken)
        }
        if let extra = rest.first { return note(.unexpectedArgument, word: extra) }
        for option in program.options(at: path, input: input) where option.isRequired && result.count(option) == 0 {
            note(.missingOption, word: option.spelling, allowed: option.allowedValues)
        }
    }

    /// `help snapshots accept`: the help of the command named, which must exist.
    private mutating func showHelp(of words: [String]) {
        var target: [String] = []
        var node = program.root
        for word in words {
            guard let next = node.subcommand(word) else {
                path = target
                result.path = target
                result.synopsis = program.synopsis(of: target, input: input)
                return note(
                    .unknownCommand, word: word,
                    suggestion: Suggestion.closest(to: word, among: node.subcommands.map(\.name)))
            }
            node = next
            target.append(word)
        }
        guard result.problem == nil else { return }
        result.path = target
        result.wantsHelp = true
    }

    private mutating func note(
        _ kind: UsageError.Kind, word: String, suggestion: String? = nil, subject: String? = nil, allowed: [String] = []
    ) {
        guard result.problem == nil else { return }
        result.problem = UsageError(
            kind, word: word, suggestion: suggestion, subject: subject, allowed: allowed,
            command: path, synopsis: result.synopsis)
    }
}
