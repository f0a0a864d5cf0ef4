import Commands
import Testing

/// The example of the Commands article (`Sources/Commands/Commands.docc/Commands.md`), line
/// for line, so that what it says is what it does.
@Suite("The Commands article's example")
struct ArticleExampleTests {
    static let lang = Option.value("lang", placeholder: "LANG", summary: "the language to show text in")
    static let width = Option.value("width", placeholder: "N", summary: "the columns to fit")
    static let program = Program(
        "Recipes", summary: "recipes for every cook", options: [lang, width],
        commands: [Command("today", summary: "today's menu"), Command("list", summary: "every recipe")],
        defaultCommand: "today")

    enum Outcome: Equatable {
        case run(screen: String, language: String?, columns: Int)
        case help(String)
        case usage(String)
    }

    /// The article's code, with `print` and `exit` turned into what it returns.
    static func main(_ arguments: [String]) -> Outcome {
        let parsed = program.parse(arguments)
        if parsed.wantsHelp { return .help(program.help(for: parsed.path)) }
        do throws(UsageError) {
            if let problem = parsed.problem { throw problem }
            let columns =
                try parsed.value(width, expected: "a number of columns from 20") {
                    Int($0).flatMap { $0 >= 20 ? $0 : nil }
                }
                ?? 80
            return .run(screen: parsed.path.first ?? "today", language: parsed.value(lang), columns: columns)
        } catch {
            return .usage(error.diagnostic.description)
        }
    }

    @Test("options before or after the command, the default command, help, and each usage error")
    func outcomes() {
        #expect(Self.main([]) == .run(screen: "today", language: nil, columns: 80))
        #expect(
            Self.main(["--lang", "es", "list", "--width", "30"]) == .run(screen: "list", language: "es", columns: 30))
        guard case .help(let help) = Self.main(["--help"]) else { Issue.record("no help"); return }
        #expect(help.contains("--width N") && help.contains("every recipe"))
        #expect(Self.main(["--width", "5"]) == .usage("error: '5' is not a number of columns from 20"))
        #expect(Self.main(["lsit"]) == .usage("error: unknown command 'lsit'; did you mean 'list'?"))
    }
}
