/// A feature a build contains, named as in a flavor's Info.plist `FlavorFeatures`. Features
/// are an open set: the core registers `downloads`, a `FlavorExtension` adds its own.
public struct Feature: Sendable {
    /// The name `FlavorFeatures` lists.
    public let name: String
    /// The feature's name in the language in use, as `about` lists it.
    public let label: @Sendable (Texts) -> String

    /// A feature called `name` in Info.plists, shown as `label` returns.
    public init(_ name: String, label: @escaping @Sendable (Texts) -> String) {
        self.name = name
        self.label = label
    }

    /// Downloads: in every build.
    public static let downloads = Feature("downloads") { text in text("feature.downloads") }
}

/// The Info.plist limit on transfers in progress at once (`FlavorLimits`).
public let concurrentTransfersLimit = "concurrentTransfers"
