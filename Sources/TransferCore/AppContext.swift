import Commands
import Flavors
import Foundation
import Localization

/// Everything a command needs: who the flavor is, what it may do, and its text.
public struct AppContext: Sendable {
    public let identity: FlavorIdentity
    public let resources: PackageLayout
    /// The build running: its features, commands and hooks.
    public let build: FlavorBuild
    /// The names of the features the flavor's Info.plist enables (all compiled into `build`).
    public let features: Set<String>
    public let texts: Texts
    /// The extension's commands whose feature is enabled, in the order they were added.
    public let commands: [ExtensionCommand]
    /// The command line this run offers, for help and to run: the core's commands and the
    /// enabled extension commands (`build.program` also parses the others, to refuse them).
    public let program: Program

    public init(
        identity: FlavorIdentity, resources: PackageLayout, build: FlavorBuild, features: Set<String>,
        texts: Texts
    ) {
        self.identity = identity
        self.resources = resources
        self.build = build
        self.features = features
        self.texts = texts
        commands = build.flavorExtension.commands.filter { features.contains($0.feature) }
        program = AppCommandLine.program(build.flavorName, adding: commands.map(\.declaration))
    }

    /// The app's name in the language in use: the flavor's `InfoPlist.strings` translation
    /// of `CFBundleDisplayName`, as on Apple platforms, else the Info.plist value.
    public var displayName: String {
        texts.localizer.entry("CFBundleDisplayName", table: "InfoPlist")?.value ?? identity.displayName
    }

    /// At most this many transfers in progress at once.
    public var concurrentTransfers: Int { identity.limits[concurrentTransfersLimit] ?? 1 }

    /// A failed transfer is tried again at most this many times (`FlavorLimits.transferRetries`).
    public var retryLimit: Int { identity.limits["transferRetries"] ?? 0 }

    /// The transfers this flavor shows (the extension decides; the core shows downloads).
    public func visible(_ queue: TransferQueue) -> TransferQueue {
        build.flavorExtension.visible(queue, context: self)
    }

    /// The features compiled in and enabled, in the order they were registered.
    public var enabledFeatures: [Feature] {
        build.features.filter { features.contains($0.name) }
    }
}
