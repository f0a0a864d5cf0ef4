import Foundation
import Localization
import Testing

/// Variables inside variables, as real `.stringsdict` files and String Catalogs write them.
@Suite("Nested plural variables")
struct NestedVariableTests {
    /// A `.stringsdict` laid out as Xcode writes it (tabs, DOCTYPE), one nested entry.
    static let stringsdict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>files.in.folders</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%1$#@files@</string>
        \t\t<key>files</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>d</string>
        \t\t\t<key>zero</key>
        \t\t\t<string>No files</string>
        \t\t\t<key>one</key>
        \t\t\t<string>%d file in %2$#@folders@</string>
        \t\t\t<key>other</key>
        \t\t\t<string>%d files in %2$#@folders@</string>
        \t\t</dict>
        \t\t<key>folders</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>ld</string>
        \t\t\t<key>one</key>
        \t\t\t<string>%ld folder</string>
        \t\t\t<key>other</key>
        \t\t\t<string>%ld folders</string>
        \t\t</dict>
        \t</dict>
        </dict>
        </plist>
        """

    /// The same entry as a String Catalog writes it: substitutions, one nested in another.
    static let xcstrings = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "files.in.folders" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : { "state" : "translated", "value" : "%#@files@" },
                  "substitutions" : {
                    "files" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg file in %#@folders@" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg files in %#@folders@" } } } } },
                    "folders" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg folder" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg folders" } } } } }
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """#

    static func localizer(file name: String, _ contents: String) throws -> (Localizer, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nested-\(UUID().uuidString)")
        let lproj = folder.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        let target = name.hasSuffix(".xcstrings") ? folder : lproj
        try Data(contents.utf8).write(to: target.appendingPathComponent(name))
        let store = CatalogStore(folders: [folder])
        return (Localizer(store: store, developmentLanguage: LanguageTag("en")!), folder)
    }

    @Test(
        "a variant's variable reads its own argument, with its own type",
        arguments: [
            ("Localizable.stringsdict", stringsdict, 1, 1, "1 file in 1 folder"),
            ("Localizable.stringsdict", stringsdict, 5, 1, "5 files in 1 folder"),
            ("Localizable.stringsdict", stringsdict, 5, 3, "5 files in 3 folders"),
            ("Localizable.stringsdict", stringsdict, 0, 3, "No files"),
            ("Localizable.xcstrings", xcstrings, 1, 2, "1 file in 2 folders"),
            ("Localizable.xcstrings", xcstrings, 7, 1, "7 files in 1 folder"),
        ])
    func resolved(file: String, contents: String, files: Int, folders: Int, expected: String) throws {
        let (localizer, folder) = try Self.localizer(file: file, contents)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(localizer.text("files.in.folders", .int(files), .int(folders)) == expected)
        #expect(localizer.issues.isEmpty)
    }

    static func entry(_ format: String, _ variables: [String: [PluralCategory: String]], type: String = "d")
        -> PluralEntry
    {
        PluralEntry(
            format: format, variables: variables.mapValues { PluralEntry.Variable(valueType: type, variants: $0) },
            location: .init(path: "L.stringsdict", line: 1, column: 1))
    }

    @Test("undefined, cyclic and too deep references throw, never crash or hang")
    func brokenReferences() {
        let rules = PluralRules.rules(for: LanguageTag("en")!)
        let undefined = Self.entry("%#@a@", ["a": [.other: "%d in %2$#@b@"]])
        #expect(throws: FormatError("variable \"a\" refers to variable \"b\", which is not defined")) {
            try undefined.expand([.int(1), .int(2)], rules: rules)
        }
        let cycle = Self.entry("%#@a@", ["a": [.other: "%d and %#@b@"], "b": [.other: "%d and %#@a@"]])
        #expect(throws: FormatError("variables refer to each other in a cycle: \"a\" → \"b\" → \"a\"")) {
            try cycle.expand([.int(1), .int(2), .int(3)], rules: rules)
        }
        // Ten levels, each naming the next.
        var deep: [String: [PluralCategory: String]] = [:]
        for level in 0..<10 { deep["v\(level)"] = [.other: "%#@v\(level + 1)@"] }
        deep["v10"] = [.other: "%d"]
        #expect(throws: FormatError("variables nest more than 8 levels deep (at \"v8\")")) {
            try Self.entry("%#@v0@", deep).expand([.int(1)], rules: rules)
        }
        // Each level names the next four times: 4^6 variants if nothing stopped it.
        var wide: [String: [PluralCategory: String]] = [:]
        for level in 0..<6 { wide["w\(level)"] = [.other: String(repeating: "%1$#@w\(level + 1)@ ", count: 4)] }
        wide["w6"] = [.other: "%d"]
        #expect(throws: FormatError("the variables expand to more than 256 variants")) {
            try Self.entry("%#@w0@", wide).expand([.int(1)], rules: rules)
        }
    }

    @Test("nesting problems name the reference, the variable and the variant that hold them")
    func problems() {
        let entry = Self.entry(
            "%#@a@ %#@gone@",
            ["a": [.one: "%d and %2$#@b@", .other: "%d and %2$#@missing@"], "b": [.other: "%@ and %#@a@"]])
        #expect(
            entry.nestingProblems.map(\.message) == [
                "argument 2 is read as %d by variable \"b\" (%d) and as %@ by variable \"b\" ('%@')",
                "variables refer to each other in a cycle: \"a\" → \"b\" → \"a\"",
                "variable \"a\" refers to variable \"missing\", which is not defined",
                "the format names variable \"gone\", which is not defined",
            ])
        #expect(entry.nestingProblems[1].variable == "b" && entry.nestingProblems[1].reference == "%#@a@")
        #expect(entry.nestingProblems[2].category == .other && entry.nestingProblems[2].reference == "%2$#@missing@")
        var clash = Self.entry("%#@a@", ["a": [.other: "%d in %3$#@b@"], "b": [.other: "%d"]])
        clash.variables["b"]?.argument = 2
        #expect(
            clash.nestingProblems.map(\.message) == [
                "variable \"b\" is referred to as argument 3 but reads argument 2"
            ])
        #expect(Self.entry("%#@a@", ["a": [.other: "%d"]]).nestingProblems.isEmpty)
    }
}
