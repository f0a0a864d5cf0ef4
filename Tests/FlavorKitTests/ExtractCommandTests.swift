import Foundation
import TestSupport
import Testing

/// A scratch package: one flavor, an English and a German catalog, and `main.swift`.
struct ScratchPackage {
    let root: URL

    init(main: String, english: String = #""title" = "Transfers";"#, german: String = #""title" = "Übertragungen";"#)
        throws
    {
        root = try ToolRunner.temporaryFolder()
        try write("Sources/App/main.swift", main)
        try write("Localizations/en.lproj/Localizable.strings", english)
        try write("Localizations/de.lproj/Localizable.strings", german)
    }

    func write(_ path: String, _ text: String) throws { try FileTree.write(text, to: path, in: root) }

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

@Suite("flavorkit extract")
struct ExtractCommandTests {
    @Test("--check writes nothing and names each key out of date, exit 1; extract then brings it up to date, exit 0")
    func checkThenExtract() throws {
        let package = try ScratchPackage(
            main: """
                print(text("title"))
                print(text("queue.empty", comment: "No transfer yet"))
                """,
            english: "\"title\" = \"Transfers\";\n\"gone\" = \"Gone\";\n")
        defer { package.remove() }
        let before = try package.read("Localizations/en.lproj/Localizable.strings")
        let check = try ToolRunner.run(["extract", "--check"], in: package.root)
        #expect(check.status == 1)
        #expect(
            check.output == """
                Localizations/en.lproj/Localizable.strings:2:1: warning: key "gone" is used by no source (flavorkit extract --prune removes it)
                Sources/App/main.swift:2:12: error: key "queue.empty" is used here but is in no catalog (flavorkit extract adds it to Localizations/en.lproj/Localizable.strings)
                1 key is out of date

                """)
        #expect(try package.read("Localizations/en.lproj/Localizable.strings") == before)

        let extract = try ToolRunner.run(["extract"], in: package.root)
        #expect(extract.status == 0, "\(extract.errors)")
        #expect(
            extract.output.hasSuffix(
                "1 added, 1 unused, left alone; 1 file written (Localizations/en.lproj/Localizable.strings)\n"))
        #expect(
            try package.read("Localizations/en.lproj/Localizable.strings")
                == before + "/* No transfer yet */\n\"queue.empty\" = \"queue.empty\";\n")
        let again = try ToolRunner.run(["extract", "--check"], in: package.root)
        #expect(again.status == 0)
        #expect(again.output.hasSuffix("the catalogs are up to date\n"))
    }

    @Test("--prune removes unused keys from every language")
    func prune() throws {
        let package = try ScratchPackage(
            main: #"print(text("title"))"#, english: "\"title\" = \"Transfers\";\n\"gone\" = \"Gone\";\n",
            german: "\"title\" = \"Übertragungen\";\n\"gone\" = \"Weg\";\n")
        defer { package.remove() }
        let run = try ToolRunner.run(["extract", "--prune"], in: package.root)
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.output.hasSuffix(
                "1 removed; 2 files written (Localizations/en.lproj/Localizable.strings, "
                    + "Localizations/de.lproj/Localizable.strings)\n"))
        #expect(try package.read("Localizations/en.lproj/Localizable.strings") == "\"title\" = \"Transfers\";\n")
        #expect(try package.read("Localizations/de.lproj/Localizable.strings") == "\"title\" = \"Übertragungen\";\n")
    }

    @Test("two extracts at once both land: neither loses the other's keys")
    func concurrent() throws {
        let package = try ScratchPackage(main: #"print(text("title"), text("a"), text("b"))"#)
        defer { package.remove() }
        let binary = try #require(ChildProcess.builtProduct("flavorkit"))
        let run = (arguments: ["extract", "--root", package.root.path], input: "")
        let results = try ChildProcess.runConcurrently(
            binary, [run, run, run], environment: ["PATH": "/usr/bin:/bin", "NO_COLOR": "1"])
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.errors))")
        let text = try package.read("Localizations/en.lproj/Localizable.strings")
        #expect(text.components(separatedBy: "\"a\" = ").count == 2)
        #expect(text.components(separatedBy: "\"b\" = ").count == 2)
    }
}
