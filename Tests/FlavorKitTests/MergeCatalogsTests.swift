import Foundation
import Localization
import TestSupport
import Testing

/// A git repository in a scratch folder whose catalogs merge with `flavorkit merge-catalogs`,
/// configured as the README says.
struct CatalogRepository {
    let root: URL
    let git: URL

    init() throws {
        root = try ToolRunner.temporaryFolder()
        git = try SystemTool.require("git", package: "git")
        let tool = try #require(ChildProcess.builtProduct("flavorkit"))
        try run("init", "-q", "-b", "main")
        try run("config", "user.name", "Test")
        try run("config", "user.email", "test@example.com")
        try run("config", "merge.flavorkit.name", "FlavorKit catalogs")
        try run("config", "merge.flavorkit.driver", "\(tool.path) merge-catalogs %O %A %B %P")
        try write(".gitattributes", "*.xcstrings merge=flavorkit\n*.strings merge=flavorkit\n")
    }

    /// Runs git here with a home and configuration of the test's own.
    @discardableResult
    func run(_ arguments: String...) throws -> ChildProcess.Result {
        try ChildProcess.run(
            git, arguments,
            environment: [
                "PATH": "/usr/bin:/bin", "HOME": root.path, "GIT_CONFIG_NOSYSTEM": "1", "LC_ALL": "C",
                "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z",
            ], in: root)
    }

    func write(_ path: String, _ text: String) throws { try FileTree.write(text, to: path, in: root) }

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func commit(_ message: String) throws {
        try run("add", "-A")
        let result = try run("commit", "-q", "-m", message)
        guard result.status == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

@Suite("flavorkit merge-catalogs, git's merge driver")
struct MergeCatalogsTests {
    /// A String Catalog in Xcode's layout: English and German for each of `units`
    /// (key → German text), and French `fr` for the key "b".
    static func catalog(_ units: [(String, String)], french: String = "B-fr", comment: String? = nil) -> String {
        let entries = units.map { key, german in
            var languages = [
                "        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"\(german)\"\n          }\n        }"
            ]
            if key == "b" {
                languages.append(
                    "        \"fr\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"\(french)\"\n          }\n        }"
                )
            }
            let commentLine = key == "a" ? comment.map { "      \"comment\" : \"\($0)\",\n" } ?? "" : ""
            return
                "    \"\(key)\" : {\n\(commentLine)      \"localizations\" : {\n\(languages.joined(separator: ",\n"))\n      }\n    }"
        }
        return
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\(entries.joined(separator: ",\n"))\n  },\n  \"version\" : \"1.0\"\n}"
    }

    @Test(
        "changes to different keys, languages and fields combine in Xcode's layout; git's line merge would conflict",
        .enabled(if: SystemTool.shouldRun("git"), "git is not installed (CI always runs this)"))
    func clean() throws {
        let repository = try CatalogRepository()
        defer { repository.remove() }
        let path = "Localizations/Localizable.xcstrings"
        try repository.write(path, Self.catalog([("a", "A"), ("b", "B"), ("c", "C")]))
        try repository.write("Localizations/en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n")
        try repository.commit("base")
        try repository.run("checkout", "-q", "-b", "feature")
        // Theirs: a new key beside "b", French changed; a .strings key appended.
        try repository.write(path, Self.catalog([("a", "A"), ("aa", "AA"), ("b", "B"), ("c", "C")], french: "B-fr!"))
        try repository.write(
            "Localizations/en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n\"d\" = \"D\";\n")
        try repository.commit("feature")
        try repository.run("checkout", "-q", "main")
        // Ours: German of "b" and a comment on "a" changed; another .strings key appended.
        try repository.write(path, Self.catalog([("a", "A"), ("b", "B2"), ("c", "C")], comment: "Shown first"))
        try repository.write(
            "Localizations/en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n\"e\" = \"E\";\n")
        try repository.commit("main")

        let merge = try repository.run("merge", "-q", "--no-edit", "feature")
        #expect(merge.status == 0, "\(merge.output)\(merge.errors)")
        #expect(
            try repository.read(path)
                == Self.catalog(
                    [("a", "A"), ("aa", "AA"), ("b", "B2"), ("c", "C")], french: "B-fr!", comment: "Shown first"))
        #expect(
            try repository.read("Localizations/en.lproj/Localizable.strings")
                == "\"a\" = \"A\";\n\"b\" = \"B\";\n\"e\" = \"E\";\n\"d\" = \"D\";\n")
    }

    @Test(
        "one unit changed two ways is a conflict between markers, named, and each side resolves to a valid catalog",
        .enabled(if: SystemTool.shouldRun("git"), "git is not installed (CI always runs this)"))
    func conflict() throws {
        let repository = try CatalogRepository()
        defer { repository.remove() }
        let path = "Localizations/Localizable.xcstrings"
        try repository.write(path, Self.catalog([("a", "A"), ("b", "B")]))
        try repository.write("Localizations/de.lproj/Localizable.strings", "\"x\" = \"X\";\n\"y\" = \"Y\";\n")
        try repository.commit("base")
        try repository.run("checkout", "-q", "-b", "feature")
        try repository.write(path, Self.catalog([("a", "A-theirs"), ("b", "B")], french: "B-fr theirs"))
        try repository.write("Localizations/de.lproj/Localizable.strings", "\"x\" = \"X theirs\";\n\"y\" = \"Y\";\n")
        try repository.commit("feature")
        try repository.run("checkout", "-q", "main")
        try repository.write(path, Self.catalog([("a", "A-ours"), ("b", "B")]))
        try repository.write("Localizations/de.lproj/Localizable.strings", "\"x\" = \"X ours\";\n\"y\" = \"Y ours\";\n")
        try repository.commit("main")

        let merge = try repository.run("merge", "--no-edit", "feature")
        #expect(merge.status == 1)
        #expect(
            merge.errors.contains("1 conflict, between <<<<<<< and >>>>>>> in the file: key \"a\", de"),
            "\(merge.errors)")
        let merged = try repository.read(path)
        #expect(
            merged.contains(
                "<<<<<<< ours\n            \"value\" : \"A-ours\"\n=======\n            \"value\" : \"A-theirs\"\n>>>>>>> theirs\n"
            ))
        #expect(merged.contains("\"value\" : \"B-fr theirs\""))
        for keep in ["ours", "theirs"] {
            let resolved = Self.resolve(merged, keeping: keep)
            let catalog = StringCatalog(Data(resolved.utf8), path: path)
            #expect(catalog.errors.isEmpty, "\(catalog.errors)")
            #expect(catalog["a"]?.localizations["de"]?.stringUnit?.value == "A-\(keep)")
        }
        let strings = try repository.read("Localizations/de.lproj/Localizable.strings")
        #expect(
            strings
                == "<<<<<<< ours\n\"x\" = \"X ours\";\n=======\n\"x\" = \"X theirs\";\n>>>>>>> theirs\n\"y\" = \"Y ours\";\n"
        )
        #expect(try repository.run("status", "--porcelain").output.contains("UU Localizations/Localizable.xcstrings"))
    }

    /// `text` with each conflict resolved to one side.
    static func resolve(_ text: String, keeping keep: String) -> String {
        var lines: [Substring] = []
        var side: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "<<<<<<< ours" { side = "ours"; continue }
            if line == "=======" { side = "theirs"; continue }
            if line == ">>>>>>> theirs" { side = nil; continue }
            if side == nil || side == keep { lines.append(line) }
        }
        return lines.joined(separator: "\n")
    }

    /// Writes base, ours and theirs into a scratch folder and runs the driver on them in this
    /// process, as git would with `%O %A %B %P`; the result and what ours holds after.
    static func driver(
        base: String, ours: String, theirs: String, path: String
    ) throws -> (result: ToolRunner.Result, ours: String) {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in [("base", base), ("ours", ours), ("theirs", theirs)] {
            try FileTree.write(text, to: name, in: folder)
        }
        let result = try ToolRunner.run(["merge-catalogs", "base", "ours", "theirs", path], in: folder)
        return (result, try String(contentsOf: folder.appendingPathComponent("ours"), encoding: .utf8))
    }

    @Test(
        "a file of another kind is merged line by line by git merge-file: clean, or with conflicts marked",
        .enabled(if: SystemTool.shouldRun("git"), "git is not installed (CI always runs this)"),
        arguments: [
            (
                "one ours\ntwo\nthree\nfour\n", "one\ntwo\nthree\nfour theirs\n", 0,
                "one ours\ntwo\nthree\nfour theirs\n"
            ),
            (
                "one ours\ntwo\nthree\nfour\n", "one theirs\ntwo\nthree\nfour\n", 1,
                "<<<<<<< ours\none ours\n=======\none theirs\n>>>>>>> theirs\ntwo\nthree\nfour\n"
            ),
        ])
    func otherKind(ours: String, theirs: String, status: Int32, merged: String) throws {
        let (result, written) = try Self.driver(
            base: "one\ntwo\nthree\nfour\n", ours: ours, theirs: theirs, path: "notes.txt")
        #expect(result.status == status, "\(result.errors)")
        #expect(written == merged)
    }

    @Test("the file's path as git gives it (%P) reaches the terminal escaped, in the conflict summary too")
    func pathShownSafely() throws {
        let path = "Localizations/\u{1B}[31mred\nline.strings"
        let (result, written) = try Self.driver(
            base: "\"a\" = \"1\";\n", ours: "\"a\" = \"ours\";\n", theirs: "\"a\" = \"theirs\";\n", path: path)
        #expect(result.status == 1)
        #expect(
            result.errors
                == "Localizations/\\u{1B}[31mred\\nline.strings: 1 conflict, between <<<<<<< and >>>>>>> in the file: "
                + "key \"a\"\n")
        #expect(!result.errors.contains("\u{1B}"))
        #expect(written.contains("<<<<<<< ours\n\"a\" = \"ours\";\n=======\n\"a\" = \"theirs\";\n>>>>>>> theirs\n"))
    }

    @Test(
        "a version that is no valid catalog is merged line by line instead, saying why",
        .enabled(if: SystemTool.shouldRun("git"), "git is not installed (CI always runs this)"))
    func unreadableVersion() throws {
        let base = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n  },\n  \"version\" : \"1.0\"\n}\n"
        // Both sides changed, so the merge must read each (one side unchanged would be taken
        // whole), and far enough apart that the lines merge cleanly.
        let (result, written) = try Self.driver(
            base: base, ours: base.replacingOccurrences(of: "{\n  \"source", with: "{ broken\n  \"source"),
            theirs: base.replacingOccurrences(of: "1.0", with: "1.1"), path: "Localizations/Localizable.xcstrings")
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.errors
                == "Localizations/Localizable.xcstrings (ours):1:3: error: not valid JSON: expected a key (a string in "
                + "double quotes), found 'b'\nmerging Localizations/Localizable.xcstrings line by line instead\n")
        #expect(
            written
                == base.replacingOccurrences(of: "{\n  \"source", with: "{ broken\n  \"source")
                .replacingOccurrences(of: "1.0", with: "1.1"))
    }

    @Test("a version that is missing, a folder or a named pipe is an error naming it, and ours is left alone")
    func missingVersion() throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileTree.write("\"a\" = \"A\";\n", to: "ours", in: folder)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("theirs"), withIntermediateDirectories: false)
        let missing = try ToolRunner.run(["merge-catalogs", "base", "ours", "theirs", "a.strings"], in: folder)
        #expect(missing.status != 0 && missing.errors.contains("base: error: no such file"), "\(missing.errors)")
        try FileTree.write("\"a\" = \"A\";\n", to: "base", in: folder)
        let folderGiven = try ToolRunner.run(["merge-catalogs", "base", "ours", "theirs", "a.strings"], in: folder)
        #expect(folderGiven.status != 0 && folderGiven.errors.contains("theirs: error:"), "\(folderGiven.errors)")
        // A named pipe would block the merge until something wrote to it: refused unread.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("theirs"))
        try #require(mkfifo(folder.appendingPathComponent("theirs").path, 0o600) == 0)
        let pipeGiven = try ToolRunner.run(["merge-catalogs", "base", "ours", "theirs", "a.strings"], in: folder)
        #expect(pipeGiven.status != 0 && pipeGiven.errors.contains("theirs: error:"), "\(pipeGiven.errors)")
        #expect(try String(contentsOf: folder.appendingPathComponent("ours"), encoding: .utf8) == "\"a\" = \"A\";\n")
    }

    /// An attack of this round: base (or theirs) not JSON sent the merge to git's line merge
    /// before ours was read, and git blocked on ours, a named pipe.
    @Test(
        "a catalog merge refused falls back to lines only when every version is a regular file",
        arguments: [(broken: "base", ours: "pipe"), ("theirs", "pipe"), ("base", "folder"), ("theirs", "missing")])
    func fallbackChecksEveryVersion(broken: String, ours: String) throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = "{\"sourceLanguage\":\"en\",\"strings\":{},\"version\":\"1.0\"}"
        for version in ["base", "theirs"] {
            try FileTree.write(version == broken ? "nope" : catalog, to: version, in: folder)
        }
        let oursFile = folder.appendingPathComponent("ours")
        switch ours {
        case "pipe": try #require(mkfifo(oursFile.path, 0o600) == 0)
        case "folder": try FileManager.default.createDirectory(at: oursFile, withIntermediateDirectories: false)
        default: break
        }
        let run = try ToolRunner.run(["merge-catalogs", "base", "ours", "theirs", "L.xcstrings"], in: folder)
        #expect(run.status != 0)
        #expect(run.errors.contains("ours: error:"), "\(run.errors)")
    }

    /// Attacks of this round: a conflict's language or field holding an escape reached the
    /// terminal raw, and 20,000 conflicts made one line of 389 KB.
    @Test("conflicts are named with their control characters written out, twenty at most")
    func conflictsNamedSafely() throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func catalog(_ value: String) -> String {
            let entries = (0..<25).map { index in
                "\"k\(index)\":{\"localizations\":{\"de\\u001b[31m\":{\"stringUnit\":{\"state\":\"translated\","
                    + "\"value\":\"\(value)\"}}}}"
            }
            return "{\"sourceLanguage\":\"en\",\"strings\":{" + entries.joined(separator: ",")
                + "},\"version\":\"1.0\"}"
        }
        for (version, value) in [("base", "b"), ("ours", "o"), ("theirs", "t")] {
            try FileTree.write(catalog(value), to: version, in: folder)
        }
        let run = try ToolRunner.run(["merge-catalogs", "base", "ours", "theirs", "L.xcstrings"], in: folder)
        #expect(run.status == 1)
        #expect(!run.errors.contains("\u{1B}"), "\(run.errors)")
        #expect(
            run.errors.hasPrefix(
                "L.xcstrings: 25 conflicts, between <<<<<<< and >>>>>>> in the file: key \"k0\", de\\u{1B}[31m; "),
            "\(run.errors)")
        #expect(run.errors.hasSuffix("; and 5 more\n"), "\(run.errors)")
    }
}
