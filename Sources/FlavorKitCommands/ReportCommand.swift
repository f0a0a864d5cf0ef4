import Commands
import Diagnostics
import FileWriting
import Foundation
import ProjectReporting

/// `flavorkit report [--output DIR|FILE.html] [--from ARTIFACTS] [--root DIR]`: one
/// self-contained HTML page (`DIR/index.html`, or the `.html` file named) with the
/// translation coverage, the lint findings, every snapshot side by side and what changed
/// (`ProjectReport`).
enum ReportCommand: ToolCommand {
    static let output = Option.value(
        "output", placeholder: "DIR",
        summary: "the folder to write index.html in, or a file ending in .html (default: .build/flavorkit-report)")
    static let from = Option.value(
        "from", placeholder: "DIR", summary: "also show the failures in a folder CI wrote (SNAPSHOT_ARTIFACTS)")

    static let command = Command(
        "report", summary: "write one HTML page: translation coverage, lint findings, every snapshot, what changed",
        options: [output, from, FlavorKitTool.root])

    static func run(_ parsed: ParsedCommandLine) throws -> Int32 {
        let layout = try FlavorKitTool.layout(parsed)
        let artifacts = parsed.value(from).map(ToolContext.url)
        let report = try ProjectReport.collect(layout, artifacts: artifacts)
        let value = parsed.value(output)
        let given = value.map(ToolContext.url)
        // `--output report.html` names the page itself (unless it ends in `/` or such a folder
        // exists); anything else, the folder that holds it.
        let named = value.map { !$0.hasSuffix("/") && $0.lowercased().hasSuffix(".html") } ?? false
        let page =
            given.flatMap { url in
                var isFolder: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
                return named && !(exists && isFolder.boolValue) ? url : nil
            }
            ?? (given ?? layout.root.appendingPathComponent(".build/flavorkit-report"))
            .appendingPathComponent("index.html")
        // Never through a link that leads out of the page's folder (a committed one, even to
        // a file not there yet).
        try AtomicFile.write(
            Data(report.html().utf8), to: page, creatingFolder: true, within: page.deletingLastPathComponent())
        let changed = report.snapshots.filter { $0.change != nil }.count
        ToolContext.print(
            "wrote \(Diagnostic.visible(page.path)): \(report.snapshots.count) snapshots (\(changed) changed), "
                + "\(report.languages.count) languages, \(report.findings.count) lint findings")
        return 0
    }
}
