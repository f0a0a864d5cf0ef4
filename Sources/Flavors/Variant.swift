/// One axis of a package's flavors, declared in `flavorkit.json`: a tier (`Free`, `Pro`), an
/// environment (`Staging`, `Production`), a store or a brand. Every variant takes one flavor of
/// each dimension.
public struct FlavorDimension: Sendable, Hashable {
    /// The dimension's name, such as `tier`: what code asks a variant about
    /// (``Variant/flavor(in:)``).
    public let name: String
    /// Its flavors, each a folder under `Flavors/` and a compile condition (`-DPRO`).
    public let flavors: [String]

    /// A dimension called `name` with `flavors`, in the order they are declared.
    public init(name: String, flavors: [String]) {
        self.name = name
        self.flavors = flavors
    }
}

/// What one executable is built as: one flavor of each dimension, named by its flavors in
/// dimension order (`ProStaging`), compiled with each flavor's condition (`-DPRO -DSTAGING`).
///
/// A package that declares no dimensions has one variant per flavor (`Light`), in the one
/// dimension ``implicitDimension``.
///
/// Its resources are looked for in ``folders``, highest priority first: the variant's own
/// folder (`Flavors/ProStaging/`, optional), then each dimension's flavor in dimension order
/// (`Flavors/Pro/`, `Flavors/Staging/`), then the shared catalogs.
public struct Variant: Sendable, Hashable, CustomStringConvertible {
    /// The name of the one dimension of a package that declares none.
    public static let implicitDimension = "flavor"

    /// The dimensions, in their declared order.
    public let dimensions: [String]
    /// The variant's flavor of each dimension, in dimension order.
    public let flavors: [String]

    /// A variant of one flavor per dimension (`dimensions` and `flavors` in the same order).
    public init(dimensions: [String], flavors: [String]) {
        precondition(dimensions.count == flavors.count, "one flavor per dimension")
        self.dimensions = dimensions
        self.flavors = flavors
    }

    /// The variant of a package without dimensions: the flavor `name` alone.
    public init(flavor name: String) {
        self.init(dimensions: [Self.implicitDimension], flavors: [name])
    }

    /// The flavors joined in dimension order: `ProStaging`, or `Light` for one flavor.
    public var name: String { flavors.joined() }

    /// ``name``.
    public var description: String { name }

    /// The variant's flavor in `dimension` (`flavor(in: "environment")` is `Staging`), or nil
    /// when the package has no such dimension.
    public func flavor(in dimension: String) -> String? {
        dimensions.firstIndex(of: dimension).map { flavors[$0] }
    }

    /// Each flavor's compile condition, in dimension order: `["PRO", "STAGING"]`.
    public var compileConditions: [String] { flavors.map { $0.uppercased() } }

    /// The folders under `Flavors/` the variant reads, highest priority first: its own
    /// (only when it has several flavors), then its flavors in dimension order.
    public var folders: [String] { (flavors.count > 1 ? [name] : []) + flavors }
}
