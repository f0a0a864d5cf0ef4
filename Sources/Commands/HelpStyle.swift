/// How help is put into words. Declarations hold names (syntax) and summaries, which may be
/// catalog keys; `describe` turns each summary into the text shown, so that help can be
/// rendered in a language chosen after parsing. The defaults are English and show summaries
/// as they are.
public struct HelpStyle {
    /// Turns a declared summary (English text or a catalog key) into the text shown.
    public var describe: (String) -> String
    /// The first line, from the generated synopsis: `usage: flavorkit lint [--strict]`.
    public var usageLine: (String) -> String
    /// The heading above the arguments (`arguments:`).
    public var argumentsHeading: String
    /// The heading above the commands (`commands:`).
    public var commandsHeading: String
    /// The heading above the options (`options:`).
    public var optionsHeading: String
    /// Whether options are listed with their one-letter alias (`-v, --verbose`).
    public var showsShortNames: Bool
    /// The terminal columns help may take: lines are wrapped, and tables stacked, to fit.
    public var lineWidth: Int

    /// A style; the defaults are English, with summaries shown as written.
    public init(
        describe: @escaping (String) -> String = { $0 },
        usageLine: @escaping (String) -> String = { "usage: " + $0 },
        argumentsHeading: String = "arguments:", commandsHeading: String = "commands:",
        optionsHeading: String = "options:", showsShortNames: Bool = true, lineWidth: Int = .max
    ) {
        self.describe = describe
        self.usageLine = usageLine
        self.argumentsHeading = argumentsHeading
        self.commandsHeading = commandsHeading
        self.optionsHeading = optionsHeading
        self.showsShortNames = showsShortNames
        self.lineWidth = lineWidth
    }
}
