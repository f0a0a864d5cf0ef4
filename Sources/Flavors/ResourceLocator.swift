import Diagnostics
import Foundation

/// Finds the package folder that holds a flavor's runtime resources, in this order:
/// 1. the folder named by the environment variable `FLAVORKIT_RESOURCES`;
/// 2. the executable's folder and each of its ancestors (a release build copied to `dist/`
///    beside `dist/Flavors/` and `dist/Localizations/`; `.build/debug/Light` in a clone);
/// 3. the package's source folder as it was when compiled (`swift run` from anywhere).
///
/// A folder qualifies when it holds `Flavors/<Name>/Info.plist` (see `PackageLayout`).
public enum ResourceLocator {
    public static let environmentVariable = "FLAVORKIT_RESOURCES"

    public static func locate(
        flavor: String,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = Bundle.main.executableURL,
        compiledSourceRoot: URL? = ResourceLocator.compiledSourceRoot
    ) throws(Diagnostic) -> PackageLayout {
        let fileManager = FileManager.default
        if let explicit = environment[environmentVariable], !explicit.isEmpty {
            let layout = PackageLayout(root: URL(fileURLWithPath: explicit))
            guard fileManager.fileExists(atPath: layout.infoPlist(flavor: flavor).path) else {
                throw Diagnostic(
                    "\(environmentVariable) names \(layout.root.path), which has no "
                        + PackageLayout.relativeInfoPlist(flavor: flavor),
                    path: layout.infoPlist(flavor: flavor).path)
            }
            return layout
        }
        let looked = candidates(executable: executable, compiledSourceRoot: compiledSourceRoot)
        let layouts = looked.map(PackageLayout.init(root:))
        if let found = layouts.first(where: { fileManager.fileExists(atPath: $0.infoPlist(flavor: flavor).path) }) {
            return found
        }
        throw Diagnostic(
            "cannot find the flavor's resources; looked in "
                + looked.map(\.path).joined(separator: ", ")
                + "; set \(environmentVariable) to the folder that holds \(PackageLayout.Name.flavors)/ and "
                + "\(PackageLayout.Name.localizations)/",
            path: PackageLayout.relativeInfoPlist(flavor: flavor))
    }

    /// The package root this file was compiled from (`Sources/Flavors/` is two levels down).
    public static var compiledSourceRoot: URL? {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Every folder searched when `FLAVORKIT_RESOURCES` is not set, in order.
    static func candidates(executable: URL?, compiledSourceRoot: URL?) -> [URL] {
        var result: [URL] = []
        func add(_ url: URL) {
            let standard = url.standardizedFileURL
            if !result.contains(standard) { result.append(standard) }
        }
        if let executable {
            var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            while true {
                add(folder)
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path || folder.path == "/" { break }
                folder = parent
            }
        }
        if let compiledSourceRoot { add(compiledSourceRoot) }
        return result
    }
}
