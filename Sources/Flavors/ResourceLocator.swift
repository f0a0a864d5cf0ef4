import Foundation

/// The folder that holds a flavor's runtime resources: `Flavors/<Name>/` and the shared
/// `Localizations/` (and anything else the app ships beside them).
public struct ResourceRoot: Sendable, Equatable {
    public let url: URL

    public init(url: URL) { self.url = url }

    public func flavorDirectory(_ flavor: String) -> URL {
        url.appendingPathComponent("Flavors").appendingPathComponent(flavor)
    }

    public func infoPlist(_ flavor: String) -> URL {
        flavorDirectory(flavor).appendingPathComponent("Info.plist")
    }

    /// The shared catalogs.
    public var localizations: URL { url.appendingPathComponent("Localizations") }

    /// The flavor's catalog overrides.
    public func flavorLocalizations(_ flavor: String) -> URL {
        flavorDirectory(flavor).appendingPathComponent("Localizations")
    }
}

/// Finds the resource root at runtime, in this order:
/// 1. the folder named by the environment variable `FLAVORKIT_RESOURCES`;
/// 2. the executable's folder and each of its ancestors (a release build copied to `dist/`
///    beside `dist/Flavors/` and `dist/Localizations/`; `.build/debug/Light` in a clone);
/// 3. the package's source folder as it was when compiled (`swift run` from anywhere).
///
/// A folder qualifies when it holds `Flavors/<Name>/Info.plist`.
public enum ResourceLocator {
    public static let environmentVariable = "FLAVORKIT_RESOURCES"

    public static func locate(
        flavor: String,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = Bundle.main.executableURL,
        compiledSourceRoot: URL? = ResourceLocator.compiledSourceRoot
    ) throws(FlavorError) -> ResourceRoot {
        let fileManager = FileManager.default
        if let explicit = environment[environmentVariable], !explicit.isEmpty {
            let root = ResourceRoot(url: URL(fileURLWithPath: explicit).standardizedFileURL)
            guard fileManager.fileExists(atPath: root.infoPlist(flavor).path) else {
                throw FlavorError(
                    path: root.infoPlist(flavor).path,
                    message: "\(environmentVariable) names \(root.url.path), which has no Flavors/\(flavor)/Info.plist")
            }
            return root
        }
        let looked = candidates(executable: executable, compiledSourceRoot: compiledSourceRoot)
        if let found = looked.first(where: { fileManager.fileExists(atPath: ResourceRoot(url: $0).infoPlist(flavor).path) }) {
            return ResourceRoot(url: found)
        }
        throw FlavorError(
            path: "Flavors/\(flavor)/Info.plist",
            message: "cannot find the flavor's resources; looked in:\n"
                + looked.map { "  \($0.path)" }.joined(separator: "\n")
                + "\nSet \(environmentVariable) to the folder that holds Flavors/ and Localizations/.")
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
