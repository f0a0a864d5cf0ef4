import Flavors
import Foundation

/// The files under a package's catalog and flavor folders, as tests compare them before and
/// after a command to see every byte it changed.
package enum FileTree {
    /// Every file under `folders` of `root`, path relative to `root` → bytes.
    package static func contents(
        of root: URL, folders: [String] = [PackageLayout.Name.localizations, PackageLayout.Name.flavors]
    ) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            for case let path as String in FileManager.default.enumerator(atPath: base.path)! {
                var isFolder: ObjCBool = false
                let url = base.appendingPathComponent(path)
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                    files["\(folder)/\(path)"] = try Data(contentsOf: url)
                }
            }
        }
        return files
    }

    /// Writes `text` to `path` under `root`, making its folders: how tests lay out a package.
    package static func write(_ text: String, to path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
