/// A feature a program contains, named as in a flavor's Info.plist `FlavorFeatures`.
///
/// Features are an open set of names: the program registers the features compiled into its
/// binary when it loads its flavor (`Flavor.load(_:features:…)`), and the plist may enable
/// only those. What a feature does is up to the program; `label` names it for people.
public struct Feature: Sendable {
    /// The name `FlavorFeatures` lists.
    public let name: String
    /// The feature's name in the language in use (shown by an "about" screen, say).
    public let label: @Sendable (Texts) -> String

    /// A feature called `name` in Info.plists, shown as `label` returns.
    public init(_ name: String, label: @escaping @Sendable (Texts) -> String) {
        self.name = name
        self.label = label
    }
}
