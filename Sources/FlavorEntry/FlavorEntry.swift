// The one entry file of every flavor. `Sources/Light/FlavorEntry.swift` and
// `Sources/Regular/FlavorEntry.swift` are links to this file: each executable target compiles
// it with its own condition (`-DLIGHT`, `-DREGULAR`), so flavor differences are written
// once, here, and only Regular's build imports RegularFeatures.
import Commands
import TransferCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if REGULAR
import RegularFeatures
#endif

/// This executable's flavor.
enum ThisFlavor {
    #if LIGHT
    /// The core alone. Regular's features and commands are named, not contained, so that
    /// Light refuses them as unavailable rather than unknown (help never lists them, so
    /// their declarations need no summary).
    static let build = FlavorBuild(
        flavorName: "Light",
        leftOut: FlavorBuild.LeftOut(
            features: ["uploads", "queueControl", "savedQueue"],
            commands: ["pause", "resume", "cancel"].map {
                Command($0, summary: "", arguments: [AppCommandLine.transferID])
            } + [
                Command(
                    "move", summary: "", arguments: [AppCommandLine.transferID],
                    options: [.value("to", placeholder: "N", required: true, summary: "")]),
                Command("prioritize", summary: "", arguments: [AppCommandLine.transferID]),
            ]))
    #elseif REGULAR
    static let build = FlavorBuild(flavorName: "Regular", flavorExtension: RegularExtension())
    #else
    #error("Compile this file with -DLIGHT or -DREGULAR")
    #endif
}

@main
enum Main {
    static func main() {
        exit(TransferApp.run(ThisFlavor.build, arguments: Array(CommandLine.arguments.dropFirst())))
    }
}
