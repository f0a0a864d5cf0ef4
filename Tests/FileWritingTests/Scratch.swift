import Foundation

/// A scratch folder, removed by the caller.
func scratchFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("file-writing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The status of the file at `url` itself (a symbolic link is not followed).
func status(_ url: URL) -> stat {
    var info = stat()
    lstat(url.path, &info)
    return info
}

/// The names in `folder`, sorted.
func entries(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
}
