import Flavors
import Foundation
import Localization

/// Everything a command needs: who the flavor is, what it may do, and its text.
public struct AppContext: Sendable {
    public let identity: FlavorIdentity
    public let resources: PackageLayout
    public let features: Set<Feature>
    public let texts: Texts
    public let flavorExtension: (any FlavorExtension)?

    public init(identity: FlavorIdentity, resources: PackageLayout, features: Set<Feature>, texts: Texts,
                flavorExtension: (any FlavorExtension)?) {
        self.identity = identity
        self.resources = resources
        self.features = features
        self.texts = texts
        self.flavorExtension = flavorExtension
    }

    /// The app's name in the language in use: the flavor's `InfoPlist.strings` translation
    /// of `CFBundleDisplayName`, as on Apple platforms, else the Info.plist value.
    public var displayName: String {
        texts.localizer.entry("CFBundleDisplayName", table: "InfoPlist")?.value ?? identity.displayName
    }

    /// At most this many transfers in progress at once.
    public var concurrentTransfers: Int { identity.limits[concurrentTransfersLimit] ?? 1 }

    /// The transfers this flavor shows: uploads only with the `uploads` feature.
    public func visible(_ queue: TransferQueue) -> TransferQueue {
        features.contains(.uploads) ? queue : TransferQueue(transfers: queue.transfers.filter { $0.kind == .download })
    }
}
