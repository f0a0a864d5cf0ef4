import TerminalText
import TextEscaping

/// Text as HTML: escaped, and a snapshot drawn as a terminal shows it.
package enum TerminalHTML {
    /// `text` as HTML: `Escaper.html` (`&`, `<`, `>` and `"` escaped, control characters shown
    /// as `␛`-style pictures; the bidirectional marks and isolates kept, as a terminal acts on them).
    package static func escaped(_ text: some StringProtocol) -> String {
        Escaper.html.escaped(text)
    }

    /// One snapshot line per `<div>`, each its own left-to-right paragraph (the bidirectional
    /// algorithm runs per line, as in a terminal that applies it, and the text's isolates and
    /// marks act as there); a character two cells wide is drawn two cells wide. `marked`
    /// lines get the class `mark` (a deleted or inserted line).
    package static func lines(_ text: String, marked: [Bool] = []) -> String {
        var result = ""
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if text.hasSuffix("\n") { lines.removeLast() }
        for (index, line) in lines.enumerated() {
            result += index < marked.count && marked[index] ? "<div class=\"ln mark\">" : "<div class=\"ln\">"
            for character in line {
                let cell = escaped(String(character))
                result += DisplayColumns.width(of: character) == 2 ? "<span class=\"w\">\(cell)</span>" : cell
            }
            result += "</div>"
        }
        return result
    }

    /// The widest line of `text`, in terminal columns.
    package static func width(_ text: String) -> Int {
        text.split(separator: "\n").map { DisplayColumns.width($0) }.max() ?? 0
    }
}
