import Foundation
import Localization
import Testing

/// `ByteCount` against what it stands in for, Foundation's `ByteCountFormatStyle(style: .file,
/// spellsOutZero: false)`: the same text in every locale Foundation knows, at every unit's
/// edges, and for numbers of every plural category.
@Suite("Byte counts")
struct ByteCountTests {
    /// The names were taken from Foundation on Linux (its ICU); Apple's systems carry their own
    /// ICU data, which may name a unit differently.
    static let namesAreFoundations: Bool = {
        #if os(Linux)
        true
        #else
        false
        #endif
    }()

    /// Counts at every unit's edges (999 bytes is `1 kB`; 999,499 is still kB), ties that round
    /// to even, plural categories (0, 1, 2, 3, 5, 11, 21, 101), a negative count and the largest.
    static let counts: [Int64] = {
        var counts: [Int64] = [
            0, 1, 2, 3, 5, 11, 12, 21, 22, 25, 101, 111, 998, 999, 1_000, 1_001, 1_499, 1_500, 2_500, 21_000,
            999_499, 999_500, 1_005_000, 1_250_000, 999_949_999, 999_950_000, 1_005_000_000, 1_015_000_000,
            1_290_000_000, 2_675_000_000, 51_200_000, 734_000_000, 999_994_999_999, 12_800_000_000_000,
            999_994_999_999_999, 1_500_000_000_000_000, -5, -1_500_000, Int64.max,
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            counts.append(Int64(state >> (20 + state % 40)))
        }
        return counts
    }()

    /// Every locale Foundation knows, in four parts that run side by side.
    static let localeParts: [[String]] = {
        let all = Locale.availableIdentifiers.sorted()
        return (0..<4).map { part in all.indices.filter { $0 % 4 == part }.map { all[$0] } }
    }()

    @Test(
        "the same text as Foundation's ByteCountFormatStyle, in every locale", .enabled(if: namesAreFoundations),
        arguments: 0..<4)
    func sameAsFoundation(part: Int) {
        var checked = 0
        for id in Self.localeParts[part] {
            guard let language = LanguageTag(id) else { continue }
            let style = ByteCountFormatStyle(style: .file, spellsOutZero: false).locale(Locale(identifier: id))
            var differences: [String] = []
            for count in Self.counts {
                let expected = count.formatted(style), written = ByteCount.text(count, language: language)
                if written != expected { differences.append("\(count): \"\(written)\", Foundation \"\(expected)\"") }
                checked += 1
            }
            #expect(differences.isEmpty, "\(id): \(differences.prefix(3).joined(separator: "; "))")
        }
        #expect(checked > 10_000)
    }

    @Test(
        "languages the app ships",
        arguments: [
            ("en", 1_290_000_000, "1.29 GB"), ("en", 1, "1 byte"), ("en", 0, "0 bytes"), ("en", 999, "1 kB"),
            ("es", 51_200_000, "51,2 MB"), ("de", 734_000_000, "734 MB"), ("ru", 800, "800 байт"),
            ("ru", 2, "2 байта"), ("fr", 0, "0\u{A0}octet"), ("ja", 412_000_000, "412 MB"),
        ])
    func shipped(language: String, count: Int64, text: String) throws {
        #expect(ByteCount.text(count, language: try #require(LanguageTag(language))) == text)
    }

    @Test("a tag Foundation does not list takes its parent's names; an unknown language, the root's")
    func fallback() throws {
        let portuguese = try #require(LanguageTag("pt-BR-x-test"))
        #expect(ByteCount.text(1, language: portuguese) == "1 byte")
        #expect(ByteCount.text(2, language: try #require(LanguageTag("qaa"))) == "2 byte")
    }

    @Test(
        "a count's plural category is that of the number shown, rounded half to even",
        arguments: [
            (1.005, 2, "1"), (1.015, 2, "1.02"), (2.675, 2, "2.68"), (1.25, 1, "1.2"), (1.35, 1, "1.4"),
            (999.95, 1, "1000"), (0.0, 0, "0"), (1.5, 0, "2"), (2.5, 0, "2"),
        ])
    func operands(value: Double, digits: Int, shown: String) throws {
        #expect(ByteCount.operands(value, fractionDigits: digits) == (try #require(PluralOperands(shown))))
    }

    @Test("a set of names encoded as the generator writes it reads back, unit by unit and category by category")
    func namesRoundTrip() {
        // Bytes in a language whose integers all have a category of their own (no `other`),
        // and units whose `other` is shared, with exceptions.
        let set: [[PluralCategory: String]] = [
            [.one: "{0} bajt", .few: "{0} bajty", .many: "{0} bajtów"],
            [.other: "{0} kB"],
            [.other: "{0} MB", .one: "{0} MB"],
            [.other: "{0} GB", .two: "{0} GB"],
            [.zero: "{0} TB", .other: "{0} TB"],
            [:],
        ]
        let encoded = ByteCountNames.encode(set)
        for (unit, forms) in zip(ByteCount.Unit.allCases, set) {
            for category in PluralCategory.allCases {
                let expected = forms[category] ?? forms[.other] ?? (forms.isEmpty ? "{0}" : nil)
                let read = ByteCountNames.pattern(unit, category, in: encoded)
                if let expected {
                    #expect(read == expected, "\(unit) \(category)")
                } else {
                    #expect(Set(forms.values).contains(read), "\(unit) \(category): \(read)")
                }
            }
        }
        #expect(ByteCountNames.pattern(.petabyte, .other, in: "{0} B") == "{0}", "a set with fewer units")
    }
}
