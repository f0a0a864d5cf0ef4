import Flavors
import Foundation

/// This repository's own package, as tests read it (`Tests/Support/TestSupport/` is three
/// levels below the root).
package enum Repository {
    package static let layout = PackageLayout(
        root: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent())

    /// The toolkit tests' own package, `Tests/Fixtures/Transfers`: catalogs in eight languages,
    /// two flavors with their overrides, and a source that uses every key. It is the reference
    /// app's catalogs frozen on the day they were copied, so that editing a translation of the
    /// app breaks only the app's snapshots, never a test of the toolkit.
    package static let transfersFixture = layout.root.appendingPathComponent("Tests/Fixtures/Transfers")
}
