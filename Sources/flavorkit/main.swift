import CShims
import FlavorKitCommands
import Foundation

// Blocks of a mebibyte or more (a catalog's bytes, its text in parts) are mapped on their own
// and given back to the system when freed. Glibc would otherwise raise that bound to the
// largest block freed so far (up to 32 MiB) and keep the parts of a large catalog's text in
// its heap once they are joined: a 1 GB catalog's import held its text twice over.
cshims_map_blocks_from(1 << 20)

// flavorkit: the maintainers' tool. `flavorkit help` lists the commands.
exit(FlavorKitTool.run(Array(CommandLine.arguments.dropFirst())))
