/// `name` inside the folder at `folder`, joined as text. Start-up names its catalogs and plists
/// this way: a `URL` built by `appending(path:)` for each costs more than reading a small file.
package func joinedPath(_ folder: String, _ name: String) -> String {
    // One allocation, the separator found by its byte: `hasSuffix` and two concatenations
    // cost more than the rest of the join.
    let separator = folder.utf8.last != UInt8(ascii: "/")
    var path = ""
    path.reserveCapacity(folder.utf8.count + (separator ? 1 : 0) + name.utf8.count)
    path += folder
    if separator { path += "/" }
    path += name
    return path
}
