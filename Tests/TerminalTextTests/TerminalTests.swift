import Testing

@testable import TerminalText

@Suite("The terminal policy")
struct TerminalTests {
    @Test(
        "colour: always and never decide; auto means a terminal, without NO_COLOR or TERM=dumb, or FORCE_COLOR",
        arguments: [
            (ColorChoice.auto, [String: String](), true, true),
            (.auto, [:], false, false),
            (.auto, ["NO_COLOR": "1"], true, false),
            // no-color.org: an empty NO_COLOR is as none.
            (.auto, ["NO_COLOR": ""], true, true),
            (.auto, ["TERM": "dumb"], true, false),
            (.auto, ["FORCE_COLOR": "1"], false, true),
            (.auto, ["FORCE_COLOR": "0"], false, false),
            (.auto, ["FORCE_COLOR": ""], false, false),
            (.auto, ["FORCE_COLOR": "1", "NO_COLOR": "1"], true, false),
            (.auto, ["FORCE_COLOR": "1", "TERM": "dumb"], false, true),
            (.always, ["NO_COLOR": "1"], false, true),
            (.never, ["FORCE_COLOR": "1"], true, false),
        ])
    func color(choice: ColorChoice, environment: [String: String], terminal: Bool, expected: Bool) {
        #expect(Terminal.usesColor(choice, environment: environment, isTerminal: terminal) == expected)
    }

    @Test(
        "width: the one asked for, else COLUMNS when it is a width, else the terminal's (at least 20), else 80",
        arguments: [
            (Int?.some(33), ["COLUMNS": "100"], Int?.some(120), 33),
            (nil, ["COLUMNS": "100"], 120, 100),
            (nil, ["COLUMNS": "5"], 120, 120),
            (nil, ["COLUMNS": "wide"], nil, 80),
            (nil, ["COLUMNS": "99999"], 60, 60),
            (nil, [:], 12, 20),
            (nil, [:], nil, 80),
        ])
    func width(requested: Int?, environment: [String: String], terminal: Int?, expected: Int) {
        #expect(Terminal.width(requested: requested, environment: environment, terminal: { terminal }) == expected)
    }
}
