import CatalogExtraction
import CatalogFiles
import Commands
import Diagnostics
import FileFormats
import FileWriting
import Foundation

/// `flavorkit generate-symbols [--root DIR] [--table T]… [--access internal|package|public]
/// [--output FILE] [--quiet] [--localizations DIR]`: Swift with one `LocalizedText` accessor
/// per key of the development language's tables (`SymbolGenerator`), to standard output or to
/// `--output`, which is written only when its content changes (so that a build does not
/// recompile for nothing), then a count of the symbols (not with `--quiet`, as the plugin runs
/// it). Keys left out are warnings; names two keys share are errors, and then nothing is
/// written (exit 1).
enum GenerateSymbolsCommand: ToolCommand {
    static let table = Option.value(
        "table", placeholder: "T", repeatable: true, summary: "only this table (default: all but InfoPlist)")
    static let access = Option.value(
        "access", placeholder: "LEVEL", allowed: SymbolGenerator.Access.allCases.map(\.rawValue),
        summary: "the symbols' access level (default: internal)")
    static let output = Option.value("output", placeholder: "FILE", summary: "the Swift file to write")
    static let quiet = Option.flag("quiet", summary: "print problems only, not the count of symbols")

    static let command = Command(
        "generate-symbols",
        summary: "write Swift with one symbol per catalog key, so that a wrong key does not compile",
        options: [FlavorKitTool.root, table, access, output, quiet, FlavorKitTool.localizations])

    static func run(_ parsed: ParsedCommandLine) throws -> Int32 {
        let level = try parsed.value(access, as: SymbolGenerator.Access.self) ?? .internal
        let project = CatalogProject(layout: try FlavorKitTool.layout(parsed))
        let tables = parsed.values(table)
        let generator = SymbolGenerator(project: project, tables: tables.isEmpty ? nil : tables, access: level)
        for diagnostic in generator.diagnostics { FlavorKitTool.printError("\(diagnostic)\n") }
        guard let source = generator.utf8Source else { return 1 }
        let data = Data(source)
        guard let path = parsed.value(output) else {
            ToolContext.current.writeData(data)
            return 0
        }
        let url = ToolContext.url(path)
        // Written only when it changed, so that a build does not compile it again.
        if (try? InputFile.readIfPresent(url, limit: InputFile.textLimit)) != data {
            // Never through a link out of its folder: a committed one could aim the generated
            // source at a file that runs (a Git hook).
            try AtomicFile.write(data, to: url, creatingFolder: true, within: url.deletingLastPathComponent())
        }
        if !parsed.flag(quiet) {
            FlavorKitTool.printError("\(generator.count) symbol\(generator.count == 1 ? "" : "s") in \(path)\n")
        }
        return 0
    }
}
