import Testing

@testable import Commands

/// Command lines with one mistake each: the kind, the word, the suggestion and the English wording.
let mistakenLines: [([String], UsageError.Kind, String, String?, String)] = [
    (["lnit"], UsageError.Kind.unknownCommand, "lnit", "lint", "unknown command 'lnit'; did you mean 'lint'?"),
    (["publish"], .unknownCommand, "publish", nil, "unknown command 'publish'"),
    (["snapshots", "stauts"], .unknownCommand, "stauts", "status", "unknown command 'stauts'; did you mean 'status'?"),
    ([], .missingCommand, "tool", nil, "tool needs a command: lint, export, plural, snapshots or help"),
    (["snapshots"], .missingCommand, "snapshots", nil, "snapshots needs a command: status or accept"),
    (
        ["lint", "--strcit"], .unknownOption, "--strcit", "--strict",
        "unknown option '--strcit'; did you mean '--strict'?"
    ),
    (["lint", "--xyz=1"], .unknownOption, "--xyz", nil, "unknown option '--xyz'"),
    (["lint", "-x"], .unknownOption, "-x", nil, "unknown option '-x'"),
    (["lint", "--root"], .missingValue, "--root", nil, "--root needs a value"),
    (["lint", "--root", "--strict"], .missingValue, "--root", nil, "--root needs a value"),
    (["lint", "-t"], .missingValue, "-t", nil, "-t needs a value"),
    (["lint", "--strict=yes"], .unexpectedValue, "--strict", nil, "--strict takes no value"),
    (["export"], .missingOption, "--output", nil, "missing --output"),
    (["plural", "ru"], .missingArgument, "NUMBER…", nil, "missing NUMBER… (usage: tool plural LANG NUMBER…)"),
    (["plural"], .missingArgument, "LANG NUMBER…", nil, "missing LANG NUMBER… (usage: tool plural LANG NUMBER…)"),
    (
        ["lint", "extra"], .unexpectedArgument, "extra", nil,
        "unexpected argument 'extra' (usage: tool lint [--root DIR] [--strict] [--format text|json] [--table T]…)"
    ),
    (["lint", "--format", "xml"], .invalidValue, "xml", nil, "--format takes text or json, not 'xml'"),
    (
        ["lint", "--format", "jsno"], .invalidValue, "jsno", "json",
        "--format takes text or json, not 'jsno'; did you mean 'json'?"
    ),
]

@Suite("Parsing command lines")
struct ParsingTests {
    typealias D = Declarations

    @Test(
        "--name value, --name=value and -x value give the same value",
        arguments: [
            ["lint", "--table", "A"], ["lint", "--table=A"], ["lint", "-t", "A"],
            ["lint", "--strict", "-t", "A", "--"],
        ])
    func valueSpellings(arguments: [String]) throws {
        let parsed = D.tool.parse(arguments)
        #expect(parsed.problem == nil)
        #expect(parsed.path == ["lint"])
        #expect(parsed.value(D.table) == "A")
    }

    @Test("a value may contain '=' and start with a digit or a lone dash")
    func valueContents() {
        #expect(D.tool.parse(["lint", "--root=a=b"]).value(D.root) == "a=b")
        #expect(D.tool.parse(["lint", "--root", "-"]).value(D.root) == "-")
        #expect(D.tool.parse(["lint", "-t", "-5"]).values(D.table) == ["-5"])
    }

    @Test("a repeatable option keeps every value in order; another keeps the last")
    func repeatedOptions() {
        let parsed = D.tool.parse(["lint", "--table", "A", "-t", "B", "--table=C", "--root", "x", "--root", "y"])
        #expect(parsed.problem == nil)
        #expect(parsed.values(D.table) == ["A", "B", "C"])
        #expect(parsed.value(D.table) == "C")
        #expect(parsed.value(D.root) == "y")
        #expect(parsed.values(D.root) == ["y"])
        #expect(!parsed.flag(D.strict))
        #expect(D.tool.parse(["lint", "--strict", "--strict"]).count(D.strict) == 2)
    }

    @Test("a lone -- ends the options: what follows is positional")
    func doubleDash() {
        let parsed = D.tool.parse(["plural", "--", "-x", "--strict", "-5"])
        #expect(parsed.problem == nil)
        #expect(parsed.argument(D.language) == "-x")
        #expect(parsed.arguments(D.numbers) == ["--strict", "-5"])
    }

    @Test("arguments are assigned in order; options may come between them")
    func arguments() {
        let parsed = D.tool.parse(["plural", "ru", "1", "2.5"])
        #expect(parsed.argument(D.language) == "ru")
        #expect(parsed.arguments(D.numbers) == ["1", "2.5"])
        let accept = D.tool.parse(["snapshots", "accept", "a.txt", "--root", "r", "b.txt"])
        #expect(accept.problem == nil)
        #expect(accept.path == ["snapshots", "accept"])
        #expect(accept.arguments(D.paths) == ["a.txt", "b.txt"])
        #expect(accept.value(D.root) == "r")
        #expect(D.tool.parse(["snapshots", "accept"]).arguments(D.paths) == [])
    }

    @Test("global options go before or after the command; no command runs the default one")
    func globalOptions() {
        let before = D.app.parse(["--lang", "es", "show", "d1"])
        let after = D.app.parse(["show", "d1", "--lang=es", "-v"])
        #expect(before.path == ["show"] && after.path == ["show"])
        #expect(before.value(D.lang) == "es" && after.value(D.lang) == "es")
        #expect(after.flag(D.verbose))
        #expect(before.argument(D.id) == "d1")
        let none = D.app.parse(["--verbose"])
        #expect(none.problem == nil)
        #expect(none.path == ["queue"])
    }

    @Test("a shell line parses with the same commands, without global options")
    func shellLine() throws {
        let show = D.app.parse(line: ["show", "d1"])
        #expect(show.problem == nil)
        #expect(show.argument(D.id) == "d1")
        let global = try #require(D.app.parse(line: ["show", "d1", "--lang", "es"]).problem)
        #expect(global.kind == .unknownOption)
        #expect(global.word == "--lang")
        let missing = try #require(D.app.parse(line: ["show"]).problem)
        #expect(missing.kind == .missingArgument)
        #expect(missing.synopsis == "show ID")
        #expect(D.app.parse(line: ["show", "--help"]).wantsHelp)
    }

    @Test("commands declared elsewhere are added and parsed like the others")
    func pluggedInCommands() {
        let regular = D.app.adding(D.queueControl)
        let pause = regular.parse(["pause", "d2"])
        #expect(pause.problem == nil)
        #expect(pause.path == ["pause"])
        #expect(pause.argument(D.id) == "d2")
        #expect(regular.parse(line: ["cancel", "d1"]).path == ["cancel"])
        #expect(D.app.parse(["pause", "d2"]).problem?.kind == .unknownCommand)
    }

    @Test(
        "--help and -h on any command, and the help command, ask for that command's help",
        arguments: [
            (["--help"], []), (["-h"], []), (["lint", "--help"], ["lint"]),
            (["lint", "--format", "xml", "-h"], ["lint"]),
            (["snapshots", "-h"], ["snapshots"]), (["snapshots", "accept", "--help"], ["snapshots", "accept"]),
            (["help"], []), (["help", "snapshots", "status"], ["snapshots", "status"]), (["help", "help"], ["help"]),
        ] as [([String], [String])])
    func help(arguments: [String], path: [String]) {
        let parsed = D.tool.parse(arguments)
        #expect(parsed.wantsHelp)
        #expect(parsed.problem == nil)
        #expect(parsed.path == path)
    }

    @Test("help for a command that does not exist is an unknown command")
    func helpUnknown() throws {
        let parsed = D.tool.parse(["help", "snapshots", "stauts"])
        #expect(!parsed.wantsHelp)
        let problem = try #require(parsed.problem)
        #expect(problem.kind == .unknownCommand)
        #expect(problem.suggestion == "status")
        #expect(problem.command == ["snapshots"])
    }

    @Test("each kind of mistake is a typed error naming the word", arguments: mistakenLines)
    func mistakes(
        arguments: [String], kind: UsageError.Kind, word: String, suggestion: String?, description: String
    ) throws {
        let problem = try #require(D.tool.parse(arguments).problem)
        #expect(problem.kind == kind)
        #expect(problem.word == word)
        #expect(problem.suggestion == suggestion)
        #expect(problem.description == description)
        #expect(problem.diagnostic.description == "error: " + description)
    }

    @Test("the mistakes above cover every kind")
    func everyKind() {
        #expect(Set(mistakenLines.map(\.1)) == Set(UsageError.Kind.allCases))
    }

    @Test("the first mistake is kept, and the rest of the line is still parsed")
    func firstMistake() throws {
        let parsed = D.app.parse(["--bogus", "show", "--lang", "fr"])
        #expect(try #require(parsed.problem).word == "--bogus")
        #expect(parsed.value(D.lang) == "fr")
        #expect(parsed.path == ["show"])
    }

    @Test("an error names the command it is about and that command's synopsis")
    func errorContext() throws {
        let problem = try #require(D.tool.parse(["snapshots", "accept", "--strict"]).problem)
        #expect(problem.command == ["snapshots", "accept"])
        #expect(problem.synopsis == "tool snapshots accept [--root DIR] [PATH…]")
        let app = try #require(D.app.parse(["show"]).problem)
        #expect(app.synopsis == "Regular [options] show ID")
    }

    enum Format: String { case text, json }

    @Test("typed accessors convert values, and a refused value is an invalid-value error")
    func typedAccessors() throws {
        let parsed = D.tool.parse(["plural", "ru", "1", "x2"])
        #expect(try D.tool.parse(["lint", "--format", "json"]).value(D.format, as: Format.self) == .json)
        #expect(try parsed.argument(D.language, expected: "a language", { $0.count == 2 ? $0 : nil }) == "ru")
        let error = #expect(throws: UsageError.self) {
            try parsed.arguments(D.numbers, expected: "a number", Int.init)
        }
        #expect(error?.kind == .invalidValue)
        #expect(error?.word == "x2")
        #expect(error?.subject == "NUMBER")
        #expect(error?.description == "'x2' is not a number")
        #expect(error?.command == ["plural"])
        let table = #expect(throws: UsageError.self) {
            try D.tool.parse(["lint", "-t", "A", "-t", "b"])
                .values(D.table, expected: "upper case", { $0 == $0.uppercased() ? $0 : nil })
        }
        #expect(table?.word == "b")
    }

    @Test(
        "suggestions come from the closest name, only when it is close",
        arguments: [
            ("lnit", ["lint", "export"], "lint"), ("expotr", ["lint", "export"], "export"), ("lin", ["lint"], "lint"),
            ("snapshot", ["snapshots"], "snapshots"), ("xyz", ["lint", "export"], nil), ("ab", ["about"], nil),
            ("--verbos", ["--verbose", "--version"], "--verbose"),
        ] as [(String, [String], String?)])
    func suggestions(word: String, candidates: [String], expected: String?) {
        #expect(Suggestion.closest(to: word, among: candidates) == expected)
    }

    @Test("edit distance counts a swap of neighbours as one edit")
    func editDistance() {
        #expect(Suggestion.editDistance(Array("lnit"), Array("lint")) == 1)
        #expect(Suggestion.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(Suggestion.editDistance(Array(""), Array("abc")) == 3)
        #expect(Suggestion.editDistance(Array("same"), Array("same")) == 0)
    }
}
