import Commands
import Flavors
import Localization

/// The app's command line, declared once as `Commands` values: its global options and the
/// core's commands, whose summaries are catalog keys. Each build adds its extension's
/// commands (`FlavorBuild.program`); the program's arguments and the interactive session's
/// lines are parsed by the same declarations.
public enum AppCommandLine {
    /// `--queue FILE`: the queue to show and change, instead of the sample queue.
    public static let queueFile = Option.value("queue", placeholder: "FILE", summary: Summary.text("help.option.queue"))
    /// `--lang LANG`: the preferred languages, a colon list; wins over the environment.
    public static let language = Option.value("lang", placeholder: "LANG", summary: Summary.text("help.option.lang"))
    /// `--remember`: keep `--lang`'s languages for later runs (`RememberedLanguage`).
    public static let remember = Option.flag("remember", summary: Summary.text("help.option.remember"))
    /// `--width N`: the columns screens fit in, instead of `COLUMNS` or the terminal's.
    public static let width = Option.value("width", placeholder: "N", summary: Summary.text("help.option.width"))
    /// `--color WHEN`: `auto` (a terminal, without `NO_COLOR` or `TERM=dumb`), `always`, `never`.
    public static let color = Option.value(
        "color", placeholder: "WHEN", allowed: ColorChoice.allCases.map(\.rawValue),
        summary: Summary.text("help.option.color"))
    /// `--localizations DIR`: the shared catalogs to read instead of the resources' ones.
    public static let localizations = Option.value(
        "localizations", placeholder: "DIR", summary: Summary.text("help.option.localizations"))
    /// `--verbose`, `-v`: every fallback on standard error.
    public static let verbose = Option.flag("verbose", short: "v", summary: Summary.text("help.option.verbose"))
    /// `--version`: the name and version, then exit.
    public static let version = Option.flag("version", summary: Summary.text("help.option.version"))
    /// `--help`, `-h`: the help of the program, or of the command named.
    public static let help = Option.flag("help", short: "h", summary: Summary.text("help.option.help"))

    /// `ID`: the transfer a command is about (extension commands take it too).
    public static let transferID = Argument("ID")

    /// `help [COMMAND]`, as git and swift-argument-parser have it.
    public static let helpCommand = Command(
        "help", summary: Summary.text("help.help"), arguments: [Argument("COMMAND", .zeroOrMore)])
    /// `queue`, the default command.
    public static let queue = Command("queue", summary: Summary.text("help.queue"))
    /// `show ID`.
    public static let show = Command("show", summary: Summary.text("help.show"), arguments: [transferID])
    /// `about`.
    public static let about = Command("about", summary: Summary.text("help.about"))
    /// `shell`: the interactive session.
    public static let shell = Command("shell", summary: Summary.text("help.shell"))

    /// The program called `name` (the flavor's), with the core's commands followed by
    /// `commands`, and `help [COMMAND]`. `lang` and `quit` are words of the interactive
    /// session only.
    public static func program(_ name: String, adding commands: [Command]) -> Program {
        Program(
            name, options: [queueFile, language, remember, width, color, localizations, verbose, version],
            commands: [queue, show, about] + TransferCommands.all + [shell] + commands, defaultCommand: queue.name,
            helpOption: help,
            helpCommand: helpCommand)
    }

    /// The narrowest width screens are laid out for.
    public static let minimumWidth = 20
    /// The widest `--width` taken.
    public static let maximumWidth = 10_000

    /// The columns screens fit in: `--width`, else `COLUMNS`, else the terminal's, else 80
    /// (output that is not a terminal). A `--width` below `minimumWidth` or not a number is a
    /// usage error; such a `COLUMNS` is ignored.
    static func width(
        of line: ParsedCommandLine, environment: [String: String], terminal: () -> Int?
    ) throws(UsageError) -> Int {
        let valid = { (text: String) in
            Int(text).flatMap { $0 >= minimumWidth && $0 <= maximumWidth ? $0 : nil }
        }
        if let given = try line.value(width, expected: "a number of columns from \(minimumWidth)", valid) {
            return given
        }
        return environment["COLUMNS"].flatMap(valid) ?? terminal().map { max($0, minimumWidth) } ?? 80
    }

    /// `--lang`'s value, checked to be a list of language tags.
    static func language(of line: ParsedCommandLine) throws(UsageError) -> String? {
        try line.value(language, expected: "a language tag") { value in
            (try? LanguagePreferences.parseList(value, source: language.spelling)).map { _ in value }
        }
    }
}
