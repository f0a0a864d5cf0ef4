import Diagnostics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Finds the package folder that holds a flavor's runtime resources, for the program that
/// runs (never for FlavorKit's own checkout), in this order:
/// 1. the folder named by the environment variable `FLAVORKIT_RESOURCES`;
/// 2. the executable's folder and each of its ancestors (a release build copied to `dist/`
///    beside `dist/Flavors/` and `dist/Localizations/`; `.build/debug/Light` in a clone);
/// 3. the package the program was compiled from: the folder holding `Package.swift` above
///    the source file that started it (`swift run` from anywhere).
///
/// A folder qualifies when it holds `Flavors/<Name>/Info.plist`, or where its
/// `flavorkit.json` puts the flavors (see `PackageLayout`), or when its `flavorkit.json`
/// declares dimensions of which `<Name>` is a variant. When none does, the error lists every
/// place looked in.
public enum ResourceLocator {
    /// `FLAVORKIT_RESOURCES`: the folder to take resources from, overriding the search.
    public static let environmentVariable = "FLAVORKIT_RESOURCES"

    /// The running program's file (on Linux `/proc/self/exe`, symbolic links resolved; elsewhere
    /// Foundation's `Bundle.main`): where resources are looked for first.
    public static var runningExecutable: URL? {
        #if os(Linux)
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
        guard count > 0 else { return nil }
        return URL(fileURLWithPath: String(decoding: buffer[..<count], as: UTF8.self))
        #else
        return Bundle.main.executableURL?.resolvingSymlinksInPath()
        #endif
    }

    /// The layout of the package folder holding `flavor`'s resources.
    ///
    /// - Parameters:
    ///   - flavor: the flavor's folder name under `Flavors/`, or a variant's name.
    ///   - environment: where `FLAVORKIT_RESOURCES` is read.
    ///   - executable: the running program (its folder and ancestors are searched).
    ///   - sourceFile: a source file of the program's package (by default the caller's
    ///     `#filePath`, so an entry file that calls this names its own package).
    public static func locate(
        flavor: String,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = ResourceLocator.runningExecutable,
        sourceFile: String = #filePath
    ) throws(Diagnostic) -> PackageLayout {
        if let explicit = environment[environmentVariable], !explicit.isEmpty {
            let layout = try PackageLayout(configuredAt: URL(fileURLWithPath: explicit))
            guard layout.variant(named: flavor) != nil else {
                throw Diagnostic(
                    "\(environmentVariable) names \(layout.root.path), which has no "
                        + (layout.dimensions.isEmpty
                            ? PackageLayout.relativeInfoPlist(flavor: flavor) : "variant \(flavor)"),
                    path: layout.infoPlist(flavor: flavor).path)
            }
            return layout
        }
        // The package folder is only looked for (a walk up from the source file) when no folder
        // of the executable's qualifies; it comes last either way.
        let besideExecutable = candidates(executable: executable, package: nil)
        for folder in besideExecutable {
            if let layout = try layout(of: flavor, at: folder) { return layout }
        }
        let looked = candidates(executable: executable, package: PackageLayout.packageFolder(containing: sourceFile))
        for folder in looked.dropFirst(besideExecutable.count) {
            if let layout = try layout(of: flavor, at: folder) { return layout }
        }
        throw Diagnostic(
            "cannot find the flavor's resources; looked in "
                + looked.map(\.path).joined(separator: ", ")
                + "; set \(environmentVariable) to the folder that holds \(PackageLayout.Name.flavors)/ and "
                + "\(PackageLayout.Name.localizations)/",
            path: PackageLayout.relativeInfoPlist(flavor: flavor))
    }

    /// The layout of `folder` when it holds `flavor`'s `Info.plist`, or declares it as a
    /// variant. A folder with neither a
    /// `flavorkit.json` nor `Flavors/<flavor>/Info.plist` is passed over without building its
    /// layout (most of the executable's ancestors).
    private static func layout(of flavor: String, at folder: URL) throws(Diagnostic) -> PackageLayout? {
        let fileManager = FileManager.default
        let path = folder.path
        guard
            fileManager.fileExists(atPath: path + "/" + PackageLayout.Name.configuration)
                || fileManager.fileExists(atPath: path + "/" + PackageLayout.relativeInfoPlist(flavor: flavor))
        else { return nil }
        let layout = try PackageLayout(configuredAt: folder)
        guard layout.variant(named: flavor) == nil else { return layout }
        if !layout.dimensions.isEmpty {
            throw Diagnostic(
                "\(Diagnostic.quote(flavor)) is not a variant of this package; its variants: "
                    + layout.variants.map(\.name).joined(separator: ", "), path: layout.configurationFile.path)
        }
        return nil
    }

    /// Every folder searched when `FLAVORKIT_RESOURCES` is not set, in order.
    static func candidates(executable: URL?, package: URL?) -> [URL] {
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
        if let package { add(package) }
        return result
    }
}
