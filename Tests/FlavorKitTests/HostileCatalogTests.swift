import Foundation
import Testing

/// Catalog files come from translators' pull requests: one that links out of its catalog
/// folder is an error naming it, and what it links to is never read, shown or exported.
@Suite("catalogs that link out of their folder")
struct HostileCatalogTests {
    @Test(
        "a .strings linked to a file outside Localizations/ and a String Catalog linked to the environment are refused",
        arguments: [["lint"], ["export", "--format", "po", "--output", "po"], ["status"], ["generate-symbols"]])
    func linkedCatalogs(command: [String]) throws {
        let package = try ScratchPackage(main: #"print(text("title"))"#)
        defer { package.remove() }
        try package.write("secret.strings", #""title" = "TOP SECRET";"#)
        let german = package.root.appendingPathComponent("Localizations/de.lproj/Localizable.strings")
        try FileManager.default.removeItem(at: german)
        try FileManager.default.createSymbolicLink(atPath: german.path, withDestinationPath: "../../secret.strings")
        try FileManager.default.createSymbolicLink(
            atPath: package.root.appendingPathComponent("Localizations/Errors.xcstrings").path,
            withDestinationPath: "/proc/self/environ")
        let secret = "ghp_notARealTokenButSecret"
        let run = try ToolRunner.run(command, in: package.root, environment: ["GITHUB_TOKEN": secret])
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        let said = run.output + run.errors
        #expect(said.contains(#"Localizations/Errors.xcstrings: error: a symbolic link to "/proc/"#))
        if command != ["generate-symbols"] {
            #expect(said.contains(#"Localizations/de.lproj/Localizable.strings: error: a symbolic link to ""#))
        }
        // What the command wrote (export's PO files) holds neither.
        let exported = package.root.appendingPathComponent("po")
        let files = (FileManager.default.enumerator(atPath: exported.path)?.allObjects as? [String]) ?? []
        let written = files.compactMap {
            FileManager.default.contents(atPath: exported.appendingPathComponent($0).path)
        }
        for text in [said] + written.map({ String(decoding: $0, as: UTF8.self) }) {
            #expect(!text.contains("TOP SECRET") && !text.contains(secret))
        }
    }
}
