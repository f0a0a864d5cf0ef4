import Diagnostics
import Flavors
import Foundation
import Testing

@Suite("Resource locator")
struct ResourceLocatorTests {
    /// A release layout: `dist/bin/Light` with `dist/Flavors/Light/Info.plist` above it.
    static func makeRelease() throws -> (root: URL, executable: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flavorkit-\(UUID().uuidString)")
        let layout = PackageLayout(root: root)
        try FileManager.default.createDirectory(at: layout.flavor("Light"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try Data("<plist/>".utf8).write(to: layout.infoPlist(flavor: "Light"))
        return (root, root.appendingPathComponent("bin/Light"))
    }

    @Test("finds the resources beside or above the executable")
    func besideExecutable() throws {
        let (root, executable) = try Self.makeRelease()
        defer { try? FileManager.default.removeItem(at: root) }
        let found = try ResourceLocator.locate(
            flavor: "Light", environment: [:], executable: executable, sourceFile: "/nonexistent/main.swift")
        #expect(found.root.standardizedFileURL.path == root.standardizedFileURL.path)
    }

    @Test("the environment variable wins, and a wrong one is an error")
    func environment() throws {
        let (root, _) = try Self.makeRelease()
        defer { try? FileManager.default.removeItem(at: root) }
        let found = try ResourceLocator.locate(
            flavor: "Light", environment: ["FLAVORKIT_RESOURCES": root.path], executable: nil)
        #expect(found.root.path == root.standardizedFileURL.path)
        #expect(throws: Diagnostic.self) {
            try ResourceLocator.locate(
                flavor: "Regular", environment: ["FLAVORKIT_RESOURCES": root.path], executable: nil)
        }
    }

    @Test("when nothing is found the error names every place looked in")
    func notFound() throws {
        let executable = URL(fileURLWithPath: "/nonexistent/a/b/Light")
        let error = #expect(throws: Diagnostic.self) {
            try ResourceLocator.locate(
                flavor: "Light", environment: [:], executable: executable, sourceFile: "/nonexistent/src/main.swift")
        }
        for place in ["/nonexistent/a/b", "/nonexistent/a", "/nonexistent", "FLAVORKIT_RESOURCES"] {
            #expect(error?.message.contains(place) == true)
        }
    }

    /// An adopter's package: `Package.swift`, `Sources/App/main.swift` and `Flavors/Free/`.
    @Test("the last resort is the package of the calling source file, not FlavorKit's")
    func callersPackage() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("adopter-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let layout = PackageLayout(root: root)
        try FileManager.default.createDirectory(at: layout.flavor("Free"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: layout.sources.appendingPathComponent("App"), withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.0".utf8).write(to: root.appendingPathComponent("Package.swift"))
        try Data("<plist/>".utf8).write(to: layout.infoPlist(flavor: "Free"))
        let entry = layout.sources.appendingPathComponent("App/main.swift").path

        #expect(PackageLayout.packageFolder(containing: entry)?.path == root.standardizedFileURL.path)
        let found = try ResourceLocator.locate(flavor: "Free", environment: [:], executable: nil, sourceFile: entry)
        #expect(found.root.path == root.standardizedFileURL.path)
        // FlavorKit's own flavors are not found from another package.
        #expect(throws: Diagnostic.self) {
            try ResourceLocator.locate(flavor: "Regular", environment: [:], executable: nil, sourceFile: entry)
        }
    }

    @Test("a package's flavorkit.json says where its flavors and catalogs are")
    func configuredLayout() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("adopter-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let plist = root.appendingPathComponent("Config/Flavors/Free/Info.plist")
        try FileManager.default.createDirectory(
            at: plist.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("<plist/>".utf8).write(to: plist)
        try Data(#"{"flavors": "Config/Flavors", "localizations": "Text"}"#.utf8)
            .write(to: root.appendingPathComponent("flavorkit.json"))
        let found = try ResourceLocator.locate(
            flavor: "Free", environment: [:], executable: root.appendingPathComponent("bin/Free"))
        #expect(found.infoPlist(flavor: "Free").path == plist.standardizedFileURL.path)
        #expect(found.localizations.path == root.appendingPathComponent("Text").standardizedFileURL.path)
    }

    @Test("this package's flavors are found from its own sources in a clean clone")
    func sourceTree() throws {
        let found = try ResourceLocator.locate(flavor: "Regular", environment: [:], executable: nil)
        #expect(FileManager.default.fileExists(atPath: found.localizations.path))
    }
}
