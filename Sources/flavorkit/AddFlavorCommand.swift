import CatalogTools
import Commands
import Flavors

/// `flavorkit add-flavor NAME [--from FLAVOR]`: scaffolds `Flavors/NAME/` (Info.plist and
/// catalog overrides), `Sources/NAME/` (the template's links to the shared entry file, or a
/// `main.swift`) and the `Package.swift` lines, then says what is left to do.
enum AddFlavorCommand: ToolCommand {
    static let name = Argument("NAME", summary: "the new flavor's name, e.g. Team (a folder, a target, a -D flag)")
    static let from = Option.value(
        "from", placeholder: "FLAVOR", summary: "the flavor to copy (default: the first under Flavors/)")

    static let command = Command(
        "add-flavor", summary: "scaffold a new flavor: its Info.plist, catalogs, entry and Package.swift lines",
        arguments: [name], options: [from, FlavorKitTool.root])

    static func run(_ parsed: ParsedCommandLine) throws -> Int32 {
        let layout = try FlavorKitTool.layout(parsed)
        // The argument is there: parsing checked the count.
        let result = try FlavorScaffold.add(parsed.argument(name)!, from: parsed.value(from), in: layout)
        for url in result.written {
            print("wrote \(url.path.replacingOccurrences(of: layout.root.path + "/", with: ""))")
        }
        if result.manifestUpdated {
            print("updated Package.swift with:")
        } else {
            print("Package.swift needs:")
        }
        for line in result.manifestLines { print("    " + line) }
        print("next:")
        for step in result.nextSteps { print("  - " + step) }
        return 0
    }
}
