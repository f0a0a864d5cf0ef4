/// `--help`: how to call the program, in the language in use.
public enum HelpScreen {
    public static func render(program: String, context: AppContext) -> String {
        let text = context.texts
        var commands = TextTable(header: ["queue", text("help.queue")])
        commands.append(["show ID", text("help.show")])
        commands.append(["about", text("help.about")])
        commands.append(["shell", text("help.shell")])
        for command in context.commands {
            commands.append([command.signature.synopsis, command.summary(text)])
        }
        var options = TextTable(header: ["--queue FILE", text("help.option.queue")])
        options.append(["--lang LANG", text("help.option.lang")])
        options.append(["--localizations DIR", text("help.option.localizations")])
        options.append(["--verbose", text("help.option.verbose")])
        options.append(["--version", text("help.option.version")])
        options.append(["--help", text("help.option.help")])
        return ([text("help.usage", .string(program)), "", text("help.commands")]
            + commands.render().map { "  " + $0 }
            + ["", text("help.options")]
            + options.render().map { "  " + $0 }).joined(separator: "\n") + "\n"
    }
}
