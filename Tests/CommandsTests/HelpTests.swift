import Commands
import Foundation
import Testing

@Suite("Generated help")
struct HelpTests {
    typealias D = Declarations

    @Test("the program's help: synopsis, summary, every command below with its arguments, options")
    func programHelp() {
        #expect(
            D.tool.help(for: []) == """
                usage: tool <command>

                a maintainers' tool

                commands:
                  lint                      check the catalogs
                  export                    write the catalogs
                  plural LANG NUMBER…       plural categories
                  snapshots status          list pending files
                  snapshots accept [PATH…]  accept pending files
                  help [COMMAND…]           print this help, or the help of COMMAND

                options:
                  -h, --help  print this help

                """)
    }

    @Test("a command's help: its synopsis, arguments and options, aliases in their own column")
    func commandHelp() {
        #expect(
            D.tool.help(for: ["lint"]) == """
                usage: tool lint [--root DIR] [--strict] [--format text|json] [--table T]…

                check the catalogs

                options:
                      --root DIR          the package folder
                      --strict            count warnings as errors
                      --format text|json  text or JSON
                  -t, --table T           only this table
                  -h, --help              print this help

                """)
        #expect(
            D.tool.help(for: ["plural"]) == """
                usage: tool plural LANG NUMBER…

                plural categories

                arguments:
                  LANG    a language tag
                  NUMBER  numbers as written

                options:
                  -h, --help  print this help

                """)
        #expect(D.tool.help(for: ["export"]).hasPrefix("usage: tool export --output PATH\n"))
        #expect(D.tool.help(for: ["snapshots"]).hasPrefix("usage: tool snapshots <command>\n"))
    }

    /// The English catalog entries Regular's help uses (its own help.run included).
    static let english = [
        "help.queue": "show the transfer queue (the default)", "help.show": "show one transfer",
        "help.about": "show the app's name, version and languages",
        "help.shell": "read commands line by line; lang LANG switches the language",
        "help.pause": "pause a transfer", "help.resume": "resume a paused or failed transfer",
        "help.cancel": "cancel a transfer",
        "help.add": "add a download by its URL (or an upload, with --upload)",
        "help.delete": "delete a transfer (a running one stops first)",
        "help.run": "perform the queue's downloads and uploads, with live progress",
        "help.move": "move a transfer to another place in the queue",
        "help.prioritize": "move a transfer to the front of the queue",
        "help.option.queue": "read the queue from FILE (and save changes to it)",
        "help.option.lang": "use LANG, or a list such as pt-BR:es",
        "help.option.remember": "keep LANG for later runs (with --lang)",
        "help.option.width": "fit screens in N columns (else COLUMNS, the terminal, or 80)",
        "help.option.color": "colour: auto (a terminal), always or never",
        "help.option.localizations": "read the shared catalogs from DIR",
        "help.option.verbose": "report missing and unusable translations",
        "help.option.version": "print the version", "help.option.help": "print this help",
        "help.help": "print this help, or the help of COMMAND",
    ]

    @Test("summaries given as catalog keys are put into words at rendering: the app's recorded help, byte for byte")
    func localizedHelp() throws {
        let style = HelpStyle(
            describe: { Self.english[$0] ?? $0 }, usageLine: { "Usage: " + $0 }, commandsHeading: "Commands:",
            optionsHeading: "Options:", showsShortNames: false)
        let recorded = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("snapshots/Regular/en/132/help.txt")
        let expected = try String(contentsOf: recorded, encoding: .utf8)
        #expect(D.app.adding(D.queueControl).help(for: [], style: style) == expected)
    }

    @Test("a shell line's help leaves out the program's name and its global options")
    func shellHelp() {
        #expect(
            D.app.help(for: ["show"], input: .shellLine) == """
                usage: show ID

                help.show

                options:
                  -h, --help  help.option.help

                """)
    }

    @Test("help tables align by display width: wide characters take two columns")
    func displayWidth() {
        let program = Program(
            "p",
            commands: [
                Command("a", summary: "one", arguments: [Argument("名前")]),
                Command("bb", summary: "two", arguments: [Argument("ID")]),
            ], helpCommand: nil)
        #expect(program.help(for: []).contains("  a 名前  one\n  bb ID   two\n"))
    }
}
