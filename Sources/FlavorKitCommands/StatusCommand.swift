import CatalogFiles
import Commands
import Diagnostics
import Foundation
import TerminalText
import TranslatorFormats

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `flavorkit status [--root DIR] [--format text|json] [--list] [--min-coverage N]`: for each
/// language × catalog (shared, then each flavor), translated / inherited / missing / stale /
/// needs review / invalid messages and a percentage (`TranslationStatus`), as a table (bars on a
/// terminal) or as JSON; `--list` names each message a translator still has to do. With
/// `--min-coverage N`, a row below N% is an error and the exit status is 1.
enum StatusCommand: ToolCommand {
    enum ReportFormat: String, CaseIterable {
        case text, json
    }

    static let format = Option.value(
        "format", placeholder: "FORMAT", allowed: ReportFormat.allCases.map(\.rawValue),
        summary: "print a table (the default) or one JSON object")
    static let list = Option.flag("list", summary: "name each message a translator still has to do, and why")
    static let minimum = Option.value(
        "min-coverage", placeholder: "N", summary: "fail when a language and catalog is below N percent")

    static let command = Command(
        "status", summary: "how far each language and flavor is translated",
        options: [FlavorKitTool.root, format, list, minimum])

    static func run(_ parsed: ParsedCommandLine) throws -> Int32 {
        let json = try parsed.value(format, as: ReportFormat.self) == .json
        let listing = parsed.flag(list)
        let threshold = try parsed.value(minimum, expected: "a whole percentage from 0 to 100") { text in
            Int(text).flatMap { (0...100).contains($0) ? $0 : nil }
        }
        let project = CatalogProject(layout: try FlavorKitTool.layout(parsed))
        guard FileManager.default.fileExists(atPath: project.layout.localizations.path) else {
            throw Diagnostic("no catalogs here (use --root DIR)", path: project.layout.localizations.path)
        }
        var readingErrors: [Diagnostic] = []
        let rows = try TranslationStatus.collect(project, readingErrors: &readingErrors)
        for error in readingErrors { FlavorKitTool.printError("\(error)\n") }
        if json {
            ToolContext.print(TranslationStatus.json(rows, list: listing))
        } else {
            let bars = Terminal.usesColor(
                environment: ToolContext.current.environment, isTerminal: Terminal.isTerminal())
            ToolContext.print(TranslationStatus.table(rows, bars: bars), terminator: "")
            let left = rows.reduce(0) { $0 + $1.untranslated.count }
            if listing {
                ToolContext.print("\n" + TranslationStatus.list(rows), terminator: "")
            } else if left > 0 {
                ToolContext.print("\n\(left) message\(left == 1 ? "" : "s") left to do: --list names them")
            }
        }
        guard let threshold else { return readingErrors.isEmpty ? 0 : 1 }
        let below = rows.filter { $0.percent < threshold }
        for row in below {
            FlavorKitTool.printError(
                "\(Diagnostic("\(row.language) (\(row.catalog)) is \(row.percent)% translated, below --min-coverage \(threshold)"))\n"
            )
        }
        return below.isEmpty && readingErrors.isEmpty ? 0 : 1
    }
}
