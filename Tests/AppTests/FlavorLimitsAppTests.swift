import AppTesting
import CatalogFiles
import CatalogLint
import Flavors
import Foundation
import Testing

/// A flavor's `FlavorLimits` out of range: the app refuses to start, and lint reports the
/// same message, from the same check.
@Suite("Flavor limits")
struct FlavorLimitsAppTests {
    @Test(
        "concurrentTransfers of Int64.max: start-up refuses it, naming key, value and range; lint says the same",
        arguments: ["Light", "Regular"])
    func outOfRange(flavor: String) throws {
        let root = try AppRunner.scratchResources([
            PackageLayout.Name.flavors, PackageLayout.Name.localizations, PackageLayout.samplesFolder,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let plist = PackageLayout(root: root).infoPlist(flavor: flavor)
        let text = try String(contentsOf: plist, encoding: .utf8)
        let edited = text.replacingOccurrences(
            of: #"<key>concurrentTransfers</key>\s*<integer>\d+</integer>"#,
            with: "<key>concurrentTransfers</key><integer>9223372036854775807</integer>", options: .regularExpression)
        try #require(edited != text)
        try edited.write(to: plist, atomically: true, encoding: .utf8)
        let message =
            "error: FlavorLimits.concurrentTransfers must be a whole number above 0 and at most 16, not 9223372036854775807"
        let build = flavor == "Light" ? AppRunner.light : AppRunner.regular
        let result = AppRunner.run(build, ["about"], environment: ["FLAVORKIT_RESOURCES": root.path])
        #expect(result.status == 1 && result.errors == "\(plist.path): \(message)\n")
        // Lint names the file relative to the package it checks.
        var linter = CatalogLinter(project: CatalogProject(root: root))
        let found = linter.lint().map(\.description).filter { $0.hasSuffix("[info-plist]") }
        #expect(found == ["Flavors/\(flavor)/Info.plist: \(message) [info-plist]"])
    }
}
