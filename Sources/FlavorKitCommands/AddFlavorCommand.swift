import Commands
import Diagnostics
import Flavors
import Scaffolding

/// `flavorkit add-flavor NAME [--dimension D] [--from FLAVOR] [--feature NAME]… [--limit NAME=N]…`:
/// scaffolds `Flavors/NAME/` (Info.plist and catalog overrides), `Sources/NAME/` (a link to
/// the shared entry file, which gets its branch) and the `Package.swift` lines, then says what
/// is left to do. With `--dimension`, adds the flavor to that dimension of `flavorkit.json`
/// and scaffolds every variant it makes instead.
enum AddFlavorCommand: ToolCommand {
    static let name = Argument("NAME", summary: "the new flavor's name, e.g. Team (a folder, a target, a -D flag)")
    static let from = Option.value(
        "from", placeholder: "FLAVOR", summary: "the flavor to copy (default: the first under Flavors/)")

    static let feature = Option.value(
        "feature", placeholder: "NAME", repeatable: true, summary: "a feature the flavor enables (repeat for several)")
    static let limit = Option.value(
        "limit", placeholder: "NAME=N", repeatable: true, summary: "a limit the flavor sets, e.g. seats=5 (repeatable)")

    static let dimension = Option.value(
        "dimension", placeholder: "D", summary: "add the flavor to dimension D and scaffold every variant it makes")

    static let command = Command(
        "add-flavor", summary: "scaffold a new flavor: its Info.plist, catalogs, entry and Package.swift lines",
        arguments: [name], options: [from, feature, limit, dimension, FlavorKitTool.root])

    static func run(_ parsed: ParsedCommandLine) throws -> Int32 {
        let layout = try FlavorKitTool.layout(parsed)
        // The argument is there: parsing checked the count.
        let limits = try parsed.values(limit, expected: "a limit written NAME=N, e.g. seats=5") { text in
            let parts = text.split(separator: "=", maxSplits: 1)
            return parts.count == 2 ? Int(parts[1]).map { (String(parts[0]), $0) } : nil
        }
        let limited = Dictionary(limits, uniquingKeysWith: { _, last in last })
        let result =
            try parsed.value(dimension).map { dimension throws(Diagnostic) in
                try FlavorScaffold.add(
                    parsed.argument(name)!, toDimension: dimension, from: parsed.value(from),
                    features: parsed.values(feature), limits: limited, in: layout)
            }
            ?? FlavorScaffold.add(
                parsed.argument(name)!, from: parsed.value(from), features: parsed.values(feature), limits: limited,
                in: layout)
        for url in result.written { ToolContext.print("wrote \(Diagnostic.visible(layout.relativePath(url)))") }
        if result.manifestUpdated {
            ToolContext.print("updated Package.swift with:")
        } else {
            ToolContext.print("Package.swift needs:")
        }
        for line in result.manifestLines { ToolContext.print("    " + line) }
        ToolContext.print("next:")
        for step in result.nextSteps { ToolContext.print("  - " + step) }
        return 0
    }
}
