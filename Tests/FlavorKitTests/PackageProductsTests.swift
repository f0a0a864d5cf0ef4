import Foundation
import TestSupport
import Testing

@Suite("The package's products")
struct PackageProductsTests {
    /// The toolkit's libraries, and nothing of the app (TransferCore, RegularFeatures) among them.
    @Test("the library products are the toolkit's modules only")
    func libraries() throws {
        let manifest = try String(
            contentsOf: Repository.layout.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let libraries = manifest.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: ".library(name: \"") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != "\"" })
        }
        #expect(
            Set(libraries) == [
                "Diagnostics", "Commands", "Localization", "Flavors", "FlavorDates", "TextSnapshots", "FileWriting",
                "TextSnapshotsTesting", "TerminalText", "CatalogFiles", "CatalogExtraction", "CatalogLint",
                "TranslatorFormats", "ProjectReporting", "Scaffolding",
            ])
    }

    /// What an adopter's legal and release checks look for.
    @Test("a LICENSE (Apache 2.0), and a CHANGELOG whose latest version is the one flavorkit --version prints")
    func licenseAndVersion() throws {
        let root = Repository.layout.root
        let license = try String(contentsOf: root.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(license.contains("Apache License") && license.contains("Version 2.0, January 2004"))
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let heading = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## [") })
        let latest = heading.dropFirst(4).prefix { $0 != "]" }
        // The built executable itself, as a release check runs it.
        let run = try ToolRunner.runBinary(["--version"])
        #expect(run.output == "flavorkit \(latest)\n")
    }
}
