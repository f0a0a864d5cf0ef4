import Diagnostics
import Foundation

extension SnapshotStore {
    /// The snapshot folder's name in a package: `snapshots/` beside `Package.swift` (the
    /// name `PackageLayout` in Flavors uses too).
    public static let folderName = "snapshots"

    /// The package that holds `filePath`: the nearest folder above it with a `Package.swift`.
    /// Pass a test file's `#filePath`, which the compiler fills in, so that tests find their
    /// package wherever they run from. Throws when no folder above holds a `Package.swift`.
    public static func packageFolder(containing filePath: String) throws(Diagnostic) -> URL {
        var folder = URL(fileURLWithPath: filePath).standardizedFileURL.deletingLastPathComponent()
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            let parent = folder.deletingLastPathComponent()
            guard parent.path != folder.path, folder.path != "/" else {
                throw Diagnostic(
                    "no folder above this file holds a Package.swift; name the snapshot folder yourself "
                        + "(SnapshotSuite(snapshotsFolder:))", path: filePath)
            }
            folder = parent
        }
    }

    /// `snapshots/` of the package that holds `filePath` (see `packageFolder(containing:)`).
    public static func snapshotsFolder(ofPackageContaining filePath: String) throws(Diagnostic) -> URL {
        try packageFolder(containing: filePath).appendingPathComponent(folderName)
    }
}
