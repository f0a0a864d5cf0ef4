import Commands
import Localization
import TerminalText

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The options every flavored program takes, declared once: `--lang LANG` (a colon list of
/// language tags, checked), `--width N` (else `COLUMNS`, else the terminal's, else 80) and
/// `--color auto|always|never` (`NO_COLOR`, `FORCE_COLOR`, `TERM=dumb` and whether output is a
/// terminal decide `auto`). Add `options` to your `Program`; after parsing, `choices(in:)`
/// gives the checked values, or the usage error (exit 64) naming the option at fault.
///
///     let flavored = FlavorCommandLine()
///     let program = Program("Tasks", options: flavored.options, commands: [today, list])
///     let line = program.parse(Array(CommandLine.arguments.dropFirst()))
///     let choices = try flavored.choices(in: line)     // throws UsageError
///     let flavor = try Flavor.load("Pro", features: [], language: choices.language)
///
/// Summaries are English unless given: a program whose help is localized passes its catalog
/// keys and turns them into text when it renders help.
public struct FlavorCommandLine: Sendable {
    /// `--lang LANG`.
    public let language: Option
    /// `--width N`.
    public let width: Option
    /// `--color WHEN`.
    public let color: Option

    /// What the three options chose, checked.
    public struct Choices: Sendable, Equatable {
        /// `--lang`'s list as given (`pt-BR:es`), for `Flavor.load(language:)`; nil without one.
        public var language: String?
        /// The columns to lay text out in.
        public var width: Int
        /// Whether output gets colour.
        public var usesColor: Bool

        /// These choices.
        public init(language: String?, width: Int, usesColor: Bool) {
            self.language = language
            self.width = width
            self.usesColor = usesColor
        }
    }

    /// The options, with these summaries in help.
    public init(
        languageSummary: String = "the language to show text in (a list such as pt-BR:es)",
        widthSummary: String = "the columns to fit (default: COLUMNS, else the terminal's, else 80)",
        colorSummary: String = "when to colour output (auto: on a terminal, without NO_COLOR)"
    ) {
        language = .value("lang", placeholder: "LANG", summary: languageSummary)
        width = .value("width", placeholder: "N", summary: widthSummary)
        color = .value(
            "color", placeholder: "WHEN", allowed: ColorChoice.allCases.map(\.rawValue), summary: colorSummary)
    }

    /// `--lang`, `--width` and `--color`, to add to a `Program`'s options.
    public var options: [Option] { [language, width, color] }

    /// The choices `line` makes with the environment and the terminal; the line's own problem
    /// (an unknown option, a missing value) is thrown first, then a bad value of these
    /// options (`--width 5`, `--lang "not a tag"`).
    public func choices(
        in line: ParsedCommandLine, environment: [String: String] = ProcessInfo.processInfo.environment,
        outputIsTerminal: Bool = Terminal.isTerminal(), terminalWidth: () -> Int? = { Terminal.columns() }
    ) throws(UsageError) -> Choices {
        if let problem = line.problem { throw problem }
        let tags = try language(in: line)
        let requested = try line.value(
            width, expected: "a number of columns from \(Terminal.minimumWidth) to \(Terminal.maximumWidth)",
            Terminal.validWidth)
        let choice = try line.value(color, as: ColorChoice.self) ?? .auto
        return Choices(
            language: tags,
            width: Terminal.width(requested: requested, environment: environment, terminal: terminalWidth),
            usesColor: Terminal.usesColor(choice, environment: environment, isTerminal: outputIsTerminal))
    }

    /// `--lang`'s list, checked to be language tags; nil without one. (A program that words
    /// its errors in the user's language reads it even when something else is wrong.)
    public func language(in line: ParsedCommandLine) throws(UsageError) -> String? {
        try line.value(language, expected: "a language tag (or a list such as pt-BR:es)") { value in
            (try? LanguagePreferences.parseList(value, source: language.spelling)).map { _ in value }
        }
    }
}
