/// A snapshot's deterministic name: a path of components, e.g. flavor, locale, screen →
/// `Light/ja/queue.txt`. No counters, so parallel and parameterized tests are safe.
public struct SnapshotName: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let components: [String]

    /// Each component must be non-empty and free of `/`, `\`, `..` and a leading `.`.
    public init(_ components: [String]) {
        precondition(!components.isEmpty, "a snapshot name needs at least one component")
        for component in components {
            precondition(Self.isValid(component), "'\(component)' cannot be part of a snapshot name")
        }
        self.components = components
    }

    public init(_ components: String...) {
        self.init(components)
    }

    public static func isValid(_ component: String) -> Bool {
        !component.isEmpty && !component.hasPrefix(".") && !component.contains("/") && !component.contains("\\")
    }

    /// `Light/ja/queue.txt`.
    public var relativePath: String { components.joined(separator: "/") + ".txt" }

    public var description: String { relativePath }

    public static func < (lhs: SnapshotName, rhs: SnapshotName) -> Bool { lhs.relativePath < rhs.relativePath }
}
