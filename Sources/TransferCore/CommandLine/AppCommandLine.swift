import Commands
import Flavors
import Localization
import TerminalText

/// The app's command line, declared once as `Commands` values: its global options and the
/// core's commands, whose summaries are catalog keys. Each build adds its extension's
/// commands (`FlavorBuild.program`); the program's arguments and the interactive session's
/// lines are parsed by the same declarations.
package enum AppCommandLine {
    /// `--queue FILE`: the queue to show and change, instead of the sample queue.
    package static let queueFile = Option.value(
        "queue", placeholder: "FILE", summary: Summary.text("help.option.queue"))
    /// `--lang`, `--width` and `--color`, as every flavored program takes them
    /// (`FlavorCommandLine`), with catalog keys as summaries.
    package static let flavored = FlavorCommandLine(
        languageSummary: Summary.text("help.option.lang"), widthSummary: Summary.text("help.option.width"),
        colorSummary: Summary.text("help.option.color"))
    /// `--lang LANG`: the preferred languages, a colon list; wins over the environment.
    package static var language: Option { flavored.language }
    /// `--remember`: keep `--lang`'s languages for later runs (`RememberedLanguage`).
    package static let remember = Option.flag("remember", summary: Summary.text("help.option.remember"))
    /// `--width N`: the columns screens fit in, instead of `COLUMNS` or the terminal's.
    package static var width: Option { flavored.width }
    /// `--color WHEN`: `auto` (a terminal, without `NO_COLOR` or `TERM=dumb`), `always`, `never`.
    package static var color: Option { flavored.color }
    /// `--localizations DIR`: the shared catalogs to read instead of the resources' ones.
    package static let localizations = Option.value(
        "localizations", placeholder: "DIR", summary: Summary.text("help.option.localizations"))
    /// `--verbose`, `-v`: every fallback on standard error.
    package static let verbose = Option.flag("verbose", short: "v", summary: Summary.text("help.option.verbose"))
    /// `--version`: the name and version, then exit.
    package static let version = Option.flag("version", summary: Summary.text("help.option.version"))
    /// `--help`, `-h`: the help of the program, or of the command named.
    package static let help = Option.flag("help", short: "h", summary: Summary.text("help.option.help"))

    /// `ID`: the transfer a command is about (extension commands take it too).
    package static let transferID = Argument("ID")

    /// `help [COMMAND]`, as git and swift-argument-parser have it.
    package static let helpCommand = Command(
        "help", summary: Summary.text("help.help"), arguments: [Argument("COMMAND", .zeroOrMore)])
    /// `queue`, the default command.
    package static let queue = Command("queue", summary: Summary.text("help.queue"))
    /// `show ID`.
    package static let show = Command("show", summary: Summary.text("help.show"), arguments: [transferID])
    /// `about`.
    package static let about = Command("about", summary: Summary.text("help.about"))
    /// `shell`: the interactive session.
    package static let shell = Command("shell", summary: Summary.text("help.shell"))

    /// The program called `name` (the flavor's), with the core's commands followed by
    /// `commands`, and `help [COMMAND]`. `lang` and `quit` are words of the interactive
    /// session only.
    package static func program(_ name: String, adding commands: [Command]) -> Program {
        Program(
            name, options: [queueFile, language, remember, width, color, localizations, verbose, version],
            commands: [queue, show, about] + TransferCommands.all + [shell] + commands, defaultCommand: queue.name,
            helpOption: help,
            helpCommand: helpCommand)
    }

}
