import Foundation
import Localization
import Testing

/// `flavorkit vary`: Xcode's "Vary by Plural" and "Vary by Device" on the command line, the
/// text shown unchanged until a person writes the cases.
@Suite("flavorkit vary")
struct VaryCommandTests {
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "expiring" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dinge laufen in %lld Tagen ab" } },
                "en" : { "stringUnit" : { "state" : "translated", "value" : "%lld items expire in %lld days" } }
              }
            },
            "files" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien" } },
                "en" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } }
              }
            },
            "title" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "%@ auf %@" } },
                "en" : { "stringUnit" : { "state" : "translated", "value" : "%@ on %@" } }
              }
            }
          },
          "version" : "1.0"
        }

        """

    static func package() throws -> ScratchPackage {
        let package = try ScratchPackage(main: #"print(text("expiring"), text("files"), text("title"))"#)
        for folder in ["en.lproj", "de.lproj"] {
            try FileManager.default.removeItem(at: package.root.appendingPathComponent("Localizations/\(folder)"))
        }
        try package.write("Localizations/Localizable.xcstrings", Self.catalog)
        return package
    }

    /// What the program shows for `key` in `language`.
    static func shown(_ key: String, _ arguments: [FormatArgument], in package: ScratchPackage, _ language: String)
        -> String
    {
        let localizer = Localizer(
            store: CatalogStore(folders: [package.root.appendingPathComponent("Localizations")]),
            developmentLanguage: LanguageTag("en")!, preferences: [LanguageTag(language)!])
        return localizer.text(key, arguments: arguments)
    }

    /// The catalog's localization of `key` in `language`, as JSON objects.
    static func localization(_ key: String, _ language: String, in package: ScratchPackage) throws -> [String: Any] {
        let data = Data(try package.read("Localizations/Localizable.xcstrings").utf8)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entry = try #require((json["strings"] as? [String: Any])?[key] as? [String: Any])
        return try #require((entry["localizations"] as? [String: Any])?[language] as? [String: Any])
    }

    @Test("one argument: variations.plural with the development language's categories, the text unchanged")
    func onePlural() throws {
        let package = try Self.package()
        defer { package.remove() }
        let run = try ToolRunner.run(["vary", "files", "--by", "plural"], in: package.root)
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.output
                == "\"files\" now varies by plural in Localizations/Localizable.xcstrings; its translation (de) needs review\n"
        )
        let english = try Self.localization("files", "en", in: package)
        let plural = try #require((english["variations"] as? [String: Any])?["plural"] as? [String: Any])
        #expect(Set(plural.keys) == ["one", "other"])
        #expect(english["stringUnit"] == nil)
        #expect(Self.shown("files", [.int(1)], in: package, "en") == "1 files")
        #expect(try ToolRunner.run(["lint"], in: package.root).output.contains("0 errors"))
    }

    @Test(
        "a key with no translation, or one not translated yet: none said to need review, the other left new",
        arguments: ["", #""de" : { "stringUnit" : { "state" : "new", "value" : "%lld Dateien" } },"#])
    func nothingToReview(german: String) throws {
        let package = try Self.package()
        defer { package.remove() }
        let translated = #""de" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien" } },"#
        #expect(Self.catalog.contains(translated))
        try package.write(
            "Localizations/Localizable.xcstrings", Self.catalog.replacingOccurrences(of: translated, with: german))
        let run = try ToolRunner.run(["vary", "files", "--by", "plural"], in: package.root)
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.output
                == "\"files\" now varies by plural in Localizations/Localizable.xcstrings; it has no translation to review\n"
        )
        if !german.isEmpty {
            let unit = try Self.localization("files", "de", in: package)["stringUnit"] as? [String: Any]
            #expect(unit?["state"] as? String == "new")
        }
    }

    @Test("several arguments: each named one a substitution argN as Xcode writes it; translations need review")
    func substitutions() throws {
        let package = try Self.package()
        defer { package.remove() }
        let asked = try ToolRunner.run(["vary", "expiring", "--by", "plural"], in: package.root)
        #expect(asked.status == 1)
        #expect(
            asked.errors.contains(
                #"error: key "expiring" takes 2 arguments (1: %lld, 2: %lld); name the ones its text varies by with --argument N"#
            ))
        let run = try ToolRunner.run(
            ["vary", "expiring", "--by", "plural", "--argument", "1", "--argument", "2"], in: package.root)
        #expect(run.status == 0, "\(run.errors)")
        let english = try Self.localization("expiring", "en", in: package)
        #expect(
            (english["stringUnit"] as? [String: Any])?["value"] as? String == "%#@arg1@ items expire in %#@arg2@ days")
        let substitutions = try #require(english["substitutions"] as? [String: Any])
        let second = try #require(substitutions["arg2"] as? [String: Any])
        #expect(second["argNum"] as? Int == 2 && second["formatSpecifier"] as? String == "lld")
        let cases = try #require((second["variations"] as? [String: Any])?["plural"] as? [String: Any])
        #expect(((cases["one"] as? [String: Any])?["stringUnit"] as? [String: Any])?["value"] as? String == "%arg")
        let german = try Self.localization("expiring", "de", in: package)
        #expect((german["stringUnit"] as? [String: Any])?["state"] as? String == "needs_review")
        // Shown as before in both languages; the German plain text still fits the plural.
        #expect(Self.shown("expiring", [.int(3), .int(5)], in: package, "en") == "3 items expire in 5 days")
        #expect(Self.shown("expiring", [.int(3), .int(5)], in: package, "de") == "3 Dinge laufen in 5 Tagen ab")
        let lint = try ToolRunner.run(["lint"], in: package.root)
        #expect(lint.output.contains("0 errors"), "\(lint.output)")
    }

    @Test("by device: a case per device (other always), each the text as it was")
    func devices() throws {
        let package = try Self.package()
        defer { package.remove() }
        let run = try ToolRunner.run(
            ["vary", "title", "--by", "device", "--device", "mac", "--device", "iphone"], in: package.root)
        #expect(run.status == 0, "\(run.errors)")
        let english = try Self.localization("title", "en", in: package)
        let device = try #require((english["variations"] as? [String: Any])?["device"] as? [String: Any])
        #expect(Set(device.keys) == ["iphone", "mac", "other"])
        #expect(Self.shown("title", [.string("a"), .string("b")], in: package, "en") == "a on b")
    }

    @Test(
        "what cannot vary is an error naming the key, and nothing is written",
        arguments: [
            (
                ["vary", "title", "--by", "plural", "--argument", "1"],
                #"argument 1 of key "title" is %@, which no plural can count"#
            ),
            (["vary", "files", "--by", "plural", "--argument", "3"], #"key "files" has no argument 3 (it takes 1)"#),
            (["vary", "nope", "--by", "plural"], #"error: no key "nope" in this String Catalog"#),
            (["vary", "files", "--by", "device", "--argument", "1"], "--argument goes with --by plural"),
            (["vary", "files", "--by", "size"], "size"),
        ])
    func refused(arguments: [String], message: String) throws {
        let package = try Self.package()
        defer { package.remove() }
        let run = try ToolRunner.run(arguments, in: package.root)
        #expect(run.status != 0)
        #expect(run.errors.contains(message), "\(run.errors)")
        #expect(try package.read("Localizations/Localizable.xcstrings") == Self.catalog)
    }

    @Test("a key that is its own English text varies as that text, as Xcode lets it")
    func keyAsText() throws {
        let package = try Self.package()
        defer { package.remove() }
        try package.write(
            "Localizations/Localizable.xcstrings",
            Self.catalog.replacingOccurrences(
                of: #""title" : {"#,
                with:
                    #""%lld photos" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "%lld Fotos" } } } },"#
                    + "\n    " + #""title" : {"#))
        let run = try ToolRunner.run(["vary", "%lld photos", "--by", "plural"], in: package.root)
        #expect(run.status == 0, "\(run.errors)")
        let english = try Self.localization("%lld photos", "en", in: package)
        let plural = try #require((english["variations"] as? [String: Any])?["plural"] as? [String: Any])
        #expect(Set(plural.keys) == ["one", "other"])
        let one = try #require((plural["one"] as? [String: Any])?["stringUnit"] as? [String: Any])
        #expect(one["value"] as? String == "%lld photos")
        let german = try #require(
            try Self.localization("%lld photos", "de", in: package)["stringUnit"] as? [String: Any])
        #expect(german["state"] as? String == "needs_review")
        #expect(Self.shown("%lld photos", [.int(1)], in: package, "en") == "1 photos")
    }

    @Test("a text that varies already is refused")
    func twice() throws {
        let package = try Self.package()
        defer { package.remove() }
        #expect(try ToolRunner.run(["vary", "files", "--by", "plural"], in: package.root).status == 0)
        let again = try ToolRunner.run(["vary", "files", "--by", "device"], in: package.root)
        #expect(again.status == 1)
        #expect(again.errors.contains(#"key "files" varies by plural already"#))
    }
}
