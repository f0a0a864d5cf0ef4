import Foundation
import PackagePlugin

/// Generates a target's catalog symbols at build time: runs `flavorkit generate-symbols` on
/// the package's shared catalogs (the folder `flavorkit.json` names, `Localizations/` by
/// default) into the build folder, whenever a catalog changes. The target then names its
/// texts `.queueEmpty`, and a key removed from the catalog is a compile error. The target
/// must depend on FlavorKit's `Flavors` (or `Localization`) library: the symbols are
/// `LocalizedText`s.
@main
struct FlavorKitSymbols: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let catalogs = root.appending(path: localizationsFolder(in: root))
        let output = context.pluginWorkDirectoryURL.appending(path: "\(target.name)+LocalizedText.swift")
        return [
            .buildCommand(
                displayName: "Generating the catalog symbols of \(target.name)",
                executable: try context.tool(named: "flavorkit").url,
                arguments: ["generate-symbols", "--root", root.path, "--output", output.path, "--quiet"],
                inputFiles: catalogFiles(in: catalogs) + [root.appending(path: "flavorkit.json")].filter(exists),
                outputFiles: [output])
        ]
    }

    /// The shared catalog folder, relative to the package: `flavorkit.json`'s
    /// `localizations`, or `Localizations`.
    private func localizationsFolder(in root: URL) -> String {
        guard let data = try? Data(contentsOf: root.appending(path: "flavorkit.json")),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let folder = object["localizations"] as? String
        else { return "Localizations" }
        return folder
    }

    /// The String Catalogs of `folder` and the files of its `.lproj` folders: a change to
    /// any of them generates the symbols again.
    private func catalogFiles(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var files: [URL] = []
        for name in names.sorted() {
            let url = folder.appending(path: name)
            if name.hasSuffix(".xcstrings") { files.append(url) }
            guard name.hasSuffix(".lproj") else { continue }
            let inner = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for file in inner.sorted() where file.hasSuffix(".strings") || file.hasSuffix(".stringsdict") {
                files.append(url.appending(path: file))
            }
        }
        return files
    }

    private func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }
}
