import Commands
import Diagnostics
import Flavors

/// `--help` and `COMMAND --help`: how to call the program or one of its commands, generated
/// from the declarations of the commands this run offers (`AppContext.program`), in the
/// language in use.
package enum HelpScreen {
    /// The help of the command at `path` (`[]`: the program, as the session's `help` shows it
    /// too). For a session line (`input` `.shellLine`), a command's help leaves out the
    /// program's name and global options. A command the flavor does not offer is refused.
    package static func render(
        _ path: [String], input: Program.Input = .arguments, context: AppContext
    ) throws(AppError) -> String {
        let text = context.texts
        let program = context.program
        guard program.command(at: path) != nil else {
            throw AppError.unavailable(
                text("error.unavailable", .string(Diagnostic.quote(path[0])), .string(context.flavor.displayName)))
        }
        let usageLine: String
        if path.isEmpty {
            usageLine = text("help.usage", .string(program.name))
        } else if input == .arguments {
            usageLine = text(
                "help.usage.command", .string(program.name),
                .string(program.synopsis(of: path, input: .shellLine)))
        } else {
            usageLine = text("usage.wrongArguments", .string(program.synopsis(of: path, input: .shellLine)))
        }
        let style = HelpStyle(
            describe: { $0.isEmpty ? "" : text($0) }, usageLine: { _ in usageLine },
            commandsHeading: text("help.commands"), optionsHeading: text("help.options"), showsShortNames: false,
            lineWidth: context.width)
        return program.help(for: path, input: path.isEmpty ? .arguments : input, style: style)
    }
}
