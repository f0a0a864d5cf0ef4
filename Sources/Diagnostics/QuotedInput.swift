import TextEscaping

extension Diagnostic {
    /// How many Unicode scalars of one piece of input a message quotes before `…`.
    public static let quoteLimit = 80

    /// Input (a key, a value, a command-line word, a shell line, a path) made safe to quote in
    /// a message shown on a terminal: cut after `quoteLimit` Unicode scalars with `…`, and
    /// with every character that could move the cursor, change colours or reorder the text
    /// written as a Swift escape: `\n`, `\r`, `\t`, and `\u{1B}` for the others — C0 controls
    /// (ESC, NUL, …), DEL, C1 controls (U+0080–U+009F), the line and paragraph separators
    /// (U+2028, U+2029), the bidirectional formatting characters (U+061C, U+200E, U+200F,
    /// U+202A–U+202E, U+2066–U+2069), and invisible characters no running text needs (the
    /// byte-order mark, the word joiner, tag characters, …: `Escaper.isInvisible`). A backslash
    /// stays as it is. Add quotes around it in the
    /// message as usual: `"key \"\(Diagnostic.quote(key))\" is missing"`.
    public static func quote(_ input: some StringProtocol, limit: Int = quoteLimit) -> String {
        // Printable ASCII within the limit, most keys and paths: nothing to escape or cut.
        if input.utf8.count <= limit, input.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return String(input) }
        var result = ""
        var count = 0
        for scalar in input.unicodeScalars {
            if count == limit {
                result += "…"
                break
            }
            count += 1
            if let escape = Escaper.terminal.escape(of: scalar) {
                result += escape
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` with the characters `quote` escapes made visible, whatever its length.
    public static func visible(_ text: some StringProtocol) -> String {
        Escaper.terminal.escaped(text)
    }

    /// Whether `quote` and `visible` escape `scalar`.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        Escaper.isInvisible(scalar)
    }
}
