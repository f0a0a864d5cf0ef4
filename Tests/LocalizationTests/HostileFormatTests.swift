import Localization
import Testing

@Suite("Hostile formats")
struct HostileFormatTests {
    @Test("a width past the limit with a longer argument pads nothing and never crashes")
    func hugeWidthLongArgument() throws {
        let long = String(repeating: "x", count: 1_001)
        #expect(try SafeFormatter.format("%5000@", [.string(long)]) == long)
        #expect(try SafeFormatter.format("%-5000@|", [.string(long)]) == long + "|")
    }

    @Test("widths and precisions past the limit are clamped to it")
    func clamped() throws {
        let padded = try SafeFormatter.format("%5000@", ["ab"])
        #expect(padded.count == FormatScanner.limit)
        #expect(try SafeFormatter.format("%99999999999999999999d", [7]).count == FormatScanner.limit)
        let precise = try SafeFormatter.format("%.5000f", [1.0])
        #expect(precise == "1." + String(repeating: "0", count: FormatScanner.limit))
        #expect(try SafeFormatter.format("%.5000@", [.string(String(repeating: "y", count: 2_000))]).count == 1_000)
    }

    @Test(
        "a position past the limit is an invalid token, whatever its length",
        arguments: ["%1001$@", "%9223372036854775807$@", "%9223372036854775807$#@n@", "%99999999999999999999999$d"])
    func positionPastLimit(format: String) {
        let kinds = FormatScanner.tokens(in: format).map(\.token.kind)
        #expect(kinds.first == .invalid(.positionPastLimit))
        #expect(throws: FormatError.self) { try FormatString(format) }
    }

    @Test("the largest position is accepted")
    func positionAtLimit() throws {
        let format = try FormatString("%1000$@")
        #expect(format.signature.count == FormatScanner.limit)
    }

    @Test("a plural entry whose format has a position of Int.max is an error, not a crash")
    func pluralWithHugePosition() {
        let entry = PluralEntry(
            format: "%9223372036854775807$#@n@",
            variables: ["n": .init(valueType: "d", variants: [.other: "%d files"])],
            location: .init(path: "t.stringsdict", line: 1, column: 1))
        #expect(throws: FormatError.self) {
            try FormatString(entry.format { _, _ in .other })
        }
        #expect(throws: FormatError.self) {
            try FormatString(entry.expand([.int(2)], rules: PluralRules.rules(for: LanguageTag("en")!)))
        }
    }
}
