import Foundation
import TestSupport
import Testing

@Suite("flavorkit generate-symbols")
struct GenerateSymbolsCommandTests {
    /// Type-checks `files` against the Localization module `swift build` made beside the tool,
    /// with a module cache of their own; `strict`, with warnings as errors; `defines`, with
    /// those compile conditions (`-D`).
    static func typecheck(_ files: [URL], in folder: URL, strict: Bool = false, defines: [String] = []) throws
        -> ChildProcess.Result
    {
        let tool = try #require(ChildProcess.builtProduct("flavorkit"))
        let modules = tool.deletingLastPathComponent().appendingPathComponent("Modules")
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let swiftc = try #require(
            path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
                .first { FileManager.default.isExecutableFile(atPath: $0.path) })
        return try ChildProcess.run(
            swiftc,
            ["-typecheck", "-I", modules.path, "-module-cache-path", folder.appendingPathComponent("cache").path]
                + (strict ? ["-warnings-as-errors"] : []) + defines.flatMap { ["-D", $0] } + files.map(\.path),
            environment: ["PATH": path, "HOME": folder.path], in: folder)
    }

    @Test("the generated source is never written through a link out of its folder, such as to a Git hook")
    func linkOut() throws {
        let package = try ScratchPackage(main: "", english: #""title" = "Transfers";"#)
        defer { package.remove() }
        let hook = package.root.appendingPathComponent(".git/hooks/pre-commit")
        try FileManager.default.createDirectory(at: hook.deletingLastPathComponent(), withIntermediateDirectories: true)
        let generated = package.root.appendingPathComponent("Sources/App/L10n.swift")
        try FileManager.default.createSymbolicLink(
            atPath: generated.path, withDestinationPath: "../../.git/hooks/pre-commit")
        let run = try ToolRunner.run(["generate-symbols", "--output", generated.path], in: package.root)
        #expect(run.status == 1)
        #expect(run.errors.contains("not written through"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: hook.path))
    }

    @Test(
        "the symbols compile and type each argument; a key removed from the catalog is a compile error where it was used"
    )
    func compiles() throws {
        let package = try ScratchPackage(
            main: "",
            english: """
                /* The list's title. */
                "title" = "Transfers";
                "progress" = "%1$@ of %2$lld files, %3$.1f%% done";
                """)
        defer { package.remove() }
        let generated = package.root.appendingPathComponent("Generated.swift")
        let run = try ToolRunner.run(["generate-symbols", "--output", generated.path], in: package.root)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors == "2 symbols in \(generated.path)\n")
        let use = package.root.appendingPathComponent("Use.swift")
        try Data(
            """
            import Localization
            let texts: [LocalizedText] = [.title, .progress("a.mp4", 3, 42.5)]
            """.utf8
        ).write(to: use)
        let good = try Self.typecheck([generated, use], in: package.root)
        #expect(good.status == 0, "\(good.errors)")

        try package.write("Localizations/en.lproj/Localizable.strings", #""progress" = "%1$@ of %2$lld files";"#)
        // As the plugin runs it: quiet but for problems.
        let quiet = try ToolRunner.run(["generate-symbols", "--output", generated.path, "--quiet"], in: package.root)
        #expect(quiet.status == 0 && quiet.errors.isEmpty && quiet.output.isEmpty)
        let bad = try Self.typecheck([generated, use], in: package.root)
        #expect(bad.status != 0)
        #expect(bad.errors.contains("Use.swift:2:32: error: type 'LocalizedText' has no member 'title'"))
        #expect(bad.errors.contains("extra argument in call"))
    }

    @Test("--output is left as it is when nothing changed, so that a build does not compile it again")
    func unchangedOutput() throws {
        let package = try ScratchPackage(main: "")
        defer { package.remove() }
        let generated = package.root.appendingPathComponent("Generated.swift")
        #expect(try ToolRunner.run(["generate-symbols", "--output", generated.path], in: package.root).status == 0)
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: generated.path)
        #expect(try ToolRunner.run(["generate-symbols", "--output", generated.path], in: package.root).status == 0)
        let date = try FileManager.default.attributesOfItem(atPath: generated.path)[.modificationDate] as? Date
        #expect(date == old)
    }

    @Test("colliding names are an error with both keys, exit 1, and nothing is written")
    func collision() throws {
        let package = try ScratchPackage(main: "", english: #""queue.empty" = "Empty"; "queue_empty" = "Empty!";"#)
        defer { package.remove() }
        let generated = package.root.appendingPathComponent("Generated.swift")
        let run = try ToolRunner.run(["generate-symbols", "--output", generated.path], in: package.root)
        #expect(run.status == 1)
        #expect(
            run.errors.contains(
                #"error: keys "queue.empty" and "queue_empty" both make the symbol queueEmpty; rename one of them"#))
        #expect(!FileManager.default.fileExists(atPath: generated.path))
    }
}
