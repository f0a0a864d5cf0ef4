import Foundation
import Testing

/// A `defaultValue:` in code writes the development text while nobody has edited it: a change
/// in code follows into the catalog; once a person edited the text, a difference is reported.
@Suite("extract follows the code's default values")
struct DefaultValueTests {
    /// A package whose String Catalog `extract` started from `text("table.expires",
    /// defaultValue: "Expires")`, with a German translation added.
    static func package() throws -> ScratchPackage {
        let package = try ScratchPackage(main: #"print(text("table.expires", defaultValue: "Expires"))"#)
        for folder in ["en.lproj", "de.lproj"] {
            try FileManager.default.removeItem(at: package.root.appendingPathComponent("Localizations/\(folder)"))
        }
        let started = try ToolRunner.run(["extract"], in: package.root)
        #expect(started.status == 0, "\(started.errors)")
        let catalog = try package.read("Localizations/Localizable.xcstrings")
        #expect(catalog.contains(#""state" : "new","#) && catalog.contains(#""value" : "Expires""#))
        try package.write(
            "Localizations/Localizable.xcstrings",
            catalog.replacingOccurrences(
                of: #"        "en" : {"#,
                with: #"""
                            "de" : {
                              "stringUnit" : {
                                "state" : "translated",
                                "value" : "Läuft ab"
                              }
                            },
                            "en" : {
                    """#))
        return package
    }

    @Test(
        "a changed defaultValue: of an unedited text is out of date for --check; extract takes it and asks for review")
    func follows() throws {
        let package = try Self.package()
        defer { package.remove() }
        try package.write("Sources/App/main.swift", #"print(text("table.expires", defaultValue: "Best before"))"#)
        let check = try ToolRunner.run(["extract", "--check"], in: package.root)
        #expect(check.status == 1)
        #expect(
            check.output.contains(
                #"Sources/App/main.swift:1:12: error: key "table.expires": the code's default value "Best before" "#
                    + #"is not the text in Localizations/Localizable.xcstrings, "Expires" (flavorkit extract updates it"#
            ),
            "\(check.output)")
        let extract = try ToolRunner.run(["extract"], in: package.root)
        #expect(extract.status == 0, "\(extract.errors)")
        #expect(
            extract.output.hasSuffix("1 updated to the code; 1 file written (Localizations/Localizable.xcstrings)\n"))
        let catalog = try package.read("Localizations/Localizable.xcstrings")
        #expect(catalog.contains(#""value" : "Best before""#))
        #expect(catalog.contains(#""state" : "needs_review",\#n            "value" : "Läuft ab""#), "\(catalog)")
        #expect(try ToolRunner.run(["extract", "--check"], in: package.root).status == 0)
    }

    @Test("once a person edited the text, a different defaultValue: is reported at the call and nothing is written")
    func drift() throws {
        let package = try Self.package()
        defer { package.remove() }
        let edited = try package.read("Localizations/Localizable.xcstrings").replacingOccurrences(
            of: #""state" : "new",\#n            "value" : "Expires""#,
            with: #""state" : "translated",\#n            "value" : "Expires on""#)
        try package.write("Localizations/Localizable.xcstrings", edited)
        try package.write("Sources/App/main.swift", #"print(text("table.expires", defaultValue: "Best before"))"#)
        let message =
            #"Sources/App/main.swift:1:12: error: key "table.expires": the code's default value "Best before" "#
            + #"differs from the text a person wrote in Localizations/Localizable.xcstrings, "Expires on""#
        for arguments in [["extract", "--check"], ["extract"]] {
            let run = try ToolRunner.run(arguments, in: package.root)
            #expect(run.status == 1)
            #expect(run.output.contains(message), "\(run.output)")
            #expect(try package.read("Localizations/Localizable.xcstrings") == edited)
        }
    }
}
