import Commands
import Flavors

/// What one executable is: its flavor's folder name, the code it adds to the core, and what
/// it leaves out of what other flavors of the app offer.
package struct FlavorBuild: Sendable {
    /// The names a build knows from other flavors without containing their code, so that it
    /// can tell them from typing mistakes: an Info.plist listing such a feature "lists a
    /// feature this build does not contain", and such a command "is not available".
    package struct LeftOut: Sendable {
        /// Feature names of other flavors.
        package let features: [String]
        /// Commands of other flavors, declared with their arguments (a wrong count is a usage
        /// error); never listed by `--help`, so their summaries are not shown.
        package let commands: [Command]

        /// Nothing left out, by default.
        package init(features: [String] = [], commands: [Command] = []) {
            self.features = features
            self.commands = commands
        }
    }

    /// The flavor's folder under `Flavors/`, also the program name in the usage.
    package let flavorName: String
    /// The code this build adds (the core's defaults when none is given).
    package let flavorExtension: any FlavorExtension
    /// What this build knows of other flavors and leaves out.
    package let leftOut: LeftOut
    /// A source file of the package the executable was built from, where its resources are
    /// searched last (see `ResourceLocator`).
    package let sourceFile: String
    /// Every command this build's command line and session parse: the core's, the extension's,
    /// then those left out (parsed, then refused as unavailable). `AppContext.program` is
    /// what a run offers. Declared once, when the build is made.
    package let program: Program

    /// A build of `flavorName` with `flavorExtension` (the core alone when nil); `sourceFile`
    /// is the caller's file, which names the package the executable belongs to.
    package init(
        flavorName: String, flavorExtension: (any FlavorExtension)? = nil, leftOut: LeftOut = LeftOut(),
        sourceFile: String = #filePath
    ) {
        self.flavorName = flavorName
        self.flavorExtension = flavorExtension ?? CoreOnly()
        self.leftOut = leftOut
        self.sourceFile = sourceFile
        program = AppCommandLine.program(
            flavorName, adding: self.flavorExtension.commands.map(\.declaration) + leftOut.commands)
    }

    /// Features compiled into this build: the core's, then the extension's.
    package var features: [Feature] { [.downloads] + flavorExtension.features }
}

extension Feature {
    /// Downloads: in every build.
    package static let downloads = Feature("downloads") { text in text("feature.downloads") }

    /// The Info.plist limit on transfers in progress at once (`FlavorLimits`).
    package static let concurrentTransfersLimit = "concurrentTransfers"
}
