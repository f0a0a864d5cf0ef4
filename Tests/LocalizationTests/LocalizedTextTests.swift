import Foundation
import Localization
import Testing

@Suite("LocalizedText, what generated symbols return")
struct LocalizedTextTests {
    static let files: [String: [String: [String: String]]] = [
        "shared": [
            "en": [
                "Localizable":
                    #""title" = "Transfers"; "name" = "Name: %@"; "done" = "100%% done"; "only.en" = "English";"#,
                "Errors": #""disk.full" = "Disk full"; "left" = "%lld MB left";"#,
            ],
            "de": [
                "Localizable": #""title" = "Übertragungen"; "name" = "Name: %d";"#,
                "Errors": #""disk.full" = "Platte voll"; "left" = "Noch %lld MB";"#,
            ],
        ]
    ]

    @Test("it is looked up like a key: the language in use, switched at run time, falling back per key")
    func lookUp() throws {
        let fixture = try CatalogFixture(Self.files)
        defer { fixture.remove() }
        let localizer = Localizer(
            store: CatalogStore(folders: [fixture.folder("shared")]), developmentLanguage: LanguageTag("en")!,
            preferences: [LanguageTag("de")!])
        #expect(localizer.text(LocalizedText("title")) == "Übertragungen")
        #expect(localizer.text(LocalizedText("only.en")) == "English")
        #expect(localizer.text(LocalizedText("disk.full", table: "Errors")) == "Platte voll")
        #expect(localizer.text(LocalizedText("left", table: "Errors", arguments: [.int(12)])) == "Noch 12 MB")
        localizer.setPreferences([LanguageTag("en")!])
        #expect(localizer.text(LocalizedText("title")) == "Transfers")
        #expect(localizer.text(LocalizedText("disk.full", table: "Errors")) == "Disk full")
    }

    @Test(
        "without arguments a text is shown as written; with them (even none) it is a format the safe formatter checks")
    func formatting() throws {
        let fixture = try CatalogFixture(Self.files)
        defer { fixture.remove() }
        let localizer = Localizer(
            store: CatalogStore(folders: [fixture.folder("shared")]), developmentLanguage: LanguageTag("en")!,
            preferences: [LanguageTag("de")!])
        #expect(localizer.text(LocalizedText("done")) == "100%% done")
        #expect(localizer.text(LocalizedText("done", arguments: [])) == "100% done")
        // German's %d disagrees with the development language's %@: the English text is shown, and recorded.
        #expect(localizer.text(LocalizedText("name", arguments: [.string("Ana")])) == "Name: Ana")
        #expect(localizer.issues.contains { if case .formatMismatch = $0 { true } else { false } })
    }

    @Test("a key no language has renders as the key and is recorded, in any table")
    func missing() throws {
        let fixture = try CatalogFixture(Self.files)
        defer { fixture.remove() }
        let localizer = Localizer(
            store: CatalogStore(folders: [fixture.folder("shared")]), developmentLanguage: LanguageTag("en")!)
        #expect(localizer.text(LocalizedText("nowhere", table: "Errors")) == "nowhere")
        #expect(localizer.issues == [.missingKey(key: "nowhere", table: "Errors")])
    }

    @Test("a default value is shown while no language has the key, formatted, and the missing key is still recorded")
    func defaultValue() throws {
        let fixture = try CatalogFixture(Self.files)
        defer { fixture.remove() }
        let localizer = Localizer(
            store: CatalogStore(folders: [fixture.folder("shared")]), developmentLanguage: LanguageTag("en")!,
            preferences: [LanguageTag("de")!])
        #expect(localizer.text(LocalizedText("nowhere", defaultValue: "100%% new")) == "100%% new")
        #expect(localizer.text(LocalizedText("nowhere", arguments: [], defaultValue: "100%% new")) == "100% new")
        #expect(
            localizer.text(LocalizedText("welcome", arguments: [.string("Ana")], defaultValue: "Hi, %@!")) == "Hi, Ana!"
        )
        #expect(localizer.text(LocalizedText("nowhere.else", table: "Errors", defaultValue: "Gone")) == "Gone")
        // A key some language has wins over the default, fallback included.
        #expect(localizer.text(LocalizedText("title", defaultValue: "Unused")) == "Übertragungen")
        #expect(localizer.text(LocalizedText("only.en", defaultValue: "Unused")) == "English")
        // A default that does not fit the arguments shows the key; a control character is written out.
        #expect(localizer.text(LocalizedText("bad", arguments: [.int(1)], defaultValue: "%@ and %@")) == "bad")
        let bell = localizer.text(LocalizedText("bell", defaultValue: "Ding\u{7}"))
        #expect(bell.hasPrefix("Ding") && bell.count > 4 && !bell.unicodeScalars.contains("\u{7}"))
        #expect(localizer.issues.filter { if case .missingKey = $0 { true } else { false } }.count == 5)
    }
}
