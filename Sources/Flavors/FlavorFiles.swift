import Diagnostics
import FileFormats

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Flavor {
    /// The most ``contents(ofFile:limit:)`` reads unless told otherwise: 16 MiB.
    public static let fileLimit = 16 << 20

    /// The contents of the flavor's own file `name` (a path inside a flavor's folder, such as
    /// `welcome.txt` or `Art/banner.txt`) from the first of the variant's folders that has it,
    /// highest priority first (``Variant/folders``: `Flavors/ProStaging/`, then `Flavors/Pro/`,
    /// then `Flavors/Staging/`); nil when none has it. Read as every file from outside is: a
    /// regular file inside its folder (a link out of it, a folder or a named pipe is an
    /// error), at most `limit` bytes. A name that is absolute or climbs out (`..`) is an error.
    public func contents(ofFile name: String, limit: Int = Flavor.fileLimit) throws(FlavorError) -> Data? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.hasPrefix("/"), !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
        else {
            throw .resources(
                Diagnostic(
                    "'\(Diagnostic.quote(name))' is not a file of a flavor: give a path inside its folder, "
                        + "such as welcome.txt"))
        }
        for folder in variant.folders.map(resources.flavor) {
            let file = folder.appendingPathComponent(name)
            do throws(Diagnostic) {
                if let data = try InputFile.readIfPresent(file, limit: limit, within: folder) { return data }
            } catch {
                throw .resources(error)
            }
        }
        return nil
    }
}
