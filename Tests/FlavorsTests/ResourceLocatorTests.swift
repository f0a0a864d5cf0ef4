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
            flavor: "Light", environment: [:], executable: executable, compiledSourceRoot: nil)
        #expect(found.root.standardizedFileURL.path == root.standardizedFileURL.path)
    }

    @Test("the environment variable wins, and a wrong one is an error")
    func environment() throws {
        let (root, _) = try Self.makeRelease()
        defer { try? FileManager.default.removeItem(at: root) }
        let found = try ResourceLocator.locate(
            flavor: "Light", environment: ["FLAVORKIT_RESOURCES": root.path], executable: nil, compiledSourceRoot: nil)
        #expect(found.root.path == root.standardizedFileURL.path)
        #expect(throws: Diagnostic.self) {
            try ResourceLocator.locate(
                flavor: "Regular", environment: ["FLAVORKIT_RESOURCES": root.path],
                executable: nil, compiledSourceRoot: nil)
        }
    }

    @Test("when nothing is found the error names every place looked in")
    func notFound() throws {
        let executable = URL(fileURLWithPath: "/nonexistent/a/b/Light")
        do {
            _ = try ResourceLocator.locate(
                flavor: "Light", environment: [:], executable: executable,
                compiledSourceRoot: URL(fileURLWithPath: "/nonexistent/src"))
            Issue.record("expected an error")
        } catch {
            for place in [
                "/nonexistent/a/b", "/nonexistent/a", "/nonexistent", "/nonexistent/src", "FLAVORKIT_RESOURCES",
            ] {
                #expect(error.message.contains(place))
            }
        }
    }

    @Test("the source tree is found from a clean clone")
    func sourceTree() throws {
        let found = try ResourceLocator.locate(flavor: "Regular", environment: [:], executable: nil)
        #expect(FileManager.default.fileExists(atPath: found.localizations.path))
    }
}
