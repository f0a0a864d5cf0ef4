import Flavors
import Foundation
import ProjectReporting

/// Issue 31, "Speed": `flavorkit report` for this package (the reference app: every snapshot
/// of both flavors in every locale and width, its catalogs and lint), written in under 1 s and
/// under 5 MB. The reference is reading what it reads: every file of the snapshot folder, the
/// catalogs and the sources.
struct ReportBenchmarks {
    let layout: PackageLayout
    let output: URL

    init() throws {
        guard let root = PackageLayout.packageFolder(containing: #filePath) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: #filePath])
        }
        layout = try PackageLayout(configuredAt: root)
        output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flavorkit-report-bench-\(getpid()).html")
    }

    func cleanUp() { try? FileManager.default.removeItem(at: output) }

    func run() throws -> [Figure] {
        let inputs = [layout.snapshots, layout.localizations, layout.flavors, layout.sources].flatMap(Self.files)
        var snapshots = 0
        var bytes = 0
        let (ours, reference) = try Measure.paired(
            rounds: 9,
            ours: {
                let report = try ProjectReport.collect(layout)
                let page = Data(report.html().utf8)
                try page.write(to: output)
                (snapshots, bytes) = (report.snapshots.count, page.count)
            },
            reference: {
                for file in inputs { _ = FileManager.default.contents(atPath: file) }
            })
        let detail = "\(snapshots) snapshots, \(inputs.count) files read"
        return [
            Figure(
                name: "report of this package, collected, rendered and written", ours: ours, reference: reference,
                referenceName: "reading its inputs", goal: .below(1), detail: detail),
            Figure(
                name: "report page size", ours: Double(bytes) / 1_048_576, reference: Double(bytes) / 1_048_576,
                referenceName: "itself", goal: .below(5), unit: "MB"),
        ]
    }

    /// Every regular file under `folder`.
    static func files(in folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            let full = folder.appendingPathComponent(path).path
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(full)
            }
        }
        return files
    }
}
