import Diagnostics

/// A snapshot's deterministic name: a path of components, e.g. flavor, locale, screen →
/// `Light/ja/queue.txt`. No counters, so parallel and parameterized tests are safe.
public struct SnapshotName: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The path's components, the last without `.txt`.
    public let components: [String]

    /// Each component must be non-empty, not start with `.` (so neither `.` nor `..`), and hold
    /// no `/`, `\\`, newline or other control character; otherwise this throws a diagnostic
    /// quoting the component.
    public init(_ components: [String]) throws(Diagnostic) {
        guard !components.isEmpty else { throw Diagnostic("a snapshot name needs at least one component") }
        for component in components where !Self.isValid(component) {
            throw Diagnostic("\"\(Diagnostic.quote(component))\" cannot be part of a snapshot name")
        }
        self.components = components
    }

    /// The name made of `components` (see `init(_:)` for what is refused).
    public init(_ components: String...) throws(Diagnostic) {
        try self.init(components)
    }

    /// Whether `component` may be part of a snapshot name (see `init`).
    public static func isValid(_ component: String) -> Bool {
        !component.isEmpty && !component.hasPrefix(".") && !component.contains("/") && !component.contains("\\")
            && !component.unicodeScalars.contains(where: Diagnostic.isInvisible)
    }

    /// `Light/ja/queue.txt`.
    public var relativePath: String { components.joined(separator: "/") + ".txt" }

    /// The relative path.
    public var description: String { relativePath }

    /// By relative path.
    public static func < (lhs: SnapshotName, rhs: SnapshotName) -> Bool { lhs.relativePath < rhs.relativePath }
}
