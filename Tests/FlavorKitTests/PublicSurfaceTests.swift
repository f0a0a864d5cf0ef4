import Foundation
import TestSupport
import Testing

@Suite("An honest public surface")
struct PublicSurfaceTests {
    /// Every Swift file of the repository's own code (sources, the example, scripts, fuzz targets).
    static func swiftFiles() -> [URL] {
        let root = Repository.layout.root
        return ["Sources", "Examples", "Scripts", "Fuzz", "Plugins"].flatMap { folder -> [URL] in
            let enumerator = FileManager.default.enumerator(
                at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            return (enumerator?.allObjects as? [URL] ?? []).filter {
                $0.pathExtension == "swift" && !$0.path.contains("/.build/")
            }
        }
    }

    @Test("no module shares through @_spi: the app and the example use public API, modules package access")
    func noSPI() throws {
        let files = Self.swiftFiles()
        #expect(files.count > 100)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("@_spi("), "\(file.path)")
        }
    }

    @Test("DESIGN.md's module table names what Package.swift lets each module import, and every module")
    func moduleTable() throws {
        let root = Repository.layout.root
        let design = try String(contentsOf: root.appendingPathComponent("DESIGN.md"), encoding: .utf8)
        let header = "| module | what it is | may import (of ours) |"
        let table = try #require(design.range(of: header))
        var documented: [String: Set<String>] = [:]
        for line in design[table.upperBound...].split(separator: "\n").dropFirst() {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let name = try #require(cells[1].split(separator: "`").first.map(String.init))
            documented[name] =
                cells[3] == "—"
                ? []
                : Set(
                    cells[3].split(separator: ",").map {
                        $0.trimmingCharacters(in: .whitespaces)
                    })
        }
        let manifest = try Self.dumpPackage(root)
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        // Support for tests and the generators in Scripts/ are not modules of the toolkit or the app.
        let helpers: Set = ["TestSupport", "AppTesting", "generate-plural-rules", "generate-number-data"]
        var declared: [String: Set<String>] = [:]
        for target in targets where target["type"] as? String != "test" {
            let name = try #require(target["name"] as? String)
            guard !helpers.contains(name) else { continue }
            let dependencies = (target["dependencies"] as? [[String: [Any]]] ?? []).compactMap {
                $0.values.first?.first as? String
            }
            declared[name] = Set(dependencies)
        }
        #expect(documented == declared)
    }

    /// `swift package dump-package` of the package, run with a scratch folder and home of its own.
    static func dumpPackage(_ root: URL) throws -> [String: Any] {
        let scratch = try ChildProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let swift = try #require(
            path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swift") }
                .first { FileManager.default.isExecutableFile(atPath: $0.path) })
        let result = try ChildProcess.run(
            swift, ["package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"],
            environment: ["PATH": path, "HOME": scratch.path], in: scratch)
        #expect(result.status == 0, "\(result.errors)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    }
}
