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
                "Diagnostics", "Commands", "Localization", "CatalogTools", "Flavors", "FlavorDates", "TextSnapshots",
                "FileWriting", "TextSnapshotsTesting", "TerminalText",
            ])
    }
}
