import FlavorKitCommands
import Foundation

// flavorkit: the maintainers' tool. `flavorkit help` lists the commands.
exit(FlavorKitTool.run(Array(CommandLine.arguments.dropFirst())))
