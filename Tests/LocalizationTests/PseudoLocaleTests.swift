import Diagnostics
import Localization
import Testing

@Suite("Pseudo-locales")
struct PseudoLocaleTests {
    @Test("en-XA accents letters, pads about 40% and brackets the text; placeholders stay as written")
    func accented() {
        #expect(PseudoLocale.accented.transform("Hello, %@!") == "[Ĥéļļö, %@! ~~]")
        #expect(PseudoLocale.accented.transform("%1$d of %2$d") == "[%1$d öƒ %2$d ~]")
        #expect(PseudoLocale.accented.transform("%#@files@") == "[%#@files@]")
    }

    @Test("ar-XB forces every word right to left between right-to-left marks")
    func rightToLeft() {
        let text = PseudoLocale.rightToLeft.transform("Hi %@")
        #expect(text.hasPrefix("\u{200F}") && text.hasSuffix("\u{200F}"))
        #expect(text.contains("%@"))
        #expect(text.filter(\.isLetter) == "Hi")
    }

    @Test("a plural entry is marked once, around the whole text, not again in each variant")
    func pluralMarkedOnce() throws {
        let entry = PluralEntry(
            format: "%#@files@",
            variables: ["files": .init(valueType: "d", variants: [.one: "%d file", .other: "%d files"])],
            location: SourceLocation(path: "Localizable.stringsdict", line: 1, column: 1))
        let accented = PseudoLocale.accented.transform(entry)
        #expect(accented.format == "[%#@files@]")
        #expect(accented.variables["files"]?.variants == [.one: "%d ƒîļé ~~", .other: "%d ƒîļéš ~~"])

        let rightToLeft = PseudoLocale.rightToLeft.transform(entry)
        #expect(rightToLeft.format == "\u{200F}%#@files@\u{200F}")
        let variant = try #require(rightToLeft.variables["files"]?.variants[.other])
        #expect(!variant.hasPrefix("\u{200F}") && variant.contains("%d"))
    }
}
