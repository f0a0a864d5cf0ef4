import Flavors
import Foundation

/// This repository's own package, as tests read it (`Tests/Support/TestSupport/` is three
/// levels below the root).
public enum Repository {
    public static let layout = PackageLayout(
        root: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent())
}
