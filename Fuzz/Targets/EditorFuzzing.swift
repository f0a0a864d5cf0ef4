import CatalogFiles
import Diagnostics
import Foundation
import Localization
import TranslatorFormats

/// Puts a translation into `data` (after its first byte, which picks the editor) as
/// `flavorkit import` does: into a `.strings` file, a `.stringsdict` or a String Catalog. An
/// edit either refuses the file at a position or gives a file its reader reads back, holding
/// the translation.
public func fuzzEditors(_ data: Data) {
    guard let choice = data.first else { return }
    let rest = data.dropFirst()
    let text = String(decoding: rest, as: UTF8.self)
    let value = "Wert \"mit\" \\ Zeichen\n%@ \u{E9}"
    switch choice % 3 {
    case 0:
        // As the importer reads a .strings file: UTF-16 with a byte-order mark, else UTF-8.
        let utf16 = rest.starts(with: [0xFF, 0xFE]) || rest.starts(with: [0xFE, 0xFF])
        guard let decoded = String(data: Data(rest), encoding: utf16 ? .utf16 : .utf8) else { return }
        let parsed = try? StringsParser.parse(Data(rest), path: "f.strings")
        guard
            let edited = try? StringsFileEditor.apply(
                [("k", value)], comments: ["k": "a */ comment"], to: decoded, file: parsed),
            let encoded = edited.data(using: utf16 ? .utf16 : .utf8)
        else { return }
        // The importer writes an edit only when it reads back (a NUL near the start can make the
        // new length look like UTF-16 without a byte-order mark); one that does holds the translation.
        guard parsed != nil, let again = try? StringsParser.parse(encoded, path: "f.strings") else { return }
        precondition(again.table["k"] == value, "the edited .strings reads back without the translation")
    case 1:
        let template = PluralEntry(
            format: "%#@n@",
            variables: ["n": .init(argument: nil, valueType: "d", variants: [.one: "%d x", .other: "%d xs"])],
            location: SourceLocation(path: "en.stringsdict", line: 1, column: 1))
        let change = StringsDictEditor.Change(key: "k", variable: "n", category: .one, text: value)
        let original = StringsDictParser.parse(Data(rest), path: "f.stringsdict")
        guard original.errors.isEmpty,
            let edited = try? StringsDictEditor.apply(
                [change], to: text, path: "f.stringsdict", template: { _ in template })
        else { return }
        let again = StringsDictParser.parse(Data(edited.utf8), path: "f.stringsdict")
        precondition(
            !again.errors.contains { $0.message.hasPrefix("not a valid property list") },
            "the edited .stringsdict is not a property list")
    default:
        var catalog = StringCatalog(Data(rest), path: "f.xcstrings")
        guard catalog.errors.isEmpty else { return }
        let unit = TranslationUnit(
            table: "f", key: "k", part: .text, kind: .xcstrings, source: "K", isSoleVariable: false)
        StringCatalogEditor.apply(
            [.init(unit: unit, text: value, state: .translated)], language: LanguageTag("de")!, to: &catalog)
        let again = StringCatalog(StringCatalogWriter.write(catalog), path: "f.xcstrings")
        precondition(again.errors.isEmpty, "the edited String Catalog does not read back")
        precondition(
            again["k"]?.localization(for: LanguageTag("de")!)?.stringUnit?.value == value,
            "the edited String Catalog lost the translation")
    }
}
