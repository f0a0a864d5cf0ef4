import TerminalText
import Testing

@Suite("Display width, cutting, wrapping, isolation")
struct DisplayColumnsTests {
    @Test(
        "width counts terminal columns: wide characters and emoji two, combining marks and controls none",
        arguments: [
            ("abc", 3), ("日本語", 6), ("e\u{301}", 1), ("（変更）", 8), ("\u{1F600}", 2), ("\t", 0),
            ("👩‍👩‍👧‍👦", 2), ("🇫🇷", 2), ("한국어", 6), ("مرحبا", 5), ("\u{2068}abc\u{2069}", 3),
        ])
    func width(text: String, columns: Int) {
        #expect(DisplayColumns.width(text) == columns)
    }

    @Test("truncate cuts whole characters and adds …, closing the isolates it cut open")
    func truncate() {
        #expect(DisplayColumns.truncate("Ocean Documentary", to: 8) == "Ocean D…")
        #expect(DisplayColumns.truncate("日本語のタイトル", to: 7) == "日本語…")
        #expect(DisplayColumns.truncate("fits", to: 4) == "fits")
        #expect(DisplayColumns.truncate("👩‍👩‍👧‍👦👩‍👩‍👧‍👦👩‍👩‍👧‍👦", to: 5) == "👩‍👩‍👧‍👦👩‍👩‍👧‍👦…")
        #expect(DisplayColumns.truncate("\u{2068}שלום עולם\u{2069}", to: 5) == "\u{2068}שלום…\u{2069}")
        #expect(DisplayColumns.truncate("abc", to: 0) == "")
    }

    @Test("wrap breaks at spaces, inside a word only when it is wider than the line")
    func wrap() {
        #expect(DisplayColumns.wrap("one two three", to: 7) == ["one two", "three"])
        #expect(DisplayColumns.wrap("abcdefghij", to: 4) == ["abcd", "efgh", "ij"])
        #expect(DisplayColumns.wrap("日本語のとても長い", to: 6) == ["日本語", "のとて", "も長い"])
        #expect(DisplayColumns.wrap("", to: 5) == [""])
    }

    @Test("isolated wraps right-to-left text in first-strong isolates, and leaves other text alone")
    func isolated() {
        #expect(DisplayColumns.isolated("مرحبا") == "\u{2068}مرحبا\u{2069}")
        #expect(DisplayColumns.isolated("hello") == "hello")
        #expect(DisplayColumns.isolated("\u{2068}مرحبا\u{2069}") == "\u{2068}مرحبا\u{2069}")
    }

    @Test("every cell holding right-to-left text is isolated, aligned, wrapped or stacked; others are as given")
    func isolatedCells() throws {
        let rows = [["Task", "مهمة"], ["Buy milk", "شراء الحليب والخبز والزبدة"]]
        let isolate = { (text: String) in "\u{2068}" + text + "\u{2069}" }
        let aligned = try #require(TextColumns(rows).aligned())
        #expect(aligned == ["Task      " + isolate("مهمة"), "Buy milk  " + isolate("شراء الحليب والخبز والزبدة")])
        for lines in [TextColumns(rows).render(width: 24), TextColumns(rows).render(width: 12)] {
            for line in lines where line.unicodeScalars.contains(where: { (0x0600...0x06FF).contains($0.value) }) {
                let cells = line.split(separator: " ", omittingEmptySubsequences: true)
                #expect(line.contains("\u{2068}") && line.hasSuffix("\u{2069}"), "\(line)")
                #expect(!cells.isEmpty)
            }
        }
        var plain = TextColumns(rows)
        plain.isolatesCells = false
        #expect(try #require(plain.aligned()).last == "Buy milk  شراء الحليب والخبز والزبدة")
    }
}

@Suite("Columns and tables that fit a width")
struct TextColumnsTests {
    static let rows = [
        ["ID", "Title", "State"], ["d1", "Ocean Documentary (4K)", "In progress"], ["d22", "日本語のタイトル", "Done"],
    ]

    @Test("aligned by display width, two spaces apart, no trailing space")
    func aligned() throws {
        let lines = try #require(TextColumns(Self.rows).aligned())
        #expect(
            lines == [
                "ID   Title                   State", "d1   Ocean Documentary (4K)  In progress",
                "d22  日本語のタイトル        Done",
            ])
    }

    @Test("a column shrinks to fit, its cells cut with …; below its minimum the table does not fit")
    func shrinking() throws {
        let lines = try #require(TextColumns(Self.rows).aligned(width: 30, shrinking: 1))
        #expect(lines.allSatisfy { DisplayColumns.width($0) <= 30 })
        #expect(lines[1] == "d1   Ocean Docum…  In progress")
        #expect(TextColumns(Self.rows).aligned(width: 20, shrinking: 1, minimum: 8) == nil)
    }

    @Test("render wraps the last column, then stacks each row, always within the width")
    func render() {
        let wrapped = TextColumns(Self.rows).render(width: 37, minimumLast: 6)
        #expect(wrapped.allSatisfy { DisplayColumns.width($0) <= 37 })
        #expect(wrapped[1] == "d1   Ocean Documentary (4K)  In")
        #expect(wrapped[2] == String(repeating: " ", count: 29) + "progress")
        let stacked = TextColumns(Self.rows).render(width: 16)
        #expect(stacked.allSatisfy { DisplayColumns.width($0) <= 16 })
        #expect(stacked.prefix(3) == ["ID", "  Title", "  State"])
    }

    @Test("a stacked row's first cell that wraps goes on four spaces in: neither a cell nor the next row")
    func stackedFirstCellWraps() {
        let rows = [["Grace Brewster Murray Hopper", "3 days ago", "Arlington"], ["Ada", "today", "London"]]
        #expect(
            TextColumns(rows).render(width: 24) == [
                "Grace Brewster", "    Murray Hopper", "  3 days ago", "  Arlington", "Ada", "  today", "  London",
            ])
        #expect(TextColumns(rows).render(width: 28).first == "Grace Brewster Murray Hopper")
    }
}
