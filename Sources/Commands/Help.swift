import TerminalText

extension Program {
    /// The help of the command at `path` (`[]`: the program), generated from the
    /// declarations: the usage line, the summary, then tables of arguments, commands (every
    /// command below, with its arguments) and options, each aligned by display width.
    /// Sections without rows are left out; the text ends with a newline.
    public func help(for path: [String], input: Input = .arguments, style: HelpStyle = HelpStyle()) -> String {
        let command = self.command(at: path) ?? root
        let wrap = { (text: String) in DisplayColumns.wrap(text, to: style.lineWidth) }
        var sections = [wrap(style.usageLine(synopsis(of: path, input: input)))]
        let summary = style.describe(command.summary)
        if !summary.isEmpty { sections.append(wrap(summary)) }
        let arguments = command.arguments.filter { !$0.summary.isEmpty }.map { ($0.name, style.describe($0.summary)) }
        let commands = Self.leaves(of: command).map { ($0.words.joined(separator: " "), style.describe($0.summary)) }
        let options = self.options(at: path, input: input)
        let aliases = style.showsShortNames && options.contains { $0.short != nil }
        let optionRows = options.map { option in
            let name = aliases ? (option.short.map { "-\($0), " } ?? "    ") + option.usage : option.usage
            return (name, style.describe(option.summary))
        }
        for (heading, rows) in [
            (style.argumentsHeading, arguments), (style.commandsHeading, commands),
            (style.optionsHeading, optionRows),
        ] where !rows.isEmpty {
            sections.append(
                wrap(heading) + TextColumns(rows.map { [$0.0, $0.1] }).render(width: style.lineWidth, indent: 2))
        }
        return sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
    }

    /// Every command below `command` that runs (has no subcommands), as the words that call
    /// it (`snapshots accept [PATH…]`) and its summary.
    private static func leaves(of command: Command) -> [(words: [String], summary: String)] {
        command.subcommands.flatMap { sub in
            sub.subcommands.isEmpty
                ? [([sub.name] + sub.arguments.map(\.usage), sub.summary)]
                : leaves(of: sub).map { ([sub.name] + $0.words, $0.summary) }
        }
    }
}
