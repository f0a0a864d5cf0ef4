import AppTesting
import Commands
import Testing
import TransferCore

/// The app's command line and session lines, parsed by its `Commands` declarations: usage
/// errors in the user's language, per-command help, and the lone `--`.
@Suite("The app's command line")
struct AppCommandLineTests {
    /// Every kind of usage error the app's declarations produce, and its first line in the
    /// language asked for (which applies even when given after the mistake).
    @Test(
        "usage errors are localized from their kind, with a suggestion for a close name",
        arguments: [
            (["qeue", "--lang", "es"], "error: orden desconocida: qeue; ¿quisiste decir queue?"),
            (["frobnicate", "--lang", "en"], "error: unknown command frobnicate"),
            (["--verbos", "--lang", "ja"], "error: 不明なオプション: --verbos（--verbose のことですか？）"),
            (["--bogus", "--lang", "ru"], "error: неизвестный параметр --bogus"),
            (["--queue", "--lang", "de"], "error: --queue braucht einen Wert"),
            (["--verbose=yes", "--lang", "pt-BR"], "error: --verbose não aceita valor"),
            (["show", "--lang", "ru"], "error: использование: show ID"),
            (["about", "extra", "--lang", "ar"], "error: الاستخدام: about"),
            (
                ["--width", "19", "--lang", "de"],
                "error: „19“ ist keine Breite für --width: eine Spaltenzahl von 20 bis 10.000 angeben"
            ),
            (
                ["--color", "blue", "--lang", "en"],
                "error: 'blue' is not a value of --color (one of: auto, always, never)"
            ),
            (
                ["--lang", "../x"],
                "error: '../x' is not a language tag (BCP 47, for example es, pt-BR, ca-ES-valencia, "
                    + "es_ES.UTF-8)"
            ),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = AppRunner.run(AppRunner.core, arguments)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        let lines = result.errors.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first.map(String.init) == message)
        #expect(lines.dropFirst().first == "", "the program's help follows the error")
    }

    @Test("help and help COMMAND print the help, exit 0, as --help does")
    func helpCommand() throws {
        let help = AppRunner.run(AppRunner.core, ["help"])
        #expect(help.status == 0)
        #expect(help.output == AppRunner.run(AppRunner.core, ["--help"]).output)
        #expect(help.output.contains("  help [COMMAND…]  print this help, or the help of COMMAND\n"))
        let show = AppRunner.run(AppRunner.core, ["help", "show"])
        #expect(show.status == 0)
        #expect(show.output == AppRunner.run(AppRunner.core, ["show", "--help"]).output)
    }

    static let showHelp = """
        Usage: Light [options] show ID

        show one transfer

        Options:
          --queue FILE               read the queue from FILE (and save changes to it)
          --lang LANG                use LANG, or a list such as pt-BR:es
          --remember                 keep LANG for later runs (with --lang)
          --width N                  fit screens in N columns (else COLUMNS, the terminal, or 80)
          --color auto|always|never  colour: auto (a terminal), always or never
          --localizations DIR        read the shared catalogs from DIR
          --verbose                  report missing and unusable translations
          --version                  print the version
          --help                     print this help

        """

    @Test(
        "COMMAND --help, -h or --help COMMAND print that command's help from its declaration",
        arguments: [
            ["show", "--help"], ["show", "-h"], ["--help", "show"], ["show", "d1", "--help"],
            ["show", "--bogus", "-h"],
        ])
    func commandHelp(arguments: [String]) {
        let result = AppRunner.run(AppRunner.core, arguments + ["--lang", "en", "--verbose"])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        #expect(result.output == Self.showHelp)
    }

    @Test(
        "a command's help is in the language in use",
        arguments: [
            ("de", "Aufruf: Light [Optionen] show ID\n\nzeigt eine Übertragung\n\nOptionen:\n"),
            ("ja", "使い方: Light [オプション] show ID\n\n転送を 1 件表示\n\nオプション:\n"),
            ("es-MX", "Uso: Light [opciones] show ID\n\nmuestra una transferencia específica\n\nOpciones:\n"),
        ])
    func localizedCommandHelp(language: String, start: String) {
        let result = AppRunner.run(AppRunner.core, ["show", "--help", "--lang", language, "--verbose"])
        #expect(result.status == 0)
        #expect(result.problems.isEmpty)
        #expect(result.output.hasPrefix(start))
    }

    @Test("a leading lone -- (as swift run passes it) is dropped; a later one ends the options")
    func doubleDash() {
        let help = AppRunner.run(AppRunner.core, ["--", "--help", "--lang", "en"])
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("Usage: Light [options] [command]\n"))
        #expect(AppRunner.run(AppRunner.core, ["--", "show", "d1"]).status == 0)
        let id = AppRunner.run(AppRunner.core, ["show", "--lang", "en", "--", "--help"])
        #expect(id.status == 1)
        #expect(id.errors == "error: No transfer has the ID --help.\n")
    }

    @Test("session lines parse with the same declarations, without the global options")
    func sessionLines() {
        let result = AppRunner.run(
            AppRunner.core, ["shell", "--lang", "en"],
            input: ["show --help", "queue --lang es", "shwo d1", "show", "help"])
        #expect(result.status == 0)
        #expect(
            result.output.hasPrefix(
                """
                usage: show ID

                show one transfer

                Options:
                  --help  print this help
                Usage: Light [options] [command]

                """))
        #expect(
            result.errors == """
                error: unknown option --lang
                error: unknown command shwo; did you mean show?
                error: usage: show ID

                """)
    }
}

/// Input echoed in error messages cannot act on the terminal, nor flood it.
@Suite("Hostile command lines")
struct HostileCommandLineTests {
    @Test(
        "a --lang value, a command word or an ID with escape sequences is quoted visibly and shortened",
        arguments: [
            ["--lang", "\u{1B}[2J\u{1B}]0;pwned\u{7}"], ["\u{1B}[31mred\nerror: forged", "--lang", "en"],
            ["show", String(repeating: "\u{1B}[2J", count: 10_000), "--lang", "en"],
        ])
    func commandLine(arguments: [String]) {
        let result = AppRunner.run(AppRunner.core, arguments)
        #expect(result.status != 0)
        let errorLine = result.errors.split(separator: "\n").first.map(String.init) ?? ""
        #expect(errorLine.hasPrefix("error: "))
        #expect(errorLine.contains(#"\u{1B}["#))
        #expect(!result.errors.contains("\u{1B}") && !result.errors.contains("\u{7}"))
        #expect(errorLine.count < 300)
    }

    @Test("a shell line with escape sequences and a huge word is echoed visibly and shortened")
    func shellLine() {
        let result = AppRunner.run(
            AppRunner.core, ["shell", "--lang", "en"],
            input: ["\u{1B}[2J\u{1B}[H" + String(repeating: "w", count: 1_000_000), "show \u{1B}[2Jd9"])
        #expect(!result.errors.contains("\u{1B}"))
        let lines = result.errors.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.count < 300 && $0.contains(#"\u{1B}[2J"#) })
    }
}
