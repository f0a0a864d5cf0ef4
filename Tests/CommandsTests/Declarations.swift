import Commands

/// Two programs declared for the tests: a maintainers' tool with subcommands and per-command
/// options, and an app with global options, a default command and plug-in commands, whose
/// summaries are catalog keys.
enum Declarations {
    static let root = Option.value("root", placeholder: "DIR", summary: "the package folder")
    static let strict = Option.flag("strict", summary: "count warnings as errors")
    static let format = Option.value(
        "format", placeholder: "FORMAT", allowed: ["text", "json"], summary: "text or JSON")
    static let table = Option.value("table", short: "t", placeholder: "T", repeatable: true, summary: "only this table")
    static let output = Option.value("output", placeholder: "PATH", required: true, summary: "where to write")
    static let language = Argument("LANG", summary: "a language tag")
    static let numbers = Argument("NUMBER", .oneOrMore, summary: "numbers as written")
    static let paths = Argument("PATH", .zeroOrMore)

    static let lint = Command("lint", summary: "check the catalogs", options: [root, strict, format, table])
    static let export = Command("export", summary: "write the catalogs", options: [output])
    static let plural = Command("plural", summary: "plural categories", arguments: [language, numbers])
    static let snapshots = Command(
        "snapshots", summary: "review snapshots",
        subcommands: [
            Command("status", summary: "list pending files", options: [root]),
            Command("accept", summary: "accept pending files", arguments: [paths], options: [root]),
        ])
    static let tool = Program("tool", summary: "a maintainers' tool", commands: [lint, export, plural, snapshots])

    static let queuePath = Option.value("queue", placeholder: "FILE", summary: "help.option.queue")
    static let lang = Option.value("lang", placeholder: "LANG", summary: "help.option.lang")
    static let remember = Option.flag("remember", summary: "help.option.remember")
    static let width = Option.value("width", placeholder: "N", summary: "help.option.width")
    static let color = Option.value(
        "color", placeholder: "WHEN", allowed: ["auto", "always", "never"], summary: "help.option.color")
    static let verbose = Option.flag("verbose", short: "v", summary: "help.option.verbose")
    static let localizations = Option.value("localizations", placeholder: "DIR", summary: "help.option.localizations")
    static let version = Option.flag("version", summary: "help.option.version")
    static let id = Argument("ID")
    static let app = Program(
        "Regular", options: [queuePath, lang, remember, width, color, localizations, verbose, version],
        commands: [
            Command("queue", summary: "help.queue"), Command("show", summary: "help.show", arguments: [id]),
            Command("about", summary: "help.about"),
            Command(
                "add", summary: "help.add", arguments: [Argument("URL")],
                options: [
                    .value("title", placeholder: "T", summary: "help.option.title"),
                    .value("upload", placeholder: "FILE", summary: "help.option.upload"),
                ]),
            Command("delete", summary: "help.delete", arguments: [id]),
            Command(
                "run", summary: "help.run", options: [.value("into", placeholder: "DIR", summary: "help.option.into")]),
            Command("shell", summary: "help.shell"),
        ],
        defaultCommand: "queue", helpOption: .flag("help", short: "h", summary: "help.option.help"),
        helpCommand: Command("help", summary: "help.help", arguments: [Argument("COMMAND", .zeroOrMore)]))
    /// What a plug-in module adds to the app.
    static let queueControl =
        ["pause", "resume", "cancel"].map { Command($0, summary: "help.\($0)", arguments: [id]) } + [
            Command(
                "move", summary: "help.move", arguments: [id],
                options: [.value("to", placeholder: "N", required: true, summary: "help.option.to")]),
            Command("prioritize", summary: "help.prioritize", arguments: [id]),
        ]
}
