import Foundation
import Testing
import TransferCore

@Suite("Flavors of the app")
struct FlavorAppTests {
    @Test("about shows each flavor's identity from its plist", arguments: [
        (AppRunner.light, "Transfers Light", "com.example.transfers.light"),
        (AppRunner.regular, "Transfers", "com.example.transfers"),
    ])
    func about(build: FlavorBuild, displayName: String, bundleID: String) {
        let result = AppRunner.run(build, ["about", "--lang", "en"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix(displayName + " "))
        #expect(result.output.contains(bundleID))
    }

    @Test("editing the plist changes what the binary says")
    func editedPlist() throws {
        let root = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["Flavors", "Localizations", "Samples"] {
            try FileManager.default.copyItem(at: AppRunner.sourceRoot.appendingPathComponent(folder),
                                             to: root.appendingPathComponent(folder))
        }
        let plist = root.appendingPathComponent("Flavors/Light/Info.plist")
        let edited = try String(contentsOf: plist, encoding: .utf8)
            .replacingOccurrences(of: "Transfers Light", with: "Pocket Transfers")
            .replacingOccurrences(of: "1.0.0", with: "9.8.7")
        try edited.write(to: plist, atomically: true, encoding: .utf8)
        let result = AppRunner.run(AppRunner.light, ["--version"], environment: ["FLAVORKIT_RESOURCES": root.path])
        #expect(result.output == "Pocket Transfers 9.8.7\n")
    }

    @Test("a plist may not enable a feature the build lacks")
    func featureNotCompiled() throws {
        let root = try AppRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(at: AppRunner.sourceRoot.appendingPathComponent("Flavors"),
                                         to: root.appendingPathComponent("Flavors"))
        let lightPlist = root.appendingPathComponent("Flavors/Light/Info.plist")
        try FileManager.default.removeItem(at: lightPlist)
        try FileManager.default.copyItem(at: root.appendingPathComponent("Flavors/Regular/Info.plist"), to: lightPlist)
        let result = AppRunner.run(AppRunner.light, ["about"], environment: ["FLAVORKIT_RESOURCES": root.path])
        #expect(result.status == 1)
        #expect(result.errors.contains("Flavors/Light/Info.plist: error: FlavorFeatures lists \"queueControl\""))
    }

    @Test("Light shows downloads only; Regular shows uploads too")
    func visibleKinds() {
        let light = AppRunner.run(AppRunner.light, ["--lang", "en"])
        let regular = AppRunner.run(AppRunner.regular, ["--lang", "en"])
        #expect(light.output.contains("d1  Download"))
        #expect(!light.output.contains("Upload"))
        #expect(regular.output.contains("u1  Upload"))
    }

    @Test("Light refuses Regular's commands, naming the flavor", arguments: ["pause", "resume", "cancel"])
    func lightRefuses(command: String) {
        let result = AppRunner.run(AppRunner.light, [command, "d1", "--lang", "en"])
        #expect(result.status == 64)
        #expect(result.errors == "error: \(command) is not available in Transfers Light.\n")
        #expect(result.output.isEmpty)
    }

    @Test("usage errors exit 64 with the usage", arguments: [["--bogus"], ["frobnicate"], ["show"], ["--queue"]])
    func usage(arguments: [String]) {
        let result = AppRunner.run(AppRunner.light, arguments)
        #expect(result.status == 64)
        #expect(result.errors.contains("Usage: Light [options] [command]"))
    }

    @Test("a lone -- is tolerated")
    func doubleDash() {
        let result = AppRunner.run(AppRunner.light, ["--", "--help"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Usage: Light"))
    }
}
