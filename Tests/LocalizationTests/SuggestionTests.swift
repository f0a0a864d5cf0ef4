import Foundation
import Localization
import Testing

@Suite("Suggestions: translations no person confirmed are never shown to users")
struct SuggestionTests {
    /// German: `greeting` a suggestion, `files` a plural whose `one` is a suggestion,
    /// `title` needs review (shown), `done` a suggestion a person marked translated in Xcode.
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "done" : { "localizations" : {
              "de" : { "stringUnit" : { "previousSource" : "Done", "state" : "translated", "suggested" : true,
                "value" : "Fertig" } } } },
            "files" : { "localizations" : {
              "de" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "needs_review", "suggested" : true, "value" : "%lld Datei" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien" } } } } },
              "en" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } } } } } } },
            "greeting" : { "localizations" : {
              "de" : { "stringUnit" : { "previousSource" : "Hello, %@", "state" : "needs_review",
                "suggested" : true, "value" : "Hallo, %@" } },
              "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello there, %@" } } } },
            "title" : { "localizations" : {
              "de" : { "stringUnit" : { "previousSource" : "Transfer", "state" : "needs_review",
                "value" : "Übertragungen" } },
              "en" : { "stringUnit" : { "state" : "translated", "value" : "Transfers" } } } }
          },
          "version" : "1.0"
        }
        """

    @Test("the runtime falls back for a suggestion as for a missing translation; a confirmed one is shown")
    func fallsBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("suggestions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.catalog.utf8).write(to: folder.appendingPathComponent("Localizable.xcstrings"))
        let localizer = Localizer(
            store: CatalogStore(folders: [folder]), developmentLanguage: LanguageTag("en")!,
            preferences: [LanguageTag("de")!])
        #expect(localizer.text("greeting", "Ana") == "Hello there, Ana")
        #expect(localizer.text("title") == "Übertragungen")
        #expect(localizer.text("done") == "Fertig")
        #expect(localizer.text("files", 3) == "3 Dateien")
        // The plural's suggested form is not used either (what stands in for it is the
        // runtime's rule for a missing form).
        #expect(localizer.text("files", 1) != "1 Datei")
    }

    @Test("both readers list a suggestion as pending \"suggested\", not needs_review")
    func pending() throws {
        let file = XCStringsFile(Data(Self.catalog.utf8), path: "L.xcstrings")
        #expect(file.errors.isEmpty)
        let pending = Set(file.pendingUnits.filter { $0.language == "de" }.map { "\($0.key) \($0.state)" })
        #expect(pending == ["files suggested", "greeting suggested", "title needs_review"])
        let whole = StringCatalog(Data(Self.catalog.utf8), path: "L.xcstrings")
        #expect(whole.unknownFields.isEmpty)
        let unit = try #require(whole["greeting"]?.localizations["de"]?.stringUnit)
        #expect(unit.isSuggestion && unit.previousSource == "Hello, %@")
        #expect(whole["done"]?.localizations["de"]?.stringUnit?.isSuggestion == false)
        let fromWhole = XCStringsFile(whole).pendingUnits.filter { $0.language == "de" }
        #expect(Set(fromWhole.map { "\($0.key) \($0.state)" }) == pending)
    }

    @Test("\"suggested\" that is not a boolean is an error at its place")
    func badField() {
        let text =
            #"{ "sourceLanguage" : "en", "strings" : { "k" : { "localizations" : { "de" : { "stringUnit" : { "suggested" : "yes", "value" : "x" } } } } } }"#
        let file = StringCatalog(Data(text.utf8), path: "L.xcstrings")
        #expect(file.errors.map(\.message).contains { $0.contains("\"suggested\" must be true or false") })
    }
}
