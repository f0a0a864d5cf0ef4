import Commands
import Diagnostics
import FileWriting
import Foundation
import ProjectReporting

/// `flavorkit report [--output DIR] [--from ARTIFACTS] [--root DIR]`: one self-contained HTML
/// page (`DIR/index.html`) with the translation coverage, the lint findings, every snapshot
/// side by side and what changed (`ProjectReport`).
enum ReportCommand: ToolCommand {
    static let output = Option.value(
        "output", placeholder: "DIR", summary: "the folder to write index.html in (default: .build/flavorkit-report)")
    static let from = Option.value(
        "from", placeholder: "DIR", summary: "also show the failures in a folder CI wrote (SNAPSHOT_ARTIFACTS)")

    static let command = Command(
        "report", summary: "write one HTML page: translation coverage, lint findings, every snapshot, what changed",
        options: [output, from, FlavorKitTool.root])

    static func run(_ parsed: ParsedCommandLine) throws -> Int32 {
        let layout = try FlavorKitTool.layout(parsed)
        let artifacts = parsed.value(from).map(ToolContext.url)
        let report = try ProjectReport.collect(layout, artifacts: artifacts)
        let folder =
            parsed.value(output).map(ToolContext.url)
            ?? layout.root.appendingPathComponent(".build/flavorkit-report")
        let page = folder.appendingPathComponent("index.html")
        try AtomicFile.write(Data(report.html().utf8), to: page, creatingFolder: true)
        let changed = report.snapshots.filter { $0.change != nil }.count
        ToolContext.print(
            "wrote \(page.path): \(report.snapshots.count) snapshots (\(changed) changed), "
                + "\(report.languages.count) languages, \(report.findings.count) lint findings")
        return 0
    }
}
