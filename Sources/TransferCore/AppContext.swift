import Commands
import Flavors
import Localization
import TransferAgentProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything a command needs: the flavor as loaded (identity, features, text) and the build
/// running (its extension and commands).
package struct AppContext: Sendable {
    /// The flavor: identity, enabled features, resources and text.
    package let flavor: Flavor
    /// The build running: its features, commands and hooks.
    package let build: FlavorBuild
    /// The extension's commands whose feature is enabled, in the order they were added.
    package let commands: [ExtensionCommand]
    /// The command line this run offers, for help and to run: the core's commands and the
    /// enabled extension commands (`build.program` also parses the others, to refuse them).
    package let program: Program
    /// The columns screens fit in (`--width`, `COLUMNS`, the terminal, 80).
    package var width = 80
    /// Whether screens are shown in the flavor's accent colour (`--color`, `NO_COLOR`,
    /// `TERM`, a terminal).
    package var colored = false
    /// The clock a run paces its saves and redraws by and waits out its retries on.
    package var clock: RunClock = .system
    /// What decided the languages in use: at start-up the flavor's `languageSource`; after
    /// `lang` in the interactive session, that choice.
    package var languageSource: LanguageSource

    /// The context of `build` running as `flavor`.
    package init(flavor: Flavor, build: FlavorBuild) {
        self.flavor = flavor
        self.build = build
        commands = build.flavorExtension.commands.filter { command in
            flavor.features.contains { $0.name == command.feature }
        }
        program = AppCommandLine.program(build.flavorName, adding: commands.map(\.declaration))
        languageSource = flavor.languageSource
    }

    /// The flavor's Info.plist.
    package var identity: FlavorIdentity { flavor.identity }
    /// The package folder the resources came from.
    package var resources: PackageLayout { flavor.resources }
    /// Text in the language in use.
    package var texts: Texts { flavor.text }

    /// Whether the flavor enables `feature`.
    package func has(_ feature: Feature) -> Bool { flavor.has(feature) }

    /// At most this many transfers in progress at once (`FlavorLimits.concurrentTransfers`).
    package var concurrentTransfers: Int { flavor.limit(Feature.concurrentTransfersLimit, default: 1) }

    /// `screen` in the flavor's look when `colored`: its first line and the done part of its
    /// progress bars in the accent colour. Widths are measured before, on the plain text.
    package func painted(_ screen: String) -> String {
        let look = identity.look
        guard colored, look.accentColor != nil else { return screen }
        var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map {
            ProgressBar.painted(String($0), look: look)
        }
        if let first = lines.first { lines[0] = look.accented(first) }
        return lines.joined(separator: "\n")
    }

    /// A failed transfer is tried again at most this many times (`FlavorLimits.transferRetries`).
    package var retryLimit: Int { identity.limits["transferRetries"] ?? 0 }

    /// The slowest a transfer may go before its attempt fails: on average
    /// `FlavorLimits.lowSpeedBytesPerSecond` (default 1024) over `lowSpeedSeconds` (default 30).
    package var lowSpeedLimit: LowSpeedLimit {
        LowSpeedLimit(
            bytesPerSecond: Int64(flavor.limit("lowSpeedBytesPerSecond", default: 1024)),
            seconds: Int64(flavor.limit("lowSpeedSeconds", default: 30)))
    }

    /// The transfers this flavor shows (the extension decides; the core shows downloads).
    package func visible(_ queue: TransferQueue) -> TransferQueue {
        build.flavorExtension.visible(queue, context: self)
    }
}
