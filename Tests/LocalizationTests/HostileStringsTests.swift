import Diagnostics
import Foundation
import Localization
import Testing

@Suite("Hostile .strings files")
struct HostileStringsTests {
    /// 80,000 entries on one line (1.4 MB) took 81 s when every key's column was counted from
    /// the start of the line; counted as the cursor moves, it is linear.
    @Test(
        "80,000 entries on one line parse in linear time, with their columns (past 65,535 too)", .timeLimit(.minutes(1))
    )
    func oneLine() throws {
        let entry = #""key00000" = "value";"#
        let count = 80_000
        var text = ""
        text.reserveCapacity(count * (entry.utf8.count + 1))
        for index in 0..<count { text += "\"k\(index)\" = \"\u{E9}\(index)\"; " }
        let file = try StringsParser.parse(text, path: "one.strings")
        #expect(file.table.count == count)
        var column = 1
        for index in 0..<3 {
            #expect(file.table.entry("k\(index)")?.location.column == column)
            column += "\"k\(index)\" = \"\u{E9}\(index)\"; ".unicodeScalars.count
        }
        let last = "k\(count - 1)"
        let offset = text.range(of: "\"\(last)\"")!.lowerBound
        let expected = text.unicodeScalars[..<offset].count + 1
        #expect(expected > Int(UInt16.max))
        #expect(file.table.entry(last)?.location.column == expected)
    }
}

extension HostileStringsTests {
    /// 7,000,000 definitions of one key took 4.3 GB: each kept a record, its bytes and a location.
    @Test("a key defined again and again costs constant memory; duplicates are listed up to a bound")
    func duplicates() throws {
        let count = 200_000
        var text = ""
        for index in 0..<count { text += "\"k\" = \"v\(index % 10)\";\n\"k\(index % 3)\";\n" }
        let file = try StringsParser.parse(text, path: "dup.strings")
        #expect(file.table.entries.count == 4)
        #expect(file.table["k"] == "v\((count - 1) % 10)")
        #expect(file.table["k2"] == "k2")
        #expect(file.duplicateCount == 2 * count - 4)
        #expect(file.duplicateLocations.count == StringsFile.listedDuplicates)
        #expect(file.duplicateLocations.first == SourceLocation(path: "dup.strings", line: 3, column: 1))
        // The table's buffer holds no more than one value per key (plus the last definition's key).
        let bytes = file.table.entries.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
        #expect(file.table.storageByteCount <= bytes + 8)

        var catalog = Catalog(language: LanguageTag("en")!)
        catalog.overlay(file, table: "Localizable")
        #expect(catalog.duplicateLocations.count == StringsFile.listedDuplicates)
        #expect(catalog.unlistedDuplicates == ["dup.strings": 2 * count - 4 - StringsFile.listedDuplicates])
    }

    @Test("a key defined again with a longer value, and the shorthand form, keep the right text")
    func duplicateValues() throws {
        let file = try StringsParser.parse(
            "\"a\";\n\"a\" = \"longer\";\n\"b\" = \"long value\";\n\"b\" = \"x\";\n\"b\";\n\"a\" = \"s\";", path: "p")
        #expect(file.dictionary == ["a": "s", "b": "b"])
        #expect(file.table.keys == ["a", "b"])
    }
}

extension HostileStringsTests {
    @Test(
        "a NUL written raw or as an escape, and an unpaired surrogate escape, are read as CoreFoundation does, with warnings"
    )
    func textNotShownAsWritten() throws {
        let text = "\"raw\" = \"a\u{0}b\";\n\"octal\" = \"a\\000b\";\n\"plain\" = \"ok\";\n\"half\" = \"x\\UD800y\";\n"
        let file = try StringsParser.parse(text, path: "t.strings")
        #expect(file.table["raw"] == "a\u{0}b")
        #expect(file.table["octal"] == "a\u{0}b")
        #expect(file.table["half"] == "x\u{FFFD}y")
        #expect(
            file.warnings.map(\.description) == [
                #"t.strings:1:1: warning: a NUL character in key "raw" or its value; C APIs and terminals cut the text there"#,
                #"t.strings:2:1: warning: a NUL character in key "octal" or its value; C APIs and terminals cut the text there"#,
                "t.strings:4:12: warning: \\UD800 is half of a surrogate pair; it reads as U+FFFD (\u{FFFD})",
            ])
    }
}
