import AppTesting
import Commands
import Flavors
import Foundation
import Testing
import TextSnapshotsTesting
import TransferCore

@Suite("Flavors of the app")
struct FlavorAppTests {
    @Test(
        "about shows each flavor's identity from its plist",
        arguments: [
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
        let root = try AppRunner.scratchResources([
            PackageLayout.Name.flavors, PackageLayout.Name.localizations, PackageLayout.samplesFolder,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let plist = PackageLayout(root: root).infoPlist(flavor: "Light")
        let edited = try String(contentsOf: plist, encoding: .utf8)
            .replacingOccurrences(of: "Transfers Light", with: "Pocket Transfers")
            .replacingOccurrences(of: "1.0.0", with: "9.8.7")
        try edited.write(to: plist, atomically: true, encoding: .utf8)
        let result = AppRunner.run(AppRunner.light, ["--version"], environment: ["FLAVORKIT_RESOURCES": root.path])
        expectInlineSnapshot(
            result.output,
            matches: """
                Pocket Transfers 9.8.7

                """)
    }

    @Test("a plist may not enable a feature the build lacks")
    func featureNotCompiled() throws {
        let root = try AppRunner.scratchResources([PackageLayout.Name.flavors])
        defer { try? FileManager.default.removeItem(at: root) }
        let lightPlist = PackageLayout(root: root).infoPlist(flavor: "Light")
        try FileManager.default.removeItem(at: lightPlist)
        try FileManager.default.copyItem(at: PackageLayout(root: root).infoPlist(flavor: "Regular"), to: lightPlist)
        let result = AppRunner.run(AppRunner.light, ["about"], environment: ["FLAVORKIT_RESOURCES": root.path])
        #expect(result.status == 1)
        #expect(result.errors.contains("Flavors/Light/Info.plist: error: FlavorFeatures lists \"queueControl\""))
    }

    @Test("Light names every feature and command Regular adds, so it refuses them as another flavor's")
    func lightNamesWhatItLeavesOut() {
        let light = AppRunner.light, regular = AppRunner.regular
        let lightFeatures = light.features.map(\.name), regularFeatures = regular.features.map(\.name)
        #expect(light.leftOut.features == regularFeatures.filter { !lightFeatures.contains($0) })
        let lightCommands = light.flavorExtension.commands.map(\.declaration.name)
        let regularOnly = regular.flavorExtension.commands.map(\.declaration)
            .filter { !lightCommands.contains($0.name) }
        #expect(light.leftOut.commands.map(\.name) == regularOnly.map(\.name))
        #expect(light.leftOut.commands.map(\.arguments) == regularOnly.map(\.arguments))
        #expect(
            light.leftOut.commands.map { light.program.synopsis(of: [$0.name], input: .shellLine) }
                == ["pause ID", "resume ID", "cancel ID", "move --to N ID", "prioritize ID"])
        #expect(regular.leftOut.features.isEmpty && regular.leftOut.commands.isEmpty)
    }

    @Test(
        "a plist listing a feature no flavor has is told every feature the app knows",
        arguments: [
            AppRunner.light, AppRunner.regular,
        ])
    func unknownFeature(build: FlavorBuild) throws {
        let root = try AppRunner.scratchResources([PackageLayout.Name.flavors])
        defer { try? FileManager.default.removeItem(at: root) }
        let plist = PackageLayout(root: root).infoPlist(flavor: build.flavorName)
        let edited = try String(contentsOf: plist, encoding: .utf8)
            .replacingOccurrences(
                of: "<string>downloads</string>",
                with: "<string>downloads</string><string>teleport</string>")
        try edited.write(to: plist, atomically: true, encoding: .utf8)
        let result = AppRunner.run(build, ["about"], environment: ["FLAVORKIT_RESOURCES": root.path])
        #expect(result.status == 1)
        #expect(
            result.errors == "\(plist.path): error: FlavorFeatures: unknown feature \"teleport\" "
                + "(known: downloads, queueControl, savedQueue, uploads)\n")
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

    @Test("Light refuses the help of Regular's commands as it refuses the commands", arguments: ["pause", "resume"])
    func lightRefusesHelp(command: String) {
        let result = AppRunner.run(AppRunner.light, [command, "--help", "--lang", "en"])
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
