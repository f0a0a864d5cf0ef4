import Foundation
import TestSupport
import Testing

@Suite("flavorkit report")
struct ReportCommandTests {
    /// A package with flavors `Free` and `Pro`, catalogs in en, de, ja and ar (de missing a
    /// key), snapshots in each language at two widths (Japanese wide, Arabic right to left),
    /// one pending change, and an artifacts folder with one failure and one new snapshot.
    static func fixture() throws -> URL {
        let root = try ToolRunner.temporaryFolder()
        var files: [String: String] = [
            "Package.swift": "// swift-tools-version:6.1\n",
            "Sources/App/main.swift": "print(text(\"title\"), text(\"files\"))\n",
            "Localizations/en.lproj/Localizable.strings": "\"title\" = \"Transfers\";\n\"files\" = \"Files\";\n",
            "Localizations/de.lproj/Localizable.strings": "\"title\" = \"Übertragungen\";\n",
            "Localizations/ja.lproj/Localizable.strings": "\"title\" = \"転送\";\n\"files\" = \"ファイル\";\n",
            "Localizations/ar.lproj/Localizable.strings": "\"title\" = \"عمليات النقل\";\n\"files\" = \"الملفات\";\n",
        ]
        for flavor in ["Free", "Pro"] {
            files["Flavors/\(flavor)/Info.plist"] = """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict>
                <key>CFBundleIdentifier</key><string>com.example.\(flavor.lowercased())</string>
                <key>CFBundleDisplayName</key><string>App \(flavor)</string>
                <key>CFBundleShortVersionString</key><string>1.0</string>
                <key>CFBundleDevelopmentRegion</key><string>en</string>
                <key>FlavorFeatures</key><array/>
                </dict></plist>
                """
        }
        var manifest = "# produced by the tests\n"
        let titles = ["en": "Transfers", "de": "Übertragungen", "ja": "転送 ファイル", "ar": "عمليات النقل"]
        for flavor in ["Free", "Pro"] {
            for (language, title) in titles.sorted(by: { $0.key < $1.key }) {
                for width in [40, 80] {
                    let path = "\(flavor)/\(language)/\(width)/queue.txt"
                    files["snapshots/" + path] = "\(title)\nd1  \(flavor) \(width)\n"
                    manifest += path + "\n"
                }
            }
        }
        files["snapshots/manifest.txt"] = manifest
        files["snapshots/Free/de/40/queue.txt.new"] = "Übertragungen (2)\nd1  Free 40\n"
        files["artifacts/Pro/ja/80/queue.txt"] = "転送\nd1  Pro 80 changed\n"
        files["artifacts/Pro/ja/80/queue.txt.diff"] = "--- a\n+++ b\n"
        files["artifacts/Pro/en/80/about.txt"] = "App Pro 1.0\n"
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    /// The page of the package at `root`, whose summary line is `summary`.
    static func report(
        _ root: URL, summary: String = "17 snapshots (3 changed), 4 languages, 1 lint findings",
        environment: [String: String] = [:]
    ) throws -> String {
        let result = try ToolRunner.run(
            [
                "report", "--root", root.path, "--output", root.appendingPathComponent("out").path, "--from",
                root.appendingPathComponent("artifacts").path,
            ], environment: environment)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasPrefix("wrote \(root.appendingPathComponent("out/index.html").path): "))
        #expect(result.output.contains(summary), "\(result.output)")
        return try String(contentsOf: root.appendingPathComponent("out/index.html"), encoding: .utf8)
    }

    @Test("--output ending in .html names the page itself; a folder of that name still holds index.html")
    func outputFile() throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let page = root.appendingPathComponent("site/Report.HTML")
        let written = try ToolRunner.run(["report", "--root", root.path, "--output", page.path])
        #expect(written.status == 0, "\(written.errors)")
        #expect(written.output.hasPrefix("wrote \(page.path): "))
        #expect(try String(contentsOf: page, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        let folder = root.appendingPathComponent("kept.html")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let inFolder = try ToolRunner.run(["report", "--root", root.path, "--output", folder.path])
        #expect(inFolder.output.hasPrefix("wrote \(folder.appendingPathComponent("index.html").path): "))
        // A trailing slash names a folder, whatever its name.
        let slashed = root.appendingPathComponent("new.html")
        let inNewFolder = try ToolRunner.run(["report", "--root", root.path, "--output", slashed.path + "/"])
        #expect(inNewFolder.status == 0, "\(inNewFolder.errors)")
        #expect(FileManager.default.fileExists(atPath: slashed.appendingPathComponent("index.html").path))
    }

    @Test(
        "the page is never written through a link out of its folder, committed or not there yet",
        arguments: ["victim.txt", "not-yet.html"])
    func pageLinkedOut(target: String) throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let outside = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: outside) }
        let victim = outside.appendingPathComponent(target)
        if target == "victim.txt" { try Data("kept\n".utf8).write(to: victim) }
        for page in [
            root.appendingPathComponent("out.html"), root.appendingPathComponent(".build/flavorkit-report/index.html"),
        ] {
            try FileManager.default.createDirectory(
                at: page.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: page.path, withDestinationPath: victim.path)
            let output = page.lastPathComponent == "out.html" ? ["--output", page.path] : []
            let run = try ToolRunner.run(["report", "--root", root.path] + output)
            #expect(run.status == 1, "\(run.output)")
            #expect(run.errors.contains("not written through"), "\(run.errors)")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: outside.path)
                    == (target == "victim.txt" ? ["victim.txt"] : []))
            if target == "victim.txt" { #expect(try Data(contentsOf: victim) == Data("kept\n".utf8)) }
        }
    }

    @Test("one self-contained page: coverage, findings, every snapshot, what changed, anchors")
    func page() throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let html = try Self.report(root)
        let manifest = try String(contentsOf: root.appendingPathComponent("snapshots/manifest.txt"), encoding: .utf8)
        for path in manifest.split(separator: "\n") where !path.hasPrefix("#") {
            #expect(html.contains("<figure class=\"snap") && html.contains("data-path=\"\(path)\""), "\(path)")
        }
        // Languages in the development language's order: English first, then by English name.
        let rows = ["ar", "de", "ja"].map { html.range(of: "<tr data-language=\"\($0)\">")?.lowerBound }
        #expect(rows.allSatisfy { $0 != nil } && rows[0]! < rows[1]! && rows[1]! < rows[2]!)
        #expect(html.contains("<small>Arabic</small>") && html.contains("<small>Japanese</small>"))
        #expect(html.contains("data-percent=\"50\""), "de has one of two messages")
        #expect(html.contains("<code>Localizations/de.lproj/Localizable.strings"))
        // What changed: the pending file, the CI failure and the new snapshot, each beside the recorded one.
        #expect(html.contains("id=\"change-Free-de-40-queue-txt\""))
        #expect(html.contains("data-path=\"Pro/ja/80/queue.txt\" data-source=\"artifacts\""))
        #expect(html.contains("none: a new snapshot"))
        #expect(html.contains("<div class=\"ln mark\">Übertragungen (2)</div>"))
        // Wide characters take two cells; a snapshot is drawn at its recorded width.
        #expect(html.contains("<span class=\"w\">転</span><span class=\"w\">送</span>"))
        #expect(html.contains("style=\"--w:80\""))
        #expect(html.contains("<a href=\"#screen-queue\">queue</a>"))
        // Nothing outside the file: no source, link or URL to fetch, and a policy that forbids it.
        for fetching in ["src=", "<link", "url(", "@import", "http:", "https:"] {
            #expect(!html.contains(fetching), "\(fetching)")
        }
        #expect(html.contains("content=\"default-src 'none';"))
    }

    @Test(
        "the page shows only files of the snapshot folder: a manifest line that leads out is passed over, a link is a finding"
    )
    func nothingFromElsewhere() throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("TOP SECRET\n".utf8).write(to: root.appendingPathComponent("secret.txt"))
        let manifest = root.appendingPathComponent("snapshots/manifest.txt")
        try Data((try String(contentsOf: manifest, encoding: .utf8) + "../secret.txt\n").utf8).write(to: manifest)
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("artifacts/Pro/ja/80/linked.txt"),
            withDestinationURL: root.appendingPathComponent("secret.txt"))
        let html = try Self.report(root, summary: "17 snapshots (3 changed), 4 languages, 2 lint findings")
        #expect(!html.contains("TOP SECRET"))
        #expect(html.contains("linked.txt</code> <b>error</b> reached through a symbolic link; not read"))
    }

    /// The attack as found: a committed snapshot that links to the process's environment,
    /// which CI would have embedded in the page it uploads.
    @Test("a recorded snapshot that links to /proc/self/environ is refused, and the environment is not on the page")
    func environmentLink() throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let today = root.appendingPathComponent("snapshots/Pro/en/80/queue.txt")
        try FileManager.default.removeItem(at: today)
        try FileManager.default.createSymbolicLink(atPath: today.path, withDestinationPath: "/proc/self/environ")
        let secret = "ghp_notARealTokenButSecret"
        let html = try Self.report(
            root, summary: "16 snapshots (3 changed), 4 languages, 2 lint findings",
            environment: ["GITHUB_TOKEN": secret])
        #expect(!html.contains(secret) && !html.contains("GITHUB_TOKEN"))
        #expect(html.contains("<code>snapshots/Pro/en/80/queue.txt</code> <b>error</b> a symbolic link to"))
    }

    @Test(
        "rendered in a real browser (Debian's chromium, headless): script runs, nothing fetched, no error",
        .enabled(if: SystemTool.shouldRun("chromium"), "chromium is not installed (CI always runs this)"))
    func browser() throws {
        let chromium = try SystemTool.require("chromium", package: "chromium")
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try Self.report(root)
        let home = root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let result = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/timeout"),
            [
                "120", chromium.path, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--user-data-dir=\(home.appendingPathComponent("profile").path)", "--enable-logging=stderr", "--v=0",
                "--virtual-time-budget=5000", "--dump-dom",
                root.appendingPathComponent("out/index.html").absoluteString,
            ],
            environment: [
                "PATH": "/usr/bin:/bin", "HOME": home.path,
                "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                "XDG_CACHE_HOME": home.appendingPathComponent("cache").path, "LC_ALL": "C",
            ])
        #expect(result.status == 0, "\(result.errors)")
        let dom = result.output
        #expect(dom.contains("data-ready=\"yes\""), "the script ran to the end")
        #expect(dom.contains("data-resources=\"0\""), "nothing was fetched")
        #expect(!dom.contains("data-errors="), "no script error")
        #expect(dom.contains("<form id=\"filter\">"), "the filter is shown once the script runs")
        let manifest = try String(contentsOf: root.appendingPathComponent("snapshots/manifest.txt"), encoding: .utf8)
        for path in manifest.split(separator: "\n").filter({ !$0.hasPrefix("#") }) + ["Pro/en/80/about.txt"] {
            #expect(dom.contains("<figure class=\"snap") && dom.contains("data-path=\"\(path)\""), "\(path)")
        }
        for language in ["en", "ar", "de", "ja"] {
            #expect(dom.contains("<option>\(language)</option>"), "\(language)")
        }
        for language in ["ar", "de", "ja"] {
            #expect(dom.contains("<tr data-language=\"\(language)\">"), "\(language)")
        }
        #expect(dom.contains("data-source=\"pending\""), "the pending change is shown as a change")
        #expect(dom.contains("<div class=\"ln mark\">d1  Pro 80 changed</div>"), "the CI change is marked")
        let complaints = result.errors.split(separator: "\n").filter {
            $0.contains("CONSOLE") || $0.contains("Uncaught") || $0.contains("Content Security Policy")
        }
        #expect(complaints.isEmpty, "\(complaints)")
    }
}
