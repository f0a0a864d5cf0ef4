import Diagnostics
import Flavors
import Foundation
import Scaffolding
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
        let manifest = try Self.manifest()
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        // Support for tests and the generators in Scripts/ are not modules of the toolkit or the app.
        let helpers: Set = [
            "TestSupport", "AppTesting", "CatalogTesting", "generate-plural-rules", "generate-number-data",
        ]
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

    @Test("add-flavor refuses every name of FlavorKit's targets and products, and no other")
    func reservedNames() throws {
        let manifest = try Self.manifest()
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        let products = try #require(manifest["products"] as? [[String: Any]])
        let names =
            targets.filter { $0["type"] as? String != "test" }.compactMap { $0["name"] as? String }
            + products.compactMap { $0["name"] as? String }
        // Only names a flavor can have: a capital letter, then letters and digits.
        #expect(FlavorScaffold.reservedNames == Set(names.filter(PackageLayout.isFlavorName)))
        #expect(throws: Diagnostic.self) { try FlavorScaffold.checkNotReserved("TransferCore", what: "the variant") }
        #expect(throws: Never.self) { try FlavorScaffold.checkNotReserved("ProStaging", what: "the variant") }
    }

    @Test("each target imports exactly what Package.swift lets it: nothing undeclared, no dependency unused")
    func importsMatchManifest() throws {
        let root = Repository.layout.root
        let manifest = try Self.manifest()
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        let names = Set(targets.compactMap { $0["name"] as? String })
        // An executable is declared to have it built beside its dependant, not to be imported.
        let executables = Set(
            targets.filter { ["executable", "plugin"].contains($0["type"] as? String) }.compactMap {
                $0["name"] as? String
            })
        #expect(names.count > 30)
        for target in targets {
            let name = try #require(target["name"] as? String)
            let type = try #require(target["type"] as? String)
            let folder =
                target["path"] as? String
                ?? (type == "test" ? "Tests/" : type == "plugin" ? "Plugins/" : "Sources/") + name
            let defines = Set(
                (target["settings"] as? [[String: Any]] ?? []).compactMap { setting -> String? in
                    guard let kind = setting["kind"] as? [String: Any], let define = kind["define"] as? [String: Any]
                    else { return nil }
                    return define["_0"] as? String
                })
            var imported: Set<String> = []
            for file in Self.swiftFiles(in: root.appendingPathComponent(folder)) {
                let text = try String(contentsOf: file, encoding: .utf8)
                imported.formUnion(Self.imports(in: text, defines: defines).intersection(names))
            }
            let declared = Set(
                (target["dependencies"] as? [[String: [Any]]] ?? []).compactMap { $0.values.first?.first as? String })
            #expect(imported.subtracting(declared).isEmpty, "\(name) imports what it does not declare")
            #expect(
                declared.subtracting(executables).subtracting(imported).isEmpty,
                "\(name) declares what it never imports")
        }
    }

    /// The modules `text` imports when compiled with `defines`: `#if NAME` / `#elseif NAME` /
    /// `#else` are followed; every branch of any other condition (`canImport(…)`) counts.
    static func imports(in text: String, defines: Set<String>) -> Set<String> {
        // Each open `#if`: whether this branch is compiled, and whether a branch was taken.
        var branches: [(active: Bool, taken: Bool, followed: Bool)] = []
        var found: Set<String> = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard let first = words.first else { continue }
            let condition = words.count > 1 ? String(words[1]) : ""
            let isName = !condition.isEmpty && condition.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            switch first {
            case "#if":
                branches.append(
                    isName ? (defines.contains(condition), defines.contains(condition), true) : (true, false, false))
            case "#elseif":
                guard let last = branches.popLast() else { continue }
                let active = last.followed ? !last.taken && defines.contains(condition) : true
                branches.append((active, last.taken || active, last.followed))
            case "#else":
                guard let last = branches.popLast() else { continue }
                branches.append((last.followed ? !last.taken : true, true, last.followed))
            case "#endif":
                _ = branches.popLast()
            default:
                guard branches.allSatisfy(\.active),
                    let index = words.firstIndex(of: "import"), index + 1 < words.count,
                    words[..<index].allSatisfy({ $0.hasPrefix("@") || ["package", "public", "internal"].contains($0) })
                else { continue }
                found.insert(String(words[index + 1]))
            }
        }
        return found
    }

    /// The Swift files under `folder`.
    static func swiftFiles(in folder: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    /// The repository's `Package.swift` as `swift package dump-package` gives it: run once
    /// for the suite (it compiles the manifest, seconds), with a scratch folder and home of its own.
    static let packageDump = Result { () throws -> Data in
        let scratch = try ChildProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let swift = try #require(
            path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swift") }
                .first { FileManager.default.isExecutableFile(atPath: $0.path) })
        let result = try ChildProcess.run(
            swift,
            ["package", "--package-path", Repository.layout.root.path, "--scratch-path", scratch.path, "dump-package"],
            environment: ["PATH": path, "HOME": scratch.path], in: scratch)
        try #require(result.status == 0, "\(result.errors)")
        return Data(result.output.utf8)
    }

    /// The manifest, parsed from `packageDump`.
    static func manifest() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: packageDump.get()) as? [String: Any])
    }
}
