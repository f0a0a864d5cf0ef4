extension Program {
    /// How to call the command at `path`, generated from the declarations:
    /// `flavorkit lint [--root DIR] [--strict] [--format text|json]`, `flavorkit snapshots <command>`,
    /// `Regular [options] [command]` (global options and a default command), or `show ID` for
    /// a shell line. Required options are shown bare, repeatable ones followed by `…`.
    public func synopsis(of path: [String], input: Input = .arguments) -> String {
        var words = input == .arguments ? [name] : []
        if input == .arguments, !options.isEmpty { words.append("[options]") }
        var command = root
        for name in path {
            guard let next = command.subcommand(name) else { break }
            command = next
            words.append(name)
            words += command.options.map { option in
                option.isRequired ? option.usage : "[\(option.usage)]" + (option.isRepeatable ? "…" : "")
            }
        }
        if !command.subcommands.isEmpty {
            words.append(path.isEmpty && input == .arguments && defaultCommand != nil ? "[command]" : "<command>")
        }
        words += command.arguments.map(\.usage)
        return words.joined(separator: " ")
    }
}
