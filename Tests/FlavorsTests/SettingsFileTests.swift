import Diagnostics
import Flavors
import Foundation
import Localization
import Testing

/// Files a stranger can put where a flavor or the tool reads its settings.
@Suite("Settings files from outside")
struct SettingsFileTests {
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("forgetting the language removes the settings file or a link, never a folder in its place")
    func forgetRemovesOnlyAFile() throws {
        let home = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: home) }
        let remembered = try #require(
            RememberedLanguage(bundleIdentifier: "com.example.app", environment: ["XDG_CONFIG_HOME": home.path]))
        try remembered.remember([LanguageTag("de")!])
        #expect(try remembered.read() == [LanguageTag("de")!])
        try remembered.forget()
        #expect(!FileManager.default.fileExists(atPath: remembered.file.path))

        // A folder named settings.json, with something in it, stays as it is.
        let inside = remembered.file.appendingPathComponent("keep.txt")
        try FileManager.default.createDirectory(at: remembered.file, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: inside)
        #expect(throws: Diagnostic.self) { try remembered.forget() }
        #expect(FileManager.default.fileExists(atPath: inside.path))

        // A link in its place is removed, not what it points at.
        try FileManager.default.removeItem(at: remembered.file)
        let target = home.appendingPathComponent("elsewhere.json")
        try Data(#"{"language": "fr"}"#.utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: remembered.file, withDestinationURL: target)
        try remembered.forget()
        #expect(FileManager.default.fileExists(atPath: target.path))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: remembered.file.path)) == nil)
    }

    @Test("remembering never writes through a link in the settings file's or folder's place")
    func rememberWritesNoLink() throws {
        let home = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: home) }
        let config = home.appendingPathComponent("config")
        let remembered = try #require(
            RememberedLanguage(bundleIdentifier: "com.example.app", environment: ["XDG_CONFIG_HOME": config.path]))
        let folder = remembered.file.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The file a link leads to, outside: left as it is.
        let secret = home.appendingPathComponent("secret.txt")
        try Data("ORIGINAL".utf8).write(to: secret)
        try FileManager.default.createSymbolicLink(at: remembered.file, withDestinationURL: secret)
        #expect(
            throws: Diagnostic(
                "a symbolic link; the remembered language is not written through it", path: remembered.file.path)
        ) { try remembered.remember([LanguageTag("de")!]) }
        #expect(try String(contentsOf: secret, encoding: .utf8) == "ORIGINAL")
        // The folder a link leads to, outside, or to nothing: nothing written there.
        try FileManager.default.removeItem(at: folder)
        let outside = home.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        for destination in [outside, home.appendingPathComponent("nothing")] {
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: destination)
            #expect(
                throws: Diagnostic(
                    "a symbolic link; the remembered language is not written through it", path: folder.path)
            ) { try remembered.remember([LanguageTag("de")!]) }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        // The configuration folder itself may be a link, as a user sets it.
        try FileManager.default.removeItem(at: config)
        let real = home.appendingPathComponent("real-config")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: config, withDestinationURL: real)
        try remembered.remember([LanguageTag("de")!])
        #expect(try remembered.read() == [LanguageTag("de")!])
        #expect(
            FileManager.default.fileExists(atPath: real.appendingPathComponent("com.example.app/settings.json").path))
    }

    @Test("a relative HOME or XDG_CONFIG_HOME names no configuration folder")
    func relativeHome() {
        #expect(RememberedLanguage.configurationFolder(environment: ["HOME": "relative"]) == nil)
        #expect(RememberedLanguage.configurationFolder(environment: ["XDG_CONFIG_HOME": "relative"]) == nil)
        #expect(
            RememberedLanguage.configurationFolder(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"])?.path
                == "/h/.config")
    }

    @Test("a settings file larger than any needs is not read: a warning, and nothing remembered")
    func hugeSettings() throws {
        let home = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: home) }
        let remembered = try #require(
            RememberedLanguage(bundleIdentifier: "com.example.app", environment: ["XDG_CONFIG_HOME": home.path]))
        try FileManager.default.createDirectory(
            at: remembered.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Sparse: 1 GB on the file system's books, no time spent writing it.
        #expect(
            FileManager.default.createFile(atPath: remembered.file.path, contents: Data(#"{"language":"de"}"#.utf8)))
        let handle = try FileHandle(forWritingTo: remembered.file)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        #expect {
            try remembered.read()
        } throws: { error in
            let diagnostic = error as? Diagnostic
            return diagnostic?.severity == .warning && diagnostic?.message.contains("larger than 64 KiB") == true
        }
    }

    @Test("a flavorkit.json larger than any needs is an error naming it, not minutes of reading")
    func hugeConfiguration() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("flavorkit.json")
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data("{}".utf8)))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        #expect(
            throws: Diagnostic("larger than 1 MiB, more than such a file holds; not read", path: file.path)
        ) {
            try PackageLayout(configuredAt: root)
        }
    }
}
