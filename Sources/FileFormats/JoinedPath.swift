/// `name` inside the folder at `folder`, joined as text. Start-up names its catalogs and plists
/// this way: a `URL` built by `appending(path:)` for each costs more than reading a small file.
package func joinedPath(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
}
